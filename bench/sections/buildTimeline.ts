/**
 * Section `builds`, second part: what recording a build's timeline costs (the same builds with the
 * real timeline and with one that keeps nothing, in one server in this process), and how soon a
 * finished build's timeline of six development iterations paints in Chromium.
 */
import { randomUUID } from 'node:crypto'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium, type Page } from '@playwright/test'
import type { FastifyInstance } from 'fastify'
import type { BuildEvent, BuildEventDetail, BuildEventType } from '../../contracts/buildEvents'
import { STAGE_IDS, type StageId } from '../../contracts/builds'
import { buildSpa } from '../../scripts/build'
import { buildApp } from '../../server/src/app'
import type { BuildPluginOptions } from '../../server/src/builds/plugin'
import { loadConfig } from '../../server/src/config'
import { migrate, openDatabase, type Database } from '../../server/src/db'
import { DEFAULT_MAX_TOKENS } from '../../server/src/devloop'
import { LOCAL_MODEL } from '../../server/src/llm/providers/local'
import { modelStages } from '../../server/src/pipeline/modelStages'
import { newVisitorToken, VISITOR_COOKIE } from '../../server/src/sessions/owner'
import { fileDiff } from '../../server/src/timeline/diff'
import type { Timeline } from '../../server/src/timeline/recorder'
import { buildDir } from '../../tests/e2e/server'
import { checkStored, postBuild } from '../lib/builds'
import { CHROME_PATH, PLAYWRIGHT_CHROMIUM_ARGS } from '../lib/chromium'
import { type Budgets, heading, median, ms, percentile, subheading, table } from '../lib/report'
import { SCRIPTED_ITERATIONS, SCRIPTED_MODEL, SCRIPTED_REQUEST, scriptedModel } from '../lib/scriptedModel'
import { BUILD_REQUESTS, BUILDS, problemOf, RAISED_CHAT_LIMITS, visitorCookie, type BuildsSummary } from './builds'

const TIMELINE = {
  /** The builds with and without recording: this many rounds of every kind, each build once each way. */
  rounds: BUILDS.rounds,
  /** Recording may make the median build this much slower (a share of the build without). */
  costShare: 0.1,
  /** Page loads measured (each in a fresh browser context: a pasted link), after one not counted. */
  pageRuns: 5,
  viewport: { width: 1280, height: 900 },
  /** The longest a page may take to show what is waited for. */
  waitMs: 30_000,
}

type Arm = 'with' | 'without'

/** One step recorded by a build with the real timeline, and how long its record took (stored, then sent). */
interface Append {
  sessionId: string
  type: BuildEventType
  ms: number
}

interface ArmBuild {
  arm: Arm
  /** The round (-1: the warm-up); with the kind, it pairs a build with and one without. */
  round: number
  kind: string
  sessionId: string
  elapsedMs: number
}

export interface RecordingSummary {
  rounds: number
  builds: Record<Arm, number>
  medianWithMs: number
  medianWithoutMs: number
  /** (with - without) / without of the medians. */
  difference: number
  /** The median of (with - without) / without over the pairs built one after the other (same round and kind): less swayed by a load that drifts. */
  pairedDifference: number
  kinds: { kind: string; withMs: number; withoutMs: number; difference: number; events: number }[]
  /** Events a build with the timeline recorded: the median, and the median count of each type (over all builds). */
  eventsPerBuild: number
  byType: { type: BuildEventType; perBuild: number; recordMedianMs: number; recordP95Ms: number }[]
  /** One event's record (stored in build_events, then sent to the room): median and p95 over every event. */
  recordMedianMs: number
  recordP95Ms: number
  /** A build's records summed, over its time: the median over the builds with the timeline. */
  recordShare: number
  /** Events the builds without the timeline left in build_events (none, or the hook did not hold). */
  storedWithout: number
  /**
   * The diffs of a build's written files, timed again after the run from the stored diffs (about
   * the files' content): the stage computes them before recording, so both ways pay for them.
   */
  diffMedianMsPerBuild: number
  failed: string[]
}

interface PaintRun {
  /** From navigation start to the frame after the delivered reply (its download link) is in the page. */
  replyMs: number
  /** From navigation start to the frame after the timeline's seven stage rows are in the page. */
  rowsMs: number
  /** When the events' answer (GET …/events) had arrived, from navigation start. */
  eventsResponseMs: number | null
  /** From the click on Development to the frame after its steps are in the page. */
  developmentMs: number
  developmentSteps: number
}

