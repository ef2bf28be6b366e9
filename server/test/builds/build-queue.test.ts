import type { Socket } from 'socket.io-client'
import type { BuildEvent } from '@contracts/buildEvents'
import { testConfig, useTestApp, type TestApp } from '../helper'
import { buildConfig, buildRequest, sendBuild } from '../support/builds'
import { chatConfig, newVisitor, question, sendChat, type Headers } from '../support/chat'
import { connectSocket, followBuild } from '../support/sockets'
import { QUEUE_MESSAGES } from '../../src/builds/admission'

/**
 * Builds under load: at most BUILD_CONCURRENCY run at once, the others wait in order, each told
 * its place ('Queued: 3 builds ahead') in the tracker and the timeline, and told again as it
 * moves; one owner has at most BUILD_QUEUE_PER_OWNER waiting or running.
 */

const clients: Socket[] = []

afterAll(() => {
  for (const client of clients) client.disconnect()
})

/** Checks `condition` until it holds (every 50 ms, at most `timeoutMs`). */
const waitFor = async (what: string, condition: () => Promise<boolean> | boolean, timeoutMs = 30_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`no ${what} within ${timeoutMs / 1000} s`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** The place a 'Queued: …' message says. */
const aheadOf = (message: string): number => Number(/^Queued: (\d+) builds? ahead$/.exec(message)?.[1] ?? Number.NaN)

const messageOf = (target: TestApp, sessionId: string) =>
  target.db.query<{ message: string; status: string }>('select message, status from builds where session_id = $1', [sessionId]).then(({ rows }) => rows[0])

const eventsOf = async (target: TestApp, headers: Headers, sessionId: string): Promise<BuildEvent[]> =>
  (await target.app.inject({ method: 'GET', url: `/api/overseer/builds/${sessionId}/events`, headers })).json<{ data: { events: BuildEvent[] } }>().data.events

/** Strictly falling, as a waiting build's places are. */
const falling = (places: number[]): boolean => places.every((place, index) => index === 0 || place < (places[index - 1] as number))

describe('30 builds at once from 30 fresh visitors behind one IP, BUILD_CONCURRENCY=2', () => {
  const defaults = testConfig().chat
  /** Builds between the start of their first stage and the end of their last; the most seen at once. */
  let running = 0
  let most = 0
  let letGo: () => void = () => undefined
  const released = new Promise<void>((resolve) => (letGo = resolve))
  const target = useTestApp({
    // The production chat limits: 30 build requests from one IP must all be taken.
    config: async () => ({ ...chatConfig({ rateLimitPerOwner: defaults.rateLimitPerOwner, rateLimitPerIp: defaults.rateLimitPerIp }), ...(await buildConfig({ concurrency: 2 })) }),
    options: {
      builds: {
        // The first two hold in their classification until every other build is seen waiting.
        beforeStage: async (stage) => {
          if (stage !== 'classification') return
          running += 1
          most = Math.max(most, running)
          await released
        },
        afterStages: async () => {
          running -= 1
        },
      },
    },
    listen: true,
  })

  it('runs two at a time and none fails; each waiting one is told its place, which moves; health and a docs answer answer meanwhile', async () => {
    const builds = await Promise.all(
      Array.from({ length: 30 }, async () => {
        const visitor = await newVisitor(target.app)
        const body = buildRequest('Build a todo web app')
        const followed = await followBuild(await connectSocket(target.app, { headers: visitor }, clients), body.sessionId)
        return { visitor, body, followed }
      }),
    )
    const responses = builds.map(({ visitor, body }) => sendBuild(target.app, visitor, body))

    // Two run (held); the 28 others wait, told places 0 to 27.
    const queuedMessages = async () =>
      (await target.db.query<{ message: string }>(`select message from builds where status = 'running' and message like 'Queued:%'`)).rows.map((row) => row.message)
    await waitFor('28 builds told their places', async () => new Set(await queuedMessages()).size === 28)
    expect((await queuedMessages()).map(aheadOf).sort((a, b) => a - b)).toEqual(Array.from({ length: 28 }, (_, index) => index))
    expect(await queuedMessages()).toEqual(expect.arrayContaining([QUEUE_MESSAGES.queued(1), 'Queued: 1 build ahead', 'Queued: 3 builds ahead']))
    expect(running).toBe(2)

    // The server answers while they wait: health, and a docs question from another visitor of the same IP.
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await fetch(`${target.url}/api/health`)).status).toBe(200)
    const asker = await newVisitor(target.app)
    const answered = await sendChat(target.app, asker, question('How do I install Overseer?'))
    expect(answered.statusCode).toBe(200)

    letGo()
    for (const response of await Promise.all(responses)) {
      expect(response.statusCode).toBe(200)
      expect(response.json()).toMatchObject({ success: true, status: 'completed', zipUrl: expect.any(String) })
    }
    await Promise.all(builds.map(({ followed }) => followed.ended))
    expect(most).toBe(2)
    expect(running).toBe(0)

    const firstPlaces: number[] = []
    let moved = 0
    for (const { visitor, body, followed } of builds) {
      expect([...followed.errors, ...followed.timeouts]).toEqual([])
      const told = followed.progress.filter((event) => event.message.startsWith('Queued:'))
      const places = told.map((event) => aheadOf(event.message))
      const timeline = (await eventsOf(target, visitor, body.sessionId)).flatMap((event) => (event.type === 'queued' ? [event.ahead] : []))
      // The socket and the stored timeline say the same places; the tracker's bar stays where it was.
      expect(timeline).toEqual(places)
      expect(told.every((event) => event.stage === 'classification' && event.percentage === 5)).toBe(true)
      if (places.length === 0) continue
      expect(falling(places)).toBe(true)
      expect(places.at(-1)).toBe(0)
      firstPlaces.push(places[0] as number)
      if (places.length > 1) moved += 1
      // Its place was told before its first stage started.
      const lastPlace = followed.progress.findLastIndex((event) => event.message.startsWith('Queued:'))
      expect(followed.progress.findIndex((event) => event.message === 'Classifying the request...')).toBeGreaterThan(lastPlace)
      expect((await messageOf(target, body.sessionId))?.status).toBe('completed')
    }
    expect(firstPlaces.sort((a, b) => a - b)).toEqual(Array.from({ length: 28 }, (_, index) => index))
    // Every one that did not wait at the head of the line saw its place move.
    expect(moved).toBeGreaterThanOrEqual(27)
  }, 240_000)
})

