import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type runLighthouse from 'lighthouse'
import type { Flags, Result } from 'lighthouse'
import { launch } from 'chrome-launcher'
import { CHROME_PATH, LIGHTHOUSE_CHROME_FLAGS } from './chromium'
import { median } from './report'

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
export type CategoryId = (typeof CATEGORIES)[number]

export const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
] as const

export interface FailingAudit {
  id: string
  title: string
  category: CategoryId
  /** The audit's weight in the category score (0 for performance opportunities and diagnostics). */
  weight: number
  /** In how many runs it scored under 1 (or errored). */
  failedRuns: number
  /** Its score per run (null when not scored). */
  scores: (number | null)[]
  displayValue?: string
  errorMessage?: string
  /** A few offending elements or resources from the latest failing run, to help a fix. */
  examples: string[]
}

export interface MetricSummary {
  id: string
  title: string
  /** Median numeric value (ms, or unitless for CLS). */
  median: number
  unit: string
}

export interface LighthouseSummary {
  url: string
  runs: number
  /** Category scores 0-100 per run. */
  scores: Record<CategoryId, number[]>
  /** Median of each category separately. */
  median: Record<CategoryId, number>
  metrics: MetricSummary[]
  failing: Record<CategoryId, FailingAudit[]>
  benchmarkIndex: number[]
  runWarnings: string[]
  lighthouseVersion: string
  formFactor: string
  throttlingMethod: string
  /** Attempts that failed and were tried again. */
  retried: string[]
  /** The HTML and JSON report of the run with the median performance score, when a report dir is given. */
  reportFiles: string[]
}

export interface LighthouseOptions {
  runs?: number
  chromePath?: string
  chromeFlags?: string[]
  /** Where to write the median run's report (HTML + JSON); nothing is written without it. */
  reportDir?: string
  /** File name stem of the report, e.g. `lighthouse-home`. */
  reportName?: string
  /** Attempts per run: Lighthouse sometimes fails to record a trace on a busy machine (default 3). */
  attemptsPerRun?: number
  /** Called before each run, e.g. for progress output. */
  onRun?: (run: number, of: number) => void
  /** Called when an attempt failed and is tried again. */
  onRetry?: (run: number, attempt: number, message: string) => void
}

/**
 * Lighthouse is ESM. Under tsx a static import reaches it through tsx's CommonJS transform, which
 * (esbuild keepNames) wraps its page functions in `__name(...)`; Lighthouse sends those functions'
 * source to the page, where `__name` does not exist ("ReferenceError: __name is not defined").
 * A dynamic import that esbuild cannot rewrite loads it through Node's own ESM loader, untouched.
 */
const nativeImport = new Function('specifier', 'return import(specifier)') as (specifier: string) => Promise<unknown>

const loadLighthouse = async (): Promise<typeof runLighthouse> => {
  const loaded = (await nativeImport(pathToFileURL(require.resolve('lighthouse')).href)) as { default: typeof runLighthouse }
  return loaded.default
}

const SCORED_MODES = new Set(['binary', 'numeric', 'metricSavings'])

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value.trim() : undefined)

const number = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined)

/** Figures worth showing beside an item: wasted bytes, time. */
const figuresOf = (item: Record<string, unknown>): string => {
  const figures: string[] = []
  const wastedBytes = number(item.wastedBytes)
  if (wastedBytes !== undefined) figures.push(`wasted ${(wastedBytes / 1024).toFixed(1)} KiB`)
  const time = number(item.wastedMs) ?? number(item.total) ?? number(item.duration) ?? number(item.timing)
  if (time !== undefined) figures.push(`${Math.round(time)} ms`)
  return figures.length > 0 ? ` (${figures.join(', ')})` : ''
}

/** One line describing an item of an audit's details table: the node, the source or the URL. */
const describeItem = (item: Record<string, unknown>): string | undefined => {
  const node = item.node
  if (isRecord(node)) {
    const snippet = text(node.snippet)
    const selector = text(node.selector)
    const label = snippet && selector ? `${snippet} at ${selector}` : (snippet ?? selector ?? text(node.nodeLabel))
    const explanation = text(node.explanation)?.split('\n').slice(0, 2).join(' ')
    if (label) return explanation ? `${label} — ${explanation}` : label
  }
  const source = item.source
  if (isRecord(source)) {
    const url = text(source.url)
    if (url) return `${url}:${String(source.line ?? '?')}:${String(source.column ?? '?')}${figuresOf(item)}`
  }
  const label = text(item.url) ?? text(item.groupLabel) ?? text(item.phase) ?? text(item.selector)
  return label ? `${label}${figuresOf(item)}` : undefined
}

/** A few offending items, looking into nested tables and list sections (Lighthouse insights nest them). */
const examplesOf = (details: unknown, limit = 5, lines: string[] = []): string[] => {
  if (!isRecord(details) || !Array.isArray(details.items)) return lines
  for (const item of details.items) {
    if (lines.length >= limit) break
    if (!isRecord(item)) continue
    if (Array.isArray(item.items)) {
      examplesOf(item, limit, lines)
      continue
    }
    if (isRecord(item.value) && Array.isArray(item.value.items)) {
      examplesOf(item.value, limit, lines)
      continue
    }
    const line = describeItem(item)
    const short = line && line.length > 200 ? `${line.slice(0, 197)}...` : line
    if (short && !lines.includes(short)) lines.push(short)
  }
  return lines
}

const categoryScore = (lhr: Result, id: CategoryId): number => {
  const score = lhr.categories[id]?.score
  return typeof score === 'number' ? Math.round(score * 100) : Number.NaN
}

