import { delay, http, HttpResponse } from 'msw'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { server } from '@tests/setup/msw'
import { renderWithProviders } from '@tests/setup/renderWithProviders'
import { AuthProvider } from '@/entities/session'
import { LoginPage } from './LoginPage'

const API = 'http://localhost/api'
const user = { id: 1, email: 'ada@example.com', roles: ['admin'], permissions: ['architect.access'] }

const renderLogin = (state?: unknown) => {
  server.use(http.get(`${API}/auth/me`, () => HttpResponse.json({ success: false, message: 'Not signed in' }, { status: 401 })))
  return renderWithProviders(
    <AuthProvider>
      <LoginPage />
    </AuthProvider>,
    { route: '/login', routerState: state },
  )
}

const fillAndSubmit = async (password = 'correct-horse') => {
  const user = userEvent.setup()
  await user.type(screen.getByLabelText('Email'), 'ada@example.com')
  await user.type(screen.getByLabelText('Password'), password)
  await user.click(screen.getByRole('button', { name: 'Sign In' }))
  return user
}

describe('LoginPage', () => {
  it('has the Architect Suite title, required email and password, Remember me, Forgot password and a way back', () => {
    renderLogin()
    expect(screen.getByRole('heading', { name: 'Architect Suite' })).toBeInTheDocument()
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email')
    expect(screen.getByLabelText('Email')).toBeRequired()
    expect(screen.getByLabelText('Password')).toBeRequired()
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).not.toBeChecked()
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password')
    expect(screen.getByRole('link', { name: '← Back to the public site' })).toHaveAttribute('href', '/')
  })

  it('shows Signing in... while sending, then goes back to the page the user came from, replacing history', async () => {
    let body: unknown
    server.use(
      http.post(`${API}/auth/login`, async ({ request }) => {
        body = await request.json()
        await delay(50)
        return HttpResponse.json({ success: true, data: { user, token: 'tok' } })
      }),
    )
    const { router } = renderLogin({ from: { pathname: '/architect/logs', search: '?level=ERROR' } })
    const actor = userEvent.setup()
    await actor.click(screen.getByRole('checkbox', { name: 'Remember me' }))
    await fillAndSubmit()
    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled()
    await screen.findByText('landed')
    expect(router.state.location.pathname).toBe('/architect/logs')
    expect(router.state.location.search).toBe('?level=ERROR')
    expect(router.state.historyAction).toBe('REPLACE')
    expect(body).toEqual({ email: 'ada@example.com', password: 'correct-horse', remember: true })
  })

  it('goes to /architect when there is no origin', async () => {
    server.use(http.post(`${API}/auth/login`, () => HttpResponse.json({ success: true, data: { user, token: 'tok' } })))
    const { router } = renderLogin()
    await fillAndSubmit()
    await screen.findByText('landed')
    expect(router.state.location.pathname).toBe('/architect')
  })

  it("shows the server's error message and lets the user try again", async () => {
    server.use(
      http.post(`${API}/auth/login`, () =>
        HttpResponse.json({ success: false, message: 'Too many sign-in attempts. Please try again in 60 seconds.' }, { status: 429 }),
      ),
    )
    renderLogin()
    await fillAndSubmit()
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many sign-in attempts. Please try again in 60 seconds.')
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled()
  })
})
