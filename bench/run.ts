/**
 * Performance bench: initial JavaScript per route, Lighthouse scores, API
 * load, sign-in, the assistant chat and its history search, builds, socket.io clients, the agent log query,
 * and the architecture canvas editor.
 *
 *   npm run bench                      # every section
 *   npm run bench -- bundle            # only some: bundle, lighthouse, load, auth, chat, history, builds, sockets, logs, canvas, assistant
 *
 * It reports figures and PASS/FAIL against each budget and writes bench/results/latest.json; budget
 * failures do not change the exit code (only a section that could not run at all exits 1).
 */
import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { availableParallelism, loadavg } from 'node:os'
import path from 'node:path'
import { chromium, type BrowserContext } from '@playwright/test'
import type { Stats } from 'webpack'
import { buildSpa, lastBuildTimings, type BuildTimings } from '../scripts/build'
import { createConversationRepository as conversationsIn } from '../server/src/chat/conversationRepository'
import { newVisitorToken, VISITOR_COOKIE, visitorOwnerKey } from '../server/src/sessions/owner'
import { deltasOf, LOCAL_MODEL } from '../server/src/llm/providers/local'
import { migrate } from '../server/src/db'
import { startServer, type RunningServer } from '../tests/e2e/server'
import {
  explaining,
  historyCorpus,
  RARE_WORDS,
  SEARCH_INDEX,
  seedHistory,
  timeHistorySearches,
  type PlannedQuery,
  type SearchKind,
  type SearchTimes,
  type SeedResult,
} from './lib/chatHistory'
import { CHROME_PATH, PLAYWRIGHT_CHROMIUM_ARGS } from './lib/chromium'
import { gzipSize, initialJs, renderedWithoutSplash, type InitialJsResult, type ReadyLocator } from './lib/initialJs'
import { CATEGORIES, lighthouseAudit, type CategoryId, type LighthouseSummary } from './lib/lighthouse'
import { loadTest, type LoadTestResult } from './lib/loadTest'
import { Budgets, errorMessage, heading, kib, KIB, ms, percentile, subheading, table, type Cell } from './lib/report'
import { timeInTurns, type RequestTimes } from './lib/requestTimes'
import { benchAdminEnv, ensureTokenHistory, signInAsAdmin } from './lib/staff'
import { measureEach, pgliteDatabase, postgresDatabase, type BenchDatabase } from './lib/databases'
import { buildContents, chunkLabel, chunksWith, type BuildContents } from './lib/webpackStats'
import { assistantSection, type AssistantSummary } from './sections/assistant'
import { buildsSection, type BuildsSummary } from './sections/builds'
import { buildTimelineSection } from './sections/buildTimeline'
import { durableBuildsSection } from './sections/durableBuilds'
import { buildQueueSection, type BuildQueueSummary } from './sections/buildQueue'
import { buildArchiveSection, type ArchiveBenchSummary } from './sections/buildArchive'
import { buildPreviewSection, type PreviewBenchSummary } from './sections/buildPreview'
import { canvasSection, type CanvasSummary } from './sections/canvas'
import { logsSection, type LogsSummary } from './sections/logs'
import { socketsSection, type SocketsSummary } from './sections/sockets'

const ROOT = path.resolve(__dirname, '..')
// BUILD_DIR: a build of its own, as the browser tests use (tests/e2e/server.ts), leaving dist/ alone.
const DIST = path.resolve(ROOT, process.env.BUILD_DIR ?? 'dist')
const RESULTS = path.join(ROOT, 'bench', 'results')

/** What the prerender may add to `npm run build` on the 2-core machine (issue 17). */
const PRERENDER_BUDGET_SECONDS = 30

const SECTIONS = ['bundle', 'lighthouse', 'load', 'auth', 'chat', 'history', 'builds', 'sockets', 'logs', 'canvas', 'assistant'] as const
type Section = (typeof SECTIONS)[number]

/** Packages that must never be in a public route's initial JavaScript. */
const HEAVY_PACKAGES = ['apexcharts', '@xyflow/react', 'socket.io-client', 'formik', 'yup'] as const

interface RouteBudget {
  name: string
  path: string
  ready: ReadyLocator
  /** Moments timed for context only, e.g. when the h1 first reaches the DOM (behind the splash). */
  milestones?: Record<string, ReadyLocator>
  /** Budget for the gzip size of the JavaScript loaded before the route renders. */
  initialJsKiB: number
  forbiddenPackages: readonly string[]
  lighthouse: boolean
  /** Runs in the measuring browser's fresh context before the page loads (e.g. signing in). */
  prepare?: (context: BrowserContext, baseUrl: string) => Promise<void>
}

/**
 * Set at the first measurement: /architect 152.5 KiB (the shell, RTK Query, the layout
 * and the dashboard; no ApexCharts); /architect/overseer 327.2 KiB, of which ApexCharts is
 * 149.4 KiB (vendor-apexcharts, loaded only for the chart) and Formik + Yup 22.3 KiB.
 */
const ARCHITECT_BUDGET_KIB = 160
const OVERSEER_BUDGET_KIB = 340

/** Routes measured by the bundle and Lighthouse sections. */
const ROUTES: RouteBudget[] = [
  {
    name: 'home',
    path: '/',
    ready: renderedWithoutSplash('h1'),
    milestones: { 'h1 in the DOM': (page) => page.locator('h1').first() },
    initialJsKiB: 130,
    forbiddenPackages: HEAVY_PACKAGES,
    lighthouse: true,
  },
  // The public pages with the most code or text.
  { name: 'apps', path: '/apps', ready: renderedWithoutSplash('h1'), initialJsKiB: 135, forbiddenPackages: HEAVY_PACKAGES, lighthouse: true },
  { name: 'docs', path: '/docs', ready: renderedWithoutSplash('h1'), initialJsKiB: 140, forbiddenPackages: HEAVY_PACKAGES, lighthouse: true },
  {
    name: 'waitlist',
    path: '/waitlist',
    ready: renderedWithoutSplash('h1'),
    // The form is the page: Formik, Yup and RTK Query come with it (168.7 KiB when first measured).
    initialJsKiB: 175,
    forbiddenPackages: HEAVY_PACKAGES.filter((name) => name !== 'formik' && name !== 'yup'),
    lighthouse: true,
  },
  { name: 'privacy', path: '/privacy', ready: renderedWithoutSplash('h1'), initialJsKiB: 140, forbiddenPackages: HEAVY_PACKAGES, lighthouse: true },
  // The assistant, ready when its message box is there.
  {
    name: 'assistant',
    path: '/assistant',
    ready: renderedWithoutSplash('textarea'),
    milestones: { 'message box in the DOM': (page) => page.locator('textarea').first() },
    // Set at first measurement of the real page (149.9 KiB): the shell's 125 KiB plus RTK Query
    // (14.4 KiB, its history, models and chat calls) and the page (10.2 KiB). socket.io-client and
    // the Markdown renderer (marked, DOMPurify, highlight.js) load only when first needed.
    initialJsKiB: 155,
    forbiddenPackages: HEAVY_PACKAGES,
    lighthouse: false,
  },
  // The Architect Suite, signed in as the pages server's administrator.
  {
    name: 'architect',
    path: '/architect',
    ready: renderedWithoutSplash('h1:has-text("Architect Dashboard")'),
    initialJsKiB: ARCHITECT_BUDGET_KIB,
    forbiddenPackages: HEAVY_PACKAGES,
    lighthouse: false,
    prepare: signInAsAdmin,
  },
  {
    name: 'architect-overseer',
    path: '/architect/overseer',
    // Ready when ApexCharts has drawn the token line (two builds ran first): the chart is counted.
    ready: renderedWithoutSplash('[data-testid="token-chart"] path.apexcharts-line'),
    milestones: { 'h1 in the DOM': (page) => page.locator('h1:has-text("Overseer Interface")') },
    initialJsKiB: OVERSEER_BUDGET_KIB,
    // The page is a form with a chart: Formik, Yup and ApexCharts are its own.
    forbiddenPackages: HEAVY_PACKAGES.filter((name) => name !== 'formik' && name !== 'yup' && name !== 'apexcharts'),
    lighthouse: false,
    prepare: async (context, baseUrl) => {
      await signInAsAdmin(context, baseUrl)
      await ensureTokenHistory(context, baseUrl, 2)
    },
  },
]

