import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { UserService } from '../../src/auth/userService'
import { LOCAL_REPLIES } from '../../src/llm/local/assistant'
import type { Database } from '../../src/db'
import { TEXT_MESSAGES } from '@contracts/text'
import { buildTestApp, databasesUnderTest, fastPasswords, SETUP_TIMEOUT_MS } from '../helper'
import {
  chatConfig,
  history,
  newVisitor,
  question,
  sendChat,
  visitorCookieOf,
  type ChatReplyBody,
  type Headers,
  type HistoryItemBody,
} from '../support/chat'

describe.each(databasesUnderTest())('assistant chat on $name', ({ open }) => {
  let db: Database
  let app: FastifyInstance

  beforeAll(async () => {
    db = await open()
    app = await buildTestApp(db, chatConfig())
  }, SETUP_TIMEOUT_MS)

  afterAll(async () => {
    await app.close()
    await db.close()
  })

  const ask = async (headers: Headers, content: string, extra = {}): Promise<ChatReplyBody> => {
    const response = await sendChat(app, headers, question(content, extra))
    expect(response.statusCode).toBe(200)
    return response.json<ChatReplyBody>()
  }

  describe('sending a message', () => {
    it('answers from the docs and stores the conversation as a history item', async () => {
      const visitor = await newVisitor(app)
      const body = await ask(visitor, 'How do I use PostgreSQL instead of the embedded database?')
      expect(body).toMatchObject({ success: true, status: 'completed', stopped: false, model: 'overseer-local' })
      expect(body.reply).toContain('DATABASE_URL')
      expect(body.reply).toContain('](/docs/getting-started/installation#using-postgresql)')
      expect(body.usage.promptTokens).toBeGreaterThan(5)
      expect(body.usage.completionTokens).toBeGreaterThan(20)
      expect(body.usage.totalTokens).toBe(body.usage.promptTokens + body.usage.completionTokens)

      const page = await history(app, visitor)
      expect(page.pagination).toEqual({ page: 1, pages: 1, total: 1, limit: 5 })
      expect(page.data[0]).toMatchObject<Partial<HistoryItemBody>>({
        id: body.conversationId,
        status: 'completed',
        title: 'How do I use PostgreSQL instead of the embedded database?',
        messageCount: 2,
        messages: [{ role: 'user', content: 'How do I use PostgreSQL instead of the embedded database?' }],
        response: body.reply,
        model: 'overseer-local',
        stopped: false,
      })
      expect(Number.isNaN(Date.parse(page.data[0]?.date ?? ''))).toBe(false)

      const { rows } = await db.query<{ prompt_tokens: number; completion_tokens: number }>(
        `select prompt_tokens, completion_tokens from chat_messages where conversation_id = $1 and role = 'assistant'`,
        [body.conversationId],
      )
      expect(rows).toEqual([{ prompt_tokens: body.usage.promptTokens, completion_tokens: body.usage.completionTokens }])
    })

    it('says when it does not know', async () => {
      const body = await ask(await newVisitor(app), 'What is the weather in Paris tomorrow?')
      expect(body.reply).toBe(LOCAL_REPLIES.unknown)
    })

    it('gives a first-time visitor an HttpOnly, SameSite=Lax cookie, and stores only its hash', async () => {
      const response = await sendChat(app, {}, question('Hello'))
      expect(response.statusCode).toBe(200)
      const cookie = response.cookies.find((entry) => entry.name === 'overseer_visitor')
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' })
      expect(cookie?.maxAge).toBeGreaterThan(300 * 24 * 3600)
      expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/)
      const { rows } = await db.query<{ owner_key: string }>('select owner_key from chat_conversations where id = $1', [
        response.json<ChatReplyBody>().conversationId,
      ])
      expect(rows[0]?.owner_key).toMatch(/^visitor:[0-9a-f]{64}$/)
      expect(rows[0]?.owner_key).not.toContain(cookie?.value)
    })

    it('uses the default model when none is given', async () => {
      const response = await sendChat(app, await newVisitor(app), { messages: [{ role: 'user', content: 'Hello' }] })
      expect(response.statusCode).toBe(200)
      expect(response.json<ChatReplyBody>()).toMatchObject({ model: 'overseer-local', reply: LOCAL_REPLIES.greeting })
    })

    it('appends a follow-up to the same conversation', async () => {
      const visitor = await newVisitor(app)
      const first = await ask(visitor, 'Tell me about the reverse proxy')
      const second = await ask(visitor, 'which variable do I set for it?', {
        conversationId: first.conversationId,
        messages: [
          { role: 'user', content: 'Tell me about the reverse proxy' },
          { role: 'assistant', content: first.reply },
          { role: 'user', content: 'which variable do I set for it?' },
        ],
      })
      expect(second.conversationId).toBe(first.conversationId)
      expect(second.reply).toContain('TRUST_PROXY')

      const page = await history(app, visitor)
      expect(page.pagination.total).toBe(1)
      expect(page.data[0]).toMatchObject({
        title: 'Tell me about the reverse proxy',
        messageCount: 4,
        messages: [
          { role: 'user', content: 'Tell me about the reverse proxy' },
          { role: 'assistant', content: first.reply },
          { role: 'user', content: 'which variable do I set for it?' },
        ],
        response: second.reply,
      })
    })

    it('answers 404 for a conversationId that is not the caller’s', async () => {
      const owner = await newVisitor(app)
      const { conversationId } = await ask(owner, 'Hello')
      const other = await sendChat(app, await newVisitor(app), question('And then?', { conversationId }))
      expect(other.statusCode).toBe(404)
      expect(other.json()).toEqual({ success: false, message: 'Conversation not found' })
      const unknown = await sendChat(app, owner, question('And then?', { conversationId: randomUUID() }))
      expect(unknown.statusCode).toBe(404)
      expect((await history(app, owner)).data[0]?.messageCount).toBe(2)
    })

    it('refuses a sessionId that another owner has used', async () => {
      const sessionId = randomUUID()
      expect((await sendChat(app, await newVisitor(app), question('Hello', { sessionId }))).statusCode).toBe(200)
      const taken = await sendChat(app, await newVisitor(app), question('Hello', { sessionId }))
      expect(taken.statusCode).toBe(409)
    })
  })

  describe('validation', () => {
    let visitor: Headers
    beforeAll(async () => {
      visitor = await newVisitor(app)
    })

    const expect400 = async (body: unknown, message: string | RegExp) => {
      const response = await sendChat(app, visitor, body)
      expect(response.statusCode).toBe(400)
      const json = response.json<{ success: boolean; message: string }>()
      expect(json.success).toBe(false)
      if (typeof message === 'string') expect(json.message).toBe(message)
      else expect(json.message).toMatch(message)
    }

    it('refuses a blank message', async () => {
      await expect400(question('   \n\t '), 'Message cannot be empty')
      await expect400(question(''), 'Message cannot be empty')
    })

    it('refuses a message over 16,000 characters, naming the limit', async () => {
      await expect400(question('x'.repeat(16_001)), 'Message 1 is too long: 16,001 characters, at most 16,000')
      const earlier = {
        ...question('short'),
        messages: [
          { role: 'user', content: 'y'.repeat(20_000) },
          { role: 'assistant', content: 'ok' },
          { role: 'user', content: 'short' },
        ],
      }
      await expect400(earlier, /^Message 1 is too long/)
      expect((await sendChat(app, visitor, question('x'.repeat(16_000)))).statusCode).toBe(200)
    })

    it('refuses malformed bodies', async () => {
      await expect400({}, 'messages must be a non-empty list of {role, content}')
      await expect400({ messages: [] }, 'messages must be a non-empty list of {role, content}')
      await expect400({ messages: 'hello' }, 'messages must be a non-empty list of {role, content}')
      await expect400({ messages: [{ role: 'system', content: 'x' }] }, "messages[0].role must be 'user' or 'assistant'")
      await expect400({ messages: [{ role: 'user', content: 42 }] }, 'messages[0].content must be a string')
      await expect400({ messages: [null] }, "messages[0].role must be 'user' or 'assistant'")
      await expect400({ messages: [{ role: 'assistant', content: 'hi' }] }, 'The last message must be the user’s question')
      await expect400({ ...question('hi'), sessionId: 'not-a-uuid' }, 'sessionId must be a UUID')
      await expect400({ ...question('hi'), conversationId: 12 }, 'conversationId must be a UUID')
      await expect400({ ...question('hi'), model: 7 }, /^model must be/)
      await expect400(
        { messages: Array.from({ length: 101 }, () => ({ role: 'user', content: 'x' })) },
        /^Too many messages: at most 100/,
      )
    })

    it('refuses JSON that is not an object, and bodies that are not JSON', async () => {
      await expect400([1, 2], /^Invalid request/)
      const sendRaw = (contentType: string, payload: string) =>
        app.inject({ method: 'POST', url: '/api/overseer-dev/chat', headers: { ...visitor, 'content-type': contentType }, payload })
      const broken = await sendRaw('application/json', '{"messages": [')
      expect(broken.statusCode).toBe(400)
      expect(broken.json()).toMatchObject({ success: false })
      const text = await sendRaw('text/plain', 'hello')
      expect(text.statusCode).toBe(400)
      expect(text.json<{ message: string }>().message).toMatch(/^Invalid request: expected a JSON object/)
      const xml = await sendRaw('application/xml', '<messages/>')
      expect(xml.statusCode).toBe(415)
    })

    it('refuses an unknown model, naming it', async () => {
      await expect400(question('hi', { model: 'gpt-17-ultra' }), 'Unknown model: gpt-17-ultra')
      await expect400(question('hi', { model: 'constructor' }), 'Unknown model: constructor')
    })

    it('answers 413 for a body over the limit', async () => {
      const messages = Array.from({ length: 100 }, (_, index) => ({ role: index % 2 ? 'assistant' : 'user', content: 'é'.repeat(15_000) }))
      messages.push({ role: 'user', content: 'last' })
      const response = await sendChat(app, visitor, { messages: messages.slice(-100) })
      expect(response.statusCode).toBe(413)
      expect(response.json<{ message: string }>().message).toMatch(/too large/)
    })

    it('stores nothing for refused messages', async () => {
      expect((await history(app, visitor)).pagination.total).toBe(1)
    })
  })

  describe('owners', () => {
    let alice: Headers
    let bob: Headers
    let staff: Headers
    let aliceConversation: string
    let staffConversation: string

    beforeAll(async () => {
      alice = await newVisitor(app)
      bob = await newVisitor(app)
      const users = new UserService(db, fastPasswords())
      await users.create({ email: `chat-${randomUUID()}@example.com`, password: 'chat-password-1', roles: ['viewer'] })
      const { rows } = await db.query<{ email: string }>(`select email from users where email like 'chat-%' order by id desc limit 1`)
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: rows[0]?.email, password: 'chat-password-1' },
      })
      staff = { authorization: `Bearer ${login.json<{ data: { token: string } }>().data.token}` }
      aliceConversation = (await ask(alice, 'Alice asks about scaling out with Redis')).conversationId
      staffConversation = (await ask(staff, 'Staff asks about scaling out with Redis')).conversationId
    })

    it('lists, searches and opens only the owner’s own conversations', async () => {
      for (const [who, mine, theirs] of [
        [alice, aliceConversation, staffConversation],
        [staff, staffConversation, aliceConversation],
      ] as const) {
        const page = await history(app, who)
        expect(page.data.map((item) => item.id)).toEqual([mine])
        const found = await history(app, who, '?search=redis')
        expect(found.data.map((item) => item.id)).toEqual([mine])
        expect((await app.inject({ method: 'GET', url: `/api/overseer-dev/chat/history/${mine}`, headers: who })).statusCode).toBe(200)
        const foreign = await app.inject({ method: 'GET', url: `/api/overseer-dev/chat/history/${theirs}`, headers: who })
        expect(foreign.statusCode).toBe(404)
        expect(foreign.json()).toEqual({ success: false, message: 'Conversation not found' })
      }
      expect((await history(app, bob)).data).toEqual([])
      expect((await history(app, bob, '?search=redis')).pagination.total).toBe(0)
      expect((await history(app, {}, '?search=redis')).data).toEqual([])
    })

    it('never deletes another owner’s conversation, and says the same as for an unknown id', async () => {
      for (const id of [aliceConversation, staffConversation, randomUUID(), 'not-a-uuid']) {
        const response = await app.inject({ method: 'DELETE', url: `/api/overseer-dev/chat/history/${id}`, headers: bob })
        expect(response.statusCode).toBe(404)
        expect(response.json()).toEqual({ success: false, message: 'Conversation not found' })
      }
      expect((await history(app, alice)).pagination.total).toBe(1)
    })

    it('keeps a signed-in user’s conversations apart from the visitor cookie the same browser has', async () => {
      const both = { ...staff, ...alice }
      expect((await history(app, both)).data.map((item) => item.id)).toEqual([staffConversation])
    })

    it('refuses cookie-identified writes from another site', async () => {
      const crossSite = { ...alice, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }
      const send = await sendChat(app, crossSite, question('Hello'))
      expect(send.statusCode).toBe(403)
      expect(send.json()).toEqual({ success: false, message: 'Cross-site request refused' })
      const remove = await app.inject({ method: 'DELETE', url: `/api/overseer-dev/chat/history/${aliceConversation}`, headers: crossSite })
      expect(remove.statusCode).toBe(403)
      const stop = await app.inject({ method: 'POST', url: `/api/overseer-dev/sessions/${randomUUID()}/stop`, headers: crossSite })
      expect(stop.statusCode).toBe(403)
      // A bearer token is never sent by a browser on its own: allowed.
      const bearer = await sendChat(app, { ...staff, origin: 'https://evil.example' }, question('Hello'))
      expect(bearer.statusCode).toBe(200)
    })
  })

  describe('history', () => {
    let visitor: Headers
    const ids: Record<string, string> = {}

    beforeAll(async () => {
      visitor = await newVisitor(app)
      const questions: [string, string][] = [
        ['proxy', 'How do I deploy behind a reverse proxy?'],
        ['postgres', 'How do I use PostgreSQL?'],
        ['sessions', 'How are sessions protected against other sites?'],
        ['port', 'Which port does the server listen on?'],
        ['hello', 'Hello'],
        ['redis', 'How do I scale out with Redis worker processes?'],
        // The offline engine doesn't know this one, so "reverse" and "proxy" stay apart.
        ['phrase', 'Can zebras reverse a weather forecast by proxy?'],
      ]
      for (const [key, content] of questions) ids[key] = (await ask(visitor, content)).conversationId
    })

    it('pages newest first, five by default', async () => {
      const first = await history(app, visitor)
      expect(first.pagination).toEqual({ page: 1, pages: 2, total: 7, limit: 5 })
      expect(first.data.map((item) => item.id)).toEqual([ids.phrase, ids.redis, ids.hello, ids.port, ids.sessions])
      const second = await history(app, visitor, '?page=2&limit=5')
      expect(second.data.map((item) => item.id)).toEqual([ids.postgres, ids.proxy])
      expect(second.pagination).toEqual({ page: 2, pages: 2, total: 7, limit: 5 })
      const beyond = await history(app, visitor, '?page=9')
      expect(beyond.data).toEqual([])
      expect(beyond.pagination.total).toBe(7)
      expect((await history(app, visitor, '?limit=3')).pagination).toEqual({ page: 1, pages: 3, total: 7, limit: 3 })
    })

    it('searches titles, messages and responses, ranked', async () => {
      // "TRUST_PROXY" only occurs in the replies about the proxy.
      const inReplies = await history(app, visitor, '?search=TRUST_PROXY')
      expect(inReplies.data.map((item) => item.id)).toContain(ids.proxy)
      expect(inReplies.data.map((item) => item.id)).not.toContain(ids.phrase)
      expect(inReplies.search).toBe('TRUST_PROXY')
      // Word forms: "deploying" finds "deploy".
      const stemmed = await history(app, visitor, '?search=deploying')
      expect(stemmed.data.map((item) => item.id)).toContain(ids.proxy)
      // The title weighs more than a reply: PostgreSQL is in the postgres title and in no other title.
      const ranked = await history(app, visitor, '?search=postgresql')
      expect(ranked.data[0]?.id).toBe(ids.postgres)
    })

    it('matches quoted phrases exactly', async () => {
      const phrase = await history(app, visitor, `?search=${encodeURIComponent('"reverse proxy"')}`)
      expect(phrase.data.map((item) => item.id)).toContain(ids.proxy)
      expect(phrase.data.map((item) => item.id)).not.toContain(ids.phrase)
      const words = await history(app, visitor, `?search=${encodeURIComponent('reverse proxy')}`)
      expect(words.data.map((item) => item.id)).toEqual(expect.arrayContaining([ids.proxy, ids.phrase]))
      const either = await history(app, visitor, `?search=${encodeURIComponent('zebras or hello')}`)
      expect(either.data.map((item) => item.id).sort()).toEqual([ids.phrase, ids.hello].sort())
      expect((await history(app, visitor, `?search=${encodeURIComponent('zebras -forecast')}`)).data).toEqual([])
    })

    it('pages search results', async () => {
      const all = await history(app, visitor, '?search=server&limit=50')
      expect(all.pagination.total).toBeGreaterThan(1)
      const first = await history(app, visitor, '?search=server&limit=1')
      expect(first.pagination).toEqual({ page: 1, pages: all.pagination.total, total: all.pagination.total, limit: 1 })
      expect(first.data.map((item) => item.id)).toEqual([all.data[0]?.id])
      const second = await history(app, visitor, '?search=server&limit=1&page=2')
      expect(second.data.map((item) => item.id)).toEqual([all.data[1]?.id])
      // Past the last page: no items, but still the number of matches.
      const beyond = await history(app, visitor, `?search=server&limit=1&page=${all.pagination.total + 5}`)
      expect(beyond.data).toEqual([])
      expect(beyond.pagination).toMatchObject({ total: all.pagination.total, pages: all.pagination.total })
    })

    it('lists everything for a blank search, and nothing for a search that matches nothing', async () => {
      const blank = await history(app, visitor, '?search=%20%20')
      expect(blank.pagination.total).toBe(7)
      expect(blank.search).toBeUndefined()
      expect((await history(app, visitor, '?search=kubernetes')).data).toEqual([])
      expect((await history(app, visitor, '?search=the')).data).toEqual([])
    })

    it('never fails on odd search text', async () => {
      for (const search of ['"', '" or -', '!!!', '&|<->', "'", '\\', 'a:*', '((', 'x'.repeat(500)]) {
        const response = await app.inject({ method: 'GET', url: `/api/overseer-dev/chat/history?search=${encodeURIComponent(search)}`, headers: visitor })
        expect(response.statusCode).toBe(200)
      }
    })

    it('refuses search text that cannot be stored, naming the parameter', async () => {
      for (const search of ['nul\u0000byte', '\u0000']) {
        const response = await app.inject({ method: 'GET', url: `/api/overseer-dev/chat/history?search=${encodeURIComponent(search)}`, headers: visitor })
        expect(response.statusCode).toBe(400)
        expect(response.json()).toEqual({ success: false, message: TEXT_MESSAGES.unstorable, errors: { search: TEXT_MESSAGES.unstorable } })
      }
    })

    it('refuses bad paging values with 400', async () => {
      for (const query of ['?page=0', '?page=abc', '?limit=51', '?limit=0', `?search=${'x'.repeat(501)}`]) {
        const response = await app.inject({ method: 'GET', url: `/api/overseer-dev/chat/history${query}`, headers: visitor })
        expect(response.statusCode).toBe(400)
      }
    })

    it('opens one conversation with its token usage', async () => {
      const response = await app.inject({ method: 'GET', url: `/api/overseer-dev/chat/history/${ids.port}`, headers: visitor })
      expect(response.statusCode).toBe(200)
      const { data } = response.json<{ data: HistoryItemBody & { usage: { totalTokens: number } } }>()
      expect(data).toMatchObject({ id: ids.port, title: 'Which port does the server listen on?', status: 'completed' })
      expect(data.usage.totalTokens).toBeGreaterThan(0)
    })

    it('deletes a conversation', async () => {
      const response = await app.inject({ method: 'DELETE', url: `/api/overseer-dev/chat/history/${ids.hello}`, headers: visitor })
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ success: true })
      expect((await history(app, visitor)).pagination.total).toBe(6)
      const again = await app.inject({ method: 'DELETE', url: `/api/overseer-dev/chat/history/${ids.hello}`, headers: visitor })
      expect(again.statusCode).toBe(404)
      const { rows } = await db.query('select 1 from chat_messages where conversation_id = $1', [ids.hello])
      expect(rows).toEqual([])
    })
  })

  describe('models', () => {
    it('lists overseer-local as the current model', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/overseer-dev/models' })
      expect(response.statusCode).toBe(200)
      expect(visitorCookieOf(response)).toBeDefined()
      expect(response.json()).toEqual({
        success: true,
        data: {
          models: {
            'overseer-local': {
              description: expect.stringContaining('offline') as unknown,
              costPer1kTokens: 0,
              capabilities: expect.arrayContaining(['chat', 'offline']) as unknown,
              provider: 'Overseer Labs',
              source: 'local',
            },
          },
          currentOverseerModel: 'overseer-local',
        },
      })
    })
  })
})

