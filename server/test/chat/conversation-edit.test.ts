import { randomUUID } from 'node:crypto'
import { useTestApp } from '../helper'
import { buildConfig, buildRequest, NO_ARCHIVE, sendBuild, storedArchive, type BuildReplyBody } from '../support/builds'
import { chatConfig, newVisitor, question, sendChat, type ChatReplyBody, type Headers, type HistoryItemBody } from '../support/chat'

/**
 * Edit and resend, and regenerate (`replaceFrom` on the chat and build endpoints), and what a
 * session wrote to (GET /api/overseer-dev/sessions/:sessionId), on the real app and PGlite.
 */

const target = useTestApp({ config: async () => ({ ...chatConfig(), ...(await buildConfig()) }) })

const conversationOf = async (headers: Headers, id: string): Promise<HistoryItemBody> => {
  const response = await target.app.inject({ method: 'GET', url: `/api/overseer-dev/chat/history/${id}`, headers })
  expect(response.statusCode).toBe(200)
  return response.json<{ data: HistoryItemBody }>().data
}

const ask = async (headers: Headers, content: string, extra: Record<string, unknown> = {}): Promise<ChatReplyBody> => {
  const response = await sendChat(target.app, headers, question(content, extra))
  expect(response.statusCode).toBe(200)
  return response.json<ChatReplyBody>()
}

/** A conversation of three exchanges: positions 0, 2 and 4 are the questions. */
const threeExchanges = async (headers: Headers) => {
  const first = await ask(headers, 'How do I use PostgreSQL instead of the embedded database?')
  const { conversationId } = first
  await ask(headers, 'What is the weather in Paris tomorrow?', { conversationId })
  await ask(headers, 'How do I install Overseer?', { conversationId })
  return conversationId
}

describe('edit and resend, and regenerate', () => {
  it('replaces the edited question and every later turn with the new question and its reply', async () => {
    const visitor = await newVisitor(target.app)
    const conversationId = await threeExchanges(visitor)

    const edited = await ask(visitor, 'How do I install Overseer?', { conversationId, replaceFrom: 2 })
    expect(edited).toMatchObject({ success: true, status: 'completed', conversationId })

    const stored = await conversationOf(visitor, conversationId)
    expect(stored).toMatchObject({ status: 'completed', messageCount: 4, response: edited.reply })
    expect(stored.messages).toEqual([
      { role: 'user', content: 'How do I use PostgreSQL instead of the embedded database?' },
      { role: 'assistant', content: expect.stringContaining('DATABASE_URL') },
      { role: 'user', content: 'How do I install Overseer?' },
    ])
    // The title is still the first question: only position 0 changes it.
    expect(stored.title).toBe('How do I use PostgreSQL instead of the embedded database?')
    // Search finds the new text, not the replaced one.
    const found = await target.app.inject({ method: 'GET', url: '/api/overseer-dev/chat/history?search=weather', headers: visitor })
    expect(found.json<{ data: unknown[] }>().data).toEqual([])
  })

  it('regenerates the last reply: the same question at its position gets a new reply in place of the old', async () => {
    const visitor = await newVisitor(target.app)
    const conversationId = await threeExchanges(visitor)
    const before = await conversationOf(visitor, conversationId)

    const again = await ask(visitor, 'How do I install Overseer?', { conversationId, replaceFrom: 4, model: 'overseer-local' })
    const after = await conversationOf(visitor, conversationId)
    expect(after.messageCount).toBe(6)
    expect(after.messages).toEqual(before.messages)
    expect(after.response).toBe(again.reply)
    const { rows } = await target.db.query<{ count: number }>('select count(*)::int as count from chat_messages where conversation_id = $1', [conversationId])
    expect(rows[0]?.count).toBe(6)
  })

  it('makes an edit of the first question the new title', async () => {
    const visitor = await newVisitor(target.app)
    const { conversationId } = await ask(visitor, 'How do I install Overseer?')
    await ask(visitor, 'How do I use PostgreSQL instead of the embedded database?', { conversationId, replaceFrom: 0 })
    const stored = await conversationOf(visitor, conversationId)
    expect(stored).toMatchObject({ title: 'How do I use PostgreSQL instead of the embedded database?', messageCount: 2 })
  })

  it.each([
    [{ replaceFrom: 1 }, 'There is no user message at position 1 of this conversation'],
    [{ replaceFrom: 7 }, 'There is no user message at position 7 of this conversation'],
  ])('refuses %j: not a user message of the conversation (400), and changes nothing', async (extra, message) => {
    const visitor = await newVisitor(target.app)
    const { conversationId } = await ask(visitor, 'How do I install Overseer?')
    const response = await sendChat(target.app, visitor, question('Changed', { conversationId, ...extra }))
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ success: false, message, errors: { replaceFrom: message } })
    expect(await conversationOf(visitor, conversationId)).toMatchObject({ status: 'completed', messageCount: 2 })
  })

  it.each([
    [{ replaceFrom: 0 }, 'replaceFrom needs the conversationId of the conversation to edit'],
    [{ replaceFrom: 0, conversationId: null }, 'replaceFrom needs the conversationId of the conversation to edit'],
    [{ replaceFrom: -1, conversationId: randomUUID() }, 'replaceFrom must be the position of a user message in the conversation (an integer from 0)'],
    [{ replaceFrom: 1.5, conversationId: randomUUID() }, 'replaceFrom must be the position of a user message in the conversation (an integer from 0)'],
    [{ replaceFrom: '2', conversationId: randomUUID() }, 'replaceFrom must be the position of a user message in the conversation (an integer from 0)'],
  ])('answers 400 for a malformed edit %j', async (extra, message) => {
    const visitor = await newVisitor(target.app)
    for (const url of ['/api/overseer-dev/chat', '/api/overseer/chat']) {
      const response = await target.app.inject({ method: 'POST', url, headers: visitor, payload: { ...question('Hello'), ...extra } })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ success: false, message })
    }
  })

  it("does not edit another owner's conversation (404), nor from another site (403)", async () => {
    const alice = await newVisitor(target.app)
    const bob = await newVisitor(target.app)
    const { conversationId } = await ask(alice, 'How do I install Overseer?')
    const foreign = await sendChat(target.app, bob, question('Mine now', { conversationId, replaceFrom: 0 }))
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json()).toMatchObject({ message: 'Conversation not found' })

    const crossSite = { ...alice, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }
    const refused = await sendChat(target.app, crossSite, question('Changed', { conversationId, replaceFrom: 0 }))
    expect(refused.statusCode).toBe(403)
    expect(await conversationOf(alice, conversationId)).toMatchObject({ title: 'How do I install Overseer?', messageCount: 2 })
  })

  it('rebuilds a build: the build request at its position runs again, and the replaced build loses its archive', async () => {
    const visitor = await newVisitor(target.app)
    const first = await sendBuild(target.app, visitor, buildRequest('Build a todo web app'))
    expect(first.statusCode).toBe(200)
    const built = first.json<BuildReplyBody>()
    expect((await target.app.inject({ method: 'GET', url: built.zipUrl, headers: visitor })).statusCode).toBe(200)

    const again = await sendBuild(target.app, visitor, buildRequest('Build a notes web app', { conversationId: built.conversationId, replaceFrom: 0 }))
    expect(again.statusCode).toBe(200)
    const rebuilt = again.json<BuildReplyBody>()
    expect(rebuilt.zipUrl).not.toBe(built.zipUrl)
    // A new project, not a follow-up of the replaced one.
    expect(rebuilt.reply).not.toContain('I continued the project of your last build')
    expect((await target.app.inject({ method: 'GET', url: built.zipUrl, headers: visitor })).statusCode).toBe(404)
    expect((await target.app.inject({ method: 'GET', url: rebuilt.zipUrl, headers: visitor })).statusCode).toBe(200)
    expect(await conversationOf(visitor, built.conversationId)).toMatchObject({
      title: 'Build a notes web app',
      messageCount: 2,
      messages: [{ role: 'user', content: 'Build a notes web app' }],
    })
    // The replaced build's archive goes from the database with the next sweep.
    await target.app.builds.sweepArchives()
    expect(await storedArchive(target.db, { buildId: built.zipUrl.split('/').at(-1) as string })).toEqual(NO_ARCHIVE)
  })
})

