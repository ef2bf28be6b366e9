import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { SHARE_PATH, SHARE_ROBOTS } from '@contracts/conversationTools'
import { PRERENDER_DIR, PRERENDER_MANIFEST, type PrerenderManifest } from '@contracts/prerender'
import { escapeRegExp } from '@contracts/text'
import type { SiteMode } from '../../config'

const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable'
const CACHE_SHORT = 'public, max-age=3600'
const CACHE_REVALIDATE = 'no-cache'

/** Hashed build output lives in `assets/`: its names change with its content. */
const cacheControlFor = (file: string): string => {
  if (file.startsWith('assets/')) return CACHE_IMMUTABLE
  if (file.endsWith('.html')) return CACHE_REVALIDATE
  return CACHE_SHORT
}

/** The file under `root` that a URL path names, or undefined (directories and dotfiles too). */
const findFile = async (root: string, urlPath: string): Promise<string | undefined> => {
  const segments = urlPath.split('/').filter(Boolean)
  if (segments.some((segment) => segment.startsWith('.') || segment.includes('\0'))) return undefined
  const file = path.resolve(root, ...segments)
  if (!file.startsWith(root + path.sep)) return undefined
  const stats = await stat(file).catch(() => undefined)
  return stats?.isFile() ? path.relative(root, file).split(path.sep).join('/') : undefined
}

/** Never a page: the API, socket.io and build assets answer 404 JSON when missing. */
const NOT_A_PAGE = /^(api|socket\.io|assets)(\/|$)/

/** Pages that search engines must not keep: shared conversations (`/share/{token}`). */
const NOT_INDEXED = new RegExp(`^${SHARE_PATH.slice(1)}`)

const send = (reply: FastifyReply, file: string): FastifyReply =>
  reply.header('cache-control', cacheControlFor(file)).sendFile(file, { cacheControl: false })

/**
 * The SPA learns the site mode from index.html itself (no inline script, no extra request):
 * `<meta name="overseer-site-mode" content="prelaunch">`.
 */
export const withSiteMode = (html: string, siteMode: SiteMode): string =>
  siteMode === 'public' ? html : html.replace('</head>', `<meta name="overseer-site-mode" content="${siteMode}"></head>`)

/** `/share/:token`, `/architect/*` as a test of an address; a `*` also matches nothing (`/architect`). */
const patternRegExp = (pattern: string): RegExp => {
  const rest = pattern.endsWith('/*')
  const segments = (rest ? pattern.slice(0, -2) : pattern)
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : escapeRegExp(segment)))
  return new RegExp(`^${segments.join('/')}${rest ? '(?:/.*)?' : ''}$`)
}

/** The prerendered pages of a build (scripts/prerender), or undefined for a build without them. */
export const readPrerenderManifest = async (root: string): Promise<PrerenderManifest | undefined> => {
  const text = await readFile(path.join(root, PRERENDER_DIR, PRERENDER_MANIFEST), 'utf8').catch(() => undefined)
  return text === undefined ? undefined : (JSON.parse(text) as PrerenderManifest)
}

/** What to answer a page address with: a prerendered page, the app shell, or the 404 page. */
type PageAnswer = { kind: 'page'; file: string; status: 200 | 404 } | { kind: 'shell'; status: 200 | 404 }

/**
 * Serves the built site from STATIC_DIR, when it exists. A public page's address answers its
 * prerendered HTML whatever the `Accept` header; staff and private pages answer the app shell
 * (index.html), which renders in the browser; any other address answers 404 with the 404 page.
 * Files of the build answer as themselves; a missing API or asset path is a 404 JSON. In
 * pre-launch mode every page answers the shell: the app decides who sees the site.
 */
export default fp<{ staticDir: string; siteMode: SiteMode }>(
  async (app, { staticDir, siteMode }) => {
    const root = path.resolve(staticDir)
    const rootStats = await stat(root).catch(() => undefined)
    if (!rootStats?.isDirectory()) {
      app.log.warn({ staticDir: root }, 'STATIC_DIR not found: serving the API only')
      return
    }

    await app.register(fastifyStatic, { root, serve: false })

    const indexHtml = await readFile(path.join(root, 'index.html'), 'utf8').catch(() => undefined)
    const shell = indexHtml === undefined ? undefined : withSiteMode(indexHtml, siteMode)
    const manifest = siteMode === 'public' ? await readPrerenderManifest(root) : undefined
    const shellRoutes = (manifest?.shell ?? []).map(({ pattern, status }) => ({ test: patternRegExp(pattern), status }))
    const pages = new Map<string, Promise<string>>()
    const pageHtml = (file: string): Promise<string> => {
      let html = pages.get(file)
      if (!html) {
        html = readFile(path.join(root, PRERENDER_DIR, file), 'utf8')
        pages.set(file, html)
      }
      return html
    }

    const answerFor = (urlPath: string): PageAnswer => {
      if (!manifest) return { kind: 'shell', status: 200 }
      const pathname = `/${urlPath}`.replace(/(.)\/+$/, '$1')
      const page = manifest.pages[pathname]
      // The 404 page says so at its own address too.
      if (page) return { kind: 'page', file: page.file, status: pathname === '/404' ? 404 : 200 }
      const route = shellRoutes.find(({ test }) => test.test(pathname))
      if (route) return { kind: 'shell', status: route.status }
      const notFound = manifest.pages['/404']
      return notFound ? { kind: 'page', file: notFound.file, status: 404 } : { kind: 'shell', status: 404 }
    }

    const sendPage = async (reply: FastifyReply, urlPath: string) => {
      const answer = answerFor(urlPath)
      const html = answer.kind === 'page' ? await pageHtml(answer.file) : shell
      if (html === undefined) return reply.callNotFound()
      if (NOT_INDEXED.test(urlPath)) void reply.header('x-robots-tag', SHARE_ROBOTS)
      return reply.code(answer.status).type('text/html; charset=utf-8').header('cache-control', CACHE_REVALIDATE).send(html)
    }

    app.get('/*', { schema: { hide: true } }, async (request: FastifyRequest<{ Params: { '*': string } }>, reply) => {
      const urlPath = request.params['*']
      if (urlPath === 'index.html') return sendPage(reply, '')
      const file = urlPath.split('/')[0] === PRERENDER_DIR ? undefined : await findFile(root, urlPath)
      if (file) return send(reply, file)
      if (NOT_A_PAGE.test(urlPath)) return reply.callNotFound()
      // Without prerendered pages (a build without them) only a browser's navigation gets the shell, as before.
      if (!manifest && urlPath !== '' && !(request.headers.accept ?? '').includes('text/html')) return reply.callNotFound()
      return sendPage(reply, urlPath)
    })
  },
  { name: 'static' },
)
