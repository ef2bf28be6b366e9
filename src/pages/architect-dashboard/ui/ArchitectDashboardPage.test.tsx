import { delay, http, HttpResponse } from 'msw'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { server } from '@tests/setup/msw'
import { renderWithProviders } from '@tests/setup/renderWithProviders'
import { AuthProvider } from '@/entities/session'
import { ArchitectDashboardPage } from './ArchitectDashboardPage'

const HEALTH = 'http://localhost/api/health'
const CHECKED_AT = '2026-11-23T15:04:05.000Z'
const admin = { id: 1, email: 'ada@example.com', roles: ['admin'], permissions: ['architect.access', 'architect.overseer'] }

const renderDashboard = (permissions = admin.permissions) =>
  renderWithProviders(
    <AuthProvider>
      <ArchitectDashboardPage />
    </AuthProvider>,
    { route: '/architect', preloadedState: { session: { status: 'authenticated', user: { ...admin, permissions } } } },
  )

const health = (status: 'ok' | 'error', checks: Record<string, string>, code = status === 'ok' ? 200 : 503) =>
  http.get(HEALTH, () => HttpResponse.json({ status, checkedAt: CHECKED_AT, checks }, { status: code }))

const statusPanel = () => screen.getByRole('region', { name: 'System Status' })