export interface TimelinePaintSummary {
  build: { sessionId: string; conversationId: string; model: string; iterations: number; events: number; eventsByStage: Partial<Record<StageId, number>>; developmentSteps: number }
  runs: PaintRun[]
  medians: { replyMs: number; rowsMs: number; eventsResponseMs: number; developmentMs: number }
  pageErrors: string[]
}

interface InProcessServer {
  app: FastifyInstance
  db: Database
  url: string
  stop: () => Promise<void>
}

/**
 * The server's app in this process, as `tests/e2e/server.ts` starts it in its own (production,
 * embedded PGlite in a fresh folder, no demo content, the SPA of `buildDir`), with the sandbox
 * and chat limits of the builds section and the given build hooks.
 */
export const startInProcess = async (builds: BuildPluginOptions): Promise<InProcessServer> => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'overseer-bench-timeline-'))
  try {
    const config = loadConfig({
      ...process.env,
      ...RAISED_CHAT_LIMITS,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      SEED_DEMO: 'false',
      BUILD_SANDBOX: 'bwrap',
      STATIC_DIR: buildDir,
      PREVIEW_PORT: '0',
    })
    const db = await openDatabase(config)
    await migrate(db)
    // No log: the server the other sections start writes its (warning) lines to a stdout nobody reads.
    const app = buildApp({ config, db, logger: false, builds })
    await app.listen({ host: '127.0.0.1', port: 0 })
    const address = app.server.address()
    if (address === null || typeof address === 'string') throw new Error('the server listens on no port')
    return {
      app,
      db,
      url: `http://127.0.0.1:${address.port}`,
      stop: async () => {
        await app.close()
        await db.close()
        rmSync(dataDir, { recursive: true, force: true })
      },
    }
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true })
    throw error
  }
}

/** A step as the pipeline would get it back, stored nowhere and sent to nobody. */
const unrecorded = (stage: StageId, detail: BuildEventDetail, durationMs?: number): BuildEvent => ({
  id: 0,
  at: new Date().toISOString(),
  stage,
  ...(durationMs !== undefined && { durationMs: Math.max(0, Math.round(durationMs)) }),
  ...detail,
})

/**
 * How long diffing each build's written files takes, per build: the content read back from each
 * new file's stored diff (every line added), then diffed against nothing as the stage does.
 */
const diffTimes = (written: { sessionId: string; diff: string }[]): number[] => {
  const bySession = new Map<string, number>()
  for (const { sessionId, diff } of written) {
    const content = diff
      .split('\n')
      .filter((line) => line.startsWith('+'))
      .map((line) => line.slice(1))
      .join('\n')
    const began = performance.now()
    fileDiff(undefined, content)
    bySession.set(sessionId, (bySession.get(sessionId) ?? 0) + performance.now() - began)
  }
  return [...bySession.values()]
}

const share = (value: number): string => (Number.isNaN(value) ? 'n/a' : `${value >= 0 ? '+' : ''}${(value * 100).toFixed(1)} %`)

/**
 * The same builds as the section's first part (BUILD_REQUESTS, offline, tests in the sandbox), one
 * at a time in one server, each kind built once with the real timeline and once with one that
 * stores and sends nothing, in turns (which goes first alternates), after a warm-up of each.
 */