const LIGHTHOUSE_RUNS = 3
const LIGHTHOUSE_BUDGETS: Record<CategoryId, number> = {
  performance: 90,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
}

const LOAD = { connections: 10, duration: 8, warmup: 1, newsletterP99Ms: 50 }

/**
 * Sign-in at the production scrypt cost (N=2^17, a few hundred ms of CPU per check, at most two at
 * a time). Two clients keep both hashing slots busy; the p99 budget allows one hash of queueing.
 */
const AUTH = {
  loginConnections: 2,
  loginDuration: 10,
  loginP99Ms: 1500,
  /** Unknown e-mail vs wrong password, one request at a time, taking turns. */
  timingRounds: 15,
  timingRatio: { min: 0.85, max: 1.15 },
  meConnections: 10,
  meDuration: 8,
  /**
   * /me runs one indexed join (session, user, roles, grants) per request where /health runs
   * `select 1`; on the single-connection PGlite that query is most of the cost (about 0.6 ms
   * against 0.1 ms), so /me lands near a quarter to a half of /health. A regression guard.
   */
  meToHealthMin: 0.2,
}

/**
 * POST /api/overseer-dev/chat with the offline engine against GET /api/health, same server, same
 * connections. The chat limits (RATE_LIMIT_CHAT per owner, RATE_LIMIT_CHAT_IP per IP, a minute)
 * are raised so the load measures replies, not 429s.
 */
const CHAT = {
  connections: 10,
  duration: 8,
  warmup: 1,
  rateLimit: '100000000',
  /** Pause after the load before stopping the server, for replies still in flight. */
  settleMs: 1000,
  // Regression guards set at first measurement (load average 1.5 on 2 CPUs: p99 86 ms, 231 req/s,
  // 0.058 of /health). Each request answers from the docs, streams a few dozen deltas, counts tokens
  // and stores the conversation in PGlite (one connection: writes take turns).
  p99Ms: 250,
  throughputRatioMin: 0.04,
}

/** Questions the load asks in turn: about the product, so the engine answers from the docs. */
const CHAT_QUESTIONS = [
  'How do approval gates work?',
  'What does the Clarification Loop do?',
  'How do I get started with Overseer?',
  'What is the DevLoop Matrix?',
  'How are API requests rate limited?',
  'What does the Assembly Agent produce?',
  'How do I authenticate against the API?',
  'What can I see in the Agent Logs?',
] as const

/**
 * History search over 100,000 stored conversations; one owner holds a tenth of them (a heavy
 * user), the rest are spread over 3,000 others. The budget is per database, over all search kinds.
 */
const HISTORY = { conversations: 100_000, mainOwnerShare: 10, otherOwners: 3_000, rounds: 40, p95Ms: 50 }

const COMMON_WORDS = ['build', 'agent', 'overseer']
/** What a searcher types; each kind rotates through its terms request by request. */
const SEARCH_KINDS: SearchKind[] = [
  { name: 'common word', searches: COMMON_WORDS, page: 1 },
  { name: 'common word, page 2', searches: COMMON_WORDS, page: 2 },
  { name: 'common word, page 100', searches: COMMON_WORDS, page: 100 },
  { name: 'less common word', searches: ['approval', 'token', 'canvas'], page: 1 },
  { name: 'rare word', searches: RARE_WORDS.slice(0, 4), page: 1 },
  { name: 'phrase', searches: ['"approval gates"', '"file structure"', '"rate limits"'], page: 1 },
  { name: 'two words', searches: ['deploy staging', 'test failures', 'permission roles'], page: 1 },
  { name: 'no match', searches: ['xylophone', 'quokka marmalade'], page: 1 },
]
/** Listing without a search, for comparison (not in the search figures). */
const LIST_KIND: SearchKind = { name: 'no search (for comparison)', searches: [undefined], page: 1 }

interface HistoryDatabaseSummary {
  database: 'PGlite' | 'PostgreSQL'
  /** Why the database was not measured. */
  skipped?: string
  seed?: SeedResult
  plans?: { kind: string; search: string | undefined; queries: PlannedQuery[] }[]
  kinds?: SearchTimes[]
  search?: { samples: number; p50Ms: number; p95Ms: number; p99Ms: number }
}

interface BundleRouteSummary {
  route: string
  url: string
  readyAtMs: number
  milestones: Record<string, number | null>
  totalGzipBytes: number
  totalRawBytes: number
  budgetBytes: number
  files: { path: string; chunks: string[]; requestedAtMs: number; rawBytes: number; gzipBytes: number; source: string }[]
  afterRender: { path: string; chunks: string[]; requestedAtMs: number; gzipBytes: number }[]
  forbiddenPackages: { name: string; inBuild: boolean; initialFiles: string[]; pass: boolean }[]
}

