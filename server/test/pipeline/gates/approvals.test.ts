import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { LightMyRequestResponse } from 'fastify'
import type { Socket } from 'socket.io-client'
import { UserService } from '../../../src/auth/userService'
import { DEMO_APPROVAL } from '../../../src/pipeline/gates/demoApproval'
import type { Database } from '../../../src/db'
import { buildTestApp, databasesUnderTest, fastPasswords, openTestPglite, SETUP_TIMEOUT_MS } from '../../helper'
import { buildConfig, buildRequest, sendBuild, WHOLE_BUILD_MS, type BuildReplyBody } from '../../support/builds'
import { chatConfig, history, newVisitor, type Headers } from '../../support/chat'
import { signIn as signInAs } from '../../support/auth'
import { connectSocket, followBuild } from '../../support/sockets'
import { until } from '../../support/processes'

const NOT_SIGNED_IN = { success: false, message: 'Not signed in' }
const FORBIDDEN = { success: false, message: 'You do not have permission to do this.' }

interface ApprovalBody {
  id: string
  title: string
  description: string
  category: string
  priority: string
  timestamp: string
  gate: string
  status: string
  expiresAt: string | null
  decidedAt: string | null
  decidedBy: { userId: number | null; email: string } | null
  comment: string | null
  context: {
    request: string
    kind: string | null
    name: string | null
    stage: string
    details: string[]
    files?: { path: string; status: string; language: string; added: number; removed: number; hunks: string; cut?: string }[]
    diff?: string
    tests?: { passed: number; failed: number; failing: string[]; output?: string }
    testsNotRun?: string
  }
  build: { id: string; sessionId: string; status: string; stage: string; percentage: number; message: string } | null
}

interface ListBody {
  success: boolean
  data: ApprovalBody[]
  pagination: { page: number; pages: number; total: number; limit: number }
}

interface TaskBody {
  sessionId: string
  title: string
  stage: string
  percentage: number
  message: string
  startedAt: string
  waitingForApproval: boolean
  gate: string | null
  approvalId: string | null
}

/**
 * The apps here take over a silent build only after 10 minutes, so that the takeover tests decide
 * which server takes one (an explicit adoptOrphans with a 1-minute lease, of a build silent for 5):
 * the other apps' own periodic takeover never wins that race.
 */
const TAKEOVER_MS = 600_000
const SILENT = "now() - interval '5 minutes'"

