import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { Socket } from 'socket.io-client'
import { UserService } from '../../src/auth/userService'
import { STAGE_IDS, type StageId } from '../../src/pipeline/stages'
import type { Database } from '../../src/db'
import { buildTestApp, databasesUnderTest, fastPasswords, SETUP_TIMEOUT_MS } from '../helper'
import { buildConfig, buildRequest, NO_ARCHIVE, sendBuild, storedArchive, unzip, WHOLE_BUILD_MS, type BuildReplyBody } from '../support/builds'
import { chatConfig, history, newVisitor, sendChat, type Headers } from '../support/chat'
import { signIn as signInAs } from '../support/auth'
import { connectSocket, followBuild } from '../support/sockets'

const NOT_ALLOWED = { ok: false, message: 'Not allowed' }
const NOT_SIGNED_IN = { success: false, message: 'Not signed in' }
const FORBIDDEN = { success: false, message: 'You do not have permission to do this.' }

interface BuildStateBody {
  success: boolean
  data: { sessionId: string; status: string; stage: string; percentage: number; message: string; error?: string; kind?: string; name?: string; zipUrl?: string; conversationId: string | null }
}

interface LogsBody {
  success: boolean
  data: { id: number; timestamp: string; level: string; source: string; module: string; message: string; buildId: string | null }[]
  pagination: { page: number; pages: number; total: number; totalCapped: boolean; limit: number }
}