interface Summary {
  startedAt: string
  finishedAt?: string
  durationSeconds?: number
  commit: string
  node: string
  browser?: string
  sections: Section[]
  build?: { builtAt: string; fresh: boolean; buildSeconds?: number; prerender?: BuildTimings }
  bundle?: {
    routes: BundleRouteSummary[]
    formsChunks: { chunk: string; initial: boolean; packages: string[]; files: { path: string; rawBytes: number; gzipBytes: number }[] }[]
    formsGzipBytes: number
  }
  lighthouse?: (Omit<LighthouseSummary, 'failing'> & { failing: Partial<Record<CategoryId, LighthouseSummary['failing'][CategoryId]>> })[]
  load?: { results: LoadTestResult[]; throughputRatioNewsletterToHealth: number }
  auth?: {
    login: LoadTestResult
    timing: RequestTimes[]
    medianRatioUnknownToWrongPassword: number
    load: LoadTestResult[]
    throughputRatioMeToHealth: number
  }
  chat?: {
    load: LoadTestResult[]
    throughputRatioChatToHealth: number
    p99RatioChatToHealth: number
    rateLimits: Record<string, string>
    deltaDelayMs: number
    sampleReply: { characters: number; deltas: number; promptTokens: number; completionTokens: number }
  }
  history?: { conversations: number; mainOwnerConversations: number; databases: HistoryDatabaseSummary[] }
  builds?: BuildsSummary
  buildQueue?: BuildQueueSummary
  /** Section builds, archive part: a 50 MiB archive stored in the database and downloaded. */
  buildArchive?: ArchiveBenchSummary
  /** Section builds, preview part: from Preview to the first page, a preview's memory, 8 at once. */
  buildPreview?: PreviewBenchSummary
  sockets?: SocketsSummary
  logs?: LogsSummary
  assistant?: AssistantSummary
  canvas?: CanvasSummary
  /** 1/5/15-minute load averages when each section began; busy machines skew the timings. */
  machine?: { cpus: number; loadAverage: Record<string, number[]> }
  budgets: Budgets['checks']
  errors: { section: string; message: string }[]
}

const parseSections = (args: string[]): Section[] => {
  const wanted = args.filter((arg) => arg.trim() !== '')
  if (wanted.length === 0) return [...SECTIONS]
  const unknown = wanted.filter((arg) => !(SECTIONS as readonly string[]).includes(arg))
  if (unknown.length > 0) {
    console.error(`Unknown section(s): ${unknown.join(', ')}. Sections: ${SECTIONS.join(', ')}`)
    process.exit(2)
  }
  return SECTIONS.filter((section) => wanted.includes(section))
}

const gitCommit = (): string => {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim()
    const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: ROOT, encoding: 'utf8' }).trim() !== ''
    return dirty ? `${commit}+dirty` : commit
  } catch {
    return 'unknown'
  }
}

/** Other work on the machine skews timings (Lighthouse's simulated throttling scales observed CPU time). */
const loadBySection: Record<string, number[]> = {}
const machineLoad = (section: string): string => {
  loadBySection[section] = loadavg()
  return `machine load average ${loadavg().map((value) => value.toFixed(2)).join(' / ')} (1/5/15 min) on ${availableParallelism()} CPUs`
}

const fileGzip = (relative: string): { rawBytes: number; gzipBytes: number } => {
  const bytes = readFileSync(path.join(DIST, relative))
  return { rawBytes: bytes.length, gzipBytes: gzipSize(bytes) }
}

// ---------------------------------------------------------------------------------------------
// Section: initial JavaScript per route

const printInitialJs = (
  route: RouteBudget,
  result: InitialJsResult,
  contents: BuildContents,
  budgets: Budgets,
): BundleRouteSummary => {
  const chunksOf = (file: string | undefined): string[] =>
    file ? (contents.chunksByFile.get(file) ?? []).map(chunkLabel) : []
  subheading(`Initial JavaScript for ${route.path} (requested before the route rendered at ${ms(result.readyAtMs, 0)})`)
  const rows: Cell[][] = result.files.map((file) => [
    file.distFile ?? file.path,
    chunksOf(file.distFile).join(', ') || (file.source === 'dist' ? '(not in webpack stats)' : `(${file.source})`),
    ms(file.requestedAtMs, 0),
    kib(file.rawBytes),
    kib(file.gzipBytes),
  ])
  rows.push(['total', '', '', kib(result.totalRawBytes), kib(result.totalGzipBytes)])
  console.log(table(['file', 'chunk', 'requested', 'raw', 'gzip -9'], rows, [2, 3, 4]))
  const milestones = Object.entries(result.milestones)
  if (milestones.length > 0) {
    const moments = milestones.map(([name, at]) => `${name} at ${at === null ? '(not reached)' : ms(at, 0)}`)
    console.log(`(times since navigation start, as seen by the bench: ${moments.join('; ')}; rendered at ${ms(result.readyAtMs, 0)})`)
  }
  for (const file of result.files.filter((entry) => entry.source !== 'dist')) {
    console.warn(`warning: ${file.path} is not in ${path.relative(ROOT, DIST)}/ (${file.source === 'response' ? 'measured from the HTTP response' : 'not measured'})`)
  }
  if (result.afterReady.length > 0) {
    console.log('')
    console.log('Loaded after the render (not counted):')
    console.log(
      table(
        ['file', 'chunk', 'requested', 'gzip -9'],
        result.afterReady.map((file) => [file.distFile ?? file.path, chunksOf(file.distFile).join(', '), ms(file.requestedAtMs, 0), kib(file.gzipBytes)]),
        [2, 3],
      ),
    )
  }
  console.log('')
  budgets.check(
    'bundle',
    `initial JS gzip for ${route.path}`,
    result.totalGzipBytes <= route.initialJsKiB * KIB,
    `${kib(result.totalGzipBytes)} (${result.totalGzipBytes} B, ${result.files.length} files)`,
    `<= ${route.initialJsKiB} KiB`,
  )

  // Heavy packages: read from the webpack chunk graph of the files the browser actually loaded.
  const unknownFiles = result.files.filter((file) => !file.distFile || !contents.chunksByFile.has(file.distFile))
  const forbidden = route.forbiddenPackages.map((name) => {
    const initialFiles = result.files
      .filter((file) => file.distFile && (contents.chunksByFile.get(file.distFile) ?? []).some((chunk) => chunk.packages.has(name)))
      .map((file) => file.distFile ?? file.path)
    const inBuild = contents.packages.has(name)
    const pass = initialFiles.length === 0 && unknownFiles.length === 0
    const actual =
      initialFiles.length > 0
        ? `in ${initialFiles.join(', ')}`
        : unknownFiles.length > 0
          ? `unknown: ${unknownFiles.map((file) => file.path).join(', ')} not in the webpack stats`
          : `not in the initial files${inBuild ? '' : ' (not in the build at all)'}`
    budgets.check('bundle', `${name} not in initial JS of ${route.path}`, pass, actual, 'absent')
    return { name, inBuild, initialFiles, pass }
  })

  const fileSummary = (file: InitialJsResult['files'][number]) => ({
    path: file.distFile ?? file.path,
    chunks: chunksOf(file.distFile),
    requestedAtMs: file.requestedAtMs,
    rawBytes: file.rawBytes,
    gzipBytes: file.gzipBytes,
    source: file.source,
  })
  return {
    route: route.path,
    url: result.url,
    readyAtMs: result.readyAtMs,
    milestones: result.milestones,
    totalGzipBytes: result.totalGzipBytes,
    totalRawBytes: result.totalRawBytes,
    budgetBytes: route.initialJsKiB * KIB,
    files: result.files.map(fileSummary),
    afterRender: result.afterReady.map((file) => ({
      path: file.distFile ?? file.path,
      chunks: chunksOf(file.distFile),
      requestedAtMs: file.requestedAtMs,
      gzipBytes: file.gzipBytes,
    })),
    forbiddenPackages: forbidden,
  }
}

