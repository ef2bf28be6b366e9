import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createSandbox, SANDBOX_MESSAGES, type Sandbox } from '../../src/sandbox'
import { missingProblem } from '../../src/sandbox/install'
import type { BuildEventDetail } from '@contracts/buildEvents'
import type { BuildIteration } from '../../src/pipeline/state'
import { describeGate } from '../../src/pipeline/gates/approvals'
import { OFFLINE_STAGES } from '../../src/pipeline/offlineStages'
import { QA_MESSAGES } from '../../src/pipeline/qa'
import type { BuildState, StageContext, StageWork } from '../../src/pipeline/state'
import { openTestPglite, useTestApp } from '../helper'
import type { Database } from '../../src/db'
import { archiveStore } from '../../src/generation/archiveStore'
import { buildConfig, buildRequest, NO_ARCHIVE, sendBuild, storedArchive, TEST_SANDBOX_LIMITS, type BuildReplyBody } from '../support/builds'
import { chatConfig, newVisitor } from '../support/chat'
import { connectSocket, followBuild } from '../support/sockets'
import type { Socket } from 'socket.io-client'

/** The offline engine's development, with one of the project's tests broken. */
const brokenDevelopment: StageWork = async (context) => {
  const result = await OFFLINE_STAGES.development(context)
  context.state.files = [
    ...(context.state.files ?? []),
    {
      path: 'test/broken.test.js',
      content: "'use strict'\nconst test = require('node:test')\nconst assert = require('node:assert/strict')\n\ntest('totals add up', () => assert.equal(1 + 1, 3))\n",
    },
  ]
  return result
}

const clients: Socket[] = []
afterAll(() => {
  for (const client of clients) client.disconnect()
})

