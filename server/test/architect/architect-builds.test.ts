import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { BuildDetail, BuildListPage } from '@contracts/architectBuilds'
import type { BuildEventsPage } from '@contracts/buildEvents'
import type { LogsPage } from '@contracts/logs'
import type { Static } from 'typebox'
import { UserService } from '../../src/auth/userService'
import type { Database } from '../../src/db'
import { STAGE_IDS } from '../../src/pipeline/stages'
import { buildTestApp, databasesUnderTest, fastPasswords, SETUP_TIMEOUT_MS } from '../helper'
import { signIn } from '../support/auth'
import { buildConfig, buildRequest, sendBuild } from '../support/builds'
import { chatConfig, newVisitor, type Headers } from '../support/chat'

type ListBody = BuildListPage
type DetailBody = BuildDetail
type LogsBody = Static<typeof LogsPage>

describe.each(databasesUnderTest())('the Builds page’s API on $name', ({ open }) => {
  let db: Database
  let app: FastifyInstance
  let operator: Headers
  let viewer: Headers
  /** The two offline builds, in the order they ran. */
  const built: { sessionId: string; request: string }[] = []

  const list = (headers: Headers, query = '') => app.inject({ method: 'GET', url: `/api/architect/builds${query}`, headers })
  const detail = (headers: Headers, sessionId: string) => app.inject({ method: 'GET', url: `/api/architect/builds/${sessionId}`, headers })

  /** A build row written as a build that ended long ago, without a conversation (no request kept). */
  const pastBuild = async (status: 'error' | 'stopped' | 'completed', name: string | null, minutesAgo: number) => {
    const sessionId = randomUUID()
    await db.query(
      `insert into builds (id, session_id, owner_key, model, status, kind, name, stage, percentage, message, created_at, updated_at, finished_at)
       values ($1, $2, 'visitor:feed', 'overseer-local', $3, $4, $5, 'development', 60, 'ended', now() - make_interval(mins => $6),
               now() - make_interval(mins => $6), now() - make_interval(mins => $6) + interval '90 seconds')`,
      [randomUUID(), sessionId, status, name ? 'cli' : null, name, minutesAgo],
    )
    return sessionId
  }

  beforeAll(async () => {
    db = await open()
    app = await buildTestApp(db, { ...chatConfig(), ...(await buildConfig()) })
    const users = new UserService(db, fastPasswords())
    await users.create({ email: 'operator@example.com', password: 'operator-password', roles: ['operator'] })
    await users.create({ email: 'viewer@example.com', password: 'viewer-password', roles: ['viewer'] })
    operator = await signIn(app, 'operator@example.com', 'operator-password')
    viewer = await signIn(app, 'viewer@example.com', 'viewer-password')

    // One build by a visitor, then one by a staff member; the request's first line is the title.
    const byVisitor = buildRequest('Build a REST API for a bookshop with books and authors\nAuthors have a name.')
    expect((await sendBuild(app, await newVisitor(app), byVisitor)).statusCode).toBe(200)
    built.push({ sessionId: byVisitor.sessionId, request: 'Build a REST API for a bookshop with books and authors' })
    const byStaff = buildRequest('Make a command-line tool that counts words')
    expect((await sendBuild(app, operator, byStaff)).statusCode).toBe(200)
    built.push({ sessionId: byStaff.sessionId, request: 'Make a command-line tool that counts words' })
  }, SETUP_TIMEOUT_MS * 3)

  afterAll(async () => {
    await app.close()
    await db.close()
  })

  it('lists builds to an operator, refuses a viewer (403) and a visitor without a session (401)', async () => {
    expect((await list(operator)).statusCode).toBe(200)
    expect((await list(viewer)).statusCode).toBe(403)
    expect((await list({})).statusCode).toBe(401)
    expect((await list(await newVisitor(app))).statusCode).toBe(401)
    const [sessionId] = built.map((build) => build.sessionId) as [string]
    expect((await detail(operator, sessionId)).statusCode).toBe(200)
    expect((await detail(viewer, sessionId)).statusCode).toBe(403)
    expect((await detail({}, sessionId)).statusCode).toBe(401)
  })

  it('lists every build newest first with its owner kind, title, kind, status, duration, iterations, tokens and cost, never its owner', async () => {
    const response = await list(operator)
    const body = response.json<ListBody>()
    const ours = body.data.filter((build) => built.some((b) => b.sessionId === build.sessionId))
    expect(ours.map((build) => build.sessionId)).toEqual([built[1]?.sessionId, built[0]?.sessionId])
    const [staff, visitor] = ours as [ListBody['data'][number], ListBody['data'][number]]
    expect(visitor).toMatchObject({ ownerKind: 'visitor', title: built[0]?.request, kind: 'http-api', status: 'completed', model: 'overseer-local' })
    expect(staff).toMatchObject({ ownerKind: 'staff', title: built[1]?.request, kind: 'cli', status: 'completed', costUsd: 0 })
    for (const build of ours) {
      expect(build.iterations).toBeGreaterThanOrEqual(1)
      expect(build.tokens).toBe(build.promptTokens + build.completionTokens)
      expect(build.tokens).toBeGreaterThan(0)
      expect(build.durationMs).toBeGreaterThan(0)
      expect(build.finishedAt).not.toBeNull()
    }
    expect(response.body).not.toMatch(/visitor:|user:|operator@example\.com/)
  })

  it('filters by status, searches titles (ignoring case, literally) and refuses bad input with 400', async () => {
    const failed = await pastBuild('error', 'wordcount', 60)
    const stopped = await pastBuild('stopped', null, 61)

    const errors = (await list(operator, '?status=error')).json<ListBody>()
    expect(errors.data.map((build) => build.sessionId)).toEqual([failed])
    // Neither a request nor a conversation is kept: the project's name, else a placeholder.
    expect(errors.data[0]).toMatchObject({ title: 'wordcount', status: 'error', durationMs: 90_000, iterations: 0, tokens: 0 })
    expect((await list(operator, '?status=stopped')).json<ListBody>().data).toMatchObject([{ sessionId: stopped, title: 'Build request' }])

    const found = (await list(operator, `?search=${encodeURIComponent('  BOOKSHOP ')}`)).json<ListBody>()
    expect(found.data.map((build) => build.sessionId)).toEqual([built[0]?.sessionId])
    expect(found.pagination).toMatchObject({ page: 1, pages: 1, total: 1 })
    expect((await list(operator, '?search=%25')).json<ListBody>().data).toEqual([])
    expect((await list(operator, '?status=completed&search=counts')).json<ListBody>().data.map((build) => build.sessionId)).toEqual([built[1]?.sessionId])

    for (const query of ['?status=done', '?page=0', '?page=abc', '?page=100001', `?search=${'a'.repeat(201)}`]) {
      const response = await list(operator, query)
      expect(response.statusCode).toBe(400)
      expect(response.json<{ success: boolean }>().success).toBe(false)
    }
    expect((await detail(operator, 'not a session')).statusCode).toBe(400)
    expect((await detail(operator, randomUUID())).statusCode).toBe(404)
  })

  it('pages 20 builds at a time, newest first', async () => {
    const older = []
    for (let minutes = 0; minutes < 21; minutes++) older.push(await pastBuild('completed', `paged-${minutes}`, 120 + minutes))
    const first = (await list(operator, '?status=completed')).json<ListBody>()
    expect(first.data).toHaveLength(20)
    const total = first.pagination.total
    expect(total).toBe(23)
    expect(first.pagination).toMatchObject({ page: 1, pages: 2, limit: 20 })
    const second = (await list(operator, '?status=completed&page=2')).json<ListBody>()
    expect(second.data.map((build) => build.sessionId)).toEqual(older.slice(-3))
    const all = [...first.data, ...second.data].map((build) => Date.parse(build.startedAt))
    expect(all).toEqual([...all].sort((a, b) => b - a))
    expect((await list(operator, '?status=completed&page=9')).json<ListBody>()).toMatchObject({ data: [], pagination: { page: 9, pages: 2 } })
  })

  it('answers one build’s trace: its stages with start, duration and tokens, its iterations and its log entries', async () => {
    const sessionId = built[0]?.sessionId ?? ''
    const body = (await detail(operator, sessionId)).json<DetailBody>()
    expect(body.data.build).toMatchObject({ sessionId, ownerKind: 'visitor', status: 'completed' })
    expect(body.data.stages.map((stage) => stage.stage)).toEqual([...STAGE_IDS])
    for (const stage of body.data.stages) {
      expect(stage.status).toBe('completed')
      expect(stage.durationMs).toBeGreaterThanOrEqual(0)
      expect(Date.parse(stage.startedAt)).toBeGreaterThanOrEqual(Date.parse(body.data.build.startedAt) - 1000)
    }
    const tokens = body.data.stages.reduce((sum, stage) => sum + stage.promptTokens + stage.completionTokens, 0)
    expect(tokens).toBe(body.data.build.tokens)
    expect(body.data.iterations).toHaveLength(body.data.build.iterations)
    expect(body.data.iterations[0]).toMatchObject({ iteration: 1, failed: 0 })
    expect(body.data.iterations[0]?.passed).toBeGreaterThan(0)
    expect(body.data.logs.length).toBeGreaterThan(0)
    for (const entry of body.data.logs) expect(entry.sessionId).toBe(sessionId)
    const times = body.data.logs.map((entry) => Date.parse(entry.timestamp))
    expect(times).toEqual([...times].sort((a, b) => a - b))

    // Its steps are the events an operator reads from the timeline's endpoint.
    const events = (await app.inject({ method: 'GET', url: `/api/overseer/builds/${sessionId}/events`, headers: operator })).json<BuildEventsPage>()
    expect(events.data.events.filter((event) => event.type === 'stage_ended')).toHaveLength(STAGE_IDS.length)
  })

  it('links each agent log entry of a build to its trace by the build’s sessionId', async () => {
    await new UserService(db, fastPasswords()).create({
      email: 'logs@example.com',
      password: 'logs-password',
      permissions: ['architect.access', 'architect.logs'],
    })
    const staff = await signIn(app, 'logs@example.com', 'logs-password')
    const body = (await app.inject({ method: 'GET', url: '/api/architect/logs?search=Build%20started', headers: staff })).json<LogsBody>()
    const sessions = body.data.map((entry) => entry.sessionId)
    for (const { sessionId } of built) expect(sessions).toContain(sessionId)
    for (const entry of body.data) expect(entry.sessionId === null).toBe(entry.buildId === null)
  })
})
