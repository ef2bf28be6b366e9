import { http, HttpResponse } from 'msw'
import { renderHook } from '@testing-library/react'
import { server } from '@tests/setup/msw'
import { setupStore } from '@tests/setup/store'
import { useAuth } from './authContext'
import { loggedIn, loggedOut, selectHasPermission, selectSessionStatus, selectSessionUser, sessionChecked } from './sessionSlice'

const API = 'http://localhost/api'
const user = { id: 7, email: 'ada@example.com', roles: ['operator'], permissions: ['architect.access', 'architect.logs'] }

const state = (store: AppStore) => ({
  status: selectSessionStatus(store.getState()),
  user: selectSessionUser(store.getState()),
})

describe('session', () => {
  it('starts idle with nobody signed in', () => {
    expect(state(setupStore())).toEqual({ status: 'idle', user: null })
  })

  it('verifies a stored token with the server and keeps it when valid', async () => {
    localStorage.setItem('auth_token', 'good-token')
    let authorization: string | null = null
    server.use(
      http.get(`${API}/auth/me`, ({ request }) => {
        authorization = request.headers.get('authorization')
        return HttpResponse.json({ success: true, data: user })
      }),
    )
    const store = setupStore()
    const pending = store.dispatch(sessionChecked())
    expect(selectSessionStatus(store.getState())).toBe('loading')
    await pending
    expect(authorization).toBe('Bearer good-token')
    expect(state(store)).toEqual({ status: 'authenticated', user })
    expect(localStorage.getItem('auth_token')).toBe('good-token')
  })

  it('removes the stored token and clears the user when verification fails', async () => {
    localStorage.setItem('auth_token', 'bad-token')
    server.use(http.get(`${API}/auth/me`, () => HttpResponse.json({ success: false, message: 'Not signed in' }, { status: 401 })))
    const store = setupStore()
    await store.dispatch(sessionChecked())
    expect(state(store)).toEqual({ status: 'anonymous', user: null })
    expect(localStorage.getItem('auth_token')).toBeNull()
  })

  it('treats a malformed answer as a failed verification', async () => {
    localStorage.setItem('auth_token', 'token')
    server.use(http.get(`${API}/auth/me`, () => HttpResponse.json({ success: true, data: { email: 'x' } })))
    const store = setupStore()
    await store.dispatch(sessionChecked())
    expect(state(store).status).toBe('anonymous')
    expect(localStorage.getItem('auth_token')).toBeNull()
  })

  it('checks the session cookie when no token is stored', async () => {
    let authorization: string | null = 'unset'
    server.use(
      http.get(`${API}/auth/me`, ({ request }) => {
        authorization = request.headers.get('authorization')
        return HttpResponse.json({ success: true, data: user })
      }),
    )
    const store = setupStore()
    await store.dispatch(sessionChecked())
    expect(authorization).toBeNull()
    expect(state(store)).toEqual({ status: 'authenticated', user })
  })

  it('stays anonymous when the cookie check fails', async () => {
    server.use(http.get(`${API}/auth/me`, () => HttpResponse.error()))
    const store = setupStore()
    await store.dispatch(sessionChecked())
    expect(state(store)).toEqual({ status: 'anonymous', user: null })
  })

  it('stores the token and sets the user on login', async () => {
    let body: unknown
    server.use(
      http.post(`${API}/auth/login`, async ({ request }) => {
        body = await request.json()
        return HttpResponse.json({ success: true, data: { user, token: 'new-token' } })
      }),
    )
    const store = setupStore()
    await store.dispatch(loggedIn({ email: 'ada@example.com', password: 'secret-pass', remember: true })).unwrap()
    expect(body).toEqual({ email: 'ada@example.com', password: 'secret-pass', remember: true })
    expect(localStorage.getItem('auth_token')).toBe('new-token')
    expect(state(store)).toEqual({ status: 'authenticated', user })
    expect(selectHasPermission(store.getState(), 'architect.logs')).toBe(true)
    expect(selectHasPermission(store.getState(), 'architect.overseer')).toBe(false)
  })

  it("fails login with the server's message, else 'Authentication failed'", async () => {
    const store = setupStore()
    server.use(
      http.post(`${API}/auth/login`, () =>
        HttpResponse.json({ success: false, message: 'Invalid email or password. Please try again.' }, { status: 401 }),
      ),
    )
    await expect(store.dispatch(loggedIn({ email: 'a@b.co', password: 'x' })).unwrap()).rejects.toMatchObject({
      message: 'Invalid email or password. Please try again.',
    })
    server.use(http.post(`${API}/auth/login`, () => new HttpResponse(null, { status: 502 })))
    await expect(store.dispatch(loggedIn({ email: 'a@b.co', password: 'x' })).unwrap()).rejects.toMatchObject({
      message: 'Authentication failed',
    })
    expect(localStorage.getItem('auth_token')).toBeNull()
    expect(state(store).user).toBeNull()
  })

  it('signs out locally even when the server call fails', async () => {
    localStorage.setItem('auth_token', 'token')
    server.use(
      http.get(`${API}/auth/me`, () => HttpResponse.json({ success: true, data: user })),
      http.post(`${API}/auth/logout`, () => HttpResponse.json({ success: false }, { status: 500 })),
    )
    const store = setupStore()
    await store.dispatch(sessionChecked())
    await store.dispatch(loggedOut())
    expect(state(store)).toEqual({ status: 'anonymous', user: null })
    expect(localStorage.getItem('auth_token')).toBeNull()
  })

  it('refuses useAuth outside its provider', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined)
    expect(() => renderHook(() => useAuth())).toThrow('useAuth must be used within an AuthProvider')
  })
})
