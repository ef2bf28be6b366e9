import { Provider } from 'react-redux'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { render, screen, within } from '@testing-library/react'
import { delay, http, HttpResponse } from 'msw'
import { server } from '@tests/setup/msw'
import { setupStore } from '../store'
import { createRoutes, routes } from './routes'

const ME_URL = 'http://localhost/api/auth/me'

const signedInAs = (permissions: string[], roles = ['viewer']) =>
  http.get(ME_URL, () =>
    HttpResponse.json({ success: true, data: { id: 1, email: 'staff@example.com', roles, permissions } }),
  )
const anonymous = (after = 0) =>
  http.get(ME_URL, async () => {
    await delay(after)
    return HttpResponse.json({ success: false, message: 'Not signed in' }, { status: 401 })
  })

const renderAt = (path: string, mode: 'public' | 'prelaunch' = 'public') => {
  const router = createMemoryRouter(mode === 'public' ? routes : createRoutes(mode), { initialEntries: [path] })
  render(
    <Provider store={setupStore()}>
      <RouterProvider router={router} />
    </Provider>,
  )
  return router
}

describe('routes', () => {
  it('sends an unknown path to /404, replacing the history entry', async () => {
    const router = renderAt('/no/such/page')
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/404')
    expect(router.state.historyAction).toBe('REPLACE')
    expect(screen.getByText("The page you're looking for doesn't seem to exist.")).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/')
    expect(screen.getByRole('link', { name: 'Explore Applications' })).toHaveAttribute('href', '/apps')
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact')
  })

  it.each([
    '/about',
    '/contact',
    '/waitlist',
    '/architecture',
    '/architecture/overseer-core',
    '/privacy',
    '/terms',
    '/data-processing',
    '/cookies',
    '/careers',
    '/careers/senior-engineer',
    '/docs',
    '/docs/guides',
    '/docs/getting-started/introduction',
    '/apps',
    '/apps/overseer-core',
    '/apps/intelligence-platform/pricing',
    '/apps/Reviews_Compass/sentiment',
    '/apps/research-tools/features',
    '/apps/data-visualization',
    '/blog',
    '/case-studies',
    '/press',
    '/assistant',
  ])('has a page at %s', async (path) => {
    const router = renderAt(path)
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe(path)
  })
})

