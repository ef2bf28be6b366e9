import { Provider } from 'react-redux'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { act, render } from '@testing-library/react'
import { setupStore } from '../../store'
import { routes } from '../routes'

/** Renders the app on the real route table, then opens `path` (an app area's sub-pages are its child routes). */
export const renderAt = async (path: string) => {
  const router = createMemoryRouter(routes, { initialEntries: ['/apps'] })
  render(
    <Provider store={setupStore()}>
      <RouterProvider router={router} />
    </Provider>,
  )
  await act(() => router.navigate(path))
  return { router }
}