const recordingCost = async (machineLoad: (section: string) => string): Promise<RecordingSummary> => {
  let recording = true
  const appends: Append[] = []
  // The real timeline, timed, while `recording`; else one that keeps nothing.
  const switched = (recorded: Timeline): Timeline => ({
    async record(build, stage, detail, durationMs) {
      if (!recording) return unrecorded(stage, detail, durationMs)
      const began = performance.now()
      const event = await recorded.record(build, stage, detail, durationMs)
      appends.push({ sessionId: build.sessionId, type: detail.type, ms: performance.now() - began })
      return event
    },
  })
  const server = await startInProcess({ timeline: switched })
  const builds: ArmBuild[] = []
  const failed: string[] = []
  let storedWithout = 0
  let diffMs: number[] = []
  try {
    console.log(machineLoad('builds-timeline'))
    const cookie = visitorCookie()
    const build = async (arm: Arm, round: number, request: (typeof BUILD_REQUESTS)[number]): Promise<ArmBuild> => {
      recording = arm === 'with'
      const answer = await postBuild(server.url, cookie, request.content, LOCAL_MODEL, randomUUID())
      const problem = problemOf(answer, await checkStored(server.url, cookie, answer), request.kind)
      if (problem) failed.push(`${arm} ${request.kind} ${answer.sessionId}: ${problem}`)
      return { arm, round, kind: request.kind, sessionId: answer.sessionId, elapsedMs: answer.elapsedMs }
    }
    // Warm-up, not counted: the tokenizer, each kind's template, Node and npm read from disk for the sandbox.
    for (const request of BUILD_REQUESTS) for (const arm of ['with', 'without'] as const) await build(arm, -1, request)
    appends.length = 0
    for (let round = 0; round < TIMELINE.rounds; round += 1) {
      for (const [index, request] of BUILD_REQUESTS.entries()) {
        const arms: Arm[] = (round + index) % 2 === 0 ? ['with', 'without'] : ['without', 'with']
        for (const arm of arms) builds.push(await build(arm, round, request))
      }
    }
    const without = builds.filter((entry) => entry.arm === 'without').map((entry) => entry.sessionId)
    const { rows } = await server.db.query<{ events: number }>(
      'select count(*)::int as events from build_events e join builds b on b.id = e.build_id where b.session_id = any($1)',
      [without],
    )
    storedWithout = rows[0]?.events ?? 0
    const written = await server.db.query<{ session_id: string; detail: { diff: string } | string }>(
      "select b.session_id, e.detail from build_events e join builds b on b.id = e.build_id where e.type = 'file_written' and b.session_id = any($1)",
      [builds.filter((entry) => entry.arm === 'with').map((entry) => entry.sessionId)],
    )
    diffMs = diffTimes(written.rows.map((row) => ({ sessionId: row.session_id, diff: typeof row.detail === 'string' ? (JSON.parse(row.detail) as { diff: string }).diff : row.detail.diff })))
  } finally {
    await server.stop()
  }

  const elapsed = (arm: Arm, kind?: string) => builds.filter((entry) => entry.arm === arm && (kind === undefined || entry.kind === kind)).map((entry) => entry.elapsedMs)
  const recorded = builds.filter((entry) => entry.arm === 'with')
  const appendsOf = new Map<string, Append[]>(recorded.map((entry) => [entry.sessionId, []]))
  for (const append of appends) appendsOf.get(append.sessionId)?.push(append)
  const countOf = (sessionId: string, type?: BuildEventType) => (appendsOf.get(sessionId) ?? []).filter((append) => type === undefined || append.type === type).length
  const types = [...new Set(appends.map((append) => append.type))]
  const medianWithMs = median(elapsed('with'))
  const medianWithoutMs = median(elapsed('without'))
  const recordMs = appends.map((append) => append.ms)
  return {
    rounds: TIMELINE.rounds,
    builds: { with: recorded.length, without: builds.length - recorded.length },
    medianWithMs,
    medianWithoutMs,
    difference: (medianWithMs - medianWithoutMs) / medianWithoutMs,
    pairedDifference: median(
      recorded.flatMap((entry) => {
        const pair = builds.find((other) => other.arm === 'without' && other.round === entry.round && other.kind === entry.kind)
        return pair ? [(entry.elapsedMs - pair.elapsedMs) / pair.elapsedMs] : []
      }),
    ),
    kinds: BUILD_REQUESTS.map(({ kind }) => {
      const withMs = median(elapsed('with', kind))
      const withoutMs = median(elapsed('without', kind))
      return { kind, withMs, withoutMs, difference: (withMs - withoutMs) / withoutMs, events: median(recorded.filter((entry) => entry.kind === kind).map((entry) => countOf(entry.sessionId))) }
    }),
    eventsPerBuild: median(recorded.map((entry) => countOf(entry.sessionId))),
    byType: types.map((type) => {
      const times = appends.filter((append) => append.type === type).map((append) => append.ms)
      return { type, perBuild: median(recorded.map((entry) => countOf(entry.sessionId, type))), recordMedianMs: median(times), recordP95Ms: percentile(times, 95) }
    }),
    recordMedianMs: median(recordMs),
    recordP95Ms: percentile(recordMs, 95),
    recordShare: median(recorded.map((entry) => (appendsOf.get(entry.sessionId) ?? []).reduce((sum, append) => sum + append.ms, 0) / entry.elapsedMs)),
    storedWithout,
    diffMedianMsPerBuild: median(diffMs),
    failed,
  }
}

