/**
 * Section `builds`: a whole build with the offline engine, one at a time and 50 at once.
 */
import { randomUUID } from 'node:crypto'
import { newVisitorToken, VISITOR_COOKIE } from '../../server/src/chat/owner'
import { LOCAL_MODEL } from '../../server/src/llm/providers/local'
import { startServer } from '../../tests/e2e/server'
import { checkStored, mib, postBuild, rssOf, serverPid, type BuildAnswer, type BuildRequest, type StoredCheck } from '../lib/builds'
import { type Budgets, heading, median, ms, percentile, subheading, table } from '../lib/report'

/** The chat budget (RATE_LIMIT_CHAT per owner, RATE_LIMIT_CHAT_IP per IP, a minute) also counts builds. */
export const RAISED_CHAT_LIMITS = { RATE_LIMIT_CHAT: '100000000', RATE_LIMIT_CHAT_IP: '100000000' }

/** One request of each kind the offline engine builds; `kind` is what it must be classified as. */
export const BUILD_REQUESTS: BuildRequest[] = [
  { kind: 'web-app', content: 'build a todo web app' },
  { kind: 'http-api', content: 'build a REST API for bookmarks' },
  { kind: 'cli', content: 'build a CLI tool that counts words in files' },
  { kind: 'library', content: 'build a library of date helpers' },
]

const BUILDS = {
  /** Sequential builds: this many rounds, each kind once per round, in turns. */
  rounds: 10,
  concurrent: 50,
  /** The 50 at once come from this many visitors (10 each, kinds in turn). */
  visitors: 5,
  // Regression guards, set at first measurement (load average 12-14 on 2 CPUs, other work running;
  // PGlite): one at a time, medians 55-80 ms per kind (63 ms over all); 50 at once in 3.4 s wall
  // time, p50 1.7 s, p99 3.3 s (they take turns on PGlite's one connection), server RSS +19.5 MiB
  // (of about 570 MiB). The guards leave room for a busy machine. Losing a build (not 200, no
  // zipUrl, conversation not completed, archive not downloadable) is a hard budget: none may.
  sequentialMedianMs: 250,
  concurrentWallMs: 8000,
  concurrentP99Ms: 8000,
  concurrentRssGrowthBytes: 100 * 1024 * 1024,
}

interface KindTimes {
  kind: string
  request: string
  samples: number
  medianMs: number
  minMs: number
  maxMs: number
}

export interface BuildsSummary {
  rateLimits: Record<string, string>
  sequential: { rounds: number; kinds: KindTimes[]; medianMs: number; failed: string[] }
  concurrent: {
    builds: number
    visitors: number
    wallMs: number
    p50Ms: number
    p99Ms: number
    maxMs: number
    statusCodes: Record<string, number>
    completed: number
    stored: number
    lost: string[]
    serverRssBeforeBytes: number
    serverRssAfterBytes: number
  }
}

const visitorCookie = (): string => `${VISITOR_COOKIE}=${newVisitorToken()}`

/** What is wrong with a build that should be complete: '' when nothing. */
const problemOf = (answer: BuildAnswer, stored: StoredCheck, kind: string): string => {
  const problems: string[] = []
  if (answer.status !== 200) problems.push(`HTTP ${answer.status}${answer.message ? ` (${answer.message})` : ''}`)
  if (answer.status === 200 && !answer.zipUrl) problems.push('no zipUrl')
  if (!stored.conversationCompleted) problems.push('conversation not stored completed')
  if (stored.archiveBytes === null) problems.push('archive not downloadable')
  if (stored.buildStatus !== 'completed') problems.push(`build status ${stored.buildStatus ?? 'not found'}`)
  if (stored.buildKind !== kind) problems.push(`classified as ${stored.buildKind ?? 'nothing'}, not ${kind}`)
  return problems.join(', ')
}

