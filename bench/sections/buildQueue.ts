/**
 * Section `builds`, third part: builds under load. 30 builds sent at once by 30 fresh visitors
 * (one IP: this machine), with the production chat limits and BUILD_CONCURRENCY at its default,
 * so they queue; meanwhile GET /api/health and a docs answer (a question the offline engine
 * answers from the docs, each from another fresh visitor) are timed, one after another.
 */
import { randomUUID } from 'node:crypto'
import os from 'node:os'
import { defaultBuildConcurrency, loadConfig } from '../../server/src/config'
import { LOCAL_MODEL } from '../../server/src/llm/providers/local'
import { startServer } from '../../tests/e2e/server'
import { postBuild, type BuildAnswer } from '../lib/builds'
import { type Budgets, heading, median, ms, percentile, table } from '../lib/report'
import { BUILD_REQUESTS, visitorCookie } from './builds'

export const QUEUE_LOAD = {
  /** Builds sent together, each from a fresh visitor. */
  builds: 30,
  /** The pause between two health probes (each waits for its answer first). */
  healthGapMs: 100,
  /**
   * The pause between two docs questions: at most 200 a minute, which with the builds stays within
   * the IP's chat budget (RATE_LIMIT_CHAT_IP, 300 a minute), as other visitors behind one NAT would.
   */
  docsGapMs: 300,
  /** The budget for health and a docs answer while builds queue. */
  p99Ms: 250,
}

/** Questions about the product: the offline engine answers them from the docs. */
const DOCS_QUESTIONS = ['How do approval gates work?', 'What does the Clarification Loop do?', 'How are API requests rate limited?', 'What is the DevLoop Matrix?']

export interface BuildQueueSummary {
  builds: number
  concurrency: number
  cores: number
  wallMs: number
  statusCodes: Record<string, number>
  completed: number
  buildP50Ms: number
  buildP99Ms: number
  /** Builds whose state said 'Queued: …' when a probe read it. */
  seenQueued: number
  health: { samples: number; p50Ms: number; p99Ms: number; maxMs: number; failed: number }
  docs: { samples: number; p50Ms: number; p99Ms: number; maxMs: number; failed: number }
}

interface Probe {
  latencies: number[]
  failed: number
}

/** Calls `once` again and again, `gapMs` apart, until `done`; each call's time and whether it failed. */
const probe = async (done: () => boolean, gapMs: number, once: () => Promise<boolean>): Promise<Probe> => {
  const result: Probe = { latencies: [], failed: 0 }
  while (!done()) {
    const startedAt = performance.now()
    const ok = await once().catch(() => false)
    result.latencies.push(performance.now() - startedAt)
    if (!ok) result.failed += 1
    await new Promise((resolve) => setTimeout(resolve, gapMs))
  }
  return result
}

const stats = ({ latencies, failed }: Probe) => ({
  samples: latencies.length,
  p50Ms: percentile(latencies, 50),
  p99Ms: percentile(latencies, 99),
  maxMs: Math.max(...latencies),
  failed,
})