/*
 * The script below runs in the page from its first byte. It is a string: tsx (esbuild, keepNames)
 * would wrap named functions of a callback in a helper that exists only in Node.
 */

/**
 * Marks, in performance.now() of the page (0 = navigation start), the task after the frame that
 * paints: the delivered reply's download link ('reply'), the timeline's stage rows ('rows'), the
 * Development steps ('development'); and the first click ('click').
 */
const PAINT_MARKS = `(() => {
  const marks = {}
  const seen = new Set()
  window.__timelineMarks = marks
  const afterPaint = (name) => {
    seen.add(name)
    requestAnimationFrame(() => {
      const channel = new MessageChannel()
      channel.port1.onmessage = () => { marks[name] = performance.now() }
      channel.port2.postMessage(0)
    })
  }
  const check = () => {
    if (!seen.has('reply') && [...document.querySelectorAll('a')].some((link) => /^Download .+\\.zip$/.test(link.textContent.trim()))) afterPaint('reply')
    if (!seen.has('rows')) {
      const title = [...document.querySelectorAll('section > h3')].find((heading) => heading.textContent === 'Build timeline')
      const rows = title ? title.parentElement.querySelectorAll('h4 > button') : []
      if (rows.length >= ${STAGE_IDS.length} && [...rows].every((row) => row.getBoundingClientRect().height > 0)) afterPaint('rows')
    }
    if (!seen.has('development')) {
      const steps = document.querySelector('ol[aria-label="Development steps"]')
      if (steps && steps.children.length > 0) {
        marks.developmentSteps = steps.children.length
        afterPaint('development')
      }
    }
  }
  new MutationObserver(check).observe(document, { childList: true, subtree: true })
  addEventListener('click', () => { if (marks.click === undefined) marks.click = performance.now() }, { capture: true })
})()`

/** Until the page has set the mark (a function, not a string: the page's CSP refuses eval). */
const waitForMark = (page: Page, name: string) =>
  page.waitForFunction((mark) => (window as unknown as { __timelineMarks?: Record<string, number> }).__timelineMarks?.[mark] !== undefined, name, {
    timeout: TIMELINE.waitMs,
    polling: 50,
  })

const marksOf = async (page: Page, sessionId: string) =>
  (await page.evaluate(`(() => {
    const events = performance.getEntriesByType('resource').find((entry) => entry.name.includes('/builds/${sessionId}/events'))
    return { ...window.__timelineMarks, eventsResponse: events ? events.responseEnd : null }
  })()`)) as { reply: number; rows: number; click: number; development: number; developmentSteps: number; eventsResponse: number | null }

/**
 * A build of the scripted model (six development iterations) in a server of its own, then its
 * conversation's address opened by its owner in Chromium, each time in a fresh context.
 */