export const buildsSection = async (
  budgets: Budgets,
  summary: { builds?: BuildsSummary },
  machineLoad: (section: string) => string,
): Promise<void> => {
  heading(`7. Builds: POST /api/overseer/chat (${LOCAL_MODEL}), ${BUILDS.rounds} rounds one at a time, then ${BUILDS.concurrent} at once`)
  const server = await startServer(RAISED_CHAT_LIMITS)
  try {
    console.log(machineLoad('builds'))
    console.log(
      `Chat rate limits raised for this server only: ${Object.entries(RAISED_CHAT_LIMITS).map(([name, value]) => `${name}=${value}`).join(', ')} ` +
        '(defaults: 20 per owner and 60 per IP a minute; builds count against them), so every build runs instead of answering 429.',
    )
    const pid = serverPid(Number(new URL(server.url).port))
    if (pid === undefined) throw new Error('cannot find the server process (for its RSS)')

    // Warm-up, not counted: the first build loads the tokenizer and the templates.
    const warmCookie = visitorCookie()
    for (const request of BUILD_REQUESTS) await postBuild(server.url, warmCookie, request.content, LOCAL_MODEL, randomUUID())

    subheading(`One at a time: ${BUILDS.rounds} rounds of ${BUILD_REQUESTS.length} kinds in turns, one visitor (after one warm-up build of each)`)
    const cookie = visitorCookie()
    const times = new Map<string, number[]>(BUILD_REQUESTS.map((request) => [request.kind, []]))
    const failed: string[] = []
    for (let round = 0; round < BUILDS.rounds; round += 1) {
      for (const request of BUILD_REQUESTS) {
        const answer = await postBuild(server.url, cookie, request.content, LOCAL_MODEL, randomUUID())
        times.get(request.kind)?.push(answer.elapsedMs)
        const problem = problemOf(answer, await checkStored(server.url, cookie, answer), request.kind)
        if (problem) failed.push(`${request.kind} ${answer.sessionId}: ${problem}`)
      }
    }
    const kinds: KindTimes[] = BUILD_REQUESTS.map((request) => {
      const values = times.get(request.kind) ?? []
      return { kind: request.kind, request: request.content, samples: values.length, medianMs: median(values), minMs: Math.min(...values), maxMs: Math.max(...values) }
    })
    const all = [...times.values()].flat()
    const sequentialMedian = median(all)
    console.log(
      table(
        ['kind', 'request', 'n', 'median', 'min', 'max'],
        [
          ...kinds.map((entry) => [entry.kind, `'${entry.request}'`, entry.samples, ms(entry.medianMs), ms(entry.minMs), ms(entry.maxMs)]),
          ['all', '', all.length, ms(sequentialMedian), ms(Math.min(...all)), ms(Math.max(...all))],
        ],
        [2, 3, 4, 5],
      ),
    )
    console.log('(From sending the POST to the end of its answer: the seven stages, the archive written, the conversation stored.)')
    for (const problem of failed.slice(0, 10)) console.log(`  not complete: ${problem}`)
    console.log('')
    budgets.check('builds', 'sequential builds complete and stored (200, zipUrl, right kind, conversation completed, archive downloads)', failed.length === 0, `${all.length - failed.length}/${all.length}`, 'all')
    for (const entry of kinds) {
      budgets.check('builds', `build median, one at a time: ${entry.kind}`, entry.medianMs < BUILDS.sequentialMedianMs, ms(entry.medianMs), `< ${BUILDS.sequentialMedianMs} ms`)
    }

    subheading(`${BUILDS.concurrent} at once: ${BUILDS.concurrent} POSTs sent together, each with its own sessionId, from ${BUILDS.visitors} visitors, kinds in turn`)
    const visitors = Array.from({ length: BUILDS.visitors }, visitorCookie)
    const jobs = Array.from({ length: BUILDS.concurrent }, (_, index) => ({
      cookie: visitors[index % visitors.length] as string,
      request: BUILD_REQUESTS[index % BUILD_REQUESTS.length] as BuildRequest,
      sessionId: randomUUID(),
    }))
    const rssBefore = rssOf(pid)
    const started = performance.now()
    const answers = await Promise.all(jobs.map((job) => postBuild(server.url, job.cookie, job.request.content, LOCAL_MODEL, job.sessionId)))
    const wallMs = performance.now() - started
    const rssAfter = rssOf(pid)
    const lost: string[] = []
    let stored = 0
    for (const [index, answer] of answers.entries()) {
      const job = jobs[index] as (typeof jobs)[number]
      const check = await checkStored(server.url, job.cookie, answer)
      if (check.conversationCompleted && check.archiveBytes !== null) stored += 1
      const problem = problemOf(answer, check, job.request.kind)
      if (problem) lost.push(`${job.request.kind} ${answer.sessionId}: ${problem}`)
    }
    const elapsed = answers.map((answer) => answer.elapsedMs)
    const statusCodes: Record<string, number> = {}
    for (const answer of answers) statusCodes[answer.status] = (statusCodes[answer.status] ?? 0) + 1
    const completed = answers.filter((answer) => answer.status === 200 && answer.zipUrl).length
    const concurrent = {
      builds: BUILDS.concurrent,
      visitors: BUILDS.visitors,
      wallMs,
      p50Ms: percentile(elapsed, 50),
      p99Ms: percentile(elapsed, 99),
      maxMs: Math.max(...elapsed),
      statusCodes,
      completed,
      stored,
      lost,
      serverRssBeforeBytes: rssBefore,
      serverRssAfterBytes: rssAfter,
    }
    console.log(
      table(
        ['builds', 'wall time', 'p50', 'p99', 'max', 'status', 'answered with zipUrl', 'stored and downloadable', 'server RSS before', 'after'],
        [
          [
            concurrent.builds,
            ms(wallMs, 0),
            ms(concurrent.p50Ms, 0),
            ms(concurrent.p99Ms, 0),
            ms(concurrent.maxMs, 0),
            Object.entries(statusCodes).map(([code, count]) => `${code}×${count}`).join(' '),
            completed,
            stored,
            mib(rssBefore),
            `${mib(rssAfter)} (${rssAfter >= rssBefore ? '+' : ''}${mib(rssAfter - rssBefore)})`,
          ],
        ],
        [1, 2, 3, 4, 6, 7, 8, 9],
      ),
    )
    console.log(
      '(Per build: from its POST to its answer. The builds run in the server process and share PGlite\'s one connection; ' +
        'stored = the conversation reads back completed and the zip downloads for its owner; RSS = VmRSS of the server process.)',
    )
    for (const problem of lost.slice(0, 10)) console.log(`  lost: ${problem}`)
    console.log('')
    budgets.check('builds', `${BUILDS.concurrent} at once: all finish (200 with zipUrl)`, completed === BUILDS.concurrent, `${completed}/${BUILDS.concurrent}`, 'all')
    budgets.check('builds', `${BUILDS.concurrent} at once: none lost (build completed, conversation completed, archive downloads)`, lost.length === 0, `${lost.length} lost`, '0')
    budgets.check('builds', `${BUILDS.concurrent} at once: wall time`, wallMs < BUILDS.concurrentWallMs, ms(wallMs, 0), `< ${BUILDS.concurrentWallMs} ms`)
    budgets.check('builds', `${BUILDS.concurrent} at once: p99 per build`, concurrent.p99Ms < BUILDS.concurrentP99Ms, ms(concurrent.p99Ms, 0), `< ${BUILDS.concurrentP99Ms} ms`)
    budgets.check(
      'builds',
      `${BUILDS.concurrent} at once: server RSS growth`,
      rssAfter - rssBefore < BUILDS.concurrentRssGrowthBytes,
      mib(rssAfter - rssBefore),
      `< ${mib(BUILDS.concurrentRssGrowthBytes, 0)}`,
    )
    summary.builds = {
      rateLimits: RAISED_CHAT_LIMITS,
      sequential: { rounds: BUILDS.rounds, kinds, medianMs: sequentialMedian, failed },
      concurrent,
    }
  } finally {
    await server.stop()
  }
}