const failingAudits = (lhrs: Result[], category: CategoryId): FailingAudit[] => {
  const byId = new Map<string, FailingAudit>()
  lhrs.forEach((lhr, run) => {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id]
      if (!audit) continue
      const errored = audit.scoreDisplayMode === 'error'
      const failed = errored || (SCORED_MODES.has(audit.scoreDisplayMode) && audit.score !== null && audit.score < 1)
      const entry = byId.get(ref.id) ?? {
        id: ref.id,
        title: audit.title,
        category,
        weight: ref.weight,
        failedRuns: 0,
        scores: Array<number | null>(lhrs.length).fill(null),
        examples: [],
      }
      entry.scores[run] = audit.score
      if (failed) {
        entry.failedRuns += 1
        entry.displayValue = audit.displayValue ?? entry.displayValue
        entry.errorMessage = audit.errorMessage ?? entry.errorMessage
        const examples = examplesOf(audit.details)
        if (examples.length > 0) entry.examples = examples
      }
      byId.set(ref.id, entry)
    }
  })
  return [...byId.values()]
    .filter((entry) => entry.failedRuns > 0)
    .sort((a, b) => b.weight - a.weight || b.failedRuns - a.failedRuns || a.id.localeCompare(b.id))
}

const slug = (url: string): string => {
  const { pathname } = new URL(url)
  return pathname === '/' ? 'home' : pathname.replace(/^\/+|\/+$/g, '').replace(/[^a-z0-9]+/gi, '-')
}

/** One Lighthouse run in a fresh Chromium; a run-time error (e.g. NO_NAVSTART, NO_FCP) throws. */
const runOnce = async (
  lighthouse: typeof runLighthouse,
  url: string,
  options: LighthouseOptions,
): Promise<{ lhr: Result; report: string }> => {
  const chrome = await launch({
    chromePath: options.chromePath ?? CHROME_PATH,
    chromeFlags: options.chromeFlags ?? LIGHTHOUSE_CHROME_FLAGS,
  })
  try {
    const flags: Flags = { port: chrome.port, output: 'html', logLevel: 'error', onlyCategories: [...CATEGORIES] }
    const result = await lighthouse(url, flags)
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`)
    const { runtimeError } = result.lhr
    if (runtimeError) throw new Error(`${runtimeError.code}: ${runtimeError.message}`)
    return { lhr: result.lhr, report: Array.isArray(result.report) ? result.report.join('\n') : result.report }
  } finally {
    chrome.kill()
  }
}

/**
 * Runs Lighthouse `runs` times against `url` with the default config (mobile form factor,
 * simulated throttling), each run in a fresh headless Chromium, and summarises the median of each
 * category score, the metrics and the audits that keep a category under 100.
 */
export const lighthouseAudit = async (url: string, options: LighthouseOptions = {}): Promise<LighthouseSummary> => {
  const runs = options.runs ?? 3
  const lighthouse = await loadLighthouse()
  const lhrs: Result[] = []
  const reports: string[] = []
  const retried: string[] = []
  const attemptsPerRun = Math.max(1, options.attemptsPerRun ?? 3)
  for (let run = 1; run <= runs; run += 1) {
    options.onRun?.(run, runs)
    for (let attempt = 1; ; attempt += 1) {
      try {
        const { lhr, report } = await runOnce(lighthouse, url, options)
        lhrs.push(lhr)
        reports.push(report)
        break
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error)
        if (attempt >= attemptsPerRun) throw new Error(`run ${run} failed ${attempt} times; last: ${message}`)
        retried.push(`run ${run} attempt ${attempt}: ${message}`)
        options.onRetry?.(run, attempt, message)
      }
    }
  }

  const scores = Object.fromEntries(CATEGORIES.map((id) => [id, lhrs.map((lhr) => categoryScore(lhr, id))])) as Record<
    CategoryId,
    number[]
  >
  const medians = Object.fromEntries(CATEGORIES.map((id) => [id, median(scores[id])])) as Record<CategoryId, number>
  const failing = Object.fromEntries(CATEGORIES.map((id) => [id, failingAudits(lhrs, id)])) as Record<CategoryId, FailingAudit[]>
  const metrics: MetricSummary[] = METRICS.map((id) => {
    const values = lhrs.map((lhr) => lhr.audits[id]?.numericValue).filter((value): value is number => typeof value === 'number')
    const first = lhrs[0]?.audits[id]
    return { id, title: first?.title ?? id, median: median(values), unit: first?.numericUnit ?? '' }
  })

  // The run whose performance score is the median one gets its report written.
  const order = scores.performance.map((score, index) => ({ score, index })).sort((a, b) => a.score - b.score)
  const medianRun = order[Math.floor(order.length / 2)]?.index ?? 0
  const reportFiles: string[] = []
  const medianLhr = lhrs[medianRun]
  if (options.reportDir && medianLhr) {
    mkdirSync(options.reportDir, { recursive: true })
    const stem = path.join(options.reportDir, options.reportName ?? `lighthouse-${slug(url)}`)
    writeFileSync(`${stem}.html`, reports[medianRun] ?? '')
    writeFileSync(`${stem}.json`, JSON.stringify(medianLhr, null, 2))
    reportFiles.push(`${stem}.html`, `${stem}.json`)
  }

  const first = lhrs[0]
  return {
    url,
    runs,
    scores,
    median: medians,
    metrics,
    failing,
    benchmarkIndex: lhrs.map((lhr) => lhr.environment.benchmarkIndex),
    runWarnings: [...new Set(lhrs.flatMap((lhr) => lhr.runWarnings))],
    lighthouseVersion: first?.lighthouseVersion ?? '',
    formFactor: first?.configSettings.formFactor ?? '',
    throttlingMethod: first?.configSettings.throttlingMethod ?? '',
    retried,
    reportFiles,
  }
}