describe('what a session wrote to', () => {
  it('tells the owner the kind and conversation of a chat or build session, and nobody else', async () => {
    const visitor = await newVisitor(target.app)
    const chat = await ask(visitor, 'How do I install Overseer?')
    const session = await target.app.inject({ method: 'GET', url: `/api/overseer-dev/sessions/${chat.sessionId}`, headers: visitor })
    expect(session.statusCode).toBe(200)
    expect(session.json()).toEqual({ success: true, data: { sessionId: chat.sessionId, kind: 'chat', conversationId: chat.conversationId } })

    const build = (await sendBuild(target.app, visitor, buildRequest('Build a todo web app'))).json<BuildReplyBody>()
    const buildSession = await target.app.inject({ method: 'GET', url: `/api/overseer-dev/sessions/${build.sessionId}`, headers: visitor })
    expect(buildSession.json()).toMatchObject({ data: { kind: 'build', conversationId: build.conversationId } })

    const stranger = await newVisitor(target.app)
    for (const headers of [stranger, {}]) {
      const response = await target.app.inject({ method: 'GET', url: `/api/overseer-dev/sessions/${chat.sessionId}`, headers })
      expect(response.statusCode).toBe(404)
      expect(response.json()).toMatchObject({ success: false, message: 'No such session of yours' })
    }
    expect((await target.app.inject({ method: 'GET', url: `/api/overseer-dev/sessions/${randomUUID()}`, headers: visitor })).statusCode).toBe(404)
    expect((await target.app.inject({ method: 'GET', url: '/api/overseer-dev/sessions/not%20valid', headers: visitor })).statusCode).toBe(400)

    // Deleted: the session no longer leads to it.
    await target.app.inject({ method: 'DELETE', url: `/api/overseer-dev/chat/history/${chat.conversationId}`, headers: visitor })
    const gone = await target.app.inject({ method: 'GET', url: `/api/overseer-dev/sessions/${chat.sessionId}`, headers: visitor })
    expect(gone.json()).toMatchObject({ data: { conversationId: null } })
  })
})

describe('the chat budget', () => {
  const limited = useTestApp({ config: () => chatConfig({ rateLimitPerOwner: 2 }) })

  it('counts an edit or a regenerate as a message', async () => {
    const visitor = await newVisitor(limited.app)
    const first = await sendChat(limited.app, visitor, question('How do I install Overseer?'))
    const { conversationId } = first.json<ChatReplyBody>()
    expect((await sendChat(limited.app, visitor, question('How do I install Overseer?', { conversationId, replaceFrom: 0 }))).statusCode).toBe(200)
    const third = await sendChat(limited.app, visitor, question('How do I install Overseer?', { conversationId, replaceFrom: 0 }))
    expect(third.statusCode).toBe(429)
    expect(third.headers['retry-after']).toBeDefined()
  })
})
