import type { ReactElement, ReactNode } from 'react'
import { Provider } from 'react-redux'
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom'
import { render, type RenderOptions } from '@testing-library/react'
import { setupStore, type SetupStoreOptions } from '@/app/store'

interface ProviderOptions extends Omit<RenderOptions, 'wrapper'> {
  preloadedState?: SetupStoreOptions['preloadedState']
  store?: AppStore
  /** Where the memory router starts. */
  route?: string
  /** History state of the starting entry (e.g. `{ from }` for the login page). */
  routerState?: unknown
  /** Extra routes beside the one rendering `ui` (to check where links lead). */
  routes?: RouteObject[]
  /** Child routes of the one rendering `ui` (addresses under it that keep it mounted). */
  children?: RouteObject[]
  /** Where the memory router starts when that is not `route` itself (one of its children's addresses). */
  at?: string
}

/** Renders with the real store and a memory router, as the app does. */
export const renderWithProviders = (
  ui: ReactElement,
  { preloadedState, store = setupStore({ preloadedState }), route = '/', routerState, routes = [], children, at = route, ...options }: ProviderOptions = {},
) => {
  const landing = [{ pathname: at, state: routerState }]
  const router = createMemoryRouter(
    [{ path: route, element: ui, ...(children && { children }) }, { path: '*', element: <p>landed</p> }, ...routes],
    { initialEntries: landing },
  )
  const Wrapper = ({ children }: { children?: ReactNode }) => <Provider store={store}>{children}</Provider>
  return { store, router, ...render(<RouterProvider router={router} />, { wrapper: Wrapper, ...options }) }
}