describe('chat rate limit', () => {
  it('answers 429 with Retry-After once an owner has sent RATE_LIMIT_CHAT messages in a minute', async () => {
    const db = await databasesUnderTest()[0]!.open()
    const app = await buildTestApp(db, chatConfig({ rateLimitPerOwner: 2, rateLimitPerIp: 3 }))
    try {
      const alice = await newVisitor(app)
      expect((await sendChat(app, alice, question('Hello'))).statusCode).toBe(200)
      expect((await sendChat(app, alice, question('Hello'))).statusCode).toBe(200)
      const limited = await sendChat(app, alice, question('Hello'))
      expect(limited.statusCode).toBe(429)
      expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1)
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60)
      expect(limited.json<{ message: string }>().message).toMatch(/^Too many messages\. Please wait \d+ seconds/)
      // Refused messages are not stored.
      expect((await history(app, alice)).pagination.total).toBe(2)

      // Another owner has its own allowance, but the IP's allowance (3) is shared.
      const bob = await newVisitor(app)
      expect((await sendChat(app, bob, question('Hello'))).statusCode).toBe(200)
      expect((await sendChat(app, bob, question('Hello'))).statusCode).toBe(429)
      expect((await sendChat(app, bob, question('Hello'), '203.0.113.7')).statusCode).toBe(200)
    } finally {
      await app.close()
      await db.close()
    }
  })
})

