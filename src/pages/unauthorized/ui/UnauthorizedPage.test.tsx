import { http, HttpResponse } from 'msw'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { server } from '@tests/setup/msw'
import { renderWithProviders } from '@tests/setup/renderWithProviders'
import { AuthProvider } from '@/entities/session'
import { UnauthorizedPage } from './UnauthorizedPage'

const API = 'http://localhost/api'

const renderPage = (signedIn: boolean) => {
  server.use(
    http.get(`${API}/auth/me`, () =>
      signedIn
        ? HttpResponse.json({ success: true, data: { id: 3, email: 'vera@example.com', roles: ['viewer'], permissions: [] } })
        : HttpResponse.json({ success: false, message: 'Not signed in' }, { status: 401 }),
    ),
  )
  return renderWithProviders(
    <AuthProvider>
      <UnauthorizedPage />
    </AuthProvider>,
    { route: '/unauthorized', routerState: { from: { pathname: '/architect/approvals' } } },
  )
}

describe('UnauthorizedPage', () => {
  it('shows the message, the signed-in e-mail and roles, the four buttons and a contact link', async () => {
    renderPage(true)
    expect(await screen.findByText('vera@example.com')).toBeInTheDocument()
    expect(screen.getByText('viewer')).toBeInTheDocument()
    expect(
      screen.getByText(
        "You don't have permission to access this area of the Architect Suite. This section requires elevated privileges.",
      ),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Architect Dashboard' })).toHaveAttribute('href', '/architect')
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login')
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact')
  })

  it('says when nobody is signed in', async () => {
    renderPage(false)
    expect(await screen.findByText('You are not signed in.')).toBeInTheDocument()
  })

  it('signs out, then goes to /login', async () => {
    let loggedOut = false
    server.use(
      http.post(`${API}/auth/logout`, () => {
        loggedOut = true
        return HttpResponse.json({ success: true })
      }),
    )
    localStorage.setItem('auth_token', 'tok')
    const { router } = renderPage(true)
    await screen.findByText('vera@example.com')
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign Out' }))
    await screen.findByText('landed')
    expect(loggedOut).toBe(true)
    expect(router.state.location.pathname).toBe('/login')
    expect(localStorage.getItem('auth_token')).toBeNull()
  })

  it('carries the origin to the sign-in page', async () => {
    const { router } = renderPage(false)
    await screen.findByText('You are not signed in.')
    await userEvent.setup().click(screen.getByRole('link', { name: 'Sign In' }))
    expect(router.state.location.pathname).toBe('/login')
    expect(router.state.location.state).toEqual({ from: { pathname: '/architect/approvals' } })
  })
})