describe.each(databasesUnderTest())('approval gates on $name', ({ open }) => {
  let db: Database
  /** Builds wait at the planning and deployment gates, for up to 20 s. */
  let app: FastifyInstance
  /** Builds wait at the development gate for 0.3 s. */
  let expiring: FastifyInstance
  let operator: Headers
  let viewer: Headers
  let operatorId: number
  const clients: Socket[] = []

  beforeAll(async () => {
    db = await open()
    app = await gatedApp({ approvalGates: ['planning', 'deployment'] })
    expiring = await gatedApp({ approvalGates: ['development'], approvalTimeoutMs: 300 })
    await app.listen({ port: 0, host: '127.0.0.1' })
    await expiring.listen({ port: 0, host: '127.0.0.1' })
    const users = new UserService(db, fastPasswords())
    operatorId = (await users.create({ email: 'operator@example.com', password: 'operator-password', roles: ['operator'] })).id
    await users.create({ email: 'viewer@example.com', password: 'viewer-password', roles: ['viewer'] })
    operator = await signIn('operator@example.com', 'operator-password')
    viewer = await signIn('viewer@example.com', 'viewer-password')
  }, SETUP_TIMEOUT_MS)

  afterAll(async () => {
    for (const client of clients) client.disconnect()
    await app.close()
    await expiring.close()
    await db.close()
  })

  const signIn = (email: string, password: string) => signInAs(app, email, password)

  /** A socket of the build's owner, subscribed to its session, recording what the build sends. */
  const follow = async (server: FastifyInstance, sessionId: string, headers: Headers) =>
    followBuild(await connectSocket(server, { headers }, clients), sessionId)

  /** An app on the same database whose builds wait at the gates given, for up to 20 s unless told. */
  const gatedApp = async (builds: Parameters<typeof buildConfig>[0], options: Parameters<typeof buildTestApp>[2] = {}) =>
    buildTestApp(db, { ...chatConfig(), ...(await buildConfig({ approvalTimeoutMs: 20_000, takeoverMs: TAKEOVER_MS, ...builds })) }, options)

  /** A new visitor's build of `prompt` on `server`, sent without a socket, once it waits at `gate`. */
  const waitingBuild = async (server: FastifyInstance, prompt: string, gate: string) => {
    const visitor = await newVisitor(server)
    const body = buildRequest(prompt)
    const reply = sendBuild(server, visitor, body)
    return { visitor, body, reply, pending: await pendingFor(body.sessionId, gate, server) }
  }

  /** A new visitor's build of `prompt` on `server`, followed over a socket from before it starts; `reply` settles when it ends. */
  const startBuild = async (prompt: string, server = app) => {
    const visitor = await newVisitor(server)
    const body = buildRequest(prompt)
    const events = await follow(server, body.sessionId, visitor)
    return { visitor, body, events, reply: sendBuild(server, visitor, body) }
  }

  const list = async (query = '', headers = operator, server = app): Promise<ListBody> => {
    const response = await server.inject({ method: 'GET', url: `/api/architect/approvals${query}`, headers })
    expect(response.statusCode).toBe(200)
    return response.json<ListBody>()
  }

  const decide = (id: string, payload: Record<string, unknown>, headers = operator, server = app): Promise<LightMyRequestResponse> =>
    server.inject({ method: 'POST', url: `/api/architect/approvals/${id}/decision`, headers, payload })

  const tasks = async (server = app): Promise<TaskBody[]> => {
    const response = await server.inject({ method: 'GET', url: '/api/architect/tasks', headers: operator })
    expect(response.statusCode).toBe(200)
    return response.json<{ data: TaskBody[] }>().data
  }

  /**
   * The pending request of the build of `sessionId`, once it has reached `gate`. Waits while the
   * build runs, however long a busy machine makes its stages (their own time limit ends a stage
   * that hangs); a build that ends first fails the test with how it ended.
   */
  const pendingFor = async (sessionId: string, gate: string, server = app): Promise<ApprovalBody> => {
    for (;;) {
      const found = (await list('?status=pending', operator, server)).data.find((approval) => approval.build?.sessionId === sessionId && approval.gate === gate)
      if (found) return found
      const { rows } = await db.query<{ status: string; message: string; error: string | null }>('select status, message, error from builds where session_id = $1', [sessionId])
      const build = rows[0]
      if (build && build.status !== 'running') throw new Error(`the build of ${sessionId} ended before its ${gate} request: ${build.status}, ${build.error ?? build.message}`)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }

  const logsOf = async (sessionId: string) => {
    const { rows } = await db.query<{ level: string; module: string; message: string }>(
      `select l.level, l.module, l.message from agent_logs l join builds b on b.id = l.build_id where b.session_id = $1 order by l.id`,
      [sessionId],
    )
    return rows
  }

  it('stops a build at an enabled gate until approved, then runs it to the end', async () => {
    const { visitor: alice, body, events, reply } = await startBuild('Build a todo web app')

    const planning = await pendingFor(body.sessionId, 'planning')
    expect(planning).toMatchObject({
      title: 'Approve the file plan for Todo Web App',
      category: 'planning',
      gate: 'planning',
      priority: 'Medium',
      status: 'pending',
      decidedAt: null,
      decidedBy: null,
      comment: null,
      context: { request: 'Build a todo web app', kind: 'web-app', name: 'todo-web-app', stage: 'development' },
      build: { sessionId: body.sessionId, status: 'running', stage: 'structuring', message: 'Waiting for approval at the planning gate...' },
    })
    expect(planning.description).toContain('a web app for the request "Build a todo web app"')
    expect(planning.description).toContain('waits before development')
    expect(planning.context.details.join('\n')).toContain('Planned files: ')
    expect(Date.parse(planning.expiresAt as string) - Date.parse(planning.timestamp)).toBeGreaterThanOrEqual(19_000)

    // The progress stays on the stage before the gate, saying it waits; nothing runs past it.
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(events.progress.at(-1)).toMatchObject({ stage: 'structuring', message: 'Waiting for approval at the planning gate...' })
    expect(events.progress.some((event) => event.stage === 'development')).toBe(false)
    const state = await app.inject({ method: 'GET', url: `/api/overseer/builds/${body.sessionId}`, headers: alice })
    expect(state.json()).toMatchObject({ data: { status: 'running', stage: 'structuring', message: 'Waiting for approval at the planning gate...' } })
    expect((await logsOf(body.sessionId)).map((entry) => entry.message)).toContainEqual(
      expect.stringContaining(`Waiting for approval at the planning gate before development (request ${planning.id})`),
    )

    // Active Tasks lists it as waiting.
    expect((await tasks()).find((task) => task.sessionId === body.sessionId)).toEqual({
      sessionId: body.sessionId,
      title: 'Build a todo web app',
      stage: 'structuring',
      percentage: planning.build?.percentage,
      message: 'Waiting for approval at the planning gate...',
      startedAt: expect.any(String),
      waitingForApproval: true,
      gate: 'planning',
      approvalId: planning.id,
    })

    const approved = await decide(planning.id, { decision: 'approve', comment: '  Looks right  ' })
    expect(approved.statusCode).toBe(200)
    const decided = approved.json<{ data: ApprovalBody }>().data
    expect(decided).toMatchObject({ id: planning.id, status: 'approved', comment: 'Looks right', decidedBy: { userId: operatorId, email: 'operator@example.com' } })
    expect(Math.abs(Date.parse(decided.decidedAt as string) - Date.now())).toBeLessThan(10_000)
    // The answer already shows the build going on: the stage after the gate starting, not the wait.
    expect(decided.build).toEqual({ ...planning.build, status: 'running', stage: 'development', percentage: 45, message: 'Writing and checking the code...' })

    // Deployment is enabled too: the build stops again before delivery.
    const deployment = await pendingFor(body.sessionId, 'deployment')
    expect(deployment).toMatchObject({ priority: 'High', category: 'deployment', build: { stage: 'assembly' }, context: { stage: 'delivery' } })
    expect(events.progress.some((event) => event.stage === 'delivery')).toBe(false)
    const delivering = await decide(deployment.id, { decision: 'approve' })
    expect(delivering.statusCode).toBe(200)
    expect(delivering.json<{ data: ApprovalBody }>().data.build).toMatchObject({ status: 'running', stage: 'delivery', percentage: 90, message: 'Packaging the archive...' })

    const response = await reply
    await events.ended
    expect(response.statusCode).toBe(200)
    const done = response.json<BuildReplyBody>()
    expect(done.zipUrl).toMatch(/^\/api\/overseer\/downloads\/[0-9a-f-]{36}$/)
    expect(events.progress.at(-1)).toMatchObject({ stage: 'delivery', percentage: 100 })
    expect(events.errors).toEqual([])
    expect((await tasks()).find((task) => task.sessionId === body.sessionId)).toBeUndefined()

    const logs = await logsOf(body.sessionId)
    expect(logs).toContainEqual({ level: 'OWNER', module: 'overseer-core', message: expect.stringContaining('operator@example.com approved the planning gate request') })
    expect(logs.map((entry) => entry.message)).toContainEqual(expect.stringContaining('Passed the deployment gate'))

    // Decided is final.
    const again = await decide(planning.id, { decision: 'deny' })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toEqual({ success: false, message: 'This approval request was already approved' })

    const decidedList = await list('?status=decided')
    expect(decidedList.data.slice(0, 2).map((approval) => approval.id)).toEqual([deployment.id, planning.id])
    expect(decidedList.data[0]?.build).toMatchObject({ status: 'completed', percentage: 100 })
    expect((await list('?status=pending')).data.find((approval) => approval.build?.sessionId === body.sessionId)).toBeUndefined()
  }, WHOLE_BUILD_MS)

  it('ends a denied build with an error event carrying the comment, and stores the conversation as error', async () => {
    const { visitor: bob, body, events, reply } = await startBuild('Create a REST API for invoices')
    const planning = await pendingFor(body.sessionId, 'planning')

    const denied = await decide(planning.id, { decision: 'deny', comment: 'Use the existing billing service instead' })
    expect(denied.statusCode).toBe(200)
    const message = 'The build was denied at the planning gate: Use the existing billing service instead'
    // The answer already shows the build stopping, with the message its owner gets.
    expect(denied.json<{ data: ApprovalBody }>().data).toMatchObject({
      status: 'denied',
      comment: 'Use the existing billing service instead',
      build: { stage: 'structuring', percentage: planning.build?.percentage, message },
    })

    const response = await reply
    await events.ended
    expect(response.statusCode).toBe(500)
    expect(response.json()).toMatchObject({ success: false, message, sessionId: body.sessionId, status: 'error' })
    expect(events.errors).toEqual([{ sessionId: body.sessionId, message }])
    expect(events.progress.some((event) => event.stage === 'development')).toBe(false)
    expect((await history(app, bob)).data[0]).toMatchObject({ status: 'error', error: message })

    const logs = await logsOf(body.sessionId)
    expect(logs).toContainEqual({ level: 'OWNER', module: 'overseer-core', message: expect.stringContaining('operator@example.com denied the planning gate request') })
    expect(logs).toContainEqual({ level: 'ERROR', module: 'overseer-core', message: expect.stringContaining(`Stopped at the planning gate: ${message}`) })
    expect((await decide(planning.id, { decision: 'approve' })).statusCode).toBe(409)

    // Without a comment the message is the sentence alone.
    const carol = await newVisitor(app)
    const second = buildRequest('Build a recipe web app')
    const secondReply = sendBuild(app, carol, second)
    await decide((await pendingFor(second.sessionId, 'planning')).id, { decision: 'deny', comment: '   ' })
    expect((await secondReply).json()).toMatchObject({ message: 'The build was denied at the planning gate.' })
  })

  it('shows at the development gate every file of a new build and the tests it ran in the sandbox; assembly does not run them again', async () => {
    const coding = await gatedApp({ approvalGates: ['development'] })
    await coding.listen({ port: 0, host: '127.0.0.1' })
    // Closed even when an expectation fails, so a build left waiting does not keep the tests running.
    try {
      const { body, events, reply } = await startBuild('Make a library of date helpers', coding)
      const development = await pendingFor(body.sessionId, 'development', coding)
      const { context } = development

      // The tests ran before the gate, in the development stage.
      const running = events.progress.filter((event) => event.message === 'Running the tests in the sandbox...')
      expect(running.map((event) => event.stage)).toEqual(['development'])
      expect(context.tests?.failed).toBe(0)
      expect(context.tests?.passed).toBeGreaterThan(0)
      expect(context.tests?.output).toMatch(/pass \d+/)
      expect(context.details).toContain(`Last test run in the sandbox: ${context.tests?.passed} passed, 0 failed`)

      // A new build's every file is added, against nothing (not against the template it came from).
      const files = context.files ?? []
      const { rows } = await db.query<{ id: string }>('select id from builds where session_id = $1', [body.sessionId])
      expect(context.details).toContain(`A new project: all ${files.length} files are added`)
      expect(files.length).toBeGreaterThan(3)
      expect(files.every((file) => file.status === 'added' && file.removed === 0 && file.added > 0 && file.cut === undefined)).toBe(true)
      const index = files.find((file) => file.path === 'src/index.js')
      expect(index).toMatchObject({ language: 'javascript' })
      expect(index?.hunks).toMatch(/^@@ -0,0 \+1,\d+ @@\n\+'use strict'\n/)
      expect(files.find((file) => file.path === 'package.json')).toMatchObject({ language: 'json' })

      const approved = await decide(development.id, { decision: 'approve' }, operator, coding)
      expect(approved.json<{ data: ApprovalBody }>().data.build).toMatchObject({ stage: 'assembly', percentage: 75, message: 'Assembling the project...' })
      const response = await reply
      await events.ended
      expect(response.statusCode).toBe(200)
      expect(response.json<BuildReplyBody>().reply).toContain(`**Tests:** ${context.tests?.passed} of ${context.tests?.passed} passed`)
      // One run: assembly took the development stage's result for the same files, and the build has one iteration.
      expect(events.progress.filter((event) => event.message === 'Running the tests in the sandbox...')).toHaveLength(1)
      const iterations = await db.query('select 1 from build_iterations where build_id = $1', [rows[0]?.id])
      expect(iterations.rows).toHaveLength(1)
    } finally {
      await coding.close()
    }
  }, WHOLE_BUILD_MS)

  it('ends a build that waits longer than APPROVAL_TIMEOUT_MS with a timeout event, and the request expires', async () => {
    const { visitor: dave, body, events, reply } = await startBuild('Make a library of date helpers', expiring)
    const response = await reply
    await events.ended

    const message = 'No decision was made at the development gate within 0.3 seconds. Please send the request again.'
    expect(response.statusCode).toBe(504)
    expect(response.json()).toMatchObject({ success: false, message, status: 'error' })
    expect(events.timeouts).toEqual([{ sessionId: body.sessionId, message }])
    expect(events.progress.at(-1)).toMatchObject({ stage: 'development', message: 'Waiting for approval at the development gate...' })
    expect((await history(expiring, dave)).data[0]).toMatchObject({ status: 'error', error: message })

    const expired = (await list('?status=decided', operator, expiring)).data.find((approval) => approval.build?.sessionId === body.sessionId)
    expect(expired).toMatchObject({ gate: 'development', status: 'expired', decidedBy: null, context: { stage: 'assembly' } })
    const late = await decide(expired?.id as string, { decision: 'approve' }, operator, expiring)
    expect(late.statusCode).toBe(409)
    expect(late.json()).toEqual({ success: false, message: 'This approval request was already expired' })
  })

  it('is not a stall: a build waits at a gate longer than the stage timeout, its heartbeat fresh', async () => {
    // A stage timeout the stages after the gate keep on a busy machine, and a wait well past it.
    const stageTimeoutMs = 3_000
    const patient = await gatedApp({ approvalGates: ['planning'], stageTimeoutMs }, { builds: { approvalHeartbeatMs: 50 } })
    const { reply, pending: planning } = await waitingBuild(patient, 'Build a notes web app', 'planning')
    const heartbeat = async () =>
      (await db.query<{ at: Date }>('select heartbeat_at as at from approval_requests where id = $1', [planning.id])).rows[0]?.at.getTime() ?? 0
    const first = await heartbeat()
    // Waiting for a person is the point: the build waits longer than a stage may run.
    await new Promise((resolve) => setTimeout(resolve, stageTimeoutMs + 500))
    expect(await heartbeat()).toBeGreaterThan(first)
    expect(await patient.builds.failAbandonedWaits()).toBe(0)
    expect((await decide(planning.id, { decision: 'approve' }, operator, patient)).statusCode).toBe(200)
    expect((await reply).statusCode).toBe(200)
    // The build went on: nothing waits on the request any more.
    expect((await db.query('select 1 from approval_requests where id = $1 and heartbeat_at is null', [planning.id])).rows).toHaveLength(1)
    await patient.close()
  }, WHOLE_BUILD_MS)

  it('fails a build from before builds kept their job, left waiting by a server that stopped, and cancels its request', async () => {
    const crashed = await gatedApp({ approvalGates: ['planning'] })
    const { visitor: frank, body, reply, pending: planning } = await waitingBuild(crashed, 'Build a habit tracker web app', 'planning')
    // Stored before migration 017: nothing to resume it from.
    await db.query('update builds set job = null where session_id = $1', [body.sessionId])

    // While its process lives (heartbeat fresh), a starting server leaves it alone.
    await app.builds.failStale()
    expect((await list('?status=pending')).data.map((approval) => approval.id)).toContain(planning.id)

    // Its process stopped without a word: no heartbeat for ten minutes.
    await db.query(`update approval_requests set heartbeat_at = now() - interval '10 minutes' where id = $1`, [planning.id])
    expect(await app.builds.failStale()).toBe(1)
    const interrupted = 'The build was interrupted (the server stopped). Please send the request again.'
    const { rows } = await db.query<{ status: string; error: string }>('select status, error from builds where session_id = $1', [body.sessionId])
    expect(rows[0]).toEqual({ status: 'error', error: interrupted })
    expect((await history(crashed, frank)).data[0]).toMatchObject({ status: 'error', error: interrupted })
    expect((await list('?status=all')).data.find((approval) => approval.id === planning.id)).toMatchObject({ status: 'cancelled', build: { status: 'error' } })
    expect((await decide(planning.id, { decision: 'approve' })).json()).toEqual({ success: false, message: 'This approval request was already cancelled' })
    expect((await tasks()).find((task) => task.sessionId === body.sessionId)).toBeUndefined()

    await crashed.close()
    expect((await reply).statusCode).toBe(500)
  })

  it('keeps the request of a build whose server shuts down: the server that takes the build over waits on it, and delivers once approved', async () => {
    const closing = await gatedApp({ approvalGates: ['deployment'] })
    const { visitor, body, reply, pending: deployment } = await waitingBuild(closing, 'Build a command line tool that renames files', 'deployment')
    await closing.close()
    // Not an end: the request is answered with what happens next, and the build keeps running.
    const suspended = await reply
    expect(suspended.statusCode).toBe(503)
    expect(suspended.json()).toMatchObject({ success: false, status: 'processing', sessionId: body.sessionId })
    expect((await list('?status=all')).data.find((approval) => approval.id === deployment.id)).toMatchObject({ status: 'pending', build: { status: 'running' } })

    // No heartbeat since: another server takes it over and waits at the gate on the same request.
    await db.query(`update builds set heartbeat_at = ${SILENT} where session_id = $1`, [body.sessionId])
    expect(await app.builds.adoptOrphans(60_000)).toBe(1)
    await until('wait at the deployment gate', async () => (await tasks()).find((task) => task.sessionId === body.sessionId)?.gate === 'deployment')
    expect((await list('?status=pending')).data.filter((approval) => approval.build?.sessionId === body.sessionId).map((approval) => approval.id)).toEqual([deployment.id])
    expect((await decide(deployment.id, { decision: 'approve' })).statusCode).toBe(200)
    await until('delivered build', async () => (await history(app, visitor)).data[0]?.status === 'completed')
    const { rows } = await db.query<{ status: string; attempts: number }>('select status, attempts from builds where session_id = $1', [body.sessionId])
    expect(rows[0]).toEqual({ status: 'completed', attempts: 2 })
  }, WHOLE_BUILD_MS)

  it('lets a decision made while a taken-over build reads its request count: it passes, and no new request is made', async () => {
    const closing = await gatedApp({ approvalGates: ['deployment'] })
    const { visitor, body, reply, pending: deployment } = await waitingBuild(closing, 'Build a command line tool that renames files', 'deployment')
    await closing.close()
    expect((await reply).statusCode).toBe(503)
    await db.query(`update builds set heartbeat_at = ${SILENT} where session_id = $1`, [body.sessionId])

    // The server that takes the build over: the request is approved just after it read it as pending, before it waits on it again.
    const REWAIT = "update approval_requests set heartbeat_at = now() where id = $1 and status = 'pending'"
    let decidedBetween = false
    const racing: Database = Object.assign(Object.create(db) as Database, {
      query: async <T,>(text: string, params?: readonly unknown[]) => {
        if (text.startsWith(REWAIT) && params?.[0] === deployment.id && !decidedBetween) {
          decidedBetween = true
          expect((await decide(deployment.id, { decision: 'approve' })).statusCode).toBe(200)
        }
        return db.query<T>(text, params)
      },
    })
    const next = await buildTestApp(racing, { ...chatConfig(), ...(await buildConfig({ approvalTimeoutMs: 20_000, approvalGates: ['deployment'], takeoverMs: TAKEOVER_MS })) })
    try {
      expect(await next.builds.adoptOrphans(60_000)).toBe(1)
      await until('delivered build', async () => (await history(next, visitor)).data[0]?.status === 'completed')
      expect(decidedBetween).toBe(true)
      const requests = await db.query<{ id: string; status: string }>(
        'select a.id, a.status from approval_requests a join builds b on b.id = a.build_id where b.session_id = $1',
        [body.sessionId],
      )
      expect(requests.rows).toEqual([{ id: deployment.id, status: 'approved' }])
    } finally {
      await next.close()
    }
  }, WHOLE_BUILD_MS)

  it('checks permissions, ids and bodies on every endpoint', async () => {
    const id = randomUUID()
    expect((await app.inject({ method: 'GET', url: '/api/architect/approvals' })).json()).toEqual(NOT_SIGNED_IN)
    expect((await app.inject({ method: 'GET', url: '/api/architect/approvals', headers: viewer })).json()).toEqual(FORBIDDEN)
    expect((await app.inject({ method: 'GET', url: '/api/architect/approvals?status=maybe', headers: operator })).statusCode).toBe(400)

    const anonymous = await decide(id, { decision: 'approve' }, {})
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.json()).toEqual(NOT_SIGNED_IN)
    const refused = await decide(id, { decision: 'approve' }, viewer)
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toEqual(FORBIDDEN)

    expect((await app.inject({ method: 'GET', url: '/api/architect/tasks' })).statusCode).toBe(401)
    expect((await app.inject({ method: 'GET', url: '/api/architect/tasks', headers: viewer })).json()).toEqual(FORBIDDEN)

    for (const unknown of [id, 'not-an-id']) {
      const response = await decide(unknown, { decision: 'approve' })
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({ success: false, message: 'Approval request not found' })
    }
    expect((await decide(id, { decision: 'maybe' })).statusCode).toBe(400)
    expect((await decide(id, {})).statusCode).toBe(400)
    expect((await decide(id, { decision: 'deny', comment: 'x'.repeat(1001) })).statusCode).toBe(400)

    // A session cookie from another site cannot decide (CSRF); a bearer token can.
    const token = operator.authorization?.replace('Bearer ', '') as string
    const crossSite = await decide(id, { decision: 'approve' }, { cookie: `overseer_session=${token}`, origin: 'https://evil.example' })
    expect(crossSite.statusCode).toBe(403)
    expect(crossSite.json<{ message: string }>().message).not.toBe(FORBIDDEN.message)
    expect((await decide(id, { decision: 'approve' }, { cookie: `overseer_session=${token}` })).statusCode).toBe(404)
  })
})

