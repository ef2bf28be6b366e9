/**
 * Section `sockets`: 1,000 socket.io clients on one server, each subscribed to its own
 * build's progress; connection time, progress event latency, server memory per connection.
 */
import { randomUUID } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { STAGES } from '../../server/src/pipeline/stages'
import { newVisitorToken, VISITOR_COOKIE } from '../../server/src/sessions/owner'
import { LOCAL_MODEL } from '../../server/src/llm/providers/local'
import { openPglite } from '../../server/src/db'
import { startServer } from '../../tests/e2e/server'
import { mib, postBuild, rssOf, serverPid, type BuildAnswer } from '../lib/builds'
import { type Budgets, heading, ms, percentile, subheading, table } from '../lib/report'
import { connectClients, openFilesLimit, subscribe, type Client } from '../lib/sockets'
import { BUILD_REQUESTS, RAISED_CHAT_LIMITS } from './builds'

const SOCKETS = {
  clients: 1000,
  /** Handshakes in flight at once while connecting (a crowd arriving, not one SYN flood). */
  connectConcurrency: 100,
  connectTimeoutMs: 20_000,
  subscribeTimeoutMs: 20_000,
  /** Builds run during the measurement, one per client of every `clients / builds`-th visitor. */
  builds: 200,
  buildConcurrency: 10,
  /** After the last build answered: time for its last events to arrive. */
  settleMs: 500,
  // Regression guards, set at first measurement (load average 12-14 on 2 CPUs, other work running):
  // connect p50 243 ms / p99 737 ms with 100 handshakes in flight, all 1,000 in 3.0 s; stage-start
  // latency p50 14 ms / p99 217 ms (an upper bound, see below); 14.8 KiB of server RSS per
  // connection. Every client must connect and subscribe, and every subscriber must get each stage
  // start and the 100% of its build, and nobody else's (hard budgets: a lost event is a frozen bar).
  connectP99Ms: 2000,
  connectAllMs: 15_000,
  eventP99Ms: 1000,
  rssPerConnectionBytes: 64 * 1024,
}

interface LatencySample {
  stage: string
  ms: number
}

export interface SocketsSummary {
  clients: number
  connected: number
  connectErrors: Record<string, number>
  connect: { concurrency: number; p50Ms: number; p99Ms: number; maxMs: number; totalMs: number }
  subscribe: { ok: number; p50Ms: number; p99Ms: number; refused: Record<string, number> }
  memory: { serverRssBeforeBytes: number; serverRssAfterBytes: number; perConnectionBytes: number }
  builds: { run: number; completed: number; concurrency: number; wallMs: number }
  events: {
    expected: number
    received: number
    missing: number
    samples: number
    p50Ms: number
    p99Ms: number
    maxMs: number
    byStage: { stage: string; p50Ms: number; p99Ms: number }[]
  }
  rateLimits: Record<string, string>
}

const countBy = (values: string[]): Record<string, number> => {
  const counts: Record<string, number> = {}
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1
  return counts
}

const settle = (msToWait: number) => new Promise((resolve) => setTimeout(resolve, msToWait))

/** Runs `work` over `items` with at most `concurrency` at a time. */
const pool = async <T, R>(items: T[], concurrency: number, work: (item: T) => Promise<R>): Promise<R[]> => {
  const results = new Array<R>(items.length)
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next
      next += 1
      results[index] = await work(items[index] as T)
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker))
  return results
}