const bundleSection = async (server: RunningServer, stats: Stats, budgets: Budgets, summary: Summary): Promise<void> => {
  heading('1. Initial JavaScript (gzip level 9, read from dist/)')
  const contents = buildContents(stats)
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: PLAYWRIGHT_CHROMIUM_ARGS })
  summary.browser = `Chromium ${browser.version()}`
  console.log(`Browser: ${summary.browser} (${CHROME_PATH}), desktop viewport, empty cache; ${machineLoad('bundle')}`)
  const routes: BundleRouteSummary[] = []
  try {
    for (const route of ROUTES) {
      const prepare = route.prepare
      const result = await initialJs(`${server.url}${route.path}`, route.ready, {
        distDir: DIST,
        browser,
        milestones: route.milestones,
        ...(prepare && { prepare: (context: BrowserContext) => prepare(context, server.url) }),
      })
      routes.push(printInitialJs(route, result, contents, budgets))
    }
  } finally {
    await browser.close()
  }

  subheading('On-demand chunks holding formik + yup (the newsletter form loads them when needed)')
  const formsChunks = chunksWith(contents, ['formik', 'yup']).map((chunk) => ({
    chunk: chunkLabel(chunk),
    initial: chunk.initial,
    packages: ['formik', 'yup'].filter((name) => chunk.packages.has(name)),
    files: chunk.files.filter((file) => /\.m?js$/.test(file)).map((file) => ({ path: file, ...fileGzip(file) })),
  }))
  const formsGzipBytes = formsChunks.reduce((sum, chunk) => sum + chunk.files.reduce((total, file) => total + file.gzipBytes, 0), 0)
  if (formsChunks.length === 0) {
    console.log('No chunk holds formik or yup.')
  } else {
    const rows: Cell[][] = formsChunks.flatMap((chunk) =>
      chunk.files.map((file) => [file.path, chunk.chunk, chunk.packages.join(' + '), chunk.initial ? 'initial' : 'async', kib(file.rawBytes), kib(file.gzipBytes)]),
    )
    rows.push(['total', '', '', '', '', kib(formsGzipBytes)])
    console.log(table(['file', 'chunk', 'holds', 'loading', 'raw', 'gzip -9'], rows, [4, 5]))
  }
  summary.bundle = { routes, formsChunks, formsGzipBytes }
}

// ---------------------------------------------------------------------------------------------
// Section: Lighthouse

const lighthouseSection = async (server: RunningServer, budgets: Budgets, summary: Summary): Promise<void> => {
  heading(`2. Lighthouse (default config: mobile, simulated throttling; median of ${LIGHTHOUSE_RUNS} runs)`)
  const summaries: NonNullable<Summary['lighthouse']> = []
  summary.lighthouse = summaries
  console.log(machineLoad('lighthouse'))
  for (const route of ROUTES.filter((entry) => entry.lighthouse)) {
    const url = `${server.url}${route.path}`
    const started = Date.now()
    const result = await lighthouseAudit(url, {
      runs: LIGHTHOUSE_RUNS,
      reportDir: RESULTS,
      reportName: `lighthouse-${route.name}`,
      onRun: (run, of) => console.log(`  run ${run}/${of} on ${route.path}…`),
      onRetry: (run, attempt, message) => console.log(`  run ${run} attempt ${attempt} failed (${message.split('\n')[0]}); trying again`),
    })
    subheading(`Lighthouse ${result.lighthouseVersion} on ${route.path} (${result.formFactor}, ${result.throttlingMethod}; ${((Date.now() - started) / 1000).toFixed(0)} s)`)
    console.log(
      table(
        ['category', ...result.scores.performance.map((_, index) => `run ${index + 1}`), 'median', 'budget'],
        CATEGORIES.map((id) => [id, ...result.scores[id], result.median[id], `>= ${LIGHTHOUSE_BUDGETS[id]}`]),
      ),
    )
    console.log('')
    console.log(
      table(
        ['metric (median)', 'value'],
        result.metrics.map((metric) => [
          metric.title,
          metric.unit === 'millisecond' ? ms(metric.median, 0) : metric.median.toFixed(3),
        ]),
      ),
    )
    console.log(`CPU benchmark index per run: ${result.benchmarkIndex.map((value) => value.toFixed(0)).join(', ')}`)
    for (const warning of result.runWarnings) console.log(`Lighthouse warning: ${warning}`)
    if (result.reportFiles.length > 0) console.log(`Median-performance report: ${result.reportFiles.map((file) => path.relative(ROOT, file)).join(', ')}`)
    console.log('')
    for (const id of CATEGORIES) {
      budgets.check('lighthouse', `Lighthouse ${id} on ${route.path}`, result.median[id] >= LIGHTHOUSE_BUDGETS[id], String(result.median[id]), `>= ${LIGHTHOUSE_BUDGETS[id]}`)
    }
    const failing: Partial<Record<CategoryId, LighthouseSummary['failing'][CategoryId]>> = {}
    for (const id of CATEGORIES.filter((category) => result.median[category] < 100)) {
      const audits = result.failing[id]
      failing[id] = audits
      subheading(`Audits keeping ${id} under 100 on ${route.path} (median ${result.median[id]})`)
      if (audits.length === 0) {
        console.log('(no individual audit failed in any run)')
        continue
      }
      for (const audit of audits) {
        const scores = audit.scores.map((score) => (score === null ? '-' : score.toFixed(2))).join('/')
        const weight = audit.weight > 0 ? `, weight ${audit.weight}` : ''
        const value = audit.displayValue ? `, ${audit.displayValue}` : ''
        console.log(`- ${audit.id}: ${audit.title} [scores ${scores}, failed ${audit.failedRuns}/${result.runs}${weight}${value}]`)
        if (audit.errorMessage) console.log(`    error: ${audit.errorMessage}`)
        for (const example of audit.examples) console.log(`    ${example}`)
      }
    }
    summaries.push({ ...result, failing })
  }
}

// ---------------------------------------------------------------------------------------------
// Section: API load

