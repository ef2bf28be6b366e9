import type { FastifyInstance } from 'fastify'
import type { Socket } from 'socket.io-client'
import type { BuildEvent } from '@contracts/buildEvents'
import type { Database } from '../../src/db'
import { BUILD_MESSAGES } from '../../src/pipeline/runner'
import { RETRY_MESSAGES } from '../../src/builds/service'
import { CHECKPOINT_MESSAGES } from '../../src/pipeline/checkpoint'
import { buildTestApp, databasesUnderTest, SETUP_TIMEOUT_MS } from '../helper'
import { buildConfig, buildRequest, sendBuild, unzip, type BuildReplyBody } from '../support/builds'
import { fakeModelChatConfig, history, newVisitor, type Headers } from '../support/chat'
import { byPrompt, byTurn, DEVELOPER_PROMPT, FakeLlm, hang, streamed, streamedToolCalls, type FakeHandler, type FakeToolCall, type FakeUsage } from '../support/fakeLlm'
import { until } from '../support/processes'
import { connectSocket, followBuild } from '../support/sockets'

/**
 * Durable builds in one process: a build whose server shuts down in the middle of its development
 * stage goes on from its last checkpoint in the server that takes it over (the stage starts again,
 * what the lost attempt spent is counted once), and a failed build is retried from the stage that
 * failed. The model is the fake OpenAI-compatible server. (Killed processes: test/scale.)
 */
const CLASSIFY = /You classify requests/
const REQUEST = 'Build a JavaScript library with a function sum(a, b) that adds two numbers'

const BROKEN_SUM = "'use strict'\n\nconst sum = (a, b) => a - b\n\nmodule.exports = { sum }\n"
const FIXED_SUM = "'use strict'\n\nconst sum = (a, b) => a + b\n\nmodule.exports = { sum }\n"
const SUM_TEST = `'use strict'

const test = require('node:test')
const assert = require('node:assert/strict')
const { sum } = require('../src/sum')

test('sum adds two numbers', () => {
  assert.equal(sum(2, 3), 5)
})
`
const write = (filePath: string, content: string): FakeToolCall => ({ name: 'write_file', arguments: { path: filePath, content } })
const call = (name: string, args: FakeToolCall['arguments'] = {}): FakeToolCall => ({ name, arguments: args })
const usage = (prompt: number, completion: number): FakeUsage => ({ prompt_tokens: prompt, completion_tokens: completion })

/** A development loop that writes working code, tests it and finishes: 3 model calls. */
const WORKING: FakeHandler[] = [
  streamedToolCalls([write('src/sum.js', FIXED_SUM), write('test/sum.test.js', SUM_TEST)], { usage: usage(1_000, 200) }),
  streamedToolCalls([call('run_tests')], { usage: usage(1_200, 5) }),
  streamedToolCalls([call('finish', { summary: 'Added sum(a, b) with its test.' })], { usage: usage(1_400, 20) }),
]

/** A development loop that writes broken code and tests it: with one iteration allowed, the budget is spent. */
const BROKEN: FakeHandler[] = [
  streamedToolCalls([write('src/sum.js', BROKEN_SUM), write('test/sum.test.js', SUM_TEST)], { usage: usage(1_000, 200) }),
  streamedToolCalls([call('run_tests')], { usage: usage(1_200, 5) }),
]

/** The model: a library, a short note for each planning stage, and in development whatever `development` answers. */
const model = (development: FakeHandler): FakeHandler =>
  byPrompt([[DEVELOPER_PROMPT, development], [CLASSIFY, streamed(['library'], { usage: usage(90, 1) })]], streamed(['- Assumes numbers in, a number out'], { usage: usage(95, 9) }))