export const socketsSection = async (
  budgets: Budgets,
  summary: { sockets?: SocketsSummary },
  machineLoad: (section: string) => string,
): Promise<void> => {
  heading(`8. Sockets: ${SOCKETS.clients.toLocaleString('en-US')} socket.io clients (websocket) on one server, subscribed to build progress`)
  // A data directory of the bench's own, kept after the server stops: the stages' start times are read from it.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'overseer-bench-sockets-'))
  try {
    const measured = await measure(dataDir, machineLoad)
    report(measured, await stageStarts(dataDir), budgets, summary)
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

interface Measured {
  clients: Client[]
  connectErrors: Record<string, number>
  connect: SocketsSummary['connect']
  subscribe: SocketsSummary['subscribe']
  memory: SocketsSummary['memory']
  /** The session each connected client subscribed to. */
  sessions: Map<Client, string>
  answers: { client: Client; sessionId: string; answer: BuildAnswer }[]
  buildsWallMs: number
}

/** Connects and subscribes the clients, reads the server's memory, runs the builds; stops the server. */
const measure = async (dataDir: string, machineLoad: (section: string) => string): Promise<Measured> => {
  const server = await startServer({ ...RAISED_CHAT_LIMITS, DATA_DIR: dataDir, DATABASE_URL: '' })
  let clients: Client[] = []
  try {
    console.log(machineLoad('sockets'))
    console.log(
      `Design: ${SOCKETS.clients.toLocaleString('en-US')} visitors (a visitor cookie each, sent on the WebSocket upgrade as a browser sends it), one connection each, ` +
        'each subscribed (subscribe:progress, with ack) to a sessionId of its own that no build has claimed yet: what the assistant does before it sends a request. ' +
        `Then ${SOCKETS.builds} of them (every ${SOCKETS.clients / SOCKETS.builds}th) send a build with that sessionId, ${SOCKETS.buildConcurrency} at a time; the owner's claim keeps the owner's socket in the room. ` +
        `The other ${SOCKETS.clients - SOCKETS.builds} stay connected and subscribed, idle. Chat/build rate limits raised for this server: ${Object.entries(RAISED_CHAT_LIMITS).map(([name, value]) => `${name}=${value}`).join(', ')}.`,
    )
    const pid = serverPid(Number(new URL(server.url).port))
    if (pid === undefined) throw new Error('cannot find the server process (for its RSS)')
    // Warm-up, not counted: the first build loads the tokenizer.
    await postBuild(server.url, `${VISITOR_COOKIE}=${newVisitorToken()}`, BUILD_REQUESTS[0]?.content ?? 'build a todo web app', LOCAL_MODEL, randomUUID())
    await settle(1000)
    const rssBefore = rssOf(pid)

    subheading(`Connecting ${SOCKETS.clients.toLocaleString('en-US')} clients, ${SOCKETS.connectConcurrency} handshakes in flight at a time, then subscribing all at once`)
    const cookies = Array.from({ length: SOCKETS.clients }, () => `${VISITOR_COOKIE}=${newVisitorToken()}`)
    const connected = await connectClients(server.url, cookies, { concurrency: SOCKETS.connectConcurrency, timeoutMs: SOCKETS.connectTimeoutMs })
    clients = connected.clients
    const up = clients.filter((client) => client.connectMs !== null)
    const connectTimes = up.map((client) => client.connectMs as number)
    const connectErrors = countBy(clients.flatMap((client) => (client.connectError ? [client.connectError] : [])))
    const connect = {
      concurrency: SOCKETS.connectConcurrency,
      p50Ms: percentile(connectTimes, 50),
      p99Ms: percentile(connectTimes, 99),
      maxMs: Math.max(...connectTimes),
      totalMs: connected.totalMs,
    }

    const sessions = new Map<Client, string>(up.map((client) => [client, randomUUID()]))
    const subscribed = await Promise.all(up.map((client) => subscribe(client, sessions.get(client) as string, SOCKETS.subscribeTimeoutMs)))
    const subscribeTimes = subscribed.map((result) => result.ms)
    const refused = countBy(subscribed.flatMap((result) => (result.ok ? [] : [result.message ?? 'refused'])))
    await settle(1000)
    const rssAfter = rssOf(pid)

    const every = Math.max(1, Math.floor(up.length / SOCKETS.builds))
    const builders = up.filter((_, index) => index % every === 0).slice(0, SOCKETS.builds)
    const answers: Measured['answers'] = []
    const buildsStarted = performance.now()
    let turn = 0
    await pool(builders, SOCKETS.buildConcurrency, async (client) => {
      const request = BUILD_REQUESTS[turn++ % BUILD_REQUESTS.length]
      const sessionId = sessions.get(client) as string
      const answer = await postBuild(server.url, client.cookie, request?.content ?? 'build a todo web app', LOCAL_MODEL, sessionId)
      answers.push({ client, sessionId, answer })
    })
    const buildsWallMs = performance.now() - buildsStarted
    await settle(SOCKETS.settleMs)
    return {
      clients,
      connectErrors,
      connect,
      subscribe: { ok: subscribed.filter((result) => result.ok).length, p50Ms: percentile(subscribeTimes, 50), p99Ms: percentile(subscribeTimes, 99), refused },
      memory: {
        serverRssBeforeBytes: rssBefore,
        serverRssAfterBytes: rssAfter,
        perConnectionBytes: up.length > 0 ? (rssAfter - rssBefore) / up.length : Number.NaN,
      },
      sessions,
      answers,
      buildsWallMs,
    }
  } finally {
    for (const client of clients) client.socket.disconnect()
    await server.stop()
  }
}

/**
 * When each stage of each build started, by `${sessionId} ${stage}`, from the database the server
 * left behind: build_stages.started_at is a Date taken just before the stage's progress row is
 * updated and its `progress` event emitted (server/src/pipeline/runner.ts), the nearest server time
 * to the emit that the server records. The payload carries no timestamp.
 */
const stageStarts = async (dataDir: string): Promise<Map<string, number>> => {
  const started = new Map<string, number>()
  const db = await openPglite(dataDir)
  try {
    const { rows } = await db.query<{ session_id: string; stage: string; started_at: Date }>(
      'select b.session_id, s.stage, s.started_at from build_stages s join builds b on b.id = s.build_id',
    )
    for (const row of rows) started.set(`${row.session_id} ${row.stage}`, row.started_at.getTime())
  } finally {
    await db.close()
  }
  return started
}

const report = (measured: Measured, started: Map<string, number>, budgets: Budgets, summary: { sockets?: SocketsSummary }): void => {
  const { clients, connect, subscribe: subscribed, memory, answers } = measured
  const up = clients.filter((client) => client.connectMs !== null).length
  console.log(
    table(
      ['clients', 'connected', 'connect p50', 'p99', 'max', 'all connected in', 'subscribed', 'subscribe p50', 'p99'],
      [[SOCKETS.clients, up, ms(connect.p50Ms), ms(connect.p99Ms), ms(connect.maxMs), ms(connect.totalMs, 0), subscribed.ok, ms(subscribed.p50Ms), ms(subscribed.p99Ms)]],
      [0, 1, 2, 3, 4, 5, 6, 7, 8],
    ),
  )
  console.log(
    "(Connect: from io() to its `connect` event: TCP, the WebSocket upgrade and socket.io's handshake. Subscribe: emit to ack, all sent at once; the server reads the visitor and the session's owner from the database for each.)",
  )
  if (up < SOCKETS.clients) {
    console.log(`  ${SOCKETS.clients - up} did not connect: ${Object.entries(measured.connectErrors).map(([message, count]) => `${message} ×${count}`).join('; ')}`)
    console.log(
      `  Each connection is a file descriptor in the bench and one in the server: open files limit here ${openFilesLimit()} (ulimit -n), ` +
        `listen backlog net.core.somaxconn ${readFileSync('/proc/sys/net/core/somaxconn', 'utf8').trim()}; raise them if these are the cause.`,
    )
  }
  if (subscribed.ok < up) console.log(`  subscriptions refused: ${Object.entries(subscribed.refused).map(([message, count]) => `${message} ×${count}`).join('; ')}`)
  console.log('')
  console.log(
    `Server memory: VmRSS ${mib(memory.serverRssBeforeBytes)} before connecting, ${mib(memory.serverRssAfterBytes)} with ${up} connected and subscribed: ` +
      `${(memory.perConnectionBytes / 1024).toFixed(1)} KiB per connection (the difference / ${up}; garbage collection makes it approximate).`,
  )

  // Latency of each stage's start event: receipt in the client minus the stage's started_at.
  const samples: LatencySample[] = []
  let expected = 0
  let missing = 0
  let received = 0
  const completed = answers.filter(({ answer }) => answer.status === 200 && answer.zipUrl)
  for (const { client, sessionId } of completed) {
    const events = client.received.filter((event) => event.sessionId === sessionId && event.event === 'progress')
    received += events.length
    for (const stage of STAGES) {
      expected += 1
      const event = events.find((entry) => entry.stage === stage.id && entry.percentage === stage.start)
      const at = started.get(`${sessionId} ${stage.id}`)
      if (!event) missing += 1
      else if (at !== undefined) samples.push({ stage: stage.id, ms: event.receivedAt - at })
    }
    expected += 1
    if (!events.some((entry) => entry.percentage === 100)) missing += 1
  }
  const builders = new Set(answers.map(({ client }) => client))
  // Events for a session other than the one the client subscribed to (an idle client's gets none).
  const strays = clients.reduce((sum, client) => sum + client.received.filter((event) => event.sessionId !== measured.sessions.get(client)).length, 0)
  const idleReceived = clients.filter((client) => !builders.has(client)).reduce((sum, client) => sum + client.received.length, 0)
  const values = samples.map((sample) => sample.ms)
  const byStage = STAGES.map((stage) => {
    const stageValues = samples.filter((sample) => sample.stage === stage.id).map((sample) => sample.ms)
    return { stage: stage.id, p50Ms: percentile(stageValues, 50), p99Ms: percentile(stageValues, 99) }
  })
  const events = {
    expected,
    received,
    missing,
    samples: values.length,
    p50Ms: percentile(values, 50),
    p99Ms: percentile(values, 99),
    maxMs: Math.max(...values),
    byStage,
  }
  console.log('')
  console.log(
    `${answers.length} builds (${completed.length} completed) in ${ms(measured.buildsWallMs, 0)}, ${SOCKETS.buildConcurrency} at a time; ` +
      `their subscribers received ${received} progress events (${events.expected - events.missing}/${events.expected} of the stage starts and 100% events expected); ` +
      `the ${clients.length - builders.size} idle clients received ${idleReceived}; events of another session than the client's own: ${strays}.`,
  )
  console.log(
    table(
      ['progress event', 'p50', 'p99'],
      [...byStage.map((entry) => [`${entry.stage} start`, ms(entry.p50Ms), ms(entry.p99Ms)]), ['all stage starts', ms(events.p50Ms), ms(events.p99Ms)]],
      [1, 2],
    ),
  )
  console.log(
    "(Latency: the client's receipt (wall clock) minus the stage's build_stages.started_at, the server's Date taken just before it updates the build's progress row and emits; " +
      'the payload has no timestamp. So it is an upper bound: it includes that one PGlite update, queued behind the other builds\' queries, plus the emit, the loopback and the bench\'s event loop, which also runs the other 999 clients. Same machine, same clock.)',
  )
  console.log('')
  budgets.check('sockets', `${SOCKETS.clients} clients connect (websocket)`, up === SOCKETS.clients, `${up}/${SOCKETS.clients}`, 'all')
  budgets.check('sockets', 'connection time p99', connect.p99Ms < SOCKETS.connectP99Ms, `${ms(connect.p99Ms)} (p50 ${ms(connect.p50Ms)})`, `< ${SOCKETS.connectP99Ms} ms`)
  budgets.check('sockets', `all ${SOCKETS.clients} connected in`, connect.totalMs < SOCKETS.connectAllMs, ms(connect.totalMs, 0), `< ${SOCKETS.connectAllMs} ms`)
  budgets.check('sockets', 'subscriptions acknowledged ok', subscribed.ok === up && up > 0, `${subscribed.ok}/${up}`, 'all')
  budgets.check(
    'sockets',
    "subscribers got every stage start and 100% of their build, and no other session's events",
    missing === 0 && strays === 0 && idleReceived === 0 && completed.length === SOCKETS.builds,
    `${missing} missing, ${strays} stray, ${completed.length}/${SOCKETS.builds} builds completed`,
    '0, 0, all',
  )
  budgets.check('sockets', 'progress event latency p99 (upper bound)', events.p99Ms < SOCKETS.eventP99Ms, `${ms(events.p99Ms)} (p50 ${ms(events.p50Ms)})`, `< ${SOCKETS.eventP99Ms} ms`)
  budgets.check(
    'sockets',
    'server RSS per connection',
    memory.perConnectionBytes < SOCKETS.rssPerConnectionBytes,
    `${(memory.perConnectionBytes / 1024).toFixed(1)} KiB`,
    `< ${SOCKETS.rssPerConnectionBytes / 1024} KiB`,
  )
  summary.sockets = {
    clients: SOCKETS.clients,
    connected: up,
    connectErrors: measured.connectErrors,
    connect,
    subscribe: subscribed,
    memory,
    builds: { run: answers.length, completed: completed.length, concurrency: SOCKETS.buildConcurrency, wallMs: measured.buildsWallMs },
    events,
    rateLimits: RAISED_CHAT_LIMITS,
  }
}
