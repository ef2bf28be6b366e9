/**
 * After the browser build: renders every public page to its own HTML file with React's server
 * renderer (the prerender build of src/app/prerender), and writes the sitemap, robots.txt and the
 * manifest the server answers from (server/src/plugins/external/static.ts).
 */
import { execFileSync } from 'node:child_process'
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { StatsCompilation } from 'webpack'
import { cspHash, PRERENDER_DIR, PRERENDER_MANIFEST, type PrerenderManifest } from '../../contracts/prerender'
import type * as PrerenderEntry from '../../src/app/prerender'
import type { PageHead } from '../../src/shared/lib/seo'
import { escapeHtml } from '../markdown/compile'

/** What the prerender build's entry (src/app/prerender) exports. */
export type PrerenderApp = typeof PrerenderEntry

type ChunkId = string | number

/** The prerender build's entry, from its output directory (CommonJS, made just now). */
export const loadPrerenderApp = (outDir: string): PrerenderApp =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the prerender build is CommonJS, made just now
  require(path.join(outDir, 'prerender.js')) as PrerenderApp

export interface PrerenderInput {
  /** The browser build's output (served). */
  buildDir: string
  clientStats: StatsCompilation
  /** The prerender build's output (a working directory). */
  serverDir: string
  serverStats: StatsCompilation
}

const jsonLd = (data: readonly Record<string, unknown>[]): string =>
  JSON.stringify(data.length === 1 ? data[0] : data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')

/** The file of a page under PRERENDER_DIR: `/` is `index.html`, `/docs/guides` is `docs/guides.html`. */
export const pageFile = (pathname: string): string => (pathname === '/' ? 'index.html' : `${pathname.slice(1)}.html`)

const originKey = (origin: { moduleName?: string; request?: string }): string => `${origin.moduleName ?? ''}|${origin.request ?? ''}`

/**
 * Which of the browser build's files load with a chunk of the prerender build: both builds
 * compile the same source, so a lazy `import()` is the same call (module and request) in both,
 * whatever the two builds name their chunks.
 */
const chunkFiles = (clientStats: StatsCompilation, serverStats: StatsCompilation) => {
  const filesByOrigin = new Map<string, Set<string>>()
  for (const chunk of clientStats.chunks ?? []) {
    if (chunk.initial) continue
    for (const origin of chunk.origins ?? []) {
      const files = filesByOrigin.get(originKey(origin)) ?? new Set<string>()
      for (const file of chunk.files ?? []) if (/\.(js|css)$/.test(file)) files.add(file)
      filesByOrigin.set(originKey(origin), files)
    }
  }
  const originsById = new Map<ChunkId, string[]>()
  for (const chunk of serverStats.chunks ?? []) if (chunk.id !== undefined) originsById.set(chunk.id, (chunk.origins ?? []).map(originKey))
  return (chunks: readonly ChunkId[]): string[] => {
    const files = new Set<string>()
    for (const id of chunks) for (const key of originsById.get(id) ?? []) for (const file of filesByOrigin.get(key) ?? []) files.add(file)
    return [...files].sort()
  }
}

/** The source files (not dependencies) each chunk of the prerender build holds. */
const sourcesByChunk = (serverStats: StatsCompilation, root: string): Map<ChunkId, string[]> => {
  const sources = new Map<ChunkId, string[]>()
  const add = (chunks: readonly ChunkId[] | undefined, resource: string | undefined) => {
    if (!resource || resource.includes(`${path.sep}node_modules${path.sep}`) || !resource.startsWith(root)) return
    const file = path.relative(root, resource.split('?')[0] ?? resource)
    for (const id of chunks ?? []) sources.set(id, [...(sources.get(id) ?? []), file])
  }
  for (const module of serverStats.modules ?? []) {
    add(module.chunks ?? undefined, module.nameForCondition ?? undefined)
    for (const inner of module.modules ?? []) add(module.chunks ?? undefined, inner.nameForCondition ?? undefined)
  }
  return sources
}

/** When each file was last changed: its last commit, or its modification time outside a git checkout. */
const lastChanges = async (root: string): Promise<(file: string) => Promise<Date | undefined>> => {
  const committed = new Map<string, Date>()
  try {
    const log = execFileSync('git', ['log', '--format=%x00%cI', '--name-only', '--no-renames', '--', 'src', 'content', 'docs'], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'ignore'],
    })
    let date: Date | undefined
    for (const line of log.split('\n')) {
      if (line.startsWith('\0')) date = new Date(line.slice(1))
      else if (line && date && !committed.has(line)) committed.set(line, date)
    }
  } catch {
    /* not a git checkout: modification times */
  }
  return async (file) => committed.get(file.split(path.sep).join('/')) ?? (await stat(path.join(root, file)).catch(() => undefined))?.mtime
}

const meta = (attribute: string, key: string, content: string) => `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`

/** The head's tags after its title and description: the same `<meta>` tags the browser sets (metaTags). */
const headTags = (app: PrerenderApp, head: PageHead, noIndex: boolean): string =>
  [
    `<link rel="canonical" href="${escapeHtml(head.canonical)}">`,
    ...app
      .metaTags(head)
      .filter(([, key]) => key !== 'description')
      .map(([attribute, key, content]) => meta(attribute, key, content)),
    ...(noIndex ? [meta('name', 'robots', 'noindex')] : []),
    ...(head.structuredData.length > 0 ? [`<script type="application/ld+json">${jsonLd(head.structuredData)}</script>`] : []),
  ].join('')

