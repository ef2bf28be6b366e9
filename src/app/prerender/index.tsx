/**
 * The app, rendered in Node at build time: `scripts/prerender` loads this module from the
 * prerender build (webpack.config.ts) and writes each public page's HTML. Nothing here runs in
 * the browser.
 */
import { StrictMode } from 'react'
import { prerenderToNodeStream } from 'react-dom/static'
import { Provider } from 'react-redux'
import { createStaticHandler, createStaticRouter, matchPath, StaticRouterProvider, type RouteObject } from 'react-router-dom'
import type { ShellRoute } from '@contracts/prerender'
import { SITE_URL } from '@/shared/config'
import { metaTags, PageHeadContext, type PageHead, type PageHeadCollector } from '@/shared/lib/seo'
import { AppReady } from '../ready'
import { createRoutes, pageHandle, preparePage } from '../routes'
import { setupStore } from '../store'

export { SITE_URL, metaTags }

type ChunkId = string | number

declare const __webpack_require__: { e: (chunkId: ChunkId) => Promise<unknown> }

/** The chunks a page's routes load (their code and what `preload` fetches), recorded while it is prepared. */
let recording: Set<ChunkId> | undefined
const loadChunk = __webpack_require__.e
__webpack_require__.e = (chunkId: ChunkId) => {
  recording?.add(chunkId)
  return loadChunk(chunkId)
}

/**
 * The routes with parameters whose addresses have pages of their own, and those addresses: the
 * prerender renders each; another value of the parameter answers 404 and the shell, whose page
 * says it names nothing. A route with parameters not listed here is rendered from the shell.
 */
const PAGES_OF_ROUTE: Record<string, () => Promise<string[]>> = {
  '/architecture/:module': async () => (await import('@/pages/architecture-module')).architectureModulePaths(),
  '/careers/:jobId': async () => (await import('@/pages/careers')).careersPaths(),
  '/docs/:section': async () => (await import('@/pages/docs')).docsPaths(),
  '/docs/:section/:topic': async () => (await import('@/pages/docs')).docsPaths(),
  '/apps/:module': async () => (await import('@/pages/app-module')).appModulePaths(),
  '/blog/:postId': async () => (await import('@/pages/blog')).blogPaths(),
}

const join = (base: string, path: string): string => (path.startsWith('/') ? path : `${base.replace(/\/$/, '')}/${path}`)

/** Every public page's address, and the shell's routes, from the route table. */
export const siteMap = async (): Promise<{ pages: string[]; shell: ShellRoute[] }> => {
  const pages = new Set<string>()
  const shell: ShellRoute[] = []
  const walk = async (routes: readonly RouteObject[], base: string): Promise<void> => {
    for (const route of routes) {
      const handle = pageHandle(route)
      const full = route.path === undefined ? base : join(base, route.path)
      if (handle?.prerender === false) {
        shell.push({ pattern: route.children ? join(full, '*') : full, status: 200 })
        continue
      }
      if (route.path?.endsWith('*')) {
        // The site's catch-all is the 404 page; an app area's own "not found" is a page of the shell.
        if (base !== '/') shell.push({ pattern: full, status: 404 })
        continue
      }
      if (full.includes(':')) {
        const paths = (await PAGES_OF_ROUTE[full]?.()) ?? []
        const matching = paths.filter((path) => matchPath(full, path) !== null)
        for (const path of matching) pages.add(path)
        shell.push({ pattern: full, status: matching.length > 0 ? 404 : 200 })
      } else if (route.path !== undefined || route.index) {
        pages.add(full)
      }
      if (route.children) await walk(route.children, full)
    }
  }
  await walk(createRoutes('public'), '/')
  return { pages: [...pages].sort(), shell }
}

export interface RenderedPage {
  /** The body of #root. */
  html: string
  head: PageHead | undefined
  noIndex: boolean
  /** The prerender build's chunks this page's routes load. */
  chunks: ChunkId[]
}

const streamText = async (stream: NodeJS.ReadableStream): Promise<string> => {
  let text = ''
  for await (const part of stream) text += typeof part === 'string' ? part : Buffer.from(part).toString('utf8')
  return text
}

/**
 * Renders one public page as its first render in the browser will be: a new store, the page's
 * routes and content loaded first. Fails on any error, including a browser API used while rendering.
 */
export const renderPage = async (pathname: string): Promise<RenderedPage> => {
  const routes = createRoutes('public')
  const chunks = new Set<ChunkId>()
  recording = chunks
  try {
    await preparePage(routes, pathname)
  } finally {
    recording = undefined
  }

  const { query, dataRoutes } = createStaticHandler(routes)
  const context = await query(new Request(new URL(pathname, `${SITE_URL}/`)))
  if (context instanceof Response) throw new Error(`${pathname} answered ${context.status} instead of a page`)
  if (context.errors) throw new Error(`${pathname}: ${Object.values(context.errors).map(String).join('; ')}`)

  const store = setupStore()
  let head: PageHead | undefined
  let noIndex = false
  const collector: PageHeadCollector = {
    pathname,
    report: (reported) => {
      head = reported
    },
    reportNoIndex: () => {
      noIndex = true
    },
  }
  const errors: unknown[] = []
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <PageHeadContext.Provider value={collector}>
        <Provider store={store} serverState={store.getState()}>
          <AppReady>
            <StaticRouterProvider router={createStaticRouter(dataRoutes, context)} context={context} hydrate={false} />
          </AppReady>
        </Provider>
      </PageHeadContext.Provider>
    </StrictMode>,
    { onError: (error) => void errors.push(error) },
  )
  const html = await streamText(prelude)
  if (errors.length > 0) {
    const first = errors[0]
    throw new Error(`${pathname} failed to render: ${first instanceof Error ? (first.stack ?? first.message) : String(first)}`)
  }
  return { html, head, noIndex, chunks: [...chunks] }
}
