/**
 * Section `builds`, previews: a delivered web app's live preview on the real app in this process
 * (its own `npm start` in bubblewrap, reached through the preview origin). How long from 'Preview'
 * (the POST) to its first page, over several starts; the memory of a running preview's process
 * tree; and PREVIEW_MAX previews started at once, with one more refused.
 */
import { randomUUID } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { LOCAL_MODEL } from '../../server/src/llm/providers/local'
import { parentOf, treeResidentBytes } from '../../server/src/sandbox/run'
import { mib, postBuild } from '../lib/builds'
import { type Budgets, heading, median, ms, percentile, table } from '../lib/report'
import { visitorCookie } from './builds'
import { startInProcess } from './buildTimeline'

export const PREVIEW_BENCH = {
  /** Starts timed, one after the other (each a restart: a new process tree). */
  starts: 10,
  /** Previews started at once (the default PREVIEW_MAX). */
  together: 8,
  /** The median start may take this long, at most. */
  startBudgetMs: 3_000,
  request: 'build a todo web app',
  firstPageTimeoutMs: 30_000,
}

export interface PreviewBenchSummary {
  startsMs: number[]
  medianStartMs: number
  p95StartMs: number
  treeBytes: number
  together: { count: number; allServingMs: number; treeBytes: number; refusedStatus: number }
}

/** The preview's first page through the preview origin, from its link: the cookie the link sets, then `/` until it answers 200. */
const firstPage = async (link: string): Promise<void> => {
  const opened = await fetch(link, { redirect: 'manual' })
  if (opened.status !== 302) throw new Error(`the preview link answered ${opened.status}`)
  const cookie = (opened.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
  const deadline = performance.now() + PREVIEW_BENCH.firstPageTimeoutMs
  for (;;) {
    const page = await fetch(new URL('/', link), { headers: { cookie } })
    const body = await page.text()
    if (page.status === 200 && /<!doctype html>/i.test(body)) return
    if (performance.now() > deadline) throw new Error(`no first page within ${PREVIEW_BENCH.firstPageTimeoutMs} ms: ${page.status} ${body.slice(0, 200)}`)
  }
}

/**
 * The sandboxes running `npm start` now: the outer bubblewrap process of each (a preview's whole
 * process tree; bubblewrap's own process inside the sandbox carries the same command line and is
 * left out, its parent being one of them).
 */
const previewTrees = async (): Promise<number[]> => {
  const found = new Map<number, number>()
  for (const entry of await readdir('/proc').catch(() => [] as string[])) {
    if (!/^\d+$/.test(entry)) continue
    // NUL after each argument, the last one too.
    const argv = (await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '')).split('\0').slice(0, -1)
    if (!(argv[0]?.endsWith('bwrap') && argv.at(-2) === 'npm' && argv.at(-1) === 'start')) continue
    found.set(Number(entry), parentOf(Number(entry)) ?? 0)
  }
  return [...found].filter(([, parent]) => !found.has(parent)).map(([pid]) => pid)
}

const treesBytes = async (): Promise<number> => {
  let total = 0
  for (const pid of await previewTrees()) total += treeResidentBytes(pid)
  return total
}

