import type { ReactElement } from 'react'
import { Provider } from 'react-redux'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { http, HttpResponse } from 'msw'
import { render } from '@testing-library/react'
import { AuthProvider } from '@/entities/session'
import { setupStore } from './store'

/** The session endpoint answering for a signed-in staff member with these permissions. */
export const signedInStaff = (permissions: string[], { email = 'ops@example.com', roles = ['operator'] } = {}) =>
  http.get('http://localhost/api/auth/me', () =>
    HttpResponse.json({ success: true, data: { id: 1, email, roles, permissions } }),
  )

/**
 * Renders a staff page at `url` (its `path` with a query, if any) inside the session provider,
 * with the real store; returns the router, whose location a test can read.
 */
export const renderStaffPage = (path: string, page: ReactElement, url: string = path) => {
  const router = createMemoryRouter([{ path, element: <AuthProvider>{page}</AuthProvider> }], { initialEntries: [url] })
  render(
    <Provider store={setupStore()}>
      <RouterProvider router={router} />
    </Provider>,
  )
  return router
}