describe.each(databasesUnderTest())('durable builds on $name', ({ open }) => {
  let db: Database
  let fake: FakeLlm
  const apps: FastifyInstance[] = []
  const clients: Socket[] = []

  beforeAll(async () => {
    db = await open()
    fake = await FakeLlm.start()
  }, SETUP_TIMEOUT_MS)

  afterAll(async () => {
    for (const client of clients) client.disconnect()
    for (const app of apps) await app.close()
    await fake.close()
    await db.close()
  })

  beforeEach(() => fake.reset())

  /** A server on the shared database whose builds use the fake as their model's provider. */
  const modelApp = async (builds: Parameters<typeof buildConfig>[0] = {}): Promise<FastifyInstance> => {
    const app = await buildTestApp(db, { ...fakeModelChatConfig(fake.baseUrl), ...(await buildConfig(builds)) }, { chat: { remote: { backoffMs: 10 } } })
    await app.listen({ port: 0, host: '127.0.0.1' })
    apps.push(app)
    return app
  }

  const buildRow = async (sessionId: string) =>
    (
      await db.query<{ id: string; status: string; attempts: number; retry_stage: string | null; heartbeat_at: Date | null }>(
        'select id, status, attempts, retry_stage, heartbeat_at from builds where session_id = $1',
        [sessionId],
      )
    ).rows[0]

  const stageTokens = async (buildId: string) =>
    Object.fromEntries(
      (
        await db.query<{ stage: string; prompt: number; completion: number }>(
          'select stage, prompt_tokens::int as prompt, completion_tokens::int as completion from build_stages where build_id = $1',
          [buildId],
        )
      ).rows.map((row) => [row.stage, { prompt: row.prompt, completion: row.completion }]),
    )

  const eventsOf = async (app: FastifyInstance, sessionId: string, headers: Headers): Promise<BuildEvent[]> =>
    (await app.inject({ method: 'GET', url: `/api/overseer/builds/${sessionId}/events`, headers })).json<{ data: { events: BuildEvent[] } }>().data.events

  const retry = (app: FastifyInstance, sessionId: string, headers: Headers) => app.inject({ method: 'POST', url: `/api/overseer/builds/${sessionId}/retry`, headers })

  it('goes on from its last checkpoint when its server shuts down in the middle of development: the stage starts again, nothing before it runs twice, the lost attempt counted once', async () => {
    const closing = await modelApp()
    const next = await modelApp()
    // The first attempt writes the files (its tokens spent), then its server goes down while it waits for the model.
    let developerCalls = 0
    let reachedSecondTurn: () => void = () => undefined
    const secondTurn = new Promise<void>((resolve) => (reachedSecondTurn = resolve))
    fake.fallback = model((request, response) => {
      developerCalls += 1
      if (developerCalls === 2) {
        reachedSecondTurn()
        return hang()(request, response)
      }
      return byTurn(WORKING)(request, response)
    })
    const visitor = await newVisitor(closing)
    const body = buildRequest(REQUEST, { model: 'fake-small' })
    const followed = await followBuild(await connectSocket(next, { headers: visitor }, clients), body.sessionId)
    const reply = sendBuild(closing, visitor, body)
    await secondTurn
    const before = await buildRow(body.sessionId)
    if (!before) throw new Error('no build row')
    const planned = await stageTokens(before.id)
    const classificationCalls = fake.completions.filter((request) => JSON.stringify(request.body).includes('You classify requests')).length

    await closing.close()
    // Not an end: the request is told the build goes on, and nothing is failed.
    const suspended = await reply
    expect(suspended.statusCode).toBe(503)
    expect(suspended.json()).toEqual({ success: false, message: BUILD_MESSAGES.suspended, conversationId: expect.any(String), sessionId: body.sessionId, status: 'processing' })
    expect(await buildRow(body.sessionId)).toMatchObject({ status: 'running', attempts: 1 })

    // Its heartbeat lapses: the other server takes it over, from the checkpoint after structuring.
    await db.query(`update builds set heartbeat_at = now() - interval '1 minute' where id = $1`, [before.id])
    expect(await next.builds.adoptOrphans(30_000)).toBe(1)
    // Taken once: a second look finds nothing to take.
    expect(await next.builds.adoptOrphans(30_000)).toBe(0)
    await until('the resumed build to be delivered', async () => (await buildRow(body.sessionId))?.status === 'completed', 60_000)

    // The conversation got the result; the stages before development did not run again.
    const conversation = (await history(next, visitor)).data[0]
    expect(conversation).toMatchObject({ status: 'completed' })
    expect(fake.completions.filter((request) => JSON.stringify(request.body).includes('You classify requests'))).toHaveLength(classificationCalls)
    expect(await buildRow(body.sessionId)).toMatchObject({ status: 'completed', attempts: 2 })

    // Its progress went on in the same room, saying so; its timeline has no gap and says where it resumed.
    await until('the delivery to reach the room', () => followed.progress.some((event) => event.percentage === 100))
    expect(followed.progress.map((event) => event.message)).toContain(BUILD_MESSAGES.resumed('development'))
    expect(followed.progress.at(-1)).toMatchObject({ percentage: 100, message: BUILD_MESSAGES.ready })
    const events = await eventsOf(next, body.sessionId, visitor)
    expect(events.map((event) => event.id)).toEqual(events.map((_, index) => index + 1))
    const resumed = events.find((event) => event.type === 'resumed')
    expect(resumed).toMatchObject({ stage: 'development', reason: 'interrupted', attempt: 2 })
    expect(events.filter((event) => event.type === 'stage_started' && event.stage === 'classification')).toHaveLength(1)
    expect(events.filter((event) => event.type === 'stage_started' && event.stage === 'development')).toHaveLength(2)

    // Tokens: the stages before development kept theirs; development counts the lost attempt's first call (1,000 + 200) once, and the new attempt's three.
    const after = await stageTokens(before.id)
    for (const stage of ['classification', 'clarification', 'market_analysis', 'structuring']) expect(after[stage]).toEqual(planned[stage])
    expect(after.development).toEqual({ prompt: 1_000 + 1_000 + 1_200 + 1_400, completion: 200 + 200 + 5 + 20 })
    const modelCalls = events.filter((event): event is Extract<BuildEvent, { type: 'model_call' }> => event.type === 'model_call' && event.stage === 'development')
    expect(modelCalls.reduce((sum, event) => sum + event.promptTokens, 0)).toBe(after.development?.prompt)
    // Its iterations are numbered on from the lost attempt's.
    const { rows: iterations } = await db.query<{ iteration: number; passed: number }>('select iteration, passed from build_iterations where build_id = $1 order by iteration', [before.id])
    expect(iterations.at(-1)?.passed).toBeGreaterThan(0)

    // Its archive holds the model's code.
    const stored = await next.inject({ method: 'GET', url: `/api/overseer/builds/${body.sessionId}`, headers: visitor })
    const zipUrl = stored.json<{ data: { zipUrl: string } }>().data.zipUrl
    const entries = await unzip((await next.inject({ method: 'GET', url: zipUrl, headers: visitor })).rawPayload)
    expect(entries.find((entry) => entry.name.endsWith('/src/sum.js'))?.content.toString('utf8')).toBe(FIXED_SUM)
  }, 120_000)

  it('does not resume a build whose conversation its owner deleted while its server was down: it is stopped', async () => {
    const closing = await modelApp()
    const next = await modelApp()
    let reachedDevelopment: () => void = () => undefined
    const development = new Promise<void>((resolve) => (reachedDevelopment = resolve))
    fake.fallback = model((request, response) => {
      reachedDevelopment()
      return hang()(request, response)
    })
    const visitor = await newVisitor(closing)
    const body = buildRequest(REQUEST, { model: 'fake-small' })
    const reply = sendBuild(closing, visitor, body)
    await development
    await closing.close()
    const { conversationId } = (await reply).json<{ conversationId: string }>()
    expect((await next.inject({ method: 'DELETE', url: `/api/overseer-dev/chat/history/${conversationId}`, headers: visitor })).statusCode).toBe(200)
    const row = await buildRow(body.sessionId)
    await db.query(`update builds set heartbeat_at = now() - interval '1 minute' where id = $1`, [row?.id])
    const developerCalls = fake.completions.length
    expect(await next.builds.adoptOrphans(30_000)).toBe(0)
    expect(await buildRow(body.sessionId)).toMatchObject({ status: 'stopped' })
    expect(fake.completions).toHaveLength(developerCalls)
  }, 60_000)

  it('retries a build whose development loop spent its budget from development: a new attempt from the checkpoint before it, whose reply replaces the failure', async () => {
    const app = await modelApp({ maxIterations: 1 })
    let attempt = 1
    fake.fallback = model((request, response) => byTurn(attempt === 1 ? BROKEN : WORKING)(request, response))
    const visitor = await newVisitor(app)
    const body = buildRequest(REQUEST, { model: 'fake-small' })
    const followed = await followBuild(await connectSocket(app, { headers: visitor }, clients), body.sessionId)
    const failed = await sendBuild(app, visitor, body)
    expect(failed.statusCode).toBe(500)
    expect(failed.json()).toMatchObject({ success: false, status: 'error', retryStage: 'development' })
    const state = await app.inject({ method: 'GET', url: `/api/overseer/builds/${body.sessionId}`, headers: visitor })
    expect(state.json()).toMatchObject({ data: { status: 'error', retryStage: 'development' } })
    const classified = fake.completions.filter((request) => JSON.stringify(request.body).includes('You classify requests')).length

    // Only its owner may retry it.
    const stranger = await newVisitor(app)
    expect((await retry(app, body.sessionId, stranger)).statusCode).toBe(404)

    attempt = 2
    const retried = await retry(app, body.sessionId, visitor)
    expect(retried.statusCode).toBe(200)
    const reply = retried.json<BuildReplyBody>()
    expect(reply).toMatchObject({ success: true, status: 'completed', sessionId: body.sessionId })
    expect(reply.reply).toContain('fake-small wrote the code for your request in 1 iteration')
    expect(reply.reply).toContain('**Tests:** 4 of 4 passed after 1 iteration')
    // The stages before development were not asked again.
    expect(fake.completions.filter((request) => JSON.stringify(request.body).includes('You classify requests'))).toHaveLength(classified)
    expect(followed.progress.map((event) => event.message)).toContain(BUILD_MESSAGES.retrying('development'))

    // The reply replaced the failure: one request, one reply.
    const conversation = (await history(app, visitor)).data[0]
    expect(conversation).toMatchObject({ status: 'completed' })
    const events = await eventsOf(app, body.sessionId, visitor)
    expect(events.map((event) => event.id)).toEqual(events.map((_, index) => index + 1))
    expect(events.find((event) => event.type === 'resumed')).toMatchObject({ stage: 'development', reason: 'retry', attempt: 2 })

    // Delivered: nothing left to retry.
    const again = await retry(app, body.sessionId, visitor)
    expect(again.statusCode).toBe(409)
    expect(again.json()).toEqual({ success: false, message: RETRY_MESSAGES.completed })
  }, 120_000)

  it('refuses to retry a stopped build, a running one, and one that never failed at a stage', async () => {
    const app = await modelApp()
    const visitor = await newVisitor(app)
    // Stopped at the development stage by its owner.
    let reachedDevelopment: () => void = () => undefined
    const development = new Promise<void>((resolve) => (reachedDevelopment = resolve))
    fake.fallback = model((request, response) => {
      reachedDevelopment()
      return hang()(request, response)
    })
    const body = buildRequest(REQUEST, { model: 'fake-small' })
    const reply = sendBuild(app, visitor, body)
    await development
    const running = await retry(app, body.sessionId, visitor)
    expect(running.statusCode).toBe(409)
    expect(running.json()).toEqual({ success: false, message: RETRY_MESSAGES.running })
    expect((await app.inject({ method: 'POST', url: `/api/overseer-dev/sessions/${body.sessionId}/stop`, headers: visitor })).statusCode).toBe(200)
    expect((await reply).json()).toMatchObject({ stopped: true })
    const stopped = await retry(app, body.sessionId, visitor)
    expect(stopped.statusCode).toBe(409)
    expect(stopped.json()).toEqual({ success: false, message: RETRY_MESSAGES.stopped })

    // No build at all with this session id.
    expect((await retry(app, '7c1f6b0e-2b44-4a8e-9d4c-5a0a0b0c0d0e', visitor)).statusCode).toBe(404)
    expect((await retry(app, 'not-an-id', visitor)).statusCode).toBe(404)
  }, 60_000)

  it('refuses to resume from a checkpoint a later version of the server wrote, and says so', async () => {
    const app = await modelApp({ maxIterations: 1 })
    fake.fallback = model(byTurn(BROKEN))
    const visitor = await newVisitor(app)
    const body = buildRequest(REQUEST, { model: 'fake-small' })
    expect((await sendBuild(app, visitor, body)).statusCode).toBe(500)
    const row = await buildRow(body.sessionId)
    await db.query('update build_checkpoints set version = 99 where build_id = $1', [row?.id])
    const retried = await retry(app, body.sessionId, visitor)
    expect(retried.statusCode).toBe(500)
    expect(retried.json()).toMatchObject({ success: false, message: CHECKPOINT_MESSAGES.newer(99) })
    expect(retried.json()).not.toHaveProperty('retryStage')
  }, 60_000)
})