describe('the sample approval request (SEED_DEMO)', () => {
  it('is seeded once on a fresh database; deciding it only records the decision', async () => {
    const db = await openTestPglite()
    const app = await buildTestApp(db, { seedDemo: true })
    const users = new UserService(db, fastPasswords())
    await users.create({ email: 'admin@example.com', password: 'admin-password', roles: ['admin'] })
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'admin@example.com', password: 'admin-password' } })
    const headers = { authorization: `Bearer ${login.json<{ data: { token: string } }>().data.token}` }

    const pending = (await app.inject({ method: 'GET', url: '/api/architect/approvals', headers })).json<ListBody>()
    expect(pending.pagination.total).toBe(1)
    expect(pending.data[0]).toMatchObject({ title: DEMO_APPROVAL.title, category: 'planning', priority: 'Medium', status: 'pending', build: null, expiresAt: null })
    expect(pending.data[0]?.context.details.length).toBeGreaterThan(0)

    const decided = await app.inject({
      method: 'POST',
      url: `/api/architect/approvals/${pending.data[0]?.id as string}/decision`,
      headers,
      payload: { decision: 'deny', comment: 'Just trying' },
    })
    expect(decided.statusCode).toBe(200)
    expect(decided.json<{ data: ApprovalBody }>().data).toMatchObject({ status: 'denied', comment: 'Just trying', decidedBy: { email: 'admin@example.com' } })
    const { rows } = await db.query<{ message: string }>(`select message from agent_logs where level = 'OWNER' and message like 'admin@example.com denied%'`)
    expect(rows).toHaveLength(1)
    await app.close()

    // A restart does not bring it back.
    const again = await buildTestApp(db, { seedDemo: true })
    await again.ready()
    expect((await db.query('select 1 from approval_requests')).rows).toHaveLength(1)
    await again.close()
    await db.close()
  })
})
