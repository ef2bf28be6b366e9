import { randomUUID } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import type { Socket } from 'socket.io-client'
import type { BuildMessageEvent } from '@contracts/socket'
import { SETUP_TIMEOUT_MS, type TestApp, useTestApp } from '../helper'
import { buildConfig, buildRequest, NO_ARCHIVE, sendBuild, storedArchive } from '../support/builds'
import { chatConfig, fakeModelChatConfig, newVisitor, type Headers, type HistoryItemBody } from '../support/chat'
import { createBuildRepository as buildsIn } from '../../src/builds/buildRepository'
import { BUILD_MESSAGES } from '../../src/pipeline/runner'
import { createConversationRepository as conversationsIn } from '../../src/chat/conversationRepository'
import { byPrompt, byTurn, DEVELOPER_PROMPT, FakeLlm, stall, streamed, streamedToolCalls, type FakeToolCall } from '../support/fakeLlm'
import { connectSocket, followBuild } from '../support/sockets'

/**
 * Stopping a running build (POST /api/overseer-dev/sessions/:sessionId/stop): the build ends
 * 'stopped' with a `stopped` event, no archive, the conversation keeps 'Build stopped.', and what
 * it ran is freed: its stage, its wait at a gate, its sandboxed test run and the process's slot.
 */

const clients: Socket[] = []

afterAll(() => {
  for (const client of clients) client.disconnect()
})

