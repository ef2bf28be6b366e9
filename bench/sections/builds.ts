/**
 * Section `builds`: a whole build with the offline engine, its project's tests run in the sandbox
 * before delivery, one at a time per kind and 10 at once.
 */
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { STAGE_IDS } from '../../contracts/builds'
import { newVisitorToken, VISITOR_COOKIE } from '../../server/src/sessions/owner'
import { openPglite } from '../../server/src/db'
import { LOCAL_MODEL } from '../../server/src/llm/providers/local'
import { startServer } from '../../tests/e2e/server'
import {
  checkStored,
  mib,
  postBuild,
  rssOf,
  sampleTreeMemory,
  serverPid,
  type BuildAnswer,
  type BuildRequest,
  type MemoryPeaks,
  type StoredCheck,
} from '../lib/builds'
import { type Budgets, heading, median, ms, percentile, subheading, table } from '../lib/report'
import type { RecordingSummary, TimelinePaintSummary } from './buildTimeline'
import type { DurableSummary } from './durableBuilds'

/** The chat budget (RATE_LIMIT_CHAT per owner, RATE_LIMIT_CHAT_IP per IP, a minute) also counts builds. */
export const RAISED_CHAT_LIMITS = { RATE_LIMIT_CHAT: '100000000', RATE_LIMIT_CHAT_IP: '100000000' }

/** One request of each kind the offline engine builds; `kind` is what it must be classified as. */
export const BUILD_REQUESTS: BuildRequest[] = [
  { kind: 'web-app', content: 'build a todo web app' },
  { kind: 'http-api', content: 'make a REST API for invoices' },
  { kind: 'cli', content: 'build a command-line tool that counts words' },
  { kind: 'library', content: 'create a library of string helpers' },
]

export const BUILDS = {
  /** Sequential builds: this many rounds, each kind once per round, in turns. */
  rounds: 10,
  /** Builds sent together, each from a visitor of its own, kinds in turn. */
  concurrent: 10,
  /** How often the server's memory (and its children's: the sandboxed runs) is read while they run. */
  memorySampleMs: 100,
  // A build's time is mostly its sandboxed `npm test` (a Node process or two started in bubblewrap);
  // on this 2-core machine one at a time must stay under 3 s per kind. Ten at once share those two
  // cores, so they wait for each other; the p99 budget allows for that.
  sequentialMedianMs: 3_000,
  concurrentP99Ms: 15_000,
}

interface BuildTimes {
  kind: string
  sessionId: string
  elapsedMs: number
  /** The build's sandboxed test runs, summed (the offline engine has one, the QA run); null when none ran. */
  sandboxMs: number | null
}

interface KindTimes {
  kind: string
  request: string
  samples: number
  medianMs: number
  p95Ms: number
  minMs: number
  maxMs: number
  sandboxMedianMs: number
  /** The sandboxed runs' time over the builds' time, summed over the kind's builds. */
  sandboxShare: number
}

interface StageTimes {
  kind: string
  builds: number
  /** Median per stage: from its start to its row written (build_stages.started_at to finished_at). */
  medianMsByStage: Record<string, number>
}

export interface BuildsSummary {
  rateLimits?: Record<string, string>
  sequential?: { rounds: number; kinds: KindTimes[]; medianMs: number; p95Ms: number; sandboxMedianMs: number; sandboxShare: number; failed: string[]; stages: StageTimes[] }
  concurrent?: {
    builds: number
    visitors: number
    wallMs: number
    p50Ms: number
    p99Ms: number
    maxMs: number
    sandboxMedianMs: number
    sandboxShare: number
    statusCodes: Record<string, number>
    completed: number
    lost: string[]
    serverRssBeforeBytes: number
    serverRssAfterBytes: number
    memory: MemoryPeaks
  }
  /** Durable builds (sections/durableBuilds.ts): checkpoints' cost, a worker's takeover. */
  durable?: DurableSummary
  /** The second part (sections/buildTimeline.ts): builds with and without the timeline. */
  recording?: RecordingSummary
  /** The second part: a finished build's timeline in Chromium. */
  timeline?: TimelinePaintSummary
}