describe('ArchitectDashboardPage', () => {
  it('shows the four module cards linking to the Architect pages', async () => {
    server.use(health('ok', { database: 'ok', queue: 'ok', provider: 'ok' }))
    renderDashboard()
    expect(screen.getByRole('heading', { level: 1, name: 'Architect Dashboard' })).toBeInTheDocument()
    const modules = screen.getByRole('region', { name: 'Modules' })
    const links = within(modules).getAllByRole('link')
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/architect/overseer',
      '/architect/testing',
      '/architect/logs',
      '/architect/approvals',
    ])
    expect(within(modules).getByRole('link', { name: 'Agent Logs' })).toBeInTheDocument()
    await within(statusPanel()).findByText('All modules are operational.')
  })

  it('shows the loading state, then that all modules are operational with the time of the last check', async () => {
    server.use(
      http.get(HEALTH, async () => {
        await delay(100)
        return HttpResponse.json({ status: 'ok', checkedAt: CHECKED_AT, checks: { database: 'ok', queue: 'ok', provider: 'ok' } })
      }),
    )
    renderDashboard()
    expect(within(statusPanel()).getByRole('status')).toHaveTextContent('Checking system health...')
    expect(await within(statusPanel()).findByText('All modules are operational.')).toHaveAttribute('data-status', 'ok')
    const time = statusPanel().querySelector('time')
    expect(time).toHaveAttribute('dateTime', CHECKED_AT)
    expect(time?.textContent).toBe(new Date(CHECKED_AT).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'medium' }))
    expect(within(statusPanel()).getByText(/Last health check:/)).toBeInTheDocument()
    const checks = within(statusPanel()).getByRole('list', { name: 'Health checks' })
    expect(within(checks).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'DatabaseOperational',
      'QueueOperational',
      'AI providerOperational',
    ])
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('names the failing checks when the server answers 503', async () => {
    server.use(health('error', { database: 'ok', queue: 'error', provider: 'error' }))
    renderDashboard()
    const summary = await within(statusPanel()).findByText(/Not all modules are operational\./)
    expect(summary).toHaveTextContent('Not all modules are operational. Failing: Queue, AI provider.')
    expect(summary).toHaveAttribute('data-status', 'error')
    expect(screen.queryByText('All modules are operational.')).not.toBeInTheDocument()
    const checks = within(statusPanel()).getByRole('list', { name: 'Health checks' })
    expect(within(checks).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'DatabaseOperational',
      'QueueFailing',
      'AI providerFailing',
    ])
    expect(statusPanel().querySelector('time')).toHaveAttribute('dateTime', CHECKED_AT)
  })

  it('says the health could not be checked when the call fails', async () => {
    server.use(http.get(HEALTH, () => HttpResponse.json({ success: false, message: 'Internal server error' }, { status: 500 })))
    renderDashboard()
    expect(await within(statusPanel()).findByRole('alert')).toHaveTextContent('System health could not be checked. (Internal server error)')
    expect(screen.queryByText('All modules are operational.')).not.toBeInTheDocument()
  })

  it('rejects a body that is not a health report', async () => {
    server.use(http.get(HEALTH, () => HttpResponse.json({ status: 'ok' })))
    renderDashboard()
    expect(await within(statusPanel()).findByRole('alert')).toHaveTextContent('System health could not be checked. (Invalid response format)')
  })

  it('checks again on Check now and shows the new result', async () => {
    let calls = 0
    server.use(
      http.get(HEALTH, async () => {
        calls += 1
        await delay(50)
        return calls === 1
          ? HttpResponse.json({ status: 'ok', checkedAt: CHECKED_AT, checks: { database: 'ok', queue: 'ok', provider: 'ok' } })
          : HttpResponse.json(
              { status: 'error', checkedAt: '2026-11-23T15:05:05.000Z', checks: { database: 'error', queue: 'ok', provider: 'ok' } },
              { status: 503 },
            )
      }),
    )
    renderDashboard()
    await within(statusPanel()).findByText('All modules are operational.')
    await userEvent.setup().click(within(statusPanel()).getByRole('button', { name: 'Check now' }))
    expect(await within(statusPanel()).findByText(/Failing: Database\./)).toBeInTheDocument()
    expect(statusPanel().querySelector('time')).toHaveAttribute('dateTime', '2026-11-23T15:05:05.000Z')
    expect(calls).toBe(2)
  })

  it('switches between Overview and Architecture Canvas with a keyboard-operable tablist', async () => {
    server.use(health('ok', { database: 'ok', queue: 'ok', provider: 'ok' }))
    renderDashboard()
    const user = userEvent.setup()
    const overview = screen.getByRole('tab', { name: 'Overview' })
    const canvas = screen.getByRole('tab', { name: 'Architecture Canvas' })
    expect(screen.getByRole('tablist', { name: 'Dashboard views' })).toBeInTheDocument()
    expect(overview).toHaveAttribute('aria-selected', 'true')
    expect(overview).toHaveAttribute('tabIndex', '0')
    expect(canvas).toHaveAttribute('tabIndex', '-1')
    expect(screen.getByRole('tabpanel', { name: 'Overview' })).toContainElement(screen.getByRole('region', { name: 'Modules' }))

    await user.tab()
    expect(overview).toHaveFocus()
    await user.keyboard('{ArrowRight}')
    expect(canvas).toHaveFocus()
    expect(canvas).toHaveAttribute('aria-selected', 'true')
    const panel = screen.getByRole('tabpanel', { name: 'Architecture Canvas' })
    // The canvas editor, loaded on demand.
    expect(await within(panel).findByRole('heading', { level: 2, name: 'Architecture Canvas' })).toBeInTheDocument()
    expect(within(panel).getByRole('navigation', { name: 'Add a node' })).toBeInTheDocument()
    expect(within(panel).getByRole('region', { name: 'Diagram' })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Modules' })).not.toBeInTheDocument()

    await user.keyboard('{ArrowRight}')
    expect(overview).toHaveFocus()
    expect(overview).toHaveAttribute('aria-selected', 'true')
    await user.keyboard('{End}')
    expect(canvas).toHaveAttribute('aria-selected', 'true')
    await user.keyboard('{Home}')
    expect(overview).toHaveAttribute('aria-selected', 'true')
    await user.click(canvas)
    expect(canvas).toHaveAttribute('aria-selected', 'true')
  })

  it('shows Access Restricted without architect.access and asks nothing of the server', () => {
    renderDashboard([])
    expect(screen.getByRole('heading', { name: 'Access Restricted' })).toBeInTheDocument()
    expect(screen.getByText('You do not have permission to access the Architect Suite.')).toBeInTheDocument()
  })
})
