import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { SHARE_PATH, SHARE_ROBOTS } from '@contracts/conversationTools'
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

/** A browser navigating to a client-side route; never the API, socket.io or a build asset. */
const isPageNavigation = (request: FastifyRequest, urlPath: string): boolean =>
  !/^(api|socket\.io|assets)(\/|$)/.test(urlPath) && (request.headers.accept ?? '').includes('text/html')

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

/**
 * Serves the built SPA from STATIC_DIR, when it exists, with the history fallback: a page
 * navigation to a path that isn't a file gets index.html. Everything else missing is a 404.
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
    const page = indexHtml === undefined ? undefined : withSiteMode(indexHtml, siteMode)
    const sendPage = (reply: FastifyReply, urlPath: string) => {
      if (page === undefined) return reply.callNotFound()
      if (NOT_INDEXED.test(urlPath)) void reply.header('x-robots-tag', SHARE_ROBOTS)
      return reply.type('text/html; charset=utf-8').header('cache-control', cacheControlFor('index.html')).send(page)
    }

    app.get('/*', { schema: { hide: true } }, async (request: FastifyRequest<{ Params: { '*': string } }>, reply) => {
      const urlPath = request.params['*']
      const file = await findFile(root, urlPath)
      if (file === 'index.html') return sendPage(reply, urlPath)
      if (file) return send(reply, file)
      if (urlPath === '' || isPageNavigation(request, urlPath)) return sendPage(reply, urlPath)
      return reply.callNotFound()
    })
  },
  { name: 'static' },
)
