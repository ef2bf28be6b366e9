import { matchRoutes, type Params, type RouteObject } from 'react-router-dom'

/** What a route's `handle` tells the prerender and the start-up about its page. */
export interface PageHandle {
  /** `false`: the browser renders it from the app shell (staff pages, private links), never the prerender. */
  prerender?: false
  /** Loads what the page shows before it renders, so it renders complete at once. */
  preload?: (params: Params) => Promise<void>
}

export const pageHandle = (route: RouteObject): PageHandle | undefined => route.handle as PageHandle | undefined

/**
 * Loads the code of the routes an address matches, and what their pages show, so the page
 * renders complete on its first render: in the prerender, and in the browser before it hydrates
 * the prerendered HTML (which must match that first render).
 */
export const preparePage = async (routes: RouteObject[], pathname: string): Promise<void> => {
  const matches = matchRoutes(routes, pathname) ?? []
  await Promise.all(
    matches.map(async ({ route, params }) => {
      const { lazy } = route
      if (typeof lazy === 'function') {
        Object.assign(route, await lazy())
        delete route.lazy
      }
      await pageHandle(route)?.preload?.(params)
    }),
  )
}