export const visitorCookie = (): string => `${VISITOR_COOKIE}=${newVisitorToken()}`

/** What is wrong with a build that should be complete, its tests passed in the sandbox: '' when nothing. */
export const problemOf = (answer: BuildAnswer, stored: StoredCheck, kind: string): string => {
  const problems: string[] = []
  if (answer.status !== 200) problems.push(`HTTP ${answer.status}${answer.message ? ` (${answer.message})` : ''}`)
  if (answer.status === 200 && !answer.zipUrl) problems.push('no zipUrl')
  if (!stored.conversationCompleted) problems.push('conversation not stored completed')
  if (stored.archiveBytes === null) problems.push('archive not downloadable')
  if (stored.buildStatus !== 'completed') problems.push(`build status ${stored.buildStatus ?? 'not found'}`)
  if (stored.buildKind !== kind) problems.push(`classified as ${stored.buildKind ?? 'nothing'}, not ${kind}`)
  if (!stored.tests) problems.push('tests not run in the sandbox')
  else if (stored.tests.failed > 0 || stored.tests.passed === 0) problems.push(`tests ${stored.tests.passed} passed, ${stored.tests.failed} failed`)
  if (stored.iterations.length === 0) problems.push('no sandboxed run recorded')
  return problems.join(', ')
}

const sandboxMsOf = (stored: StoredCheck): number | null =>
  stored.iterations.length === 0 ? null : stored.iterations.reduce((sum, iteration) => sum + iteration.durationMs, 0)

/** Sandboxed time over build time, both summed over the builds whose sandbox time is known. */
const shareOf = (builds: BuildTimes[]): number => {
  const known = builds.filter((build) => build.sandboxMs !== null)
  const total = known.reduce((sum, build) => sum + build.elapsedMs, 0)
  return total === 0 ? Number.NaN : known.reduce((sum, build) => sum + (build.sandboxMs ?? 0), 0) / total
}

const sandboxTimes = (builds: BuildTimes[]): number[] => builds.flatMap((build) => (build.sandboxMs === null ? [] : [build.sandboxMs]))

const percent = (share: number): string => (Number.isNaN(share) ? 'n/a' : `${(share * 100).toFixed(0)} %`)

/**
 * How long each stage of the given builds took, from the database the server left behind (it
 * holds PGlite's one connection while it runs): the median per kind and stage.
 */
const stageTimes = async (dataDir: string, builds: BuildTimes[]): Promise<StageTimes[]> => {
  const kindOf = new Map(builds.map((build) => [build.sessionId, build.kind]))
  const byKind = new Map<string, Map<string, number[]>>()
  const db = await openPglite(dataDir)
  try {
    const { rows } = await db.query<{ session_id: string; stage: string; started_at: Date; finished_at: Date }>(
      'select b.session_id, s.stage, s.started_at, s.finished_at from build_stages s join builds b on b.id = s.build_id',
    )
    for (const row of rows) {
      const kind = kindOf.get(row.session_id)
      if (kind === undefined) continue
      const stages = byKind.get(kind) ?? new Map<string, number[]>()
      byKind.set(kind, stages)
      stages.set(row.stage, [...(stages.get(row.stage) ?? []), row.finished_at.getTime() - row.started_at.getTime()])
    }
  } finally {
    await db.close()
  }
  return BUILD_REQUESTS.map((request) => {
    const stages = byKind.get(request.kind) ?? new Map<string, number[]>()
    return {
      kind: request.kind,
      builds: builds.filter((build) => build.kind === request.kind).length,
      medianMsByStage: Object.fromEntries(STAGE_IDS.map((stage) => [stage, median(stages.get(stage) ?? [])])),
    }
  })
}