export const buildQueueSection = async (budgets: Budgets, summary: { buildQueue?: BuildQueueSummary }, machineLoad: (section: string) => string): Promise<void> => {
  const cores = os.availableParallelism()
  const concurrency = defaultBuildConcurrency(cores)
  heading(`7c. Builds under load: ${QUEUE_LOAD.builds} builds at once from ${QUEUE_LOAD.builds} fresh visitors (one IP), BUILD_CONCURRENCY ${concurrency} (the default on ${cores} cores); health and a docs answer meanwhile`)
  const defaults = loadConfig({}).chat
  // The production chat limits and queue settings: nothing raised.
  const server = await startServer({ DATABASE_URL: '', SEED_DEMO: 'false', BUILD_SANDBOX: 'bwrap' })
  try {
    console.log(machineLoad('builds under load'))
    console.log(
      `Production settings: RATE_LIMIT_CHAT ${defaults.rateLimitPerOwner}, RATE_LIMIT_CHAT_IP ${defaults.rateLimitPerIp} a minute (builds and docs questions share the IP's budget), ` +
        `BUILD_CONCURRENCY ${concurrency}, BUILD_QUEUE_PER_OWNER 2; PGlite, BUILD_SANDBOX=bwrap.`,
    )
    // Warm-up, not counted: the first build loads the tokenizer and its template, the first answer the docs index.
    await postBuild(server.url, visitorCookie(), 'build a todo web app', LOCAL_MODEL, randomUUID())

    const jobs = Array.from({ length: QUEUE_LOAD.builds }, (_, index) => ({
      cookie: visitorCookie(),
      content: (BUILD_REQUESTS[index % BUILD_REQUESTS.length] as (typeof BUILD_REQUESTS)[number]).content,
      sessionId: randomUUID(),
    }))
    let finished = false
    const startedAt = performance.now()
    const building = Promise.all(jobs.map((job) => postBuild(server.url, job.cookie, job.content, LOCAL_MODEL, job.sessionId)))
    const queued = new Set<string>()
    let asked = 0
    const [answers, health, docs] = await Promise.all([
      building.finally(() => (finished = true)),
      probe(
        () => finished,
        QUEUE_LOAD.healthGapMs,
        async () => (await fetch(`${server.url}/api/health`)).status === 200,
      ),
      probe(
        () => finished,
        QUEUE_LOAD.docsGapMs,
        async () => {
          const response = await fetch(`${server.url}/api/overseer-dev/chat`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie: visitorCookie() },
            body: JSON.stringify({ messages: [{ role: 'user', content: DOCS_QUESTIONS[(asked += 1) % DOCS_QUESTIONS.length] }], model: LOCAL_MODEL, sessionId: randomUUID() }),
          })
          const body = (await response.json()) as { reply?: string }
          return response.status === 200 && typeof body.reply === 'string' && body.reply.length > 0
        },
      ),
      // Not timed: which builds say they wait (their owner's view), read now and then.
      (async () => {
        while (!finished) {
          await Promise.all(
            jobs.map(async (job) => {
              const response = await fetch(`${server.url}/api/overseer/builds/${job.sessionId}`, { headers: { cookie: job.cookie } })
              if (response.status !== 200) return
              const { data } = (await response.json()) as { data: { message: string } }
              if (data.message.startsWith('Queued:')) queued.add(job.sessionId)
            }),
          )
          await new Promise((resolve) => setTimeout(resolve, 2_000))
        }
      })(),
    ])
    const wallMs = performance.now() - startedAt
    const statusCodes: Record<string, number> = {}
    for (const answer of answers) statusCodes[answer.status] = (statusCodes[answer.status] ?? 0) + 1
    const complete = (answer: BuildAnswer) => answer.status === 200 && answer.zipUrl !== undefined
    const elapsed = answers.map((answer) => answer.elapsedMs)
    const result: BuildQueueSummary = {
      builds: QUEUE_LOAD.builds,
      concurrency,
      cores,
      wallMs,
      statusCodes,
      completed: answers.filter(complete).length,
      buildP50Ms: percentile(elapsed, 50),
      buildP99Ms: percentile(elapsed, 99),
      seenQueued: queued.size,
      health: stats(health),
      docs: stats(docs),
    }
    console.log(
      table(
        ['builds', 'wall time', 'status', 'complete', 'seen queued', 'build p50', 'build p99'],
        [
          [
            result.builds,
            ms(wallMs, 0),
            Object.entries(statusCodes).map(([code, count]) => `${code}×${count}`).join(' '),
            `${result.completed}/${result.builds}`,
            result.seenQueued,
            ms(result.buildP50Ms, 0),
            ms(result.buildP99Ms, 0),
          ],
        ],
        [0, 1, 3, 4, 5, 6],
      ),
    )
    console.log('')
    console.log(
      table(
        ['while they queue', 'samples', 'p50', 'p99', 'max', 'failed'],
        [
          ['GET /api/health', result.health.samples, ms(result.health.p50Ms), ms(result.health.p99Ms), ms(result.health.maxMs), result.health.failed],
          [`POST /api/overseer-dev/chat, a docs answer (${LOCAL_MODEL})`, result.docs.samples, ms(result.docs.p50Ms), ms(result.docs.p99Ms), ms(result.docs.maxMs), result.docs.failed],
        ],
        [1, 2, 3, 4, 5],
      ),
    )
    console.log(
      `(Each probe waits for its answer, then ${QUEUE_LOAD.healthGapMs} ms (health) or ${QUEUE_LOAD.docsGapMs} ms (docs), from the first build sent to the last answered; a docs question comes from a fresh visitor each time, same IP. ` +
        `Seen queued: builds whose state (GET /api/overseer/builds/{sessionId}) said 'Queued: …' when read, every 2 s. Median build: ${ms(median(elapsed), 0)}.)`,
    )
    budgets.check('builds', `${QUEUE_LOAD.builds} at once from one IP: all answer 200 with zipUrl`, result.completed === QUEUE_LOAD.builds, `${result.completed}/${QUEUE_LOAD.builds}`, 'all')
    budgets.check('builds', `${QUEUE_LOAD.builds} at once: health p99 while they queue`, result.health.p99Ms < QUEUE_LOAD.p99Ms && result.health.failed === 0, `${ms(result.health.p99Ms)} (${result.health.failed} failed)`, `< ${QUEUE_LOAD.p99Ms} ms`)
    budgets.check('builds', `${QUEUE_LOAD.builds} at once: docs answer p99 while they queue`, result.docs.p99Ms < QUEUE_LOAD.p99Ms && result.docs.failed === 0, `${ms(result.docs.p99Ms)} (${result.docs.failed} failed)`, `< ${QUEUE_LOAD.p99Ms} ms`)
    summary.buildQueue = result
  } finally {
    await server.stop()
  }
}
