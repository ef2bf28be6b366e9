import { existsSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium, type Browser, type BrowserContext, type Locator, type Page, type Request } from '@playwright/test'
import { CHROME_PATH, PLAYWRIGHT_CHROMIUM_ARGS } from './chromium'

/** Given the page, the element whose visibility means "the route has rendered". */
export type ReadyLocator = (page: Page) => Locator

/**
 * Ready when `selector` is visible and the start-up splash (painted by index.html) has been
 * removed: the h1 may exist behind the splash before that.
 */
export const renderedWithoutSplash =
  (selector = 'h1', splash = '#boot-splash'): ReadyLocator =>
  (page) =>
    page.locator(`body:not(:has(${splash})) ${selector}`).first()

export interface JsFile {
  url: string
  /** URL path, e.g. `/assets/main.0123456789.js`. */
  path: string
  /** When the browser asked for it, in ms after navigation began. */
  requestedAtMs: number
  /** Where the bytes were read: the build output, the HTTP response (not in dist), or nowhere. */
  source: 'dist' | 'response' | 'missing'
  /** Path relative to the dist directory (matches webpack's asset names). */
  distFile?: string
  rawBytes: number
  /** zlib level 9. */
  gzipBytes: number
}

export interface InitialJsResult {
  url: string
  /** When the ready locator became visible, in ms after navigation began (as seen by the bench). */
  readyAtMs: number
  /** JavaScript requested before the route rendered, in request order. */
  files: JsFile[]
  totalRawBytes: number
  totalGzipBytes: number
  /** JavaScript requested after the render (within `settleMs`); not counted, listed for context. */
  afterReady: JsFile[]
  /** When each milestone locator was first attached, in ms after navigation began (null: not by the render). */
  milestones: Record<string, number | null>
}

export interface InitialJsOptions {
  /** Build output that the URL paths map to (default `dist`). */
  distDir?: string
  /** A browser to reuse; otherwise one is launched and closed. */
  browser?: Browser
  /** How long to wait for the ready locator (default 30 s). */
  timeoutMs?: number
  /** How long to keep watching after the render to list later files (default 2.5 s; 0 to skip). */
  settleMs?: number
  /** Extra moments to time for context (e.g. `h1 in DOM`): when each locator is first attached. */
  milestones?: Record<string, ReadyLocator>
  /**
   * Runs in the fresh context before the page loads, e.g. signing in through `context.request`
   * (its cookies join the context; the browser cache stays empty).
   */
  prepare?: (context: BrowserContext) => Promise<void>
}

const isJavaScript = (request: Request): boolean =>
  request.resourceType() === 'script' || /\.m?js$/i.test(new URL(request.url()).pathname)

export const gzipSize = (bytes: Buffer): number => gzipSync(bytes, { level: 9 }).length

const measure = async (request: Request, requestedAtMs: number, distDir: string): Promise<JsFile> => {
  const url = new URL(request.url())
  const relative = decodeURIComponent(url.pathname).replace(/^\/+/, '')
  const candidate = path.resolve(distDir, relative)
  const inDist = candidate.startsWith(path.resolve(distDir) + path.sep) && existsSync(candidate) && statSync(candidate).isFile()
  const base = { url: request.url(), path: url.pathname, requestedAtMs }
  if (inDist) {
    const bytes = readFileSync(candidate)
    return { ...base, source: 'dist', distFile: relative.split(path.sep).join('/'), rawBytes: bytes.length, gzipBytes: gzipSize(bytes) }
  }
  const response = await request.response().catch(() => null)
  const bytes = response ? await response.body().catch(() => null) : null
  if (bytes) return { ...base, source: 'response', rawBytes: bytes.length, gzipBytes: gzipSize(bytes) }
  return { ...base, source: 'missing', rawBytes: 0, gzipBytes: 0 }
}

/**
 * Loads `url` in a fresh Chromium context (empty cache, no service workers) and returns every
 * JavaScript file requested before `readyLocator` became visible, with its gzip size read from
 * the build output. Collection stops at the render, not at network idle.
 */
export const initialJs = async (url: string, readyLocator: ReadyLocator, options: InitialJsOptions = {}): Promise<InitialJsResult> => {
  const distDir = path.resolve(options.distDir ?? 'dist')
  const ownBrowser = options.browser ? undefined : await chromium.launch({ executablePath: CHROME_PATH, args: PLAYWRIGHT_CHROMIUM_ARGS })
  const browser = options.browser ?? ownBrowser
  if (!browser) throw new Error('No browser')
  const context = await browser.newContext({ serviceWorkers: 'block' })
  try {
    await options.prepare?.(context)
    const page = await context.newPage()
    const requests: { request: Request; at: number }[] = []
    const seen = new Set<string>()
    let started = Date.now()
    page.on('request', (request) => {
      if (!isJavaScript(request) || seen.has(request.url())) return
      seen.add(request.url())
      requests.push({ request, at: Date.now() - started })
    })
    const milestones: Record<string, number | null> = {}
    const timeout = options.timeoutMs ?? 30_000
    started = Date.now()
    const watchers = Object.entries(options.milestones ?? {}).map(([name, locator]) => {
      milestones[name] = null
      return locator(page)
        .waitFor({ state: 'attached', timeout })
        .then(
          () => {
            milestones[name] = Date.now() - started
          },
          () => undefined,
        )
    })
    await page.goto(url, { waitUntil: 'commit' })
    await readyLocator(page).waitFor({ state: 'visible', timeout })
    const readyAtMs = Date.now() - started
    const initial = requests.slice()
    // A milestone not reached by the render stays null; give the watchers a moment to report.
    await Promise.race([Promise.all(watchers), page.waitForTimeout(100)])
    const milestonesAtRender = { ...milestones }
    const settleMs = options.settleMs ?? 2_500
    if (settleMs > 0) await page.waitForTimeout(settleMs)
    const later = requests.slice(initial.length)
    const files = await Promise.all(initial.map(({ request, at }) => measure(request, at, distDir)))
    const afterReady = await Promise.all(later.map(({ request, at }) => measure(request, at, distDir)))
    return {
      url,
      readyAtMs,
      files,
      totalRawBytes: files.reduce((sum, file) => sum + file.rawBytes, 0),
      totalGzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0),
      afterReady,
      milestones: milestonesAtRender,
    }
  } finally {
    await context.close()
    await ownBrowser?.close()
  }
}