const timelinePaint = async (machineLoad: (section: string) => string): Promise<TimelinePaintSummary> => {
  if (!existsSync(path.join(buildDir, 'index.html'))) {
    console.log(`No build in ${buildDir}: building it.`)
    await buildSpa()
  }
  const server = await startInProcess({ stages: modelStages(scriptedModel(), SCRIPTED_MODEL, { maxIterations: SCRIPTED_ITERATIONS, maxTokens: DEFAULT_MAX_TOKENS }) })
  try {
    const token = newVisitorToken()
    const cookie = `${VISITOR_COOKIE}=${token}`
    const answer = await postBuild(server.url, cookie, SCRIPTED_REQUEST, LOCAL_MODEL, randomUUID())
    const problem = problemOf(answer, await checkStored(server.url, cookie, answer), 'library')
    if (problem || !answer.conversationId) throw new Error(`the scripted build did not complete: ${problem || 'no conversation'}`)
    const response = await fetch(`${server.url}/api/overseer/builds/${answer.sessionId}/events`, { headers: { cookie } })
    const { data } = (await response.json()) as { data: { events: BuildEvent[]; more: boolean } }
    if (data.more) throw new Error('the build has more events than one page')
    const developmentSteps = data.events.filter((event) => event.stage === 'development' && event.type !== 'stage_started' && event.type !== 'stage_ended').length
    const iterations = data.events.filter((event) => event.stage === 'development' && event.type === 'tests_run').length
    if (iterations !== SCRIPTED_ITERATIONS) throw new Error(`the scripted build ran ${iterations} development iterations, not ${SCRIPTED_ITERATIONS}`)
    const eventsByStage: Partial<Record<StageId, number>> = {}
    for (const event of data.events) eventsByStage[event.stage] = (eventsByStage[event.stage] ?? 0) + 1

    const browser = await chromium.launch({ executablePath: CHROME_PATH, args: PLAYWRIGHT_CHROMIUM_ARGS })
    const runs: PaintRun[] = []
    const pageErrors: string[] = []
    try {
      console.log(`Chromium ${browser.version()}, ${TIMELINE.viewport.width}x${TIMELINE.viewport.height}; ${machineLoad('builds-timeline-paint')}`)
      for (let run = 0; run <= TIMELINE.pageRuns; run += 1) {
        const context = await browser.newContext({ viewport: TIMELINE.viewport })
        try {
          await context.addCookies([{ name: VISITOR_COOKIE, value: token, url: server.url }])
          await context.addInitScript(PAINT_MARKS)
          const page = await context.newPage()
          page.on('pageerror', (error) => pageErrors.push(error.message))
          await page.goto(`${server.url}/assistant/c/${answer.conversationId}`, { waitUntil: 'commit' })
          await waitForMark(page, 'rows')
          await waitForMark(page, 'reply')
          await page.getByRole('region', { name: 'Build timeline' }).getByRole('button', { name: /^Development/ }).click()
          await waitForMark(page, 'development')
          const marks = await marksOf(page, answer.sessionId)
          // The first load, not counted: Chromium's own start-up costs and the server's first static answers.
          if (run > 0) {
            runs.push({ replyMs: marks.reply, rowsMs: marks.rows, eventsResponseMs: marks.eventsResponse, developmentMs: marks.development - marks.click, developmentSteps: marks.developmentSteps })
          }
        } finally {
          await context.close()
        }
      }
    } finally {
      await browser.close()
    }
    return {
      build: { sessionId: answer.sessionId, conversationId: answer.conversationId, model: SCRIPTED_MODEL, iterations, events: data.events.length, eventsByStage, developmentSteps },
      runs,
      medians: {
        replyMs: median(runs.map((run) => run.replyMs)),
        rowsMs: median(runs.map((run) => run.rowsMs)),
        eventsResponseMs: median(runs.flatMap((run) => (run.eventsResponseMs === null ? [] : [run.eventsResponseMs]))),
        developmentMs: median(runs.map((run) => run.developmentMs)),
      },
      pageErrors,
    }
  } finally {
    await server.stop()
  }
}