export const buildsSection = async (
  budgets: Budgets,
  summary: { builds?: BuildsSummary },
  machineLoad: (section: string) => string,
): Promise<void> => {
  heading(`7. Builds with the sandboxed test run: POST /api/overseer/chat (${LOCAL_MODEL}), ${BUILDS.rounds} rounds one at a time, then ${BUILDS.concurrent} at once`)
  // A folder of its own (not startServer's) so the stage rows can be read after the server stops.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'overseer-bench-builds-'))
  try {
    // bwrap whatever the environment says: without it the tests would run unconfined or not at all.
    const server = await startServer({ ...RAISED_CHAT_LIMITS, DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: 'false', BUILD_SANDBOX: 'bwrap' })
    const sequential: BuildTimes[] = []
    const failed: string[] = []
    let kinds: KindTimes[] = []
    let concurrent: NonNullable<BuildsSummary['concurrent']>
    try {
      console.log(machineLoad('builds'))
      console.log(
        `Chat rate limits raised for this server only: ${Object.entries(RAISED_CHAT_LIMITS).map(([name, value]) => `${name}=${value}`).join(', ')} ` +
          '(defaults: 20 per owner and 300 per IP a minute; builds count against them), so every build runs instead of answering 429. ' +
          'PGlite in a fresh folder, no demo content, BUILD_SANDBOX=bwrap.',
      )
      const pid = serverPid(Number(new URL(server.url).port))
      if (pid === undefined) throw new Error('cannot find the server process (for its RSS)')

      // Warm-up, not counted: the first build of a kind loads the tokenizer and its template, and the
      // first sandboxed run reads Node and npm from disk.
      const warmCookie = visitorCookie()
      for (const request of BUILD_REQUESTS) await postBuild(server.url, warmCookie, request.content, LOCAL_MODEL, randomUUID())

      subheading(`One at a time: ${BUILDS.rounds} rounds of ${BUILD_REQUESTS.length} kinds in turns, one visitor (after one warm-up build of each)`)
      const cookie = visitorCookie()
      for (let round = 0; round < BUILDS.rounds; round += 1) {
        for (const request of BUILD_REQUESTS) {
          const answer = await postBuild(server.url, cookie, request.content, LOCAL_MODEL, randomUUID())
          const stored = await checkStored(server.url, cookie, answer)
          sequential.push({ kind: request.kind, sessionId: answer.sessionId, elapsedMs: answer.elapsedMs, sandboxMs: sandboxMsOf(stored) })
          const problem = problemOf(answer, stored, request.kind)
          if (problem) failed.push(`${request.kind} ${answer.sessionId}: ${problem}`)
        }
      }
      kinds = BUILD_REQUESTS.map((request) => {
        const builds = sequential.filter((build) => build.kind === request.kind)
        const values = builds.map((build) => build.elapsedMs)
        return {
          kind: request.kind,
          request: request.content,
          samples: values.length,
          medianMs: median(values),
          p95Ms: percentile(values, 95),
          minMs: Math.min(...values),
          maxMs: Math.max(...values),
          sandboxMedianMs: median(sandboxTimes(builds)),
          sandboxShare: shareOf(builds),
        }
      })
      const all = sequential.map((build) => build.elapsedMs)
      console.log(
        table(
          ['kind', 'request', 'n', 'median', 'p95', 'min', 'max', 'sandbox median', 'sandbox share'],
          [
            ...kinds.map((entry) => [
              entry.kind,
              `'${entry.request}'`,
              entry.samples,
              ms(entry.medianMs, 0),
              ms(entry.p95Ms, 0),
              ms(entry.minMs, 0),
              ms(entry.maxMs, 0),
              ms(entry.sandboxMedianMs, 0),
              percent(entry.sandboxShare),
            ]),
            ['all', '', all.length, ms(median(all), 0), ms(percentile(all, 95), 0), ms(Math.min(...all), 0), ms(Math.max(...all), 0), ms(median(sandboxTimes(sequential)), 0), percent(shareOf(sequential))],
          ],
          [2, 3, 4, 5, 6, 7, 8],
        ),
      )
      console.log(
        '(Build: from sending the POST to the end of its answer: the seven stages, the archive written, the conversation stored. ' +
          "Sandbox: the QA run's `npm test` in bubblewrap as the server timed it (GET /api/overseer/builds/{sessionId}, iterations[].durationMs); " +
          'copying the project in and out of the sandbox is outside it. Share: sandbox time over build time, summed over the builds. ' +
          `p95 of ${BUILDS.rounds} is nearest-rank: the slowest.)`,
      )
      for (const problem of failed.slice(0, 10)) console.log(`  not complete: ${problem}`)

      subheading(`${BUILDS.concurrent} at once: ${BUILDS.concurrent} POSTs sent together, each from a visitor of its own with its own sessionId, kinds in turn`)
      const jobs = Array.from({ length: BUILDS.concurrent }, (_, index) => ({
        cookie: visitorCookie(),
        request: BUILD_REQUESTS[index % BUILD_REQUESTS.length] as BuildRequest,
        sessionId: randomUUID(),
      }))
      const rssBefore = rssOf(pid)
      const stopSampling = sampleTreeMemory(pid, BUILDS.memorySampleMs)
      // The sampling stops on a failure too, so no timer outlives the section.
      const answers = await Promise.all(jobs.map((job) => postBuild(server.url, job.cookie, job.request.content, LOCAL_MODEL, job.sessionId))).finally(stopSampling)
      const memory = await stopSampling()
      // From the first POST sent to the last answer received (not counting the last memory sample).
      const wallMs = Math.max(...answers.map((answer) => answer.startedAt + answer.elapsedMs)) - Math.min(...answers.map((answer) => answer.startedAt))
      const rssAfter = rssOf(pid)
      const lost: string[] = []
      const together: BuildTimes[] = []
      for (const [index, answer] of answers.entries()) {
        const job = jobs[index] as (typeof jobs)[number]
        const stored = await checkStored(server.url, job.cookie, answer)
        together.push({ kind: job.request.kind, sessionId: answer.sessionId, elapsedMs: answer.elapsedMs, sandboxMs: sandboxMsOf(stored) })
        const problem = problemOf(answer, stored, job.request.kind)
        if (problem) lost.push(`${job.request.kind} ${answer.sessionId}: ${problem}`)
      }
      const elapsed = answers.map((answer) => answer.elapsedMs)
      const statusCodes: Record<string, number> = {}
      for (const answer of answers) statusCodes[answer.status] = (statusCodes[answer.status] ?? 0) + 1
      concurrent = {
        builds: BUILDS.concurrent,
        visitors: BUILDS.concurrent,
        wallMs,
        p50Ms: percentile(elapsed, 50),
        p99Ms: percentile(elapsed, 99),
        maxMs: Math.max(...elapsed),
        sandboxMedianMs: median(sandboxTimes(together)),
        sandboxShare: shareOf(together),
        statusCodes,
        completed: answers.filter((answer) => answer.status === 200 && answer.zipUrl).length,
        lost,
        serverRssBeforeBytes: rssBefore,
        serverRssAfterBytes: rssAfter,
        memory,
      }
      console.log(
        table(
          ['builds', 'wall time', 'p50', 'p99', 'max', 'status', 'complete', 'sandbox median', 'sandbox share'],
          [
            [
              concurrent.builds,
              ms(wallMs, 0),
              ms(concurrent.p50Ms, 0),
              ms(concurrent.p99Ms, 0),
              ms(concurrent.maxMs, 0),
              Object.entries(statusCodes).map(([code, count]) => `${code}×${count}`).join(' '),
              `${concurrent.builds - lost.length}/${concurrent.builds}`,
              ms(concurrent.sandboxMedianMs, 0),
              percent(concurrent.sandboxShare),
            ],
          ],
          [1, 2, 3, 4, 6, 7, 8],
        ),
      )
      console.log('')
      console.log(
        table(
          ['server RSS before', 'after', 'peak', 'peak RSS with its children', 'peak PSS with its children', 'most children at once', 'samples'],
          [
            [
              mib(rssBefore),
              `${mib(rssAfter)} (${rssAfter >= rssBefore ? '+' : ''}${mib(rssAfter - rssBefore)})`,
              mib(memory.ownRssPeakBytes),
              mib(memory.treeRssPeakBytes),
              mib(memory.treePssPeakBytes),
              memory.descendantsPeak,
              memory.samples,
            ],
          ],
          [0, 1, 2, 3, 4, 5, 6],
        ),
      )
      console.log(
        `(Per build: from its POST to its answer. Memory, read from /proc every ${BUILDS.memorySampleMs} ms during the run, or when the read before ends on a busy machine (in a worker thread of the bench): the server process, and it with every process below it ` +
          '(prlimit, bwrap, npm and node of the sandboxed runs). RSS sums count the pages the processes share (Node\'s code) once per process, an upper bound; ' +
          'PSS splits each shared page among its sharers, what the tree costs the machine. ' +
          "Complete: 200 with zipUrl, the build completed and of its kind, its tests passed in the sandbox, the conversation stored completed, the zip downloads for its owner.)",
      )
      if (memory.error) console.log(`  a memory sample failed: ${memory.error}`)
      for (const problem of lost.slice(0, 10)) console.log(`  lost: ${problem}`)
    } finally {
      await server.stop()
    }

    // The stages of the builds one at a time, where the time goes besides the sandbox.
    const stages = await stageTimes(dataDir, sequential)
    subheading('One at a time, per stage: median from its start to its row written (build_stages, read after the server stopped)')
    console.log(
      table(
        ['kind', 'n', ...STAGE_IDS, 'sandbox'],
        stages.map((entry) => [
          entry.kind,
          entry.builds,
          ...STAGE_IDS.map((stage) => ms(entry.medianMsByStage[stage] ?? Number.NaN, 0)),
          ms(kinds.find((kind) => kind.kind === entry.kind)?.sandboxMedianMs ?? Number.NaN, 0),
        ]),
        [1, 2, 3, 4, 5, 6, 7, 8, 9],
      ),
    )
    console.log("(The sandboxed run is part of assembly, the stage that runs the project's tests before it is delivered.)")
    console.log('')

    const all = sequential.map((build) => build.elapsedMs)
    budgets.check(
      'builds',
      'builds one at a time complete (200, zipUrl, right kind, tests passed in the sandbox, conversation completed, archive downloads)',
      failed.length === 0,
      `${all.length - failed.length}/${all.length}`,
      'all',
    )
    for (const entry of kinds) {
      budgets.check('builds', `build median, one at a time: ${entry.kind}`, entry.medianMs < BUILDS.sequentialMedianMs, `${ms(entry.medianMs, 0)} (sandbox ${percent(entry.sandboxShare)})`, `< ${BUILDS.sequentialMedianMs} ms`)
    }
    budgets.check('builds', `${BUILDS.concurrent} at once: all answer 200 with zipUrl`, concurrent.completed === BUILDS.concurrent, `${concurrent.completed}/${BUILDS.concurrent}`, 'all')
    budgets.check(
      'builds',
      `${BUILDS.concurrent} at once: none failed (completed, tests passed in the sandbox, conversation completed, archive downloads)`,
      concurrent.lost.length === 0,
      `${concurrent.lost.length} failed`,
      '0',
    )
    budgets.check('builds', `${BUILDS.concurrent} at once: p99 per build`, concurrent.p99Ms < BUILDS.concurrentP99Ms, `${ms(concurrent.p99Ms, 0)} (wall time ${ms(concurrent.wallMs, 0)})`, `< ${BUILDS.concurrentP99Ms} ms`)
    summary.builds = {
      rateLimits: RAISED_CHAT_LIMITS,
      sequential: {
        rounds: BUILDS.rounds,
        kinds,
        medianMs: median(all),
        p95Ms: percentile(all, 95),
        sandboxMedianMs: median(sandboxTimes(sequential)),
        sandboxShare: shareOf(sequential),
        failed,
        stages,
      },
      concurrent,
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}