describe('chat start-up and HTTPS', () => {
  let db: Database

  beforeAll(async () => {
    db = await databasesUnderTest()[0]!.open()
  }, SETUP_TIMEOUT_MS)

  afterAll(async () => {
    await db.close()
  })

  it('marks replies left processing by a stopped server as failed', async () => {
    const first = await buildTestApp(db, chatConfig())
    const visitor = await newVisitor(first)
    const { conversationId } = (await sendChat(first, visitor, question('Hello'))).json<ChatReplyBody>()
    await first.close()
    await db.query(`update chat_conversations set status = 'processing', updated_at = now() - interval '1 hour' where id = $1`, [conversationId])

    const second = await buildTestApp(db, chatConfig())
    try {
      const [item] = (await history(second, visitor)).data
      expect(item).toMatchObject({ id: conversationId, status: 'error', error: expect.stringMatching(/interrupted/) as unknown })
    } finally {
      await second.close()
    }
  })

  it('sends the visitor cookie as __Host-, Secure, over HTTPS', async () => {
    const app = await buildTestApp(db, { ...chatConfig(), trustProxy: true })
    try {
      const response = await app.inject({ method: 'GET', url: '/api/overseer-dev/models', headers: { 'x-forwarded-proto': 'https' } })
      const cookie = response.cookies.find((entry) => entry.name === '__Host-overseer_visitor')
      expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' })
      const headers = { cookie: `__Host-overseer_visitor=${cookie?.value}`, 'x-forwarded-proto': 'https' }
      expect((await sendChat(app, headers, question('Hello'))).statusCode).toBe(200)
      expect((await history(app, headers)).pagination.total).toBe(1)
    } finally {
      await app.close()
    }
  })
})