/** One table layout for every load-test result, here and in the sign-in section. */
const loadTable = (results: LoadTestResult[]): string =>
  table(
    ['endpoint', 'conns', 'req/s', 'requests', 'p50', 'p90', 'p99', 'max', 'errors', 'timeouts', 'non-2xx', 'statuses'],
    results.map((result) => [
      result.title,
      result.connections,
      result.requestsPerSecond.toFixed(result.requestsPerSecond < 100 ? 1 : 0),
      result.requestsTotal,
      ms(result.latencyP50Ms, 0),
      ms(result.latencyP90Ms, 0),
      ms(result.latencyP99Ms, 0),
      ms(result.latencyMaxMs, 0),
      result.errors,
      result.timeouts,
      result.non2xx,
      Object.entries(result.statusCodes).map(([code, count]) => `${code}×${count}`).join(' '),
    ]),
    [1, 2, 3, 4, 5, 6, 7],
  )

const loadSection = async (budgets: Budgets, summary: Summary): Promise<void> => {
  heading(`3. API load (autocannon, ${LOAD.connections} connections, ${LOAD.duration} s each after ${LOAD.warmup} s warm-up, loopback)`)
  // A very high form limit so the rate limiter does not turn the load into 429s.
  const server = await startServer({ RATE_LIMIT_FORMS: '100000000' })
  console.log(machineLoad('load'))
  const results: LoadTestResult[] = []
  try {
    const common = { connections: LOAD.connections, duration: LOAD.duration, warmup: LOAD.warmup }
    console.log('  GET /api/health…')
    results.push(await loadTest({ ...common, url: `${server.url}/api/health`, title: 'GET /api/health' }))
    const runId = `${Date.now().toString(36)}-${process.pid}`
    let sequence = 0
    console.log('  POST /api/newsletter (a new e-mail per request)…')
    results.push(
      await loadTest({
        ...common,
        url: `${server.url}/api/newsletter`,
        method: 'POST',
        body: () => ({ email: `bench-${runId}-${(sequence += 1)}@example.com` }),
        title: 'POST /api/newsletter',
      }),
    )
  } finally {
    await server.stop()
  }
  const [health, newsletter] = results
  if (!health || !newsletter) throw new Error('load tests did not complete')
  console.log('')
  console.log(
    loadTable(results)
  )
  const ratio = newsletter.requestsPerSecond / health.requestsPerSecond
  console.log('')
  console.log(`Throughput ratio newsletter/health: ${ratio.toFixed(2)} (${newsletter.requestsPerSecond.toFixed(0)} / ${health.requestsPerSecond.toFixed(0)} req/s)`)
  console.log('(autocannon and the server share this machine\'s CPUs.)')
  console.log('')
  for (const result of results) {
    budgets.check('load', `${result.title} errors`, result.errors === 0, String(result.errors), '0')
    budgets.check('load', `${result.title} non-2xx`, result.non2xx === 0, String(result.non2xx), '0')
  }
  budgets.check('load', 'POST /api/newsletter p99 latency', newsletter.latencyP99Ms < LOAD.newsletterP99Ms, ms(newsletter.latencyP99Ms, 0), `< ${LOAD.newsletterP99Ms} ms`)
  summary.load = { results, throughputRatioNewsletterToHealth: ratio }
}

// ---------------------------------------------------------------------------------------------
// Section: sign-in