export const buildTimelineSection = async (budgets: Budgets, summary: { builds?: BuildsSummary }, machineLoad: (section: string) => string): Promise<void> => {
  heading(`7b. Build timeline: what recording costs a build (${TIMELINE.rounds} rounds with and without), and a finished build's timeline of ${SCRIPTED_ITERATIONS} iterations in Chromium`)

  subheading(`Recording: the builds above (${BUILD_REQUESTS.length} kinds, offline, tests in the sandbox), each kind once with the real timeline and once with one that keeps nothing, ${TIMELINE.rounds} rounds one at a time`)
  const recording = await recordingCost(machineLoad)
  summary.builds = { ...summary.builds, recording }
  console.log(
    table(
      ['kind', 'median with', 'median without', 'difference', 'events per build'],
      [
        ...recording.kinds.map((kind) => [kind.kind, ms(kind.withMs, 0), ms(kind.withoutMs, 0), share(kind.difference), kind.events]),
        ['all', ms(recording.medianWithMs, 0), ms(recording.medianWithoutMs, 0), share(recording.difference), recording.eventsPerBuild],
      ],
      [1, 2, 3, 4],
    ),
  )
  console.log('')
  console.log(
    table(
      ['event', 'per build (median)', 'record median', 'record p95'],
      [
        ...recording.byType.map((type) => [type.type, type.perBuild, ms(type.recordMedianMs, 2), ms(type.recordP95Ms, 2)]),
        ['every event', recording.eventsPerBuild, ms(recording.recordMedianMs, 2), ms(recording.recordP95Ms, 2)],
      ],
      [1, 2, 3],
    ),
  )
  console.log(
    `(One server in this process, as the server of the first part is started (production, PGlite in a fresh folder, BUILD_SANDBOX=bwrap), with the build test hook \`timeline\`: ` +
      'the real timeline (each step stored in build_events, then sent to the build\'s room: no client listens), timed around each record, or one that stores and sends nothing. ' +
      `Which goes first alternates build by build; one warm-up build of each kind each way. Paired (each build with against the one without next to it): median ${share(recording.pairedDifference)}. ` +
      `Records summed over a build: median ${share(recording.recordShare).slice(1)} of its time. Without the timeline the builds stored ${recording.storedWithout} events. ` +
      `The written files' diffs are computed either way (the stage computes them before recording): about ${ms(recording.diffMedianMsPerBuild, 1)} per build, timed again after the run.)`,
  )
  for (const problem of recording.failed.slice(0, 10)) console.log(`  not complete: ${problem}`)
  budgets.check('builds', 'builds with and without the timeline complete (200, zipUrl, right kind, tests passed in the sandbox)', recording.failed.length === 0, `${recording.builds.with + recording.builds.without - recording.failed.length}/${recording.builds.with + recording.builds.without}`, 'all')
  budgets.check('builds', 'builds without the timeline store no events', recording.storedWithout === 0, `${recording.storedWithout}`, '0')
  budgets.check(
    'builds',
    'recording the timeline: median build with it over without',
    recording.difference <= TIMELINE.costShare,
    `${share(recording.difference)} (${ms(recording.medianWithMs, 0)} with, ${ms(recording.medianWithoutMs, 0)} without; ${recording.eventsPerBuild} events per build, ${ms(recording.recordMedianMs, 2)} each)`,
    `≤ +${TIMELINE.costShare * 100} %`,
  )

  subheading(`A finished build's timeline: ${SCRIPTED_ITERATIONS} development iterations of a scripted model, its conversation's address opened by its owner, ${TIMELINE.pageRuns} loads (after one not counted)`)
  const paint = await timelinePaint(machineLoad)
  summary.builds = { ...summary.builds, timeline: paint }
  const { build } = paint
  console.log(
    `The build ('${SCRIPTED_REQUEST}', ${SCRIPTED_MODEL} through the \`stages\` test hook, tests in the sandbox): ${build.events} events, ` +
      `${STAGE_IDS.map((stage) => `${stage} ${build.eventsByStage[stage] ?? 0}`).join(', ')}; Development has ${build.developmentSteps} steps over ${build.iterations} iterations.`,
  )
  console.log('')
  console.log(
    table(
      ['run', 'reply painted', 'events answered', 'stage rows painted', 'Development opened → steps painted', 'steps'],
      [
        ...paint.runs.map((run, index) => [index + 1, ms(run.replyMs, 0), run.eventsResponseMs === null ? 'n/a' : ms(run.eventsResponseMs, 0), ms(run.rowsMs, 0), ms(run.developmentMs, 0), run.developmentSteps]),
        ['median', ms(paint.medians.replyMs, 0), ms(paint.medians.eventsResponseMs, 0), ms(paint.medians.rowsMs, 0), ms(paint.medians.developmentMs, 0), ''],
      ],
      [1, 2, 3, 4, 5],
    ),
  )
  console.log(
    '(From navigation start of /assistant/c/{id}, each load in a fresh browser context (nothing cached) with the owner\'s cookie: the task after the frame that paints ' +
      'the delivered reply\'s download link, and the timeline\'s seven stage rows; when the events\' answer (GET /api/overseer/builds/{sessionId}/events) arrived. ' +
      'Development: from the click on its row to the task after the frame that paints its steps. No budget; headless Chromium, --disable-gpu.)',
  )
  for (const error of paint.pageErrors.slice(0, 5)) console.log(`  page error: ${error}`)
  budgets.check('builds', `finished build's timeline (${SCRIPTED_ITERATIONS} iterations): no page errors`, paint.pageErrors.length === 0, `${paint.pageErrors.length}`, '0')
  budgets.check(
    'builds',
    `finished build's timeline (${SCRIPTED_ITERATIONS} iterations): Development shows every step`,
    paint.runs.every((run) => run.developmentSteps === build.developmentSteps),
    `${paint.runs.map((run) => run.developmentSteps).join(', ')} of ${build.developmentSteps}`,
    'all',
  )
}