describe('protected routes', () => {
  it('shows Verifying access... and sends an anonymous visitor to /login, remembering the origin', async () => {
    server.use(anonymous(100))
    const router = renderAt('/architect/logs')
    expect(await screen.findByText('Verifying access...')).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Architect Suite' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/architect/logs' } })
  })

  it('removes a stored token that the server rejects', async () => {
    localStorage.setItem('auth_token', 'stale-token')
    let authorization: string | null = null
    server.use(
      http.get(ME_URL, ({ request }) => {
        authorization = request.headers.get('authorization')
        return HttpResponse.json({ success: false, message: 'Not signed in' }, { status: 401 })
      }),
    )
    const router = renderAt('/architect')
    await screen.findByRole('heading', { name: 'Architect Suite' })
    expect(authorization).toBe('Bearer stale-token')
    expect(localStorage.getItem('auth_token')).toBeNull()
    expect(router.state.location.pathname).toBe('/login')
  })

  it('sends a signed-in user without architect.access to /unauthorized with their e-mail and roles', async () => {
    server.use(signedInAs([], ['guest']))
    const router = renderAt('/architect')
    expect(await screen.findByRole('heading', { name: 'Access Restricted' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/unauthorized')
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/architect' } })
    expect(screen.getByText('staff@example.com')).toBeInTheDocument()
    expect(screen.getByText('guest')).toBeInTheDocument()
  })

  it("shows a page's own Access Restricted message to staff without its permission", async () => {
    server.use(signedInAs(['architect.access', 'architect.logs']))
    renderAt('/architect/overseer')
    expect(await screen.findByText('You do not have permission to access the Overseer interface module.')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Access Restricted' })).toBeInTheDocument()
  })

  it('opens an Architect page with the layout for staff with its permission', async () => {
    server.use(
      signedInAs(['architect.access', 'architect.logs'], ['viewer']),
      http.get('http://localhost/api/architect/logs', () =>
        HttpResponse.json({ success: true, data: [], pagination: { page: 1, pages: 1, total: 0, limit: 20 } }),
      ),
      http.get('http://localhost/api/architect/logs/modules', () => HttpResponse.json({ success: true, data: [] })),
    )
    renderAt('/architect/logs')
    expect(await screen.findByRole('heading', { level: 1, name: 'Agent Logs' })).toBeInTheDocument()
    expect(screen.getByText('Viewer')).toBeInTheDocument()
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' })
    expect(crumbs).toHaveTextContent('Home›Architect›Logs'.replace(/›/g, ''))
    const sections = screen.getByRole('navigation', { name: 'Architect Suite' })
    expect(sections).toHaveTextContent('DashboardOverseerBuildsTestingLogsApprovals')
  })
})

describe('the Leads section', () => {
  it('appears in the nav and opens /architect/leads for staff with architect.leads', async () => {
    server.use(
      signedInAs(['architect.access', 'architect.leads'], ['admin']),
      http.get('http://localhost/api/architect/leads', () =>
        HttpResponse.json({ success: true, data: [], pagination: { page: 1, pages: 1, total: 0, limit: 20 } }),
      ),
    )
    renderAt('/architect/leads')
    expect(await screen.findByRole('heading', { level: 1, name: 'Leads' })).toBeInTheDocument()
    const sections = screen.getByRole('navigation', { name: 'Architect Suite' })
    expect(sections).toHaveTextContent('DashboardOverseerBuildsTestingLogsApprovalsLeads')
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('HomeArchitectLeads')
    expect(await screen.findByText('No waitlist signups yet.')).toBeInTheDocument()
  })

  it('is left out of the nav for staff without architect.leads, whose page says so', async () => {
    server.use(signedInAs(['architect.access', 'architect.logs'], ['operator']))
    renderAt('/architect/leads')
    expect(await screen.findByText('You do not have permission to access the Leads module.')).toBeInTheDocument()
    const sections = screen.getByRole('navigation', { name: 'Architect Suite' })
    expect(within(sections).queryByRole('link', { name: 'Leads' })).not.toBeInTheDocument()
  })
})

describe('the Questions section', () => {
  it('appears in the nav and opens /architect/questions for staff with architect.questions', async () => {
    server.use(
      signedInAs(['architect.access', 'architect.logs', 'architect.approvals', 'architect.questions'], ['operator']),
      http.get('http://localhost/api/architect/questions', () =>
        HttpResponse.json({ success: true, data: [], pagination: { page: 1, pages: 1, total: 0, limit: 20 } }),
      ),
    )
    renderAt('/architect/questions')
    expect(await screen.findByRole('heading', { level: 1, name: 'Questions' })).toBeInTheDocument()
    const sections = screen.getByRole('navigation', { name: 'Architect Suite' })
    expect(sections).toHaveTextContent('DashboardOverseerBuildsTestingLogsApprovalsQuestions')
    expect(within(sections).getByRole('link', { name: 'Questions' })).toHaveAttribute('aria-current', 'page')
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('HomeArchitectQuestions')
    expect(await screen.findByText('No questions yet.')).toBeInTheDocument()
  })

  it('is left out of the nav for staff without architect.questions, whose page says so', async () => {
    server.use(signedInAs(['architect.access', 'architect.logs'], ['viewer']))
    renderAt('/architect/questions')
    expect(await screen.findByText('You do not have permission to access the Questions module.')).toBeInTheDocument()
    const sections = screen.getByRole('navigation', { name: 'Architect Suite' })
    expect(within(sections).queryByRole('link', { name: 'Questions' })).not.toBeInTheDocument()
  })
})

describe('pre-launch mode', () => {
  it('shows Checking access..., then the under-construction page to anonymous visitors', async () => {
    server.use(anonymous(100))
    renderAt('/about', 'prelaunch')
    expect(await screen.findByText('Checking access...')).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Overseer Site - Coming Soon' })).toBeInTheDocument()
    expect(screen.getByText('Q3 2025')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Login to Access' })).toHaveAttribute('href', '/login')
  })

  it('shows the site to signed-in staff', async () => {
    server.use(signedInAs(['architect.access']))
    renderAt('/about', 'prelaunch')
    expect(await screen.findByRole('heading', { level: 1, name: 'About Overseer Labs' })).toBeInTheDocument()
  })

  it('keeps /login reachable', async () => {
    server.use(anonymous())
    renderAt('/login', 'prelaunch')
    expect(await screen.findByRole('heading', { name: 'Architect Suite' })).toBeInTheDocument()
  })
})