describe.each(databasesUnderTest())('the build pipeline on $name', ({ open }) => {
  let db: Database
  let app: FastifyInstance
  let slowApp: FastifyInstance
  let failAt: StageId | undefined
  /** The app's clock: a test moves it past the undo window of a deletion. */
  let now: Date | undefined
  const clients: Socket[] = []

  beforeAll(async () => {
    db = await open()
    const builds = await buildConfig()
    app = await buildTestApp(
      db,
      { ...chatConfig(), ...builds },
      {
        builds: {
          beforeStage: async (stage) => {
            if (stage === failAt) throw new Error(`injected failure at ${stage}`)
          },
        },
        chat: { clock: () => now ?? new Date() },
      },
    )
    // A stage that never finishes, and a stage timeout the stages before it keep on a busy machine.
    slowApp = await buildTestApp(
      db,
      { ...chatConfig(), ...(await buildConfig({ stageTimeoutMs: 2_000 })) },
      {
        builds: {
          beforeStage: (stage, signal) =>
            stage === 'structuring' ? new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve())) : Promise.resolve(),
        },
      },
    )
    await app.listen({ port: 0, host: '127.0.0.1' })
    await slowApp.listen({ port: 0, host: '127.0.0.1' })
    const users = new UserService(db, fastPasswords())
    await users.create({ email: 'operator@example.com', password: 'operator-password', roles: ['operator'] })
    await users.create({ email: 'viewer@example.com', password: 'viewer-password', roles: ['viewer'] })
    await users.create({ email: 'nobody@example.com', password: 'nobody-password', roles: [] })
  }, SETUP_TIMEOUT_MS)

  afterEach(() => {
    failAt = undefined
    now = undefined
  })

  afterAll(async () => {
    for (const client of clients) client.disconnect()
    await app.close()
    await slowApp.close()
    await db.close()
  })

  const socketFor = (server: FastifyInstance, headers: Headers = {}): Promise<Socket> => connectSocket(server, { headers }, clients)

  /** A socket of `headers`' owner, subscribed to `sessionId`, recording what the build sends. */
  const follow = async (sessionId: string, headers: Headers, server = app) => followBuild(await socketFor(server, headers), sessionId)

  const signIn = (email: string, password: string) => signInAs(app, email, password)

  const stateOf = (sessionId: string, headers: Headers) => app.inject({ method: 'GET', url: `/api/overseer/builds/${sessionId}`, headers })

  let alice: Headers
  let completed: BuildReplyBody

  it('runs the seven stages in order, rising to 100%, and answers with the project when done', async () => {
    alice = await newVisitor(app)
    const body = buildRequest('Build a todo web app')
    const events = await follow(body.sessionId, alice)

    const response = await sendBuild(app, alice, body)
    expect(response.statusCode).toBe(200)
    completed = response.json<BuildReplyBody>()
    await events.ended

    expect(completed).toMatchObject({ success: true, sessionId: body.sessionId, model: 'overseer-local', status: 'completed', stopped: false })
    expect(completed.zipUrl).toMatch(/^\/api\/overseer\/downloads\/[0-9a-f-]{36}$/)
    expect(completed.reply).toContain('**web app**')
    expect(completed.reply).toContain('npm test')
    expect(completed.reply).toContain('`test/server.test.js`')
    expect(completed.usage.totalTokens).toBe(completed.usage.promptTokens + completed.usage.completionTokens)
    expect(completed.usage.completionTokens).toBeGreaterThan(1000)

    const stages = events.progress.map((event) => event.stage).filter((stage, index, all) => stage !== all[index - 1])
    expect(stages).toEqual([...STAGE_IDS])
    const percentages = events.progress.map((event) => event.percentage)
    expect(percentages[0]).toBe(5)
    expect(percentages.at(-1)).toBe(100)
    for (let index = 1; index < percentages.length; index += 1) expect(percentages[index]).toBeGreaterThan(percentages[index - 1] as number)
    expect(events.progress.every((event) => event.sessionId === body.sessionId && event.message.length > 0)).toBe(true)
    expect(events.progress.at(-1)?.message).toBe('Your project is ready.')
    expect(events.errors).toEqual([])
    expect(events.timeouts).toEqual([])

    // The conversation is in the owner's history, like a chat reply.
    const item = (await history(app, alice)).data.find((conversation) => conversation.id === completed.conversationId)
    expect(item).toMatchObject({ status: 'completed', response: completed.reply, messages: [{ role: 'user', content: 'Build a todo web app' }] })

    // Every stage recorded its tokens; their sum is the usage.
    const { rows } = await db.query<{ stage: string; tokens: number }>(
      `select s.stage, (s.prompt_tokens + s.completion_tokens)::int as tokens from build_stages s join builds b on b.id = s.build_id
       where b.session_id = $1 order by s.position`,
      [body.sessionId],
    )
    expect(rows.map((row) => row.stage)).toEqual([...STAGE_IDS])
    expect(rows.every((row) => row.tokens > 0)).toBe(true)
    expect(rows.reduce((sum, row) => sum + row.tokens, 0)).toBe(completed.usage.totalTokens)
  })

  it("tells the owner a build's current state, and nobody else", async () => {
    const state = await stateOf(completed.sessionId, alice)
    expect(state.statusCode).toBe(200)
    expect(state.json<BuildStateBody>().data).toMatchObject({
      sessionId: completed.sessionId,
      status: 'completed',
      stage: 'delivery',
      percentage: 100,
      kind: 'web-app',
      name: 'todo-web-app',
      zipUrl: completed.zipUrl,
      conversationId: completed.conversationId,
    })
    expect((await stateOf(completed.sessionId, await newVisitor(app))).statusCode).toBe(404)
    expect((await stateOf(completed.sessionId, {})).statusCode).toBe(404)
    expect((await stateOf(randomUUID(), alice)).json()).toEqual({ success: false, message: 'Build not found' })
  })

  it('lets only the owner download the archive: a real project under one folder', async () => {
    const download = await app.inject({ method: 'GET', url: completed.zipUrl, headers: alice })
    expect(download.statusCode).toBe(200)
    expect(download.headers['content-type']).toBe('application/zip')
    expect(download.headers['content-disposition']).toBe('attachment; filename="todo-web-app.zip"')
    const entries = await unzip(download.rawPayload)
    const names = entries.map((entry) => entry.name)
    expect(names).toEqual(expect.arrayContaining(['todo-web-app/README.md', 'todo-web-app/package.json', 'todo-web-app/server.js', 'todo-web-app/test/store.test.js']))
    expect(names.every((name) => name.startsWith('todo-web-app/'))).toBe(true)
    const readme = entries.find((entry) => entry.name === 'todo-web-app/README.md')?.content.toString('utf8')
    expect(readme).toContain('> Build a todo web app')
    const pkg = JSON.parse(entries.find((entry) => entry.name === 'todo-web-app/package.json')?.content.toString('utf8') ?? '{}') as { scripts: Record<string, string> }
    expect(pkg.scripts.test).toBe('node --test')

    const bob = await newVisitor(app)
    for (const headers of [bob, {}]) {
      const refused = await app.inject({ method: 'GET', url: completed.zipUrl, headers })
      expect(refused.statusCode).toBe(404)
      expect(refused.json()).toEqual({ success: false, message: 'Archive not found' })
    }
    expect((await app.inject({ method: 'GET', url: `/api/overseer/downloads/${randomUUID()}`, headers: alice })).statusCode).toBe(404)
    expect((await app.inject({ method: 'GET', url: '/api/overseer/downloads/..%2F..%2Fetc%2Fpasswd', headers: alice })).statusCode).toBe(404)
  })

  it("lets only the owner follow a build: others are refused, or removed before the first event", async () => {
    const bob = await newVisitor(app)
    const body = buildRequest('Create a command line tool that counts words')
    const early = await follow(body.sessionId, bob)
    const owner = await follow(body.sessionId, alice)

    const response = await sendBuild(app, alice, body)
    expect(response.statusCode).toBe(200)
    await owner.ended
    expect(owner.progress.at(-1)?.percentage).toBe(100)
    expect(early.progress).toEqual([])

    expect(await (await socketFor(app, bob)).emitWithAck('subscribe:progress', body.sessionId)).toEqual(NOT_ALLOWED)
    expect(await (await socketFor(app)).emitWithAck('subscribe:progress', body.sessionId)).toEqual(NOT_ALLOWED)
    expect(await (await socketFor(app, alice)).emitWithAck('subscribe:progress', body.sessionId)).toEqual({ ok: true })
  })

  it('checks build requests like chat messages, and uses a session id once', async () => {
    const blank = buildRequest('   ')
    const [build, chat] = await Promise.all([sendBuild(app, alice, blank), sendChat(app, alice, blank)])
    expect(build.statusCode).toBe(400)
    expect(build.json()).toEqual(chat.json())
    expect((await sendBuild(app, alice, buildRequest('Build an API for invoices', { model: 'gpt-nope' }))).json()).toMatchObject({ message: 'Unknown model: gpt-nope' })
    expect((await sendBuild(app, alice, buildRequest('Build an API for invoices', { sessionId: 'x' }))).statusCode).toBe(400)

    const reused = await sendBuild(app, alice, buildRequest('Build an API for invoices', { sessionId: completed.sessionId }))
    expect(reused.statusCode).toBe(409)
    const foreign = await sendBuild(app, await newVisitor(app), buildRequest('Build an API for invoices', { sessionId: completed.sessionId }))
    expect(foreign.statusCode).toBe(409)

    const crossSite = await sendBuild(app, { ...alice, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }, buildRequest('Build an API for invoices'))
    expect(crossSite.statusCode).toBe(403)
  })

  it('reports a failing stage with an error event, keeps the conversation as error and leaves no archive', async () => {
    failAt = 'development'
    const carol = await newVisitor(app)
    const body = buildRequest('Build a REST API for invoices')
    const events = await follow(body.sessionId, carol)
    const response = await sendBuild(app, carol, body)
    await events.ended
    const message = 'The build failed at the development stage. Please try again.'
    expect(response.statusCode).toBe(500)
    const failure = response.json<{ conversationId: string }>()
    expect(failure).toEqual({ success: false, message, conversationId: expect.any(String), sessionId: body.sessionId, status: 'error', retryStage: 'development' })
    expect(events.errors).toEqual([{ sessionId: body.sessionId, message }])
    expect(events.timeouts).toEqual([])
    expect(events.progress.map((event) => event.stage).at(-1)).toBe('development')
    expect(events.progress.some((event) => event.percentage === 100)).toBe(false)

    const item = (await history(app, carol)).data[0]
    expect(item).toMatchObject({ id: failure.conversationId, status: 'error', response: '', error: message })
    expect((await stateOf(body.sessionId, carol)).json<BuildStateBody>().data).toMatchObject({ status: 'error', stage: 'development', error: message })
    expect((await stateOf(body.sessionId, carol)).json<BuildStateBody>().data.zipUrl).toBeUndefined()
    expect(await storedArchive(db, { sessionId: body.sessionId })).toEqual(NO_ARCHIVE)

    const { rows } = await db.query<{ message: string }>(
      `select l.message from agent_logs l join builds b on b.id = l.build_id where b.session_id = $1 and l.level = 'ERROR' and l.module = 'devloop-matrix'`,
      [body.sessionId],
    )
    expect(rows.map((row) => row.message).join('\n')).toContain('injected failure at development')
  })

  it('reports a stalled stage with a timeout event and answers 504', async () => {
    const dave = await newVisitor(slowApp)
    const body = buildRequest('Make a library of array helpers')
    const events = await follow(body.sessionId, dave, slowApp)

    const response = await slowApp.inject({ method: 'POST', url: '/api/overseer/chat', headers: dave, payload: body })
    await events.ended
    const message = 'The structuring stage did not finish within 2 seconds. Please try again.'
    expect(response.statusCode).toBe(504)
    expect(response.json()).toMatchObject({ success: false, message, sessionId: body.sessionId, status: 'error' })
    expect(events.timeouts).toEqual([{ sessionId: body.sessionId, message }])
    expect(events.errors).toEqual([])
    expect(events.progress.map((event) => event.stage).at(-1)).toBe('structuring')
    expect((await history(slowApp, dave)).data[0]).toMatchObject({ status: 'error', error: message })
  })

  it('gives staff with architect.overseer the tokens of each build, one iteration each', async () => {
    const url = '/api/overseer/token-usage-history'
    expect((await app.inject({ method: 'GET', url })).json()).toEqual(NOT_SIGNED_IN)
    const viewer = await signIn('viewer@example.com', 'viewer-password')
    expect((await app.inject({ method: 'GET', url, headers: viewer })).json()).toEqual(FORBIDDEN)

    const response = await app.inject({ method: 'GET', url, headers: await signIn('operator@example.com', 'operator-password') })
    expect(response.statusCode).toBe(200)
    const items = response.json<{ iteration: number; totalTokens: number }[]>()
    // Completed and failed builds alike used tokens (the failed ones, in the stages before the failure).
    expect(items.map((item) => item.iteration)).toEqual(items.map((_, index) => index + 1))
    expect(items.length).toBe(4)
    expect(items[0]?.totalTokens).toBe(completed.usage.totalTokens)
    expect(items.every((item) => item.totalTokens > 0)).toBe(true)
  })

  it('gives staff with architect.logs the agent log, newest first, 20 a page, filtered', async () => {
    const url = '/api/architect/logs'
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401)
    expect((await app.inject({ method: 'GET', url, headers: await signIn('nobody@example.com', 'nobody-password') })).json()).toEqual(FORBIDDEN)
    const viewer = await signIn('viewer@example.com', 'viewer-password')
    const get = async (query: string): Promise<LogsBody> => {
      const response = await app.inject({ method: 'GET', url: `${url}${query}`, headers: viewer })
      expect(response.statusCode).toBe(200)
      return response.json<LogsBody>()
    }

    const first = await get('')
    expect(first.data).toHaveLength(20)
    expect(first.pagination).toMatchObject({ page: 1, limit: 20, totalCapped: false })
    expect(first.pagination.total).toBeGreaterThan(40)
    expect(first.pagination.pages).toBe(Math.ceil(first.pagination.total / 20))
    const times = first.data.map((entry) => Date.parse(entry.timestamp))
    expect([...times].sort((a, b) => b - a)).toEqual(times)
    const second = await get('?page=2')
    expect(second.data[0]?.id).toBeLessThan(first.data.at(-1)?.id as number)

    const errors = await get('?level=ERROR')
    expect(errors.data.length).toBeGreaterThan(0)
    expect(errors.data.every((entry) => entry.level === 'ERROR')).toBe(true)
    expect(errors.data.map((entry) => entry.source)).toEqual(expect.arrayContaining(['DevLoop Matrix', 'File Structure Planner']))

    const planner = await get('?module=file-structure-planner')
    expect(planner.data.every((entry) => entry.module === 'file-structure-planner' && entry.source === 'File Structure Planner')).toBe(true)
    const searched = await get(`?search=${encodeURIComponent('INJECTED failure')}&module=devloop-matrix&level=ERROR`)
    expect(searched.pagination.total).toBe(1)
    expect(searched.data[0]?.buildId).toEqual(expect.any(String))
    expect((await get('?search=no-such-words-anywhere')).pagination).toEqual({ page: 1, pages: 1, total: 0, totalCapped: false, limit: 20 })

    const invalid = await app.inject({ method: 'GET', url: `${url}?level=LOUD`, headers: viewer })
    expect(invalid.statusCode).toBe(400)
  })

  it("deletes a build's archive with its conversation, once the deletion can no longer be undone", async () => {
    const erin = await newVisitor(app)
    const body = buildRequest('Build a recipe web app')
    const response = await sendBuild(app, erin, body)
    const { zipUrl, conversationId } = response.json<BuildReplyBody>()
    const buildId = zipUrl.split('/').at(-1) as string
    const stored = await storedArchive(db, { buildId })
    expect(stored).toEqual({ archives: 1, chunks: expect.any(Number) as unknown })
    expect(stored.chunks).toBeGreaterThanOrEqual(1)
    const remove = () => app.inject({ method: 'DELETE', url: `/api/overseer-dev/chat/history/${conversationId}`, headers: erin })

    expect((await remove()).statusCode).toBe(200)
    expect((await app.inject({ method: 'GET', url: zipUrl, headers: erin })).statusCode).toBe(404)
    expect((await stateOf(body.sessionId, erin)).json<BuildStateBody>().data).toMatchObject({ status: 'completed', conversationId: null })
    expect((await stateOf(body.sessionId, erin)).json<BuildStateBody>().data.zipUrl).toBeUndefined()

    // While the deletion can be undone the archive is kept, and undo brings the download back.
    expect(await app.builds.sweepArchives()).toBe(0)
    expect(await storedArchive(db, { buildId })).toEqual(stored)
    const restore = await app.inject({ method: 'POST', url: `/api/overseer-dev/chat/history/${conversationId}/restore`, headers: erin })
    expect(restore.statusCode).toBe(200)
    expect((await app.inject({ method: 'GET', url: zipUrl, headers: erin })).statusCode).toBe(200)
    expect((await stateOf(body.sessionId, erin)).json<BuildStateBody>().data).toMatchObject({ conversationId, zipUrl })

    expect((await remove()).statusCode).toBe(200)
    now = new Date(Date.now() + 31_000)
    expect(await app.conversationTools.purgeDeleted()).toBeGreaterThanOrEqual(1)
    expect(await app.builds.sweepArchives()).toBe(1)
    expect(await storedArchive(db, { buildId })).toEqual(NO_ARCHIVE)
    expect(await app.builds.sweepArchives()).toBe(0)
  }, WHOLE_BUILD_MS)
})