export const buildPreviewSection = async (budgets: Budgets, summary: { buildPreview?: PreviewBenchSummary }, machineLoad: (section: string) => string): Promise<void> => {
  heading('7d. Live previews: from Preview to the first page, the memory of a running preview, and 8 at once')
  console.log(machineLoad('builds-preview'))
  const server = await startInProcess({})
  try {
    const open = async (cookie: string, sessionId: string, restart: boolean) => {
      const response = await fetch(`${server.url}/api/overseer/builds/${sessionId}/preview`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, origin: server.url },
        body: JSON.stringify(restart ? { restart: true } : {}),
      })
      const body = (await response.json()) as { url?: string; message?: string }
      return { status: response.status, url: body.url, message: body.message }
    }
    const delivered = async (cookie: string) => {
      const answer = await postBuild(server.url, cookie, PREVIEW_BENCH.request, LOCAL_MODEL, randomUUID())
      if (answer.status !== 200) throw new Error(`the build answered ${answer.status}: ${answer.message ?? ''}`)
      return answer.sessionId
    }

    // One owner's preview, started afresh each time.
    const owner = visitorCookie()
    const sessionId = await delivered(owner)
    const startsMs: number[] = []
    for (let start = 0; start < PREVIEW_BENCH.starts + 1; start += 1) {
      const began = performance.now()
      const opened = await open(owner, sessionId, start > 0)
      if (opened.status !== 200 || !opened.url) throw new Error(`Preview answered ${opened.status}: ${opened.message ?? ''}`)
      await firstPage(opened.url.replace('//localhost:', '//127.0.0.1:'))
      // The first start warms what every later one shares (the sandbox's probe, the OS's file cache): not counted.
      if (start > 0) startsMs.push(performance.now() - began)
    }
    const treeBytes = await treesBytes()
    await fetch(`${server.url}/api/overseer/builds/${sessionId}/preview`, { method: 'DELETE', headers: { cookie: owner, origin: server.url } })

    // PREVIEW_MAX owners at once, then one more.
    const owners = Array.from({ length: PREVIEW_BENCH.together + 1 }, () => visitorCookie())
    const sessions: string[] = []
    for (const cookie of owners) sessions.push(await delivered(cookie))
    const began = performance.now()
    const links = await Promise.all(owners.slice(0, PREVIEW_BENCH.together).map((cookie, index) => open(cookie, sessions[index] as string, false)))
    const refused = await open(owners.at(-1) as string, sessions.at(-1) as string, false)
    await Promise.all(
      links.map((opened) => {
        if (opened.status !== 200 || !opened.url) throw new Error(`Preview answered ${opened.status}: ${opened.message ?? ''}`)
        return firstPage(opened.url.replace('//localhost:', '//127.0.0.1:'))
      }),
    )
    const allServingMs = performance.now() - began
    const togetherBytes = await treesBytes()
    const count = (await previewTrees()).length
    await Promise.all(
      owners.slice(0, PREVIEW_BENCH.together).map((cookie, index) =>
        fetch(`${server.url}/api/overseer/builds/${sessions[index] as string}/preview`, { method: 'DELETE', headers: { cookie, origin: server.url } }),
      ),
    )

    const result: PreviewBenchSummary = {
      startsMs,
      medianStartMs: median(startsMs),
      p95StartMs: percentile(startsMs, 95),
      treeBytes,
      together: { count, allServingMs, treeBytes: togetherBytes, refusedStatus: refused.status },
    }
    console.log(
      table(
        ['measure', 'value'],
        [
          [`Preview → first page, median of ${startsMs.length}`, ms(result.medianStartMs, 0)],
          [`Preview → first page, p95 of ${startsMs.length}`, ms(result.p95StartMs, 0)],
          ['one running preview: its process tree (bwrap, sh, npm, node), resident', mib(treeBytes)],
          [`${PREVIEW_BENCH.together} previews started at once: all serving their first page after`, ms(allServingMs, 0)],
          [`${PREVIEW_BENCH.together} previews: sandboxes running, resident together`, `${count}, ${mib(togetherBytes)}`],
          [`one more owner's preview while ${PREVIEW_BENCH.together} run`, `HTTP ${refused.status}`],
        ],
        [1],
      ),
    )
    console.log(
      '(The app is the real server in this process (buildApp, PGlite, listening on a loopback port), with the default preview limits. A preview is the offline engine\'s todo web app; ' +
        'Preview → first page is POST …/preview with restart (a new process tree) until GET / through the preview origin, with the cookie its link set, answers the page; ' +
        'the first start is not counted. Memory: the resident memory of each sandbox running npm start (its bwrap process and everything under it), read from /proc.)',
    )
    budgets.check('builds', 'preview: median time from Preview to the first page', result.medianStartMs < PREVIEW_BENCH.startBudgetMs, ms(result.medianStartMs, 0), `< ${ms(PREVIEW_BENCH.startBudgetMs, 0)}`)
    budgets.check('builds', `preview: ${PREVIEW_BENCH.together} at once all serve, one more refused with 429`, count === PREVIEW_BENCH.together && refused.status === 429, `${count} serving, then ${refused.status}`, `${PREVIEW_BENCH.together}, then 429`)
    summary.buildPreview = result
  } finally {
    await server.stop()
  }
}
