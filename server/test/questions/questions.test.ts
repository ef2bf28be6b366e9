import { createHash } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { irregularForms, STOP_WORDS } from '@contracts/docsSearch'
import { guardOf } from '@contracts/check'
import { AskedQuestion, Correction, CORRECTION_MESSAGES, RATING_COMMENT_MAX_LENGTH, RATING_MESSAGES, RATINGS_PER_MINUTE } from '@contracts/questions'
import { UserService } from '../../src/auth/userService'
import type { Database } from '../../src/db'
import { RETENTION, sweepExpired } from '../../src/db/retention'
import { LOCAL_REPLIES } from '../../src/llm/local/assistant'
import { QUESTION_KEY_VERSION, questionKeyOf, rekeyQuestions } from '../../src/questions/questionRepository'
import { buildTestApp, databasesUnderTest, fastPasswords, SETUP_TIMEOUT_MS } from '../helper'
import { signIn } from '../support/auth'
import { chatConfig, newVisitor, question, sendChat, type ChatReplyBody, type Headers } from '../support/chat'

const API = '/api/overseer-dev'
const QUESTIONS = '/api/architect/questions'
const OPERATOR = { email: 'operator@example.com', password: 'operator-password', roles: ['operator' as const] }
const ADMIN = { email: 'admin@example.com', password: 'admin-password', roles: ['admin' as const] }

const POSTGRES = 'How do I use PostgreSQL instead of the embedded database?'
const POSTGRES_SECTION = '/docs/getting-started/installation#using-postgresql'
const UNKNOWN = 'How do I bake sourdough bread?'

interface QuestionsBody {
  data: AskedQuestion[]
  pagination: { page: number; pages: number; total: number; limit: number }
}

const isQuestion = guardOf(AskedQuestion)
const isCorrection = guardOf(Correction)

describe('question keys', () => {
  it('are made as their version says: a change to how the search reads words must raise QUESTION_KEY_VERSION (and these)', () => {
    expect(QUESTION_KEY_VERSION).toBe(3)
    // Every stop word, irregular form and base form, and words of each spelling and ending the search reads, one key each.
    const words = [
      ...STOP_WORDS,
      ...irregularForms().flat(),
      ...'organize organizes organized organizing organization analyze analyzes analyzed color colors colored behavior favorite center centers centered centering theater gray grayed dialogue catalogues size resize resizing seize prize'.split(' '),
      ...'approval approvals approving deployment deploying runs running generalization relational conditional hopeful goodness formalize electricity'.split(' '),
    ]
    const digest = createHash('sha256').update(JSON.stringify(words.map((word) => questionKeyOf(word)))).digest('hex')
    expect(digest).toBe('e634479b63e867b9348f117974fd9d0c038da4bdbb2c624147ce77499fafc798')
    expect(
      [
        'Is my progress lost when I reconnect?',
        'How do I organize the colored layers of the canvas?',
        'Which Node.js version do I need to run it locally?',
        'Who can approve builds, and who can see the logs?',
        'hi!',
      ].map((question) => questionKeyOf(question)),
    ).toEqual(['lose progress reconnect', 'canva colour layer organis', 'js local node run version', 'approv build log see', 'hi'])
  })
})