const authSection = async (budgets: Budgets, summary: Summary): Promise<void> => {
  heading('4. Sign-in (production scrypt cost; autocannon and fetch on loopback)')
  const admin = { email: 'bench-admin@example.com', password: 'bench-admin-password' }
  // The first admin is hashed at the real cost; the limits are lifted so failures stay 401s.
  const server = await startServer({
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    RATE_LIMIT_LOGIN_IP: '100000000',
    RATE_LIMIT_LOGIN_ACCOUNT: '100000000',
  })
  console.log(machineLoad('auth'))
  const json = (body: object): RequestInit => ({
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  try {
    console.log(`  POST /api/auth/login, ${AUTH.loginConnections} clients, ${AUTH.loginDuration} s…`)
    const login = await loadTest({
      url: `${server.url}/api/auth/login`,
      method: 'POST',
      body: () => admin,
      connections: AUTH.loginConnections,
      duration: AUTH.loginDuration,
      warmup: 1,
      title: 'POST /api/auth/login',
    })

    console.log(`  unknown e-mail vs wrong password, ${AUTH.timingRounds} of each in turns…`)
    const timing = await timeInTurns(
      [
        {
          name: 'unknown e-mail',
          url: `${server.url}/api/auth/login`,
          init: () => json({ email: 'nobody-here@example.com', password: 'a-wrong-password' }),
          expectStatus: 401,
        },
        {
          name: 'wrong password',
          url: `${server.url}/api/auth/login`,
          init: () => json({ email: admin.email, password: 'a-wrong-password' }),
          expectStatus: 401,
        },
      ],
      AUTH.timingRounds,
    )
    const [unknown, wrong] = timing
    if (!unknown || !wrong) throw new Error('timing did not complete')

    const signedIn = await fetch(`${server.url}/api/auth/login`, json(admin))
    const { data } = (await signedIn.json()) as { data?: { token?: string } }
    if (!data?.token) throw new Error(`sign-in for the /me load failed with ${signedIn.status}`)
    const common = { connections: AUTH.meConnections, duration: AUTH.meDuration, warmup: 1 }
    console.log(`  GET /api/health and GET /api/auth/me (bearer), ${AUTH.meConnections} connections…`)
    const health = await loadTest({ ...common, url: `${server.url}/api/health`, title: 'GET /api/health' })
    const me = await loadTest({
      ...common,
      url: `${server.url}/api/auth/me`,
      headers: { authorization: `Bearer ${data.token}` },
      title: 'GET /api/auth/me (bearer)',
    })

    console.log('')
    console.log(loadTable([login, health, me]))
    console.log('')
    console.log(
      table(
        ['login answer (401)', 'samples', 'median', 'min', 'max', 'other status'],
        timing.map((entry) => [entry.name, entry.samples, ms(entry.medianMs, 0), ms(entry.minMs, 0), ms(entry.maxMs, 0), entry.unexpected]),
        [1, 2, 3, 4, 5],
      ),
    )
    const timingRatio = unknown.medianMs / wrong.medianMs
    const meRatio = me.requestsPerSecond / health.requestsPerSecond
    console.log('')
    console.log(`Median response time ratio unknown e-mail / wrong password: ${timingRatio.toFixed(3)} (${ms(unknown.medianMs, 0)} / ${ms(wrong.medianMs, 0)})`)
    console.log(`Throughput ratio /api/auth/me / /api/health: ${meRatio.toFixed(2)} (${me.requestsPerSecond.toFixed(0)} / ${health.requestsPerSecond.toFixed(0)} req/s)`)
    console.log('')
    budgets.check('auth', 'POST /api/auth/login p99 at 2 clients', login.latencyP99Ms < AUTH.loginP99Ms, ms(login.latencyP99Ms, 0), `< ${AUTH.loginP99Ms} ms`)
    budgets.check('auth', 'POST /api/auth/login errors and non-2xx', login.errors + login.non2xx === 0, `${login.errors} / ${login.non2xx}`, '0 / 0')
    budgets.check(
      'auth',
      'login median time, unknown e-mail / wrong password',
      timingRatio >= AUTH.timingRatio.min && timingRatio <= AUTH.timingRatio.max && unknown.unexpected + wrong.unexpected === 0,
      timingRatio.toFixed(3),
      `${AUTH.timingRatio.min} to ${AUTH.timingRatio.max}, all 401`,
    )
    budgets.check('auth', 'GET /api/auth/me non-2xx', me.errors + me.non2xx === 0, `${me.errors} / ${me.non2xx}`, '0 / 0')
    budgets.check('auth', 'throughput /api/auth/me / /api/health', meRatio >= AUTH.meToHealthMin, meRatio.toFixed(2), `>= ${AUTH.meToHealthMin}`)
    summary.auth = {
      login,
      timing,
      medianRatioUnknownToWrongPassword: timingRatio,
      load: [health, me],
      throughputRatioMeToHealth: meRatio,
    }
  } finally {
    await server.stop()
  }
}

// ---------------------------------------------------------------------------------------------
// Section: the assistant chat

const chatSection = async (budgets: Budgets, summary: Summary): Promise<void> => {
  heading(`5. Chat: POST /api/overseer-dev/chat (${LOCAL_MODEL}) against GET /api/health, ${CHAT.connections} connections, ${CHAT.duration} s each after ${CHAT.warmup} s warm-up`)
  const rateLimits = { RATE_LIMIT_CHAT: CHAT.rateLimit, RATE_LIMIT_CHAT_IP: CHAT.rateLimit }
  const server = await startServer(rateLimits)
  console.log(machineLoad('chat'))
  console.log(`Chat rate limits raised for this server only: ${Object.entries(rateLimits).map(([name, value]) => `${name}=${value}`).join(', ')} (defaults: 20 per owner and 300 per IP a minute), so every request gets a reply, not a 429.`)
  // The bench runs the production entry (server/src/server.ts), which gives the engine no options.
  const deltaDelayMs = 0
  console.log(`Streaming pace as in production: deltaDelayMs ${deltaDelayMs} (unset), i.e. no sleep between deltas; the engine yields to the event loop (setImmediate) before each 3-word chunk.`)
  const cookie = `${VISITOR_COOKIE}=${newVisitorToken()}`
  let asked = 0
  const chatBody = () => ({
    messages: [{ role: 'user', content: CHAT_QUESTIONS[(asked += 1) % CHAT_QUESTIONS.length] }],
    model: LOCAL_MODEL,
    sessionId: randomUUID(),
  })
  try {
    // One reply first: the engine answers from the docs (a reply that streams, with tokens counted).
    const first = await fetch(`${server.url}/api/overseer-dev/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(chatBody()),
    })
    const answer = (await first.json()) as { reply?: string; usage?: { promptTokens: number; completionTokens: number } }
    if (first.status !== 200 || !answer.reply || !answer.usage) throw new Error(`a first chat request answered ${first.status}: ${JSON.stringify(answer).slice(0, 300)}`)
    const sampleReply = {
      characters: answer.reply.length,
      deltas: deltasOf(answer.reply).length,
      promptTokens: answer.usage.promptTokens,
      completionTokens: answer.usage.completionTokens,
    }
    console.log(`A sample reply: ${sampleReply.characters} characters in ${sampleReply.deltas} deltas, ${sampleReply.promptTokens} + ${sampleReply.completionTokens} tokens.`)

    const common = { connections: CHAT.connections, duration: CHAT.duration, warmup: CHAT.warmup }
    console.log('  GET /api/health…')
    const health = await loadTest({ ...common, url: `${server.url}/api/health`, title: 'GET /api/health' })
    console.log(`  POST /api/overseer-dev/chat (a new sessionId per request, ${CHAT_QUESTIONS.length} questions in turn, one visitor)…`)
    const chat = await loadTest({
      ...common,
      url: `${server.url}/api/overseer-dev/chat`,
      method: 'POST',
      headers: { cookie },
      body: chatBody,
      title: `POST /api/overseer-dev/chat (${LOCAL_MODEL})`,
    })
    // autocannon hangs up on requests still in flight when the time is up; let their replies
    // finish before the server is stopped (a reply cut by shutdown is not what this measures).
    await new Promise((resolve) => setTimeout(resolve, CHAT.settleMs))
    const results = [health, chat]
    console.log('')
    console.log(loadTable(results))
    const throughputRatio = chat.requestsPerSecond / health.requestsPerSecond
    const p99Ratio = chat.latencyP99Ms / health.latencyP99Ms
    console.log('')
    console.log(`Throughput ratio chat/health: ${throughputRatio.toFixed(3)} (${chat.requestsPerSecond.toFixed(0)} / ${health.requestsPerSecond.toFixed(0)} req/s)`)
    console.log(`p99 latency ratio chat/health: ${p99Ratio.toFixed(1)} (${ms(chat.latencyP99Ms, 0)} / ${ms(health.latencyP99Ms, 0)})`)
    console.log('(PGlite, the server\'s default database; autocannon and the server share this machine\'s CPUs.)')
    console.log('')
    budgets.check('chat', `${chat.title} errors and non-2xx`, chat.errors + chat.non2xx === 0, `${chat.errors} / ${chat.non2xx}`, '0 / 0')
    budgets.check('chat', `${chat.title} p99 latency`, chat.latencyP99Ms < CHAT.p99Ms, ms(chat.latencyP99Ms, 0), `< ${CHAT.p99Ms} ms`)
    budgets.check('chat', 'throughput chat / health', throughputRatio >= CHAT.throughputRatioMin, throughputRatio.toFixed(3), `>= ${CHAT.throughputRatioMin}`)
    summary.chat = { load: results, throughputRatioChatToHealth: throughputRatio, p99RatioChatToHealth: p99Ratio, rateLimits, deltaDelayMs, sampleReply }
  } finally {
    await server.stop()
  }
}

// ---------------------------------------------------------------------------------------------
// Section: history search

interface HistoryTarget extends BenchDatabase {
  database: HistoryDatabaseSummary['database']
  /** What the database would have done after so many inserts (see SeedOptions.maintenance). */
  maintenance: 'vacuum analyze' | 'none'
}

const pgliteTarget = (): HistoryTarget => ({ ...pgliteDatabase('overseer-bench-history-'), database: 'PGlite', maintenance: 'none' })

const postgresTarget = async (): Promise<HistoryTarget | string> => {
  const database = await postgresDatabase('overseer_bench')
  return typeof database === 'string' ? database : { ...database, database: 'PostgreSQL', maintenance: 'vacuum analyze' }
}

/** What a statement of conversationRepository.list is for, in a few words. */
const statementLabel = (statement: string): string => {
  if (statement.includes('from chat_messages')) return 'messages of the page'
  if (statement.includes('count(*) over')) return 'page + count(*) over ()'
  if (/^select count\(\*\)/.test(statement)) return 'count'
  return 'page'
}

const measureHistory = async (
  target: HistoryTarget,
  corpus: ReturnType<typeof historyCorpus>,
  owner: { key: string; cookie: string },
  budgets: Budgets,
): Promise<HistoryDatabaseSummary> => {
  subheading(`${target.database}: ${target.where}`)
  console.log(machineLoad(`history ${target.database}`))
  const db = await target.open()
  let seed: SeedResult
  const plans: NonNullable<HistoryDatabaseSummary['plans']> = []
  try {
    await migrate(db)
    process.stdout.write('  seeding')
    seed = await seedHistory(db, corpus, {
      total: HISTORY.conversations,
      mainOwnerKey: owner.key,
      mainOwnerShare: HISTORY.mainOwnerShare,
      otherOwners: HISTORY.otherOwners,
      maintenance: target.maintenance,
      onProgress: (done) => process.stdout.write(` ${done / 1000}k`),
    })
    process.stdout.write('\n')
    console.log(
      `Seeded ${seed.conversations.toLocaleString('en-US')} conversations (${seed.messages.toLocaleString('en-US')} messages) in ${seed.seconds.toFixed(1)} s; ` +
        `the searching owner has ${seed.mainOwnerConversations.toLocaleString('en-US')}, ${HISTORY.otherOwners.toLocaleString('en-US')} others share the rest. ` +
        (target.maintenance === 'none'
          ? 'No ANALYZE or VACUUM afterwards: PGlite runs no autovacuum, so a server on it never has statistics for these tables.'
          : 'Then VACUUM ANALYZE, as autovacuum would after so many inserts.'),
    )
    // The plans of exactly what the repository sends, for each kind's first term.
    for (const kind of [...SEARCH_KINDS, LIST_KIND]) {
      const search = kind.searches[0]
      const queries: PlannedQuery[] = []
      await conversationsIn(explaining(db, queries)).list(owner.key, { page: kind.page, limit: 5, ...(search !== undefined && { search }) })
      plans.push({ kind: kind.name, search, queries })
    }
  } finally {
    await db.close()
  }
  console.log('')
  console.log(`Query plans (EXPLAIN ANALYZE of the statements conversationRepository.list sends, first term of each kind; ${SEARCH_INDEX} is the GIN index):`)
  console.log(
    table(
      ['kind', 'statement', 'scans', 'exec'],
      plans.flatMap((plan) =>
        plan.queries.map((query, index) => [
          index === 0 ? `${plan.kind}${plan.search === undefined ? '' : ` (${plan.search})`}` : '',
          statementLabel(query.statement),
          query.scans.join(' + ') || '(none)',
          ms(query.executionMs),
        ]),
      ),
      [3],
    ),
  )

  if (target.maintenance === 'none') {
    console.log('(Without statistics the planner may match a phrase on the GIN index alone and check the owner row by row: every owner\'s candidates are rechecked.)')
  }

  const server = await startServer(target.serverEnv)
  let kinds: SearchTimes[]
  let times: Map<string, number[]>
  try {
    console.log('')
    console.log(`  ${SEARCH_KINDS.length + 1} kinds × ${HISTORY.rounds} requests, one at a time in turns, GET /api/overseer-dev/chat/history?page&limit=5&search as that owner (visitor cookie)…`)
    ;({ kinds, times } = await timeHistorySearches(server.url, owner.cookie, [...SEARCH_KINDS, LIST_KIND], HISTORY.rounds))
  } finally {
    await server.stop()
  }
  const searchTimes = SEARCH_KINDS.flatMap((kind) => times.get(kind.name) ?? [])
  const search = {
    samples: searchTimes.length,
    p50Ms: percentile(searchTimes, 50),
    p95Ms: percentile(searchTimes, 95),
    p99Ms: percentile(searchTimes, 99),
  }
  console.log('')
  console.log(
    table(
      ['kind', 'page', 'matches per term', 'p50', 'p95', 'p99', 'max', 'n', 'non-200'],
      [
        ...kinds.map((kind) => [
          kind.name,
          kind.page,
          Object.entries(kind.matches).map(([term, count]) => `${term} ${count}`).join(', '),
          ms(kind.p50Ms),
          ms(kind.p95Ms),
          ms(kind.p99Ms),
          ms(kind.maxMs),
          kind.samples,
          kind.unexpected,
        ]),
        ['all searches', '', '', ms(search.p50Ms), ms(search.p95Ms), ms(search.p99Ms), '', search.samples, ''],
      ],
      [1, 3, 4, 5, 6, 7, 8],
    ),
  )
  console.log('')
  const fullText = plans.flatMap((plan) => plan.queries.filter((query) => query.fullText).map((query) => ({ kind: plan.kind, query })))
  const withoutIndex = fullText.filter((entry) => !entry.query.usesSearchIndex)
  budgets.check(
    'history',
    `history search p95 on ${target.database} (${HISTORY.conversations.toLocaleString('en-US')} conversations, all search kinds)`,
    search.p95Ms < HISTORY.p95Ms,
    `${ms(search.p95Ms)} (p50 ${ms(search.p50Ms)}, p99 ${ms(search.p99Ms)})`,
    `< ${HISTORY.p95Ms} ms`,
  )
  budgets.check(
    'history',
    `full-text statements use ${SEARCH_INDEX} on ${target.database}`,
    fullText.length > 0 && withoutIndex.length === 0,
    withoutIndex.length === 0 ? `${fullText.length}/${fullText.length}` : `not in: ${withoutIndex.map((entry) => entry.kind).join(', ')}`,
    'all',
  )
  const failed = kinds.reduce((sum, kind) => sum + kind.unexpected, 0)
  budgets.check('history', `history answers on ${target.database} all 200`, failed === 0, `${failed} not 200`, '0')
  return { database: target.database, seed, plans, kinds, search }
}

const historySection = async (budgets: Budgets, summary: Summary): Promise<void> => {
  heading(`6. History search over ${HISTORY.conversations.toLocaleString('en-US')} stored conversations (PGlite and PostgreSQL)`)
  console.log(machineLoad('history'))
  const corpus = historyCorpus(path.join(ROOT, 'docs'))
  console.log(
    `Conversations: a question about one of ${corpus.topics.length} docs headings (1 in 50 naming a rare tool), a reply of 1-3 of ${corpus.paragraphs.length} docs paragraphs, ` +
      'inserted with generate_series straight into chat_conversations/chat_messages with the repository\'s weighted tsvector.',
  )
  const token = newVisitorToken()
  const owner = { key: visitorOwnerKey(token), cookie: `${VISITOR_COOKIE}=${token}` }
  const databases: HistoryDatabaseSummary[] = []
  summary.history = { conversations: HISTORY.conversations, mainOwnerConversations: HISTORY.conversations / HISTORY.mainOwnerShare, databases }

  await measureEach([async () => pgliteTarget(), postgresTarget], databases, (target) => measureHistory(target, corpus, owner, budgets))
}

// ---------------------------------------------------------------------------------------------

const main = async (): Promise<number> => {
  const sections = parseSections(process.argv.slice(2))
  const started = Date.now()
  const budgets = new Budgets()
  const summary: Summary = {
    startedAt: new Date(started).toISOString(),
    commit: gitCommit(),
    node: process.version,
    sections,
    budgets: budgets.checks,
    errors: [],
  }
  console.log(`Overseer bench — sections: ${sections.join(', ')}; commit ${summary.commit}; Node ${process.version}`)

  const fail = (section: string, error: unknown): void => {
    const message = errorMessage(error)
    summary.errors.push({ section, message })
    console.error(`\nERROR in ${section}: ${message}`)
  }

  // The bundle section needs this build's stats; the others only need some build in dist/.
  let stats: Stats | undefined
  const needsPages = sections.includes('bundle') || sections.includes('lighthouse')
  if (sections.includes('bundle') || (needsPages && !existsSync(path.join(DIST, 'index.html')))) {
    heading('Production build (dist/)')
    const buildStarted = Date.now()
    try {
      stats = await buildSpa()
      summary.build = { builtAt: new Date().toISOString(), fresh: true, buildSeconds: (Date.now() - buildStarted) / 1000, prerender: lastBuildTimings }
      console.log(`Built in ${summary.build.buildSeconds?.toFixed(1)} s`)
      if (lastBuildTimings) {
        const { prerenderBuildSeconds, renderSeconds, pages: rendered } = lastBuildTimings
        const added = prerenderBuildSeconds + renderSeconds
        console.log(
          `The prerender: its webpack build ${prerenderBuildSeconds.toFixed(1)} s (beside the browser's), rendering ${rendered} pages ${renderSeconds.toFixed(1)} s; at most ${added.toFixed(1)} s added`,
        )
        budgets.check('build', 'time the prerender adds to the build (its webpack build + rendering)', added < PRERENDER_BUDGET_SECONDS, `${added.toFixed(1)} s`, `< ${PRERENDER_BUDGET_SECONDS} s`)
      }
    } catch (error) {
      fail('build', error)
    }
  } else if (needsPages) {
    const builtAt = statSync(path.join(DIST, 'index.html')).mtime
    summary.build = { builtAt: builtAt.toISOString(), fresh: false }
    console.log(`Using the existing build in dist/ (${builtAt.toISOString()}); run the bundle section to rebuild.`)
  }

  let pages: RunningServer | undefined
  try {
    if (needsPages && existsSync(path.join(DIST, 'index.html'))) {
      try {
        // Its first administrator signs in to measure the Architect Suite (bundle section).
        pages = await startServer(benchAdminEnv())
      } catch (error) {
        fail('server', error)
      }
    }
    if (sections.includes('bundle')) {
      if (!stats || !pages) fail('bundle', new Error('skipped: no build or no server'))
      else await bundleSection(pages, stats, budgets, summary).catch((error: unknown) => fail('bundle', error))
    }
    if (sections.includes('lighthouse')) {
      if (!pages) fail('lighthouse', new Error('skipped: no server'))
      else await lighthouseSection(pages, budgets, summary).catch((error: unknown) => fail('lighthouse', error))
    }
  } finally {
    await pages?.stop()
  }
  if (sections.includes('load')) await loadSection(budgets, summary).catch((error: unknown) => fail('load', error))
  if (sections.includes('auth')) await authSection(budgets, summary).catch((error: unknown) => fail('auth', error))
  if (sections.includes('chat')) await chatSection(budgets, summary).catch((error: unknown) => fail('chat', error))
  if (sections.includes('history')) await historySection(budgets, summary).catch((error: unknown) => fail('history', error))
  if (sections.includes('builds')) {
    await buildsSection(budgets, summary, machineLoad).catch((error: unknown) => fail('builds', error))
    await buildTimelineSection(budgets, summary, machineLoad).catch((error: unknown) => fail('builds', error))
    await durableBuildsSection(budgets, summary, machineLoad).catch((error: unknown) => fail('builds', error))
    await buildQueueSection(budgets, summary, machineLoad).catch((error: unknown) => fail('builds', error))
    await buildArchiveSection(budgets, summary, machineLoad).catch((error: unknown) => fail('builds', error))
    await buildPreviewSection(budgets, summary, machineLoad).catch((error: unknown) => fail('builds', error))
  }
  if (sections.includes('sockets')) await socketsSection(budgets, summary, machineLoad).catch((error: unknown) => fail('sockets', error))
  if (sections.includes('logs')) await logsSection(budgets, summary, machineLoad).catch((error: unknown) => fail('logs', error))
  if (sections.includes('canvas')) await canvasSection(budgets, summary, machineLoad).catch((error: unknown) => fail('canvas', error))
  if (sections.includes('assistant')) await assistantSection(budgets, summary).catch((error: unknown) => fail('assistant', error))

  heading('Summary')
  console.log(table(['', 'budget check', 'actual', 'budget'], budgets.checks.map((check) => [check.pass ? 'PASS' : 'FAIL', check.name, check.actual, check.budget])))
  const passed = budgets.checks.length - budgets.failed.length
  console.log('')
  console.log(`${passed}/${budgets.checks.length} budgets met${summary.errors.length > 0 ? `; ${summary.errors.length} section error(s): ${summary.errors.map((error) => error.section).join(', ')}` : ''}`)

  summary.machine = { cpus: availableParallelism(), loadAverage: loadBySection }
  summary.finishedAt = new Date().toISOString()
  summary.durationSeconds = Math.round((Date.now() - started) / 100) / 10
  mkdirSync(RESULTS, { recursive: true })
  const file = path.join(RESULTS, 'latest.json')
  writeFileSync(file, `${JSON.stringify(summary, null, 2)}\n`)
  console.log(`Results: ${path.relative(ROOT, file)} (${summary.durationSeconds} s)`)
  // Budgets are reported, not enforced; only a section that could not run fails the command.
  return summary.errors.length > 0 ? 1 : 0
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(errorMessage(error))
    process.exit(1)
  },
)