describe('one owner’s builds, BUILD_CONCURRENCY=1, BUILD_QUEUE_PER_OWNER=2', () => {
  /** Set by a test: the build that reaches its classification holds there until it is let go. */
  let hold: Promise<void> | undefined
  let held = 0
  const target = useTestApp({
    config: async () => ({ ...chatConfig(), ...(await buildConfig({ concurrency: 1, queuePerOwner: 2 })) }),
    options: {
      builds: {
        beforeStage: async (stage) => {
          if (stage !== 'classification' || !hold) return
          held += 1
          await hold
        },
      },
    },
    listen: true,
  })

  /** Holds the next build to start in its classification until `letGo`. */
  const holdNext = () => {
    let letGo: () => void = () => undefined
    hold = new Promise<void>((resolve) => (letGo = resolve))
    const before = held
    return {
      reached: () => waitFor('the held build', () => held > before),
      letGo: () => {
        hold = undefined
        letGo()
      },
    }
  }

  const stop = (sessionId: string, headers: Headers) => target.app.inject({ method: 'POST', url: `/api/overseer-dev/sessions/${sessionId}/stop`, headers })

  it('refuses a third build waiting or running with 429 and stores nothing of it; a build waiting for answers does not count', async () => {
    const visitor = await newVisitor(target.app)
    // Waits for its owner's answers: no process holds it.
    const vague = await sendBuild(target.app, visitor, buildRequest('Build me an app for my business'))
    expect(vague.json()).toMatchObject({ questions: expect.any(Array) })

    const first = holdNext()
    const a = buildRequest('Build a todo web app')
    const aResponse = sendBuild(target.app, visitor, a)
    await first.reached()
    const b = buildRequest('Make a REST API for invoices')
    const bResponse = sendBuild(target.app, visitor, b)
    await waitFor('the second build queued', async () => (await messageOf(target, b.sessionId))?.message === 'Queued: 0 builds ahead')

    const c = buildRequest('Build a command-line tool that counts words')
    const refused = await sendBuild(target.app, visitor, c)
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toEqual({ success: false, message: QUEUE_MESSAGES.ownerFull(2) })
    expect(refused.json<{ message: string }>().message).toBe(
      'You already have 2 builds waiting or running. Please wait for one to finish (or stop one) before starting another.',
    )
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    // Nothing of it was stored: no build, no session, no conversation.
    expect((await target.db.query('select 1 from builds where session_id = $1', [c.sessionId])).rows).toEqual([])
    expect((await target.db.query('select 1 from session_owners where session_id = $1', [c.sessionId])).rows).toEqual([])
    const { rows } = await target.db.query<{ owner_key: string }>('select owner_key from builds where session_id = $1', [a.sessionId])
    const ownerKey = rows[0]?.owner_key
    expect((await target.db.query('select 1 from chat_conversations where owner_key = $1', [ownerKey])).rows).toHaveLength(3)

    // Another visitor is not held back by this one's queue.
    const other = await newVisitor(target.app)
    const otherBuild = buildRequest('Create a library of string helpers')
    const otherResponse = sendBuild(target.app, other, otherBuild)
    await waitFor("another owner's build queued", async () => (await messageOf(target, otherBuild.sessionId))?.message === 'Queued: 1 build ahead')

    first.letGo()
    for (const response of await Promise.all([aResponse, bResponse, otherResponse])) {
      expect(response.statusCode).toBe(200)
      expect(response.json()).toMatchObject({ status: 'completed', zipUrl: expect.any(String) })
    }
    // Its builds ended: the owner may build again.
    const again = await sendBuild(target.app, visitor, c)
    expect(again.statusCode).toBe(200)
  }, 120_000)

  it('a queued build stopped by its owner leaves the queue at once, stopped, without ever running', async () => {
    const first = holdNext()
    const runningOwner = await newVisitor(target.app)
    const aResponse = sendBuild(target.app, runningOwner, buildRequest('Build a todo web app'))
    await first.reached()
    const visitor = await newVisitor(target.app)
    const body = buildRequest('Make a REST API for invoices')
    const followed = await followBuild(await connectSocket(target.app, { headers: visitor }, clients), body.sessionId)
    const stoppedEvent = new Promise<unknown>((resolve) => followed.socket.once('stopped', resolve))
    const response = sendBuild(target.app, visitor, body)
    await waitFor('the build queued', async () => (await messageOf(target, body.sessionId))?.message === 'Queued: 0 builds ahead')

    const stopped = await stop(body.sessionId, visitor)
    expect(stopped.statusCode).toBe(200)
    expect(stopped.json()).toEqual({ success: true, stopped: true, status: 'stopped', message: 'Build stopped.' })
    expect((await response).json()).toMatchObject({ success: true, reply: 'Build stopped.', status: 'completed', stopped: true })
    expect(await stoppedEvent).toEqual({ sessionId: body.sessionId, message: 'Build stopped.' })
    // It never ran: no stage, and its timeline is its places.
    const { rows } = await target.db.query<{ id: string }>('select id from builds where session_id = $1', [body.sessionId])
    expect((await target.db.query('select 1 from build_stages where build_id = $1', [rows[0]?.id])).rows).toEqual([])
    expect((await eventsOf(target, visitor, body.sessionId)).map((event) => event.type)).toEqual(['queued'])
    expect(await messageOf(target, body.sessionId)).toEqual({ status: 'stopped', message: 'Build stopped.' })

    // The one running was not disturbed.
    first.letGo()
    expect((await aResponse).json()).toMatchObject({ status: 'completed', zipUrl: expect.any(String) })
  }, 120_000)
})