describe.each(databasesUnderTest())('questions, ratings and corrections on $name', ({ open }) => {
  let db: Database
  let app: FastifyInstance
  let operator: Headers
  let admin: Headers

  beforeAll(async () => {
    db = await open()
    app = await buildTestApp(db, chatConfig())
    const users = new UserService(db, fastPasswords())
    await users.create(OPERATOR)
    await users.create(ADMIN)
    operator = await signIn(app, OPERATOR.email, OPERATOR.password)
    admin = await signIn(app, ADMIN.email, ADMIN.password)
  }, SETUP_TIMEOUT_MS)

  afterAll(async () => {
    await app.close()
    await db.close()
  })

  beforeEach(async () => {
    await db.query('delete from chat_conversations')
    await db.query('delete from assistant_corrections')
  })

  const ask = async (visitor: Headers, content: string, extra = {}): Promise<ChatReplyBody> => {
    const response = await sendChat(app, visitor, question(content, extra))
    expect(response.statusCode).toBe(200)
    return response.json<ChatReplyBody>()
  }

  const questions = async (query = '', headers = operator): Promise<QuestionsBody> => {
    const response = await app.inject({ method: 'GET', url: `${QUESTIONS}${query}`, headers })
    expect(response.statusCode).toBe(200)
    return response.json<QuestionsBody>()
  }

  const rate = (visitor: Headers, conversationId: string, position: number, payload: Record<string, unknown>) =>
    app.inject({ method: 'PUT', url: `${API}/chat/history/${conversationId}/ratings/${position}`, headers: visitor, payload })

  const correct = (payload: Record<string, unknown>, headers = operator) => app.inject({ method: 'POST', url: `${QUESTIONS}/corrections`, headers, payload })

  /** How the app's offline assistant reads a question, for rekeyQuestions. */
  const reader = async () => (text: string): string => app.assistantCorrections.assistant.read(text)

  it('lists what visitors asked, newest first, with where the answer came from and no visitor identity', async () => {
    const visitor = await newVisitor(app)
    await ask(visitor, POSTGRES)
    await ask(visitor, UNKNOWN)
    await ask(await newVisitor(app), 'Hello!')
    const { data, pagination } = await questions()
    expect(pagination).toEqual({ page: 1, pages: 1, total: 3, limit: 20 })
    expect(data.map((item) => [item.question, item.outcome])).toEqual([
      ['Hello!', 'reply'],
      [UNKNOWN, 'unknown'],
      [POSTGRES, 'docs'],
    ])
    expect(data[2]?.answeredFrom).toEqual({ path: '/docs/getting-started/installation', title: 'Installation', anchor: 'using-postgresql', heading: 'Using PostgreSQL' })
    for (const item of data) expect(isQuestion(item)).toBe(true)
    // Nothing that names or links the visitor: not the owner, not the conversation.
    expect(JSON.stringify(data)).not.toMatch(/visitor|owner|conversation/i)
  })

  it("rates the owner's reply, shows it in the history, and takes it back; nobody else can rate it", async () => {
    const visitor = await newVisitor(app)
    const { conversationId } = await ask(visitor, POSTGRES)
    const rated = await rate(visitor, conversationId, 1, { rating: 'not_helpful', comment: '  It did not say which versions work.  ' })
    expect(rated.statusCode).toBe(200)
    expect(rated.json()).toEqual({ success: true, data: { position: 1, rating: 'not_helpful', comment: 'It did not say which versions work.' } })
    const detail = await app.inject({ method: 'GET', url: `${API}/chat/history/${conversationId}`, headers: visitor })
    expect(detail.json<{ data: { ratings?: unknown } }>().data.ratings).toEqual([{ position: 1, rating: 'not_helpful', comment: 'It did not say which versions work.' }])
    const list = await app.inject({ method: 'GET', url: `${API}/chat/history`, headers: visitor })
    expect(list.json<{ data: { ratings?: unknown }[] }>().data[0]?.ratings).toEqual([{ position: 1, rating: 'not_helpful', comment: 'It did not say which versions work.' }])
    expect((await questions()).data[0]).toMatchObject({ rating: 'not_helpful', comment: 'It did not say which versions work.', notHelpful: 1 })

    // Rated again: replaced; a blank comment is none.
    expect((await rate(visitor, conversationId, 1, { rating: 'helpful', comment: '   ' })).json()).toEqual({ success: true, data: { position: 1, rating: 'helpful' } })

    // Another visitor, the question itself, a position past the end, a malformed id: not rateable.
    const stranger = await newVisitor(app)
    for (const [headers, id, position] of [
      [stranger, conversationId, 1],
      [visitor, conversationId, 0],
      [visitor, conversationId, 7],
      [visitor, 'not-a-uuid', 1],
    ] as const) {
      const refused = await rate(headers, id, position, { rating: 'helpful' })
      expect(refused.statusCode).toBe(404)
      expect(refused.json()).toEqual({ success: false, message: RATING_MESSAGES.notRateable })
    }
    const tooLong = await rate(visitor, conversationId, 1, { rating: 'helpful', comment: 'x'.repeat(RATING_COMMENT_MAX_LENGTH + 1) })
    expect(tooLong.statusCode).toBe(400)
    expect(tooLong.json()).toMatchObject({ success: false, message: RATING_MESSAGES.commentTooLong })
    expect((await rate(visitor, conversationId, 1, { rating: 'great' })).statusCode).toBe(400)

    const unrated = await app.inject({ method: 'DELETE', url: `${API}/chat/history/${conversationId}/ratings/1`, headers: visitor })
    expect(unrated.json()).toEqual({ success: true })
    expect((await app.inject({ method: 'GET', url: `${API}/chat/history/${conversationId}`, headers: visitor })).json<{ data: { ratings?: unknown } }>().data.ratings).toBeUndefined()
    expect((await questions()).data[0]).toMatchObject({ rating: null, comment: null, notHelpful: 0 })
  })

  it(`limits ratings to ${RATINGS_PER_MINUTE} a minute per owner`, async () => {
    const visitor = await newVisitor(app)
    const { conversationId } = await ask(visitor, POSTGRES)
    const statuses: number[] = []
    for (let index = 0; index <= RATINGS_PER_MINUTE; index += 1) statuses.push((await rate(visitor, conversationId, 1, { rating: index % 2 ? 'helpful' : 'not_helpful' })).statusCode)
    expect(statuses.slice(0, RATINGS_PER_MINUTE).every((status) => status === 200)).toBe(true)
    expect(statuses.at(-1)).toBe(429)
  })

  it('filters, searches, groups similar questions and pages them', async () => {
    const visitor = await newVisitor(app)
    const first = await ask(visitor, POSTGRES)
    await ask(visitor, 'how to use postgresql instead of the embedded database', { conversationId: first.conversationId })
    await ask(visitor, UNKNOWN)
    await rate(visitor, first.conversationId, 1, { rating: 'not_helpful' })

    expect((await questions('?filter=unanswered')).data.map((item) => item.question)).toEqual([UNKNOWN])
    expect((await questions('?filter=not-helpful')).data.map((item) => item.question)).toEqual([POSTGRES])
    expect((await questions('?search=POSTGRES')).pagination.total).toBe(2)
    expect((await questions('?search=%25')).pagination.total).toBe(0)
    const grouped = await questions('?grouped=true')
    expect(grouped.data.map((item) => [item.question, item.count, item.notHelpful])).toEqual([
      [UNKNOWN, 1, 0],
      ['how to use postgresql instead of the embedded database', 2, 1],
    ])
    expect(grouped.pagination.total).toBe(2)
    const past = await questions('?page=9')
    expect(past.data).toEqual([])
    expect(past.pagination).toMatchObject({ page: 9, total: 3, pages: 1 })
    expect((await app.inject({ method: 'GET', url: `${QUESTIONS}?filter=bad`, headers: operator })).statusCode).toBe(400)
  })

  it('searches the words of a question in any form, order and spelling', async () => {
    const visitor = await newVisitor(app)
    const { conversationId } = await ask(visitor, 'How do I turn on the approval gates?')
    // 'databse': one slip of typing from the docs' 'database'.
    await ask(visitor, 'Can the embedded databse be backed up?', { conversationId })
    await ask(visitor, UNKNOWN, { conversationId })
    const found = async (search: string) => (await questions(`?search=${encodeURIComponent(search)}`)).data.map((item) => item.question)
    // Another form of a word, another order.
    expect(await found('gate approve')).toEqual(['How do I turn on the approval gates?'])
    // Misspelt in the search, or in the question: read as the docs' word.
    expect(await found('aproval')).toEqual(['How do I turn on the approval gates?'])
    expect(await found('embedded database')).toEqual(['Can the embedded databse be backed up?'])
    // Part of a word, as typed.
    expect(await found('sourd')).toEqual([UNKNOWN])
    // Every word must be found.
    expect(await found('approval bread')).toEqual([])
    // Stop words are left out beside other words; alone, found as typed.
    expect(await found('how do I back up the database')).toEqual(['Can the embedded databse be backed up?'])
    expect(await found('do I')).toEqual([UNKNOWN, 'How do I turn on the approval gates?'])
    // Only the first 12 words count.
    expect(await found(`turn on the approval gates ${'gate '.repeat(7)}bread`)).toEqual(['How do I turn on the approval gates?'])
    // Searched and grouped.
    expect((await questions('?grouped=true&search=aproval')).data.map((item) => [item.question, item.count])).toEqual([['How do I turn on the approval gates?', 1]])
  })

  it('groups a misspelt question with the question spelt right, and corrects them as one', async () => {
    const visitor = await newVisitor(app)
    const { conversationId } = await ask(visitor, POSTGRES)
    // 'databse' and 'postgressql': one slip of typing from the docs' 'database' and 'PostgreSQL'.
    await ask(visitor, 'How do I use PostgreSQL instead of the embedded databse?', { conversationId })
    await ask(await newVisitor(app), 'how do i use postgressql instead of the embedded database')
    // Listed as asked; grouped as read.
    expect((await questions()).data.map((item) => item.question)).toEqual([
      'how do i use postgressql instead of the embedded database',
      'How do I use PostgreSQL instead of the embedded databse?',
      POSTGRES,
    ])
    expect((await questions('?grouped=true')).data.map((item) => [item.question, item.count])).toEqual([['how do i use postgressql instead of the embedded database', 3]])
    // The reading is kept only where it is not the question as asked.
    const { rows } = await db.query<{ question: string; question_read: string | null }>('select question, question_read from assistant_questions')
    expect(rows.filter((row) => row.question_read !== null).map((row) => row.question).sort()).toEqual([
      'How do I use PostgreSQL instead of the embedded databse?',
      'how do i use postgressql instead of the embedded database',
    ])

    // A correction of the misspelt question is the group's: shown on it, and answering the question spelt right.
    expect((await correct({ question: 'How do I use PostgreSQL instead of the embedded databse?', answer: null })).statusCode).toBe(201)
    expect((await questions('?grouped=true')).data.map((item) => item.corrected)).toEqual([true])
    expect((await ask(visitor, POSTGRES)).reply).toBe(LOCAL_REPLIES.unknown)
    // Corrected again spelt right: the same question, so the first correction is undone.
    expect((await correct({ question: POSTGRES, answer: { path: '/docs/guides/deployment', anchor: 'scaling-out' } })).statusCode).toBe(201)
    const log = (await app.inject({ method: 'GET', url: `${QUESTIONS}/corrections`, headers: operator })).json<{ data: Correction[] }>().data
    expect(log.map((item) => item.undoneBy)).toEqual([null, OPERATOR.email])

    // Deleted and restored, the conversation's questions keep how they were read.
    expect((await app.inject({ method: 'DELETE', url: `${API}/chat/history/${conversationId}`, headers: visitor })).statusCode).toBe(200)
    expect((await app.inject({ method: 'POST', url: `${API}/chat/history/${conversationId}/restore`, headers: visitor })).statusCode).toBe(200)
    expect((await questions('?grouped=true')).data.map((item) => item.count)).toEqual([4])
    const restored = await db.query<{ question_read: string | null }>('select question_read from assistant_questions where question = $1', ['How do I use PostgreSQL instead of the embedded databse?'])
    expect(restored.rows).toEqual([{ question_read: 'how do i use postgresql instead of the embedded database' }])
  })

  it('lists the docs gaps: the questions most often unanswered or not helpful, until corrected', async () => {
    const visitor = await newVisitor(app)
    await ask(visitor, UNKNOWN)
    await ask(visitor, 'how do i bake sourdough bread')
    const answered = await ask(visitor, POSTGRES)
    await rate(visitor, answered.conversationId, 1, { rating: 'not_helpful' })
    await ask(visitor, 'Hello!')
    const gaps = async () => (await app.inject({ method: 'GET', url: `${QUESTIONS}/gaps`, headers: operator })).json<{ data: { question: string; count: number; unanswered: number; notHelpful: number }[] }>().data
    expect((await gaps()).map(({ question: asked, count, unanswered, notHelpful }) => [asked, count, unanswered, notHelpful])).toEqual([
      ['how do i bake sourdough bread', 2, 2, 0],
      [POSTGRES, 1, 0, 1],
    ])
    expect((await correct({ question: UNKNOWN, answer: null })).statusCode).toBe(201)
    expect((await gaps()).map((gap) => gap.question)).toEqual([POSTGRES])
  })

  it('answers a corrected question and its close paraphrases as staff said, not an unrelated one; undone, as before', async () => {
    const visitor = await newVisitor(app)
    const before = await ask(visitor, POSTGRES)
    expect(before.reply).toContain(`(${POSTGRES_SECTION})`)

    const sections = (await app.inject({ method: 'GET', url: `${QUESTIONS}/sections`, headers: operator })).json<{ data: { path: string; anchor: string | null }[] }>().data
    expect(sections).toEqual(expect.arrayContaining([{ path: '/docs/guides/deployment', title: 'Deploying Overseer', anchor: 'scaling-out', heading: 'Scaling out' }]))

    const made = await correct({ question: POSTGRES, answer: { path: '/docs/guides/deployment', anchor: 'scaling-out' } })
    expect(made.statusCode).toBe(201)
    const correction = made.json<{ data: Correction }>().data
    expect(isCorrection(correction)).toBe(true)
    expect(correction).toMatchObject({ question: POSTGRES, createdBy: OPERATOR.email, undoneAt: null, answer: { path: '/docs/guides/deployment', anchor: 'scaling-out', heading: 'Scaling out' } })

    const firstSource = (reply: string) => /Sources:\n- \[[^\]]+\]\(([^)]+)\)/.exec(reply)?.[1]
    expect(firstSource((await ask(visitor, POSTGRES)).reply)).toBe('/docs/guides/deployment#scaling-out')
    expect(firstSource((await ask(visitor, 'how can I use PostgreSQL instead of the embedded database')).reply)).toBe('/docs/guides/deployment#scaling-out')
    expect(firstSource((await ask(visitor, 'Which port does the server listen on?')).reply)).not.toBe('/docs/guides/deployment#scaling-out')
    const listed = (await questions()).data.find((item) => item.question === POSTGRES)
    expect(listed?.corrected).toBe(true)

    // Not covered by the docs: 'I don't know'; the earlier correction of the same question is undone by it.
    const notCovered = await correct({ question: 'how do I use postgresql instead of the embedded database?', answer: null }, admin)
    expect(notCovered.statusCode).toBe(201)
    expect((await ask(visitor, POSTGRES)).reply).toBe(LOCAL_REPLIES.unknown)
    const log = (await app.inject({ method: 'GET', url: `${QUESTIONS}/corrections`, headers: operator })).json<{ data: Correction[] }>().data
    expect(log.map((item) => [item.createdBy, item.answer?.anchor ?? null, item.undoneBy])).toEqual([
      [ADMIN.email, null, null],
      [OPERATOR.email, 'scaling-out', ADMIN.email],
    ])

    const current = log[0]?.id as string
    const undone = await app.inject({ method: 'DELETE', url: `${QUESTIONS}/corrections/${current}`, headers: operator })
    expect(undone.statusCode).toBe(200)
    expect(undone.json<{ data: Correction }>().data).toMatchObject({ undoneBy: OPERATOR.email })
    expect(firstSource((await ask(visitor, POSTGRES)).reply)).toBe(POSTGRES_SECTION)
    const again = await app.inject({ method: 'DELETE', url: `${QUESTIONS}/corrections/${current}`, headers: operator })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toEqual({ success: false, message: CORRECTION_MESSAGES.alreadyUndone })
  })

  it('refuses a correction to a section the docs do not have, or without a question', async () => {
    for (const [payload, message] of [
      [{ question: POSTGRES, answer: { path: '/docs/nowhere', anchor: null } }, CORRECTION_MESSAGES.unknownSection],
      [{ question: POSTGRES, answer: { path: '/docs/guides/deployment', anchor: 'no-such-section' } }, CORRECTION_MESSAGES.unknownSection],
      [{ question: '   ', answer: null }, CORRECTION_MESSAGES.questionRequired],
    ] as const) {
      const refused = await correct(payload)
      expect(refused.statusCode).toBe(400)
      expect(refused.json()).toMatchObject({ success: false, message })
    }
    const unknown = await app.inject({ method: 'DELETE', url: `${QUESTIONS}/corrections/00000000-0000-4000-8000-000000000000`, headers: operator })
    expect(unknown.statusCode).toBe(404)
  })

  it("takes a conversation's questions away with it, brings them back with an undo, and sweeps them with its retention", async () => {
    const visitor = await newVisitor(app)
    const { conversationId } = await ask(visitor, POSTGRES)
    await rate(visitor, conversationId, 1, { rating: 'helpful' })
    expect((await questions()).pagination.total).toBe(1)

    expect((await app.inject({ method: 'DELETE', url: `${API}/chat/history/${conversationId}`, headers: visitor })).statusCode).toBe(200)
    expect((await questions()).pagination.total).toBe(0)
    expect((await app.inject({ method: 'POST', url: `${API}/chat/history/${conversationId}/restore`, headers: visitor })).statusCode).toBe(200)
    expect((await questions()).data.map((item) => [item.question, item.rating])).toEqual([[POSTGRES, 'helpful']])

    const later = new Date(Date.now() + (RETENTION.visitorConversationsDays + 1) * 86_400_000)
    expect((await sweepExpired(db, later)).visitorConversations).toBe(1)
    // The sweep, so far ahead, also ends the staff's sessions.
    operator = await signIn(app, OPERATOR.email, OPERATOR.password)
    admin = await signIn(app, ADMIN.email, ADMIN.password)
    expect((await questions()).pagination.total).toBe(0)
  })

  it('makes the keys an older version made again, in batches, merging a question corrected twice under two old keys', async () => {
    const first = await newVisitor(app)
    const { conversationId } = await ask(first, 'Is my progress lost when I reconnect?')
    await ask(first, 'Do I lose progress when I reconnect?', { conversationId })
    const other = (await ask(await newVisitor(app), 'How do I organize the layers?')).conversationId
    // As an older version of the keys, or an older process, left them: 'lost' and 'lose' apart.
    await db.query(`update assistant_questions set question_key = 'old ' || position, key_version = null`)
    const insert = `insert into assistant_corrections (id, question, question_key, key_version, created_by_email, created_at) values ($1, $2, $3, $4, $5, $6)`
    const ids = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000003', '00000000-0000-4000-8000-000000000004']
    await db.query(insert, [ids[0], 'Is my progress lost when I reconnect?', 'lost progress reconnect', null, OPERATOR.email, new Date('2026-01-01T00:00:00Z')])
    await db.query(insert, [ids[1], 'do i lose progress when i reconnect', 'lose progress reconnect', QUESTION_KEY_VERSION, ADMIN.email, new Date('2026-01-02T00:00:00Z')])
    // Two stale ones where one's new key is the other's old one: each moves through a key of its own.
    await db.query(insert, [ids[2], 'How do I organize the layers?', 'colour layer', null, OPERATOR.email, new Date('2026-01-03T00:00:00Z')])
    await db.query(insert, [ids[3], 'What colors do layers have?', 'layer organis', null, OPERATOR.email, new Date('2026-01-04T00:00:00Z')])

    expect(await rekeyQuestions(db, reader, 1)).toEqual({ questions: 3, corrections: 3, superseded: 1 })
    const { rows: asked } = await db.query<{ conversation_id: string; question: string; question_key: string; key_version: number }>(
      'select conversation_id, question, question_key, key_version from assistant_questions',
    )
    expect(asked.map((row) => [row.question_key, row.key_version])).toEqual(asked.map((row) => [questionKeyOf(row.question), QUESTION_KEY_VERSION]))
    expect(new Set(asked.filter((row) => row.conversation_id === conversationId).map((row) => row.question_key)).size).toBe(1)
    expect(asked.some((row) => row.conversation_id === other)).toBe(true)
    // One question, grouped as one, and corrected once: the newer correction stays in force, the older is undone in its author's name.
    expect((await questions('?grouped=true')).data.map((item) => item.count).sort()).toEqual([1, 2])
    const log = (await app.inject({ method: 'GET', url: `${QUESTIONS}/corrections`, headers: operator })).json<{ data: Correction[] }>().data
    expect(log.map((item) => [item.id, item.undoneBy])).toEqual([
      [ids[3], null],
      [ids[2], null],
      [ids[1], null],
      [ids[0], ADMIN.email],
    ])
    const { rows: keys } = await db.query<{ id: string; question: string; question_key: string }>('select id, question, question_key from assistant_corrections order by id')
    expect(keys.map((row) => row.question_key)).toEqual(keys.map((row) => questionKeyOf(row.question)))
    // Done: the next start finds every key current.
    expect(await rekeyQuestions(db, reader)).toBeUndefined()
  })

  it('reads the questions and corrections stored before readings were, and merges a misspelt one corrected then with the question spelt right', async () => {
    const MISSPELT = 'How do I use PostgreSQL instead of the embedded databse?'
    await ask(await newVisitor(app), MISSPELT)
    // As they were stored before readings: keyed by the words as typed.
    await db.query(`update assistant_questions set question_read = null, question_key = $1, key_version = 2`, [questionKeyOf(MISSPELT)])
    const insert = `insert into assistant_corrections (id, question, question_key, key_version, created_by_email, created_at) values ($1, $2, $3, $4, $5, $6)`
    const [older, newer] = ['00000000-0000-4000-8000-000000000011', '00000000-0000-4000-8000-000000000012']
    await db.query(insert, [older, MISSPELT, questionKeyOf(MISSPELT), 2, OPERATOR.email, new Date('2026-01-01T00:00:00Z')])
    await db.query(insert, [newer, POSTGRES, questionKeyOf(POSTGRES), QUESTION_KEY_VERSION, ADMIN.email, new Date('2026-01-02T00:00:00Z')])
    expect(questionKeyOf(MISSPELT)).not.toBe(questionKeyOf(POSTGRES))

    expect(await rekeyQuestions(db, reader)).toEqual({ questions: 1, corrections: 1, superseded: 1 })
    const { rows } = await db.query<{ question_read: string | null; question_key: string }>('select question_read, question_key from assistant_questions')
    expect(rows).toEqual([{ question_read: 'how do i use postgresql instead of the embedded database', question_key: questionKeyOf(POSTGRES) }])
    // One question, corrected once: the newer correction, of the question spelt right, stays in force.
    expect((await questions('?grouped=true')).data.map((item) => [item.question, item.corrected])).toEqual([[MISSPELT, true]])
    const log = (await app.inject({ method: 'GET', url: `${QUESTIONS}/corrections`, headers: operator })).json<{ data: Correction[] }>().data
    expect(log.map((item) => [item.id, item.question, item.undoneBy])).toEqual([
      [newer, POSTGRES, null],
      [older, MISSPELT, ADMIN.email],
    ])
  })

  it("makes a restored conversation's questions' keys as they are now made, not as they were when it was deleted", async () => {
    const visitor = await newVisitor(app)
    const { conversationId } = await ask(visitor, POSTGRES)
    expect((await app.inject({ method: 'DELETE', url: `${API}/chat/history/${conversationId}`, headers: visitor })).statusCode).toBe(200)
    await db.query(`update deleted_conversations set questions = jsonb_set(jsonb_set(questions, '{0,question_key}', '"an old key"'), '{0,key_version}', 'null') where id = $1`, [conversationId])
    expect((await app.inject({ method: 'POST', url: `${API}/chat/history/${conversationId}/restore`, headers: visitor })).statusCode).toBe(200)
    const { rows } = await db.query<{ question_key: string; key_version: number }>('select question_key, key_version from assistant_questions where conversation_id = $1', [conversationId])
    expect(rows).toEqual([{ question_key: questionKeyOf(POSTGRES), key_version: QUESTION_KEY_VERSION }])
  })

  it('drops the questions of the replies an edit replaces', async () => {
    const visitor = await newVisitor(app)
    const { conversationId } = await ask(visitor, POSTGRES)
    await ask(visitor, UNKNOWN, { conversationId })
    await ask(visitor, 'Which port does the server listen on?', { conversationId, replaceFrom: 2 })
    expect((await questions()).data.map((item) => item.question)).toEqual(['Which port does the server listen on?', POSTGRES])
  })
})
