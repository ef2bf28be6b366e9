import type { FastifyInstance } from 'fastify'
import type { Socket } from 'socket.io-client'
import type { BuildEvent } from '@contracts/buildEvents'
import { UserService } from '../../src/auth/userService'
import type { Database } from '../../src/db'
import { STAGE_IDS } from '../../src/pipeline/stages'
import { buildTestApp, databasesUnderTest, fastPasswords, SETUP_TIMEOUT_MS } from '../helper'
import { signIn } from '../support/auth'
import { buildConfig, buildRequest, sendBuild } from '../support/builds'
import { chatConfig, history, newVisitor, question, sendChat, type HistoryItemBody, type Headers } from '../support/chat'
import { connectSocket, followBuild } from '../support/sockets'

interface EventsBody {
  success: boolean
  data: { events: BuildEvent[]; more: boolean }
}

const eventsOf = async (app: FastifyInstance, headers: Headers, sessionId: string, query = '') => {
  const response = await app.inject({ method: 'GET', url: `/api/overseer/builds/${sessionId}/events${query}`, headers })
  return { status: response.statusCode, body: response.json<EventsBody>() }
}

describe.each(databasesUnderTest())('a build’s timeline on $name', ({ open }) => {
  let db: Database
  let app: FastifyInstance
  const clients: Socket[] = []

  beforeAll(async () => {
    db = await open()
    app = await buildTestApp(db, { ...chatConfig(), ...(await buildConfig()) })
    await app.listen({ port: 0, host: '127.0.0.1' })
    const users = new UserService(db, fastPasswords())
    await users.create({ email: 'operator@example.com', password: 'operator-password', roles: ['operator'] })
    await users.create({ email: 'viewer@example.com', password: 'viewer-password', roles: ['viewer'] })
  }, SETUP_TIMEOUT_MS)

  afterAll(async () => {
    for (const client of clients) client.disconnect()
    await app.close()
    await db.close()
  })

  /** An offline build of `request` by a new visitor, followed on a socket until it ends. */
  const build = async (request: string) => {
    const visitor = await newVisitor(app)
    const socket = await connectSocket(app, { headers: visitor }, clients)
    const body = buildRequest(request)
    const followed = await followBuild(socket, body.sessionId)
    const response = await sendBuild(app, visitor, body)
    expect(response.statusCode).toBe(200)
    await followed.ended
    return { visitor, sessionId: body.sessionId, live: followed.events }
  }

  it('records every stage, each file written with its diff and the test run, numbered 1, 2, … and sent as they happen', async () => {
    const { visitor, sessionId, live } = await build('Build a REST API for a bookshop with books and authors')
    const { status, body } = await eventsOf(app, visitor, sessionId)
    expect(status).toBe(200)
    const stored = body.data.events
    expect(body.data.more).toBe(false)
    expect(stored.map((event) => event.id)).toEqual(stored.map((_, index) => index + 1))
    // The room got the same events, in the same order, before the build answered.
    expect(live).toEqual(stored)

    const started = stored.filter((event) => event.type === 'stage_started').map((event) => event.stage)
    expect(started).toEqual([...STAGE_IDS])
    const ended = stored.filter((event) => event.type === 'stage_ended')
    expect(ended.map((event) => event.stage)).toEqual([...STAGE_IDS])
    for (const event of ended) {
      expect(event).toMatchObject({ status: 'completed' })
      expect(event.durationMs).toBeGreaterThanOrEqual(0)
    }

    const written = stored.filter((event) => event.type === 'file_written')
    expect(written.length).toBeGreaterThan(3)
    const readme = written.find((event) => event.type === 'file_written' && event.path === 'README.md')
    expect(readme).toMatchObject({ stage: 'development', by: 'engine' })
    if (readme?.type !== 'file_written') throw new Error('no README written')
    // A new file: every line is added.
    expect(readme.diff).toMatch(/^@@ -0,0 \+1,\d+ @@\n\+/)
    expect(readme.bytes).toBeGreaterThan(0)

    const tests = stored.find((event) => event.type === 'tests_run')
    expect(tests).toMatchObject({ stage: 'development', failed: 0 })
    if (tests?.type !== 'tests_run') throw new Error('no test run')
    expect(tests.passed).toBeGreaterThan(0)
    expect(tests.durationMs).toBeGreaterThan(0)
  })

  it('answers the events after an id, paged, without a gap or a duplicate', async () => {
    const { visitor, sessionId } = await build('Create a todo list web app')
    const all = (await eventsOf(app, visitor, sessionId)).body.data.events
    const cut = Math.floor(all.length / 2)
    const after = await eventsOf(app, visitor, sessionId, `?after=${cut}`)
    expect(after.body.data.events.map((event) => event.id)).toEqual(all.slice(cut).map((event) => event.id))

    const pages: BuildEvent[] = []
    let last = 0
    for (;;) {
      const page = (await eventsOf(app, visitor, sessionId, `?after=${last}&limit=4`)).body.data
      pages.push(...page.events)
      last = page.events.at(-1)?.id ?? last
      if (!page.more) break
      expect(page.events).toHaveLength(4)
    }
    expect(pages).toEqual(all)
    expect((await eventsOf(app, visitor, sessionId, `?after=${all.length}`)).body.data).toEqual({ events: [], more: false })
  })

  it('shows the timeline to its owner and to staff with the Overseer permission, and to nobody else', async () => {
    const { sessionId } = await build('Make a command-line tool that counts words')
    const stranger = await newVisitor(app)
    expect((await eventsOf(app, stranger, sessionId)).status).toBe(404)
    const operator = await signIn(app, 'operator@example.com', 'operator-password')
    const seen = await eventsOf(app, operator, sessionId)
    expect(seen.status).toBe(200)
    expect(seen.body.data.events.length).toBeGreaterThan(10)
    const viewer = await signIn(app, 'viewer@example.com', 'viewer-password')
    expect((await eventsOf(app, viewer, sessionId)).status).toBe(404)
  })

  it('names, in the conversation read and the history, the builds its questions started and which question each answered', async () => {
    const first = await build('Build a REST API for a library with books and members')
    const { visitor } = first
    const conversationId = (await history(app, visitor)).data[0]?.id as string
    const asked = await sendChat(app, visitor, question('How do I install Overseer?', { conversationId }))
    expect(asked.statusCode).toBe(200)
    const followUp = buildRequest('Create a todo list web app', { conversationId })
    const built = await sendBuild(app, visitor, followUp)
    expect(built.statusCode).toBe(200)

    const read = await app.inject({ method: 'GET', url: `/api/overseer-dev/chat/history/${conversationId}`, headers: visitor })
    const expected = [
      { sessionId: first.sessionId, position: 0 },
      { sessionId: followUp.sessionId, position: 4 },
    ]
    expect(read.json<{ data: HistoryItemBody }>().data).toMatchObject({ messageCount: 6, builds: expected })
    expect((await history(app, visitor)).data[0]).toMatchObject({ id: conversationId, builds: expected })

    // A conversation without a build says nothing of builds.
    const other = await newVisitor(app)
    expect((await sendChat(app, other, question('What is Overseer?'))).statusCode).toBe(200)
    expect((await history(app, other)).data[0]).not.toHaveProperty('builds')
  })

  it('refuses a bad query with a clear error', async () => {
    const visitor = await newVisitor(app)
    for (const query of ['?after=-1', '?limit=0', '?limit=501', '?after=abc']) {
      const { status, body } = await eventsOf(app, visitor, 'a-session', query)
      expect(status).toBe(400)
      expect(body.success).toBe(false)
    }
  })
})
