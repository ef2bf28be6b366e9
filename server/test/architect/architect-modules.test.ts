import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { UserService } from '../../src/auth/userService'
import { busyModules, moduleStatuses } from '../../src/pipeline/moduleStatus'
import type { StageId } from '../../src/pipeline/stages'
import type { Database } from '../../src/db'
import { buildTestApp, databasesUnderTest, fastPasswords, SETUP_TIMEOUT_MS } from '../helper'
import { buildConfig, buildRequest, sendBuild } from '../support/builds'
import { chatConfig, newVisitor, type Headers } from '../support/chat'
import { signIn as signInAs } from '../support/auth'

interface ModuleBody {
  module: string
  name: string
  active: boolean
}

const IDLE = [
  { module: 'overseer-core', name: 'Overseer Core', active: false },
  { module: 'clarification-loop', name: 'Clarification Loop', active: false },
  { module: 'devloop-matrix', name: 'DevLoop Matrix', active: false },
  { module: 'assembly-agent', name: 'Assembly Agent', active: false },
]

const activeOnly = (module: string) => IDLE.map((tile) => ({ ...tile, active: tile.module === module }))

/** Polls until `done` holds (a build reaches a stage asynchronously); fails after 10 s. */
const eventually = async <T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> => {
  const deadline = Date.now() + 10_000
  for (;;) {
    const value = await read()
    if (done(value) || Date.now() > deadline) return value
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe.each(databasesUnderTest())('GET /api/architect/logs/modules on $name', ({ open }) => {
  let db: Database
  /** Builds stop at the start of the held stage until released. */
  let app: FastifyInstance
  /** Builds wait at the planning gate. */
  let gated: FastifyInstance
  let viewer: Headers
  let operator: Headers
  let held: { stage: StageId; reached: Promise<void>; arrive: () => void; open: Promise<void>; release: () => void } | undefined

  /** Builds of `app` stop at the start of `stage` (its progress already stored) until `release` is called. */
  const hold = (stage: StageId) => {
    let arrive: () => void = () => undefined
    let release: () => void = () => undefined
    const reached = new Promise<void>((resolve) => {
      arrive = resolve
    })
    const open = new Promise<void>((resolve) => {
      release = resolve
    })
    held = { stage, reached, arrive, open, release }
    return held
  }

  beforeAll(async () => {
    db = await open()
    app = await buildTestApp(
      db,
      { ...chatConfig(), ...(await buildConfig()) },
      {
        builds: {
          beforeStage: (stage) => {
            if (stage !== held?.stage) return Promise.resolve()
            held.arrive()
            return held.open
          },
        },
      },
    )
    gated = await buildTestApp(db, { ...chatConfig(), ...(await buildConfig({ approvalGates: ['planning'], approvalTimeoutMs: 20_000 })) })
    const users = new UserService(db, fastPasswords())
    await users.create({ email: 'viewer@example.com', password: 'viewer-password', roles: ['viewer'] })
    await users.create({ email: 'operator@example.com', password: 'operator-password', roles: ['operator'] })
    viewer = await signIn('viewer@example.com', 'viewer-password')
    operator = await signIn('operator@example.com', 'operator-password')
  }, SETUP_TIMEOUT_MS)

  afterEach(() => {
    held?.release()
    held = undefined
  })

  afterAll(async () => {
    await app.close()
    await gated.close()
    await db.close()
  })

  const signIn = (email: string, password: string) => signInAs(app, email, password)

  const modules = async (server = app): Promise<ModuleBody[]> => {
    const response = await server.inject({ method: 'GET', url: '/api/architect/logs/modules', headers: viewer })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    return response.json<{ success: true; data: ModuleBody[] }>().data
  }

  it('shows every module idle while no build runs', async () => {
    expect(await modules()).toEqual(IDLE)
  })

  it.each([
    ['classification', 'overseer-core'],
    ['clarification', 'clarification-loop'],
    ['development', 'devloop-matrix'],
    ['assembly', 'assembly-agent'],
  ] as const)('shows only the module of the stage a build runs (%s: %s), and all idle once it ends', async (stage, module) => {
    const { reached, release } = hold(stage)
    const build: Promise<LightMyRequestResponse> = sendBuild(app, await newVisitor(app), buildRequest('build a todo web app'))
    await reached
    expect(await modules()).toEqual(activeOnly(module))
    release()
    expect((await build).statusCode).toBe(200)
    expect(await modules()).toEqual(IDLE)
  })

  it('shows no tile active for the File Structure Planner, which has none', async () => {
    const { reached, release } = hold('structuring')
    const build = sendBuild(app, await newVisitor(app), buildRequest('build a todo web app'))
    await reached
    expect(await modules()).toEqual(IDLE)
    release()
    expect((await build).statusCode).toBe(200)
  })

  it('counts a build waiting at an approval gate as Overseer Core, which holds the gate', async () => {
    const build = sendBuild(gated, await newVisitor(gated), buildRequest('build a todo web app'))
    const tasks = await eventually(
      async () => (await gated.inject({ method: 'GET', url: '/api/architect/tasks', headers: operator })).json<{ data: { approvalId: string | null }[] }>().data,
      (list) => list.some((task) => task.approvalId !== null),
    )
    expect(await modules(gated)).toEqual(activeOnly('overseer-core'))
    const approvalId = tasks.find((task) => task.approvalId !== null)?.approvalId as string
    const denied = await gated.inject({ method: 'POST', url: `/api/architect/approvals/${approvalId}/decision`, headers: operator, payload: { decision: 'deny' } })
    expect(denied.statusCode).toBe(200)
    await build
    expect(await modules(gated)).toEqual(IDLE)
  })
})

describe('moduleStatuses', () => {
  it('marks each module busy in some running build, once', () => {
    const running = [
      { stage: 'development', waitingGate: null },
      { stage: 'development', waitingGate: null },
      { stage: 'market_analysis', waitingGate: null },
      { stage: 'delivery', waitingGate: null },
    ] as const
    expect([...busyModules(running)].sort()).toEqual(['clarification-loop', 'devloop-matrix', 'overseer-core'])
    expect(moduleStatuses(running).map((tile) => tile.active)).toEqual([true, true, true, false])
  })
})