describe('QA before delivery: the tests run in the sandbox', () => {
  const passing = useTestApp({ config: async () => ({ ...chatConfig(), ...(await buildConfig()) }), listen: true })
  const failing = useTestApp({
    config: async () => ({ ...chatConfig(), ...(await buildConfig()) }),
    options: { builds: { stages: { ...OFFLINE_STAGES, development: brokenDevelopment } } },
    listen: true,
  })

  it('delivers a project only with passing tests, and says how many passed', async () => {
    const owner = await newVisitor(passing.app)
    const response = await sendBuild(passing.app, owner, buildRequest('Build a CLI that counts words in a file'))
    expect(response.statusCode).toBe(200)
    const { reply } = response.json<BuildReplyBody>()
    const counts = /\*\*Tests:\*\* (\d+) of (\d+) passed, run in the sandbox before delivery\./.exec(reply)
    expect(counts?.[1]).toBe(counts?.[2])
    expect(Number(counts?.[1])).toBeGreaterThan(0)
    const { rows } = await passing.db.query<{ message: string }>(`select message from agent_logs where module = 'assembly-agent' and message like '%QA:%'`)
    expect(rows.map((row) => row.message).join('\n')).toMatch(/QA: \d+ of \d+ tests passed in the sandbox \(bwrap/)
  })

  it('ends a build whose tests fail with an error naming them, and no archive', async () => {
    const owner = await newVisitor(failing.app)
    const body = buildRequest('Build a library to format prices')
    const events = await followBuild(await connectSocket(failing.app, { headers: owner }, clients), body.sessionId)
    const response = await sendBuild(failing.app, owner, body)
    await events.ended
    expect(response.statusCode).toBe(500)
    const message = response.json<{ message: string }>().message
    expect(message).toMatch(/^The project's tests failed \(1 of \d+ failing: .*totals add up.*\), so it was not delivered\.$/)
    expect(events.errors).toEqual([{ sessionId: body.sessionId, message }])
    expect(events.progress.map((event) => event.stage).at(-1)).toBe('assembly')
    expect(await storedArchive(failing.db, { sessionId: body.sessionId })).toEqual(NO_ARCHIVE)
  })
})

describe('QA without a sandbox', () => {
  // bwrap cannot be found while this app starts: its sandbox is unavailable, as on a machine without bubblewrap.
  let savedPath: string | undefined
  /** The sandbox's problem on this machine without its commands: what is missing, and the one command to run. */
  let problem = ''
  beforeAll(async () => {
    savedPath = process.env.PATH
    process.env.PATH = await mkdtemp(path.join(tmpdir(), 'overseer-no-bwrap-'))
    const missing = missingProblem(process.env.PATH)
    problem = SANDBOX_MESSAGES.missing(missing?.missing ?? [], missing?.advice ?? '')
  })
  const unsandboxed = useTestApp({
    config: async () => ({ ...chatConfig(), ...(await buildConfig()) }),
    options: {
      builds: {
        stages: {
          ...OFFLINE_STAGES,
          // As a model's development loop does, mark the code model-written: it never runs unconfined.
          development: async (context) => {
            const result = await OFFLINE_STAGES.development(context)
            if (context.state.request.includes('model-written')) context.state.modelWritten = true
            return result
          },
        },
      },
    },
  })
  beforeAll(() => {
    process.env.PATH = savedPath
  })

  it("delivers a template's project, saying its tests were not run", async () => {
    const owner = await newVisitor(unsandboxed.app)
    const response = await sendBuild(unsandboxed.app, owner, buildRequest('Build a todo web app'))
    expect(response.statusCode).toBe(200)
    const { reply } = response.json<BuildReplyBody>()
    expect(reply).toContain(`**Tests:** ${QA_MESSAGES.notRun(problem)}`)
    // The reply says exactly what to run, as the server said at start (this machine has apt-get).
    expect(reply).toMatch(/run `(sudo )?apt-get install -y bubblewrap util-linux`/)
  })

  it('fails a build with model-written code, saying why', async () => {
    const owner = await newVisitor(unsandboxed.app)
    const response = await sendBuild(unsandboxed.app, owner, buildRequest('Build a model-written todo web app'))
    expect(response.statusCode).toBe(500)
    expect(response.json<{ message: string }>().message).toBe(QA_MESSAGES.noSandbox(problem))
  })
})

describe('the offline engine tests the project before the development gate', () => {
  // The stages run here end before delivery: nothing is stored, but the context carries a real store.
  let db: Database
  beforeAll(async () => {
    db = await openTestPglite()
  })
  afterAll(() => db.close())

  /** The stages up to development of `request`, run in order on one state, as the pipeline does; what they logged, progressed and recorded. */
  const runStages = async (request: string, sandbox: Sandbox, stages: readonly (keyof typeof OFFLINE_STAGES)[]) => {
    const state: BuildState = { request }
    const logs: string[] = []
    const progress: string[] = []
    const iterations: BuildIteration[] = []
    const steps: BuildEventDetail[] = []
    const context = (): StageContext => ({
      buildId: 'b1',
      state,
      signal: new AbortController().signal,
      archives: archiveStore(db),
      log: async (level, message) => void logs.push(`${level} ${message}`),
      progress: async (_fraction, message) => void progress.push(message),
      sandbox,
      untimed: (work) => work(),
      recordIteration: async (iteration) => void iterations.push(iteration),
      record: async (detail) => void steps.push(detail),
    })
    for (const stage of stages) await OFFLINE_STAGES[stage](context())
    return { state, logs, progress, iterations, next: (stage: keyof typeof OFFLINE_STAGES) => OFFLINE_STAGES[stage](context()) }
  }
  const UP_TO_DEVELOPMENT = ['classification', 'clarification', 'market_analysis', 'structuring', 'development'] as const

  /** The real sandbox, counting its runs. */
  const countingSandbox = async () => {
    const real = await createSandbox('bwrap', TEST_SANDBOX_LIMITS)
    const counted = { runs: 0 }
    const sandbox: Sandbox = { ...real, runTests: (dir, signal) => ((counted.runs += 1), real.runTests(dir, signal)) }
    return { sandbox, counted }
  }

  it('runs the tests in the development stage, and assembly takes their result for the same files: one run, one iteration', async () => {
    const { sandbox, counted } = await countingSandbox()
    const build = await runStages('Make a library of date helpers', sandbox, UP_TO_DEVELOPMENT)
    expect(counted.runs).toBe(1)
    expect(build.progress).toContain('Running the tests in the sandbox...')
    const { state } = build
    expect(state.tests).toMatchObject({ ran: true, failed: 0, failing: [] })
    expect(state.loopTests?.passed).toBeGreaterThan(0)
    expect(state.loopTests?.output).toContain('pass')
    expect(build.iterations).toHaveLength(1)
    expect(build.iterations[0]).toMatchObject({ number: 1, passed: state.loopTests?.passed, failed: 0, promptTokens: 0, completionTokens: 0 })

    // What the development gate shows: the counts and the output, before any approval.
    const { context } = describeGate('development', { stage: 'assembly', state })
    expect(context.tests).toEqual(state.loopTests)
    expect(context.details).toContain(`Last test run in the sandbox: ${state.loopTests?.passed} passed, 0 failed`)

    await build.next('assembly')
    expect(counted.runs).toBe(1)
    expect(build.iterations).toHaveLength(1)
    expect(build.logs.filter((line) => line.includes('QA:')).at(-1)).toMatch(/^INFO QA: \d+ of \d+ tests passed in the sandbox \(bwrap, \d+ ms\) in the development stage, on these same files$/)
  })

  it('runs them again in assembly when the files changed after the development stage', async () => {
    const { sandbox, counted } = await countingSandbox()
    const build = await runStages('Make a library of date helpers', sandbox, UP_TO_DEVELOPMENT)
    const passed = build.state.loopTests?.passed ?? 0
    build.state.files = [
      ...(build.state.files ?? []),
      { path: 'test/extra.test.js', content: "'use strict'\nconst test = require('node:test')\n\ntest('one more', () => {})\n" },
    ]
    await build.next('assembly')
    expect(counted.runs).toBe(2)
    expect(build.state.tests).toMatchObject({ ran: true, passed: passed + 1, failed: 0 })
    // Still the build's one iteration.
    expect(build.iterations).toHaveLength(1)
  })

  it('says why the tests did not run without a sandbox, and assembly does not try again', async () => {
    const problem = SANDBOX_MESSAGES.missing(['bwrap'], 'run `sudo apt-get install -y bubblewrap`')
    let runs = 0
    const unavailable: Sandbox = {
      mode: 'unavailable',
      problem,
      limits: TEST_SANDBOX_LIMITS,
      runTests: async () => ((runs += 1), Promise.reject(new Error('no sandbox'))),
      serve: () => Promise.reject(new Error('no sandbox')),
    }
    const build = await runStages('Build a command line tool that renames files', unavailable, UP_TO_DEVELOPMENT)
    expect(build.state.testsNotRun).toBe(problem)
    const { context } = describeGate('development', { stage: 'assembly', state: build.state })
    expect(context.details).toContain(`Tests not run, since there is no sandbox: ${problem}`)
    expect(context.testsNotRun).toBe(problem)
    await build.next('assembly')
    expect(build.state.tests).toEqual({ ran: false, reason: QA_MESSAGES.notRun(problem) })
    expect(build.logs.filter((line) => line.startsWith('WARNING The tests were not run'))).toHaveLength(1)
    expect(runs).toBe(0)
    expect(build.iterations).toEqual([])
  })
})