/** Checks `condition` until it holds (every 50 ms, at most `timeoutMs`). */
const waitFor = async (what: string, condition: () => Promise<boolean> | boolean, timeoutMs = 20_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`no ${what} within ${timeoutMs / 1000} s`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

const stop = (target: TestApp, sessionId: string, headers: Headers) =>
  target.app.inject({ method: 'POST', url: `/api/overseer-dev/sessions/${sessionId}/stop`, headers })

const stateOf = (target: TestApp, sessionId: string, headers: Headers) =>
  target.app.inject({ method: 'GET', url: `/api/overseer/builds/${sessionId}`, headers })

const conversationOf = async (target: TestApp, headers: Headers, id: string): Promise<HistoryItemBody> =>
  (await target.app.inject({ method: 'GET', url: `/api/overseer-dev/chat/history/${id}`, headers })).json<{ data: HistoryItemBody }>().data

/** A build by a new visitor, followed on a socket that also records `stopped` events; the request is not awaited. */
const startBuild = async (target: TestApp, prompt = 'Build a todo web app', extra: Record<string, unknown> = {}) => {
  const visitor = await newVisitor(target.app)
  const body = buildRequest(prompt, extra)
  const events = await followBuild(await connectSocket(target.app, { headers: visitor }, clients), body.sessionId)
  const stoppedEvent = new Promise<BuildMessageEvent>((resolve) => events.socket.once('stopped', resolve))
  const response = sendBuild(target.app, visitor, body)
  return { visitor, body, events, stoppedEvent, response }
}

/** What a stopped build leaves, as its owner and the database see it. */
const expectStopped = async (target: TestApp, started: Awaited<ReturnType<typeof startBuild>>) => {
  const { visitor, body, events, stoppedEvent } = started
  const response = await started.response
  expect(response.statusCode).toBe(200)
  const answer = response.json<Record<string, unknown>>()
  expect(answer).toMatchObject({ success: true, reply: 'Build stopped.', sessionId: body.sessionId, status: 'completed', stopped: true })
  expect(answer).not.toHaveProperty('zipUrl')
  expect(await stoppedEvent).toEqual({ sessionId: body.sessionId, message: 'Build stopped.' })
  expect([...events.errors, ...events.timeouts]).toEqual([])
  expect(events.progress.some((event) => event.percentage === 100)).toBe(false)

  const state = (await stateOf(target, body.sessionId, visitor)).json<{ data: Record<string, unknown> }>().data
  expect(state).toMatchObject({ status: 'stopped', message: 'Build stopped.' })
  expect(state).not.toHaveProperty('zipUrl')
  expect(state).not.toHaveProperty('error')

  const conversation = await conversationOf(target, visitor, answer.conversationId as string)
  expect(conversation).toMatchObject({ status: 'completed', response: 'Build stopped.', stopped: true })

  const { rows } = await target.db.query<{ id: string }>('select id from builds where session_id = $1', [body.sessionId])
  const buildId = rows[0]?.id as string
  expect(await storedArchive(target.db, { buildId })).toEqual(NO_ARCHIVE)
  const logs = await target.db.query<{ message: string }>('select message from agent_logs where build_id = $1', [buildId])
  expect(logs.rows.map((row) => row.message)).toContain(`[${body.sessionId.slice(0, 8)}] Build stopped by its owner`)
  // Nothing of it runs any more.
  expect(target.app.builds.activeCount).toBe(0)
  // A second stop finds it ended.
  expect((await stop(target, body.sessionId, visitor)).json()).toEqual({ success: true, stopped: false, status: 'stopped', message: 'Build stopped.' })
  return { buildId }
}

describe('stopping a build with the offline engine', () => {
  /** Set by a test: the structuring stage waits (until the build is stopped) and says it started. */
  let hold: (() => void) | undefined
  const target = useTestApp({
    config: async () => ({ ...chatConfig(), ...(await buildConfig()) }),
    options: {
      builds: {
        beforeStage: (stage, signal) => {
          const reached = hold
          if (stage !== 'structuring' || !reached) return Promise.resolve()
          hold = undefined
          return new Promise<void>((resolve) => {
            signal.addEventListener('abort', () => resolve(), { once: true })
            reached()
          })
        },
      },
    },
    listen: true,
  })
  const holdStructuring = () => new Promise<void>((resolve) => (hold = resolve))

  it("stops its owner's running build, and only its owner's: stopped, a `stopped` event, no archive, the conversation says so", async () => {
    const held = holdStructuring()
    const started = await startBuild(target)
    await held
    const { visitor, body } = started

    const stranger = await newVisitor(target.app)
    expect((await stop(target, body.sessionId, stranger)).statusCode).toBe(404)
    expect((await stop(target, body.sessionId, {})).statusCode).toBe(404)
    const crossSite = await stop(target, body.sessionId, { ...visitor, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' })
    expect(crossSite.statusCode).toBe(403)
    expect((await stateOf(target, body.sessionId, visitor)).json()).toMatchObject({ data: { status: 'running', stage: 'structuring' } })

    const stopped = await stop(target, body.sessionId, visitor)
    expect(stopped.statusCode).toBe(200)
    expect(stopped.json()).toEqual({ success: true, stopped: true, status: 'stopped', message: 'Build stopped.' })
    const { buildId } = await expectStopped(target, started)

    // The stage it stopped in is recorded as stopped; the later stages never ran.
    const stages = await target.db.query<{ stage: string; status: string }>('select stage, status from build_stages where build_id = $1 order by position', [buildId])
    expect(stages.rows).toEqual([
      { stage: 'classification', status: 'completed' },
      { stage: 'clarification', status: 'completed' },
      { stage: 'market_analysis', status: 'completed' },
      { stage: 'structuring', status: 'stopped' },
    ])
  })

  it('regenerates a stopped build: the same request at its position runs to the end', async () => {
    const held = holdStructuring()
    const started = await startBuild(target)
    await held
    await stop(target, started.body.sessionId, started.visitor)
    const conversationId = (await started.response).json<{ conversationId: string }>().conversationId

    const again = await sendBuild(target.app, started.visitor, buildRequest('Build a todo web app', { conversationId, replaceFrom: 0 }))
    expect(again.statusCode).toBe(200)
    expect(again.json()).toMatchObject({ stopped: false, zipUrl: expect.stringMatching(/^\/api\/overseer\/downloads\//) })
    expect(await conversationOf(target, started.visitor, conversationId)).toMatchObject({ messageCount: 2, stopped: false })
  })
})

describe('stopping a build that waits at an approval gate', () => {
  const target = useTestApp({ config: async () => ({ ...chatConfig(), ...(await buildConfig({ approvalGates: ['planning'] })) }), listen: true })

  it('cancels its approval request', async () => {
    const started = await startBuild(target)
    await waitFor('a pending approval request', async () => {
      const { rows } = await target.db.query("select 1 from approval_requests a join builds b on b.id = a.build_id where b.session_id = $1 and a.status = 'pending'", [started.body.sessionId])
      return rows.length > 0
    })
    expect((await stop(target, started.body.sessionId, started.visitor)).json()).toEqual({ success: true, stopped: true, status: 'stopped', message: 'Build stopped.' })
    await expectStopped(target, started)
    const { rows } = await target.db.query<{ status: string }>('select a.status from approval_requests a join builds b on b.id = a.build_id where b.session_id = $1', [started.body.sessionId])
    expect(rows).toEqual([{ status: 'cancelled' }])
  })
})

describe("stopping a model's build while its tests run in the sandbox", () => {
  /** A test that never ends, and a process it starts that would outlive it if the sandbox let it. */
  const MARKER = '31337'
  const HANGING_TEST = `'use strict'

const test = require('node:test')
const { spawn } = require('node:child_process')

test('waits forever', () => new Promise(() => {
  spawn('sleep', ['${MARKER}'], { stdio: 'ignore' })
  setInterval(() => {}, 1000)
}))
`
  const write = (filePath: string, content: string): FakeToolCall => ({ name: 'write_file', arguments: { path: filePath, content } })

  /** The processes running `sleep <MARKER>`: the sandboxed run's own. */
  const sleepers = async (): Promise<number[]> => {
    const found: number[] = []
    for (const entry of await readdir('/proc')) {
      if (!/^\d+$/.test(entry)) continue
      const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '')
      const status = await readFile(`/proc/${entry}/status`, 'utf8').catch(() => '')
      if (cmdline === `sleep\0${MARKER}\0` && !/^State:\s+Z/m.test(status)) found.push(Number(entry))
    }
    return found
  }

  let fake: FakeLlm
  beforeAll(async () => {
    fake = await FakeLlm.start()
    fake.fallback = byPrompt(
      [
        [DEVELOPER_PROMPT, byTurn([streamedToolCalls([write('test/hang.test.js', HANGING_TEST), { name: 'run_tests', arguments: {} }])])],
        [/You classify requests/, streamed(['library'])],
      ],
      streamed(['- Assumes numbers in, a number out']),
    )
  }, SETUP_TIMEOUT_MS)
  afterAll(async () => {
    await fake?.close()
  })

  const target = useTestApp({ config: async () => ({ ...fakeModelChatConfig(fake.baseUrl), ...(await buildConfig()) }), listen: true })

  it('kills the sandboxed run with every process it started, and frees the build', async () => {
    expect(await sleepers()).toEqual([])
    const started = await startBuild(target, 'Build a small library with a function sum(a, b) that adds two numbers', { model: 'fake-small' })
    await waitFor('the sandboxed test run', async () => (await sleepers()).length > 0)
    expect(target.app.builds.activeCount).toBe(1)

    expect((await stop(target, started.body.sessionId, started.visitor)).json()).toEqual({ success: true, stopped: true, status: 'stopped', message: 'Build stopped.' })
    await expectStopped(target, started)
    // The sandbox's processes are gone by the time the build answers.
    expect(await sleepers()).toEqual([])
  })
})

describe('a stop that comes after the last stage', () => {
  /** Set by a test: the build, past its last stage, waits (until it is stopped) and says it got there. */
  let hold: (() => void) | undefined
  const target = useTestApp({
    config: async () => ({ ...chatConfig(), ...(await buildConfig()) }),
    options: {
      builds: {
        afterStages: (signal) => {
          const reached = hold
          if (!reached) return Promise.resolve()
          hold = undefined
          return new Promise<void>((resolve) => {
            signal.addEventListener('abort', () => resolve(), { once: true })
            reached()
          })
        },
      },
    },
    listen: true,
  })

  it('answers that the build was not stopped but completed, and the build is delivered as usual', async () => {
    const held = new Promise<void>((resolve) => (hold = resolve))
    const started = await startBuild(target)
    await held
    const { visitor, body, events } = started
    let stoppedEvents = 0
    void started.stoppedEvent.then(() => (stoppedEvents += 1))

    const stopped = await stop(target, body.sessionId, visitor)
    expect(stopped.statusCode).toBe(200)
    expect(stopped.json()).toEqual({ success: true, stopped: false, status: 'completed', message: 'Your project is ready.' })

    const answer = (await started.response).json<Record<string, unknown>>()
    expect(answer).toMatchObject({ success: true, status: 'completed', stopped: false, zipUrl: expect.stringMatching(/^\/api\/overseer\/downloads\//) as unknown })
    await events.ended
    expect(events.progress.at(-1)).toMatchObject({ stage: 'delivery', percentage: 100 })
    expect([...events.errors, ...events.timeouts]).toEqual([])
    expect((await stateOf(target, body.sessionId, visitor)).json()).toMatchObject({ data: { status: 'completed', message: 'Your project is ready.' } })
    expect(await conversationOf(target, visitor, answer.conversationId as string)).toMatchObject({ status: 'completed', stopped: false })
    // Every event of the build is in (100% came last): no `stopped` among them.
    expect(stoppedEvents).toBe(0)
  })
})

describe('a stop not seen to take effect in time', () => {
  /** Set by a test: the structuring stage says it started and ignores a stop until released. */
  let hold: ((release: () => void) => void) | undefined
  const target = useTestApp({
    config: async () => ({ ...chatConfig(), ...(await buildConfig()) }),
    options: {
      builds: {
        stopWaitMs: 200,
        beforeStage: (stage) => {
          const reached = hold
          if (stage !== 'structuring' || !reached) return Promise.resolve()
          hold = undefined
          return new Promise<void>((resolve) => reached(resolve))
        },
      },
    },
    listen: true,
  })

  it('answers 503, and a stop asked again once the build has ended says how it ended', async () => {
    const held = new Promise<() => void>((resolve) => (hold = resolve))
    const started = await startBuild(target)
    const release = await held
    const { visitor, body } = started

    const unconfirmed = await stop(target, body.sessionId, visitor)
    expect(unconfirmed.statusCode).toBe(503)
    expect(unconfirmed.json()).toMatchObject({ success: false, message: 'The stop could not be confirmed: the server running the build did not answer in time. Try again.' })

    release()
    // The stop took effect once the stage let go.
    await expectStopped(target, started)
  })
})

describe('a stop of a build that no server process runs any more', () => {
  const target = useTestApp({ config: async () => ({ ...chatConfig(), ...(await buildConfig()) }), listen: true })

  /**
   * What a server that crashed in the middle of a build leaves: the build running, its conversation
   * processing, its session the owner's, and nothing in this process that will ever end it.
   */
  const crashedBuild = async () => {
    const visitor = await newVisitor(target.app)
    const asked = await target.app.inject({
      method: 'POST',
      url: '/api/overseer-dev/chat',
      headers: visitor,
      payload: { messages: [{ role: 'user', content: 'Build a todo web app' }], sessionId: randomUUID() },
    })
    const { conversationId } = asked.json<{ conversationId: string }>()
    const { rows } = await target.db.query<{ owner_key: string }>('select owner_key from chat_conversations where id = $1', [conversationId])
    const ownerKey = rows[0]?.owner_key as string
    const sessionId = randomUUID()
    const buildId = randomUUID()
    await target.db.query(`update chat_conversations set status = 'processing' where id = $1`, [conversationId])
    await target.db.query(`insert into session_owners (session_id, owner_key, kind, conversation_id) values ($1, $2, 'build', $3)`, [sessionId, ownerKey, conversationId])
    await target.db.query(
      `insert into builds (id, session_id, owner_key, conversation_id, model, status, stage, percentage, message, server_id)
       values ($1, $2, $3, $4, 'overseer-local', 'running', 'structuring', 45, 'Structuring the project...', $5)`,
      [buildId, sessionId, ownerKey, conversationId, randomUUID()],
    )
    return { visitor, sessionId, buildId, conversationId }
  }

  it('does not claim to stop it: marks it interrupted, with an `error` event, and says so', async () => {
    const { visitor, sessionId, buildId, conversationId } = await crashedBuild()
    const events = await followBuild(await connectSocket(target.app, { headers: visitor }, clients), sessionId)
    expect((await stateOf(target, sessionId, visitor)).json()).toMatchObject({ data: { status: 'running' } })
    expect((await stop(target, sessionId, await newVisitor(target.app))).statusCode).toBe(404)

    const stopped = await stop(target, sessionId, visitor)
    expect(stopped.statusCode).toBe(200)
    expect(stopped.json()).toEqual({ success: true, stopped: false, status: 'error', message: BUILD_MESSAGES.interrupted })
    await events.ended
    expect(events.errors).toEqual([{ sessionId, message: BUILD_MESSAGES.interrupted }])

    expect((await stateOf(target, sessionId, visitor)).json()).toMatchObject({ data: { status: 'error', error: BUILD_MESSAGES.interrupted } })
    expect(await conversationOf(target, visitor, conversationId)).toMatchObject({ status: 'error', error: BUILD_MESSAGES.interrupted })
    const logs = await target.db.query<{ message: string }>('select message from agent_logs where build_id = $1', [buildId])
    expect(logs.rows.map((row) => row.message)).toEqual(
      expect.arrayContaining([`[${sessionId.slice(0, 8)}] Stop asked, but no server process runs the build any more`, `[${sessionId.slice(0, 8)}] ${BUILD_MESSAGES.interrupted}`]),
    )
    // Ended: a second stop says how, and changes nothing.
    expect((await stop(target, sessionId, visitor)).json()).toEqual({ success: true, stopped: false, status: 'error', message: BUILD_MESSAGES.interrupted })
    expect(events.errors).toHaveLength(1)
  })
})

describe('a build marked interrupted while its process still runs it', () => {
  /** Set by a test: the build, past its last stage, waits until released and says it got there. */
  let hold: ((release: () => void) => void) | undefined
  const target = useTestApp({
    config: async () => ({ ...chatConfig(), ...(await buildConfig()) }),
    options: {
      builds: {
        afterStages: () => {
          const reached = hold
          if (!reached) return Promise.resolve()
          hold = undefined
          return new Promise<void>((resolve) => reached(resolve))
        },
      },
    },
    listen: true,
  })

  it('keeps that end when the process finishes: not delivered, no archive, its request answered with the interruption', async () => {
    const held = new Promise<() => void>((resolve) => (hold = resolve))
    const started = await startBuild(target)
    const release = await held
    const { visitor, body, events } = started
    const { rows } = await target.db.query<{ id: string; conversation_id: string }>('select id, conversation_id from builds where session_id = $1', [body.sessionId])
    const { id: buildId, conversation_id: conversationId } = rows[0] as { id: string; conversation_id: string }
    // What a stop that took its process for gone writes (its subscriber was reconnecting): the build and its conversation failed as interrupted.
    expect(await buildsIn(target.db).failRunning([buildId], BUILD_MESSAGES.interrupted)).toHaveLength(1)
    await conversationsIn(target.db).fail(conversationId, BUILD_MESSAGES.interrupted)

    release()
    const response = await started.response
    expect(response.statusCode).toBe(500)
    expect(response.json()).toMatchObject({ success: false, message: BUILD_MESSAGES.interrupted, status: 'error' })
    expect((await stateOf(target, body.sessionId, visitor)).json()).toMatchObject({ data: { status: 'error', error: BUILD_MESSAGES.interrupted } })
    expect(await conversationOf(target, visitor, conversationId)).toMatchObject({ status: 'error', error: BUILD_MESSAGES.interrupted })
    expect(await storedArchive(target.db, { buildId })).toEqual(NO_ARCHIVE)
    expect(events.progress.some((event) => event.percentage === 100)).toBe(false)
    expect(target.app.builds.activeCount).toBe(0)
  })
})

describe("stopping a question sent as a build while the model answers it", () => {
  let fake: FakeLlm
  beforeAll(async () => {
    fake = await FakeLlm.start()
    // The classification says it is a question; the answer starts, then waits (until stopped).
    fake.fallback = byPrompt([[/You classify requests/, streamed(['question'])]], stall(['Approval gates are ', 'set with']))
  }, SETUP_TIMEOUT_MS)
  afterAll(async () => {
    await fake?.close()
  })

  const target = useTestApp({ config: async () => ({ ...fakeModelChatConfig(fake.baseUrl), ...(await buildConfig()) }), listen: true })

  it('stops it: the answer so far kept as a stopped reply, the build stopped, not completed', async () => {
    const started = await startBuild(target, 'How do I enable approval gates in the build pipeline?', { model: 'fake-small' })
    const { visitor, body, stoppedEvent } = started
    await waitFor('the answer to start', () => fake.completions.length >= 2)

    expect((await stop(target, body.sessionId, visitor)).json()).toEqual({ success: true, stopped: true, status: 'stopped', message: 'Build stopped.' })
    const answer = (await started.response).json<{ reply: string; conversationId: string }>()
    expect(answer).toMatchObject({ success: true, stopped: true })
    // The answer as far as it had come when the stop took effect (nothing yet: 'Build stopped.').
    expect(['Build stopped.', 'Approval gates are ', 'Approval gates are set with']).toContain(answer.reply)
    expect(await stoppedEvent).toEqual({ sessionId: body.sessionId, message: 'Build stopped.' })
    expect((await stateOf(target, body.sessionId, visitor)).json()).toMatchObject({ data: { status: 'stopped', message: 'Build stopped.' } })
    expect(await conversationOf(target, visitor, answer.conversationId)).toMatchObject({ status: 'completed', response: answer.reply, stopped: true })
  })
})