describe('a build waiting at an approval gate, BUILD_CONCURRENCY=1', () => {
  const target = useTestApp({
    config: async () => ({ ...chatConfig(), ...(await buildConfig({ concurrency: 1, approvalGates: ['planning'], approvalTimeoutMs: 60_000 })) }),
    listen: true,
  })

  it('gives its slot to the next build while it waits for a person, and takes one again once decided', async () => {
    const first = await newVisitor(target.app)
    const waiting = buildRequest('Build a todo web app')
    const held = sendBuild(target.app, first, waiting)
    await waitFor('the first build at the planning gate', async () => (await messageOf(target, waiting.sessionId))?.message === 'Waiting for approval at the planning gate...')

    // Another visitor's build is not held up by it: it runs to its own gate meanwhile.
    const second = await newVisitor(target.app)
    const next = buildRequest('Build a command-line tool that counts words')
    const nextReply = sendBuild(target.app, second, next)
    await waitFor('the second build at the planning gate', async () => (await messageOf(target, next.sessionId))?.message === 'Waiting for approval at the planning gate...')

    // Both decided: both go on, one at a time, and are delivered.
    const { rows } = await target.db.query<{ id: string }>("select id from approval_requests where status = 'pending' order by created_at")
    expect(rows).toHaveLength(2)
    for (const { id } of rows) await target.db.query("update approval_requests set status = 'approved', decided_at = now() where id = $1", [id])
    for (const { id } of rows) await target.app.approvals.wake(id)
    expect((await held).statusCode).toBe(200)
    expect((await nextReply).statusCode).toBe(200)
  }, 120_000)
})