const STYLE_ATTRIBUTE = /\sstyle="([^"]*)"/g

const unescapeAttribute = (value: string): string =>
  value.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')

/** CSP hash sources of the `style` attributes of a page (allowed with 'unsafe-hashes'). */
const styleAttributeHashes = (html: string): string[] => [...html.matchAll(STYLE_ATTRIBUTE)].map(([, value = '']) => cspHash(unescapeAttribute(value)))

export const prerender = async ({ buildDir, clientStats, serverDir, serverStats }: PrerenderInput): Promise<{ pages: number; ms: number }> => {
  const started = performance.now()
  const root = path.resolve(__dirname, '../..')
  const app = loadPrerenderApp(serverDir)
  const template = await readFile(path.join(buildDir, 'index.html'), 'utf8')
  const filesOf = chunkFiles(clientStats, serverStats)
  const sources = sourcesByChunk(serverStats, root)
  const changedAt = await lastChanges(root)

  const outDir = path.join(buildDir, PRERENDER_DIR)
  await rm(outDir, { recursive: true, force: true })
  const { pages, shell } = await app.siteMap()
  const manifest: PrerenderManifest = { origin: app.SITE_URL, pages: {}, shell, styleHashes: [], inlineStyleHashes: [] }
  const styleHashes = new Set<string>()
  const inlineStyles = new Set<string>()
  const sitemap: string[] = []

  for (const pathname of pages) {
    const page = await app.renderPage(pathname)
    if (!page.head) throw new Error(`${pathname} sets no title or description (usePageMeta)`)
    const files = filesOf(page.chunks)
    const cssFiles = files.filter((file) => file.endsWith('.css'))
    // The page's own chunks: its styles inlined (the page reads without JavaScript, and paints
    // without waiting for another file) and preloaded for when the app loads the chunk; its
    // scripts preloaded.
    const styles = await Promise.all(cssFiles.map((file) => readFile(path.join(buildDir, file), 'utf8')))
    if (styles.some((css) => /<\/style/i.test(css))) throw new Error(`${pathname}: a stylesheet contains </style>`)
    for (const css of styles) inlineStyles.add(cspHash(css))
    const links = [
      ...styles.map((css) => `<style>${css}</style>`),
      ...cssFiles.map((file) => `<link rel="preload" as="style" href="/${file}">`),
      ...files.filter((file) => file.endsWith('.js')).map((file) => `<link rel="preload" as="script" href="/${file}">`),
    ].join('')
    const html = template
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.head.title)}</title>`)
      .replace(/<meta name="description" content="[^"]*"\s*\/?>/, `<meta name="description" content="${escapeHtml(page.head.description)}">`)
      .replace('</head>', `${headTags(app, page.head, page.noIndex)}${links}</head>`)
      // The page reads without JavaScript: the shell's "needs JavaScript" note is not for it.
      .replace(/<noscript>\s*<p>[\s\S]*?<\/p>\s*<\/noscript>/, '')
      .replace(/<div id="root"><\/div>/, `<div id="root" data-path="${escapeHtml(pathname)}">${page.html}</div>`)
    if (!html.includes(`data-path="${escapeHtml(pathname)}"`)) throw new Error('index.html has no empty <div id="root"></div> to fill')
    for (const hash of styleAttributeHashes(page.html)) styleHashes.add(hash)

    const file = pageFile(pathname)
    await mkdir(path.dirname(path.join(outDir, file)), { recursive: true })
    await writeFile(path.join(outDir, file), html)

    const dates = await Promise.all(page.chunks.flatMap((id) => sources.get(id) ?? []).map(changedAt))
    const lastModified = dates.reduce<Date | undefined>((latest, date) => (date && (!latest || date > latest) ? date : latest), undefined)
    manifest.pages[pathname] = { file, ...(lastModified && { lastModified: lastModified.toISOString() }) }
    // Only canonical addresses: /docs/getting-started shows (and names as canonical) its first page.
    if (pathname !== '/404' && !page.noIndex && new URL(page.head.canonical).pathname === pathname) {
      sitemap.push(
        `<url><loc>${escapeHtml(page.head.canonical)}</loc>${lastModified ? `<lastmod>${lastModified.toISOString().slice(0, 10)}</lastmod>` : ''}</url>`,
      )
    }
  }
  manifest.styleHashes = [...styleHashes].sort()
  manifest.inlineStyleHashes = [...inlineStyles].sort()

  await writeFile(path.join(outDir, PRERENDER_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`)
  await writeFile(
    path.join(buildDir, 'sitemap.xml'),
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${sitemap.join('\n')}\n</urlset>\n`,
  )
  await writeFile(
    path.join(buildDir, 'robots.txt'),
    `User-agent: *\nAllow: /\nDisallow: /architect\nDisallow: /api/\n\nSitemap: ${app.SITE_URL}/sitemap.xml\n`,
  )
  return { pages: pages.length, ms: performance.now() - started }
}
