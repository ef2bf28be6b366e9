import { Writable } from 'node:stream'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import type { PasswordHasher } from '../../src/auth/password'
import { NO_STAFF_NOTICE } from '../../src/auth/firstAdmin'
import { PERMISSIONS } from '../../src/auth/permissions'
import { hashSessionToken } from '../../src/auth/tokens'
import { UserService } from '../../src/auth/userService'
import type { LoginLimits } from '../../src/limits/loginLimiter'
import { migrate, type Database } from '../../src/db'
import { buildTestApp, databasesUnderTest, fastPasswords, SETUP_TIMEOUT_MS } from '../helper'

const INVALID = { success: false, message: 'Invalid email or password. Please try again.' }
const NOT_SIGNED_IN = { success: false, message: 'Not signed in' }
const FORBIDDEN = { success: false, message: 'You do not have permission to do this.' }
const CROSS_SITE = { success: false, message: 'Cross-site request refused' }
const TOKEN = /^[A-Za-z0-9_-]{43}$/
const HOUR = 3_600_000

const STAFF = {
  admin: { email: 'admin@example.com', password: 'admin-password', roles: ['admin'] },
  viewer: { email: 'viewer@example.com', password: 'viewer-password', roles: ['viewer'] },
  nobody: { email: 'nobody@example.com', password: 'nobody-password', roles: [] },
} as const

interface Body {
  success: boolean
  message?: string
  data?: { user: Record<string, unknown>; token: string } & Record<string, unknown>
}

const limits = (perIp: number, perAccount: number, windowMs = 60_000): LoginLimits => ({
  perIp: { max: perIp, windowMs },
  perAccount: { max: perAccount, windowMs },
})

describe.each(databasesUnderTest())('auth on $name', ({ open }) => {
  let db: Database
  let users: UserService
  let app: FastifyInstance
  let sequence = 0

  /** A user of its own for a test that changes it. */
  const freshUser = async (roles: string[] = ['viewer']) => {
    sequence += 1
    const email = `user${sequence}@example.com`
    const password = `password-${sequence}`
    await users.create({ email, password, roles })
    return { email, password }
  }

  const login = (
    body: Record<string, unknown>,
    { headers = {}, remoteAddress = '203.0.113.10', on = app }: { headers?: Record<string, string>; remoteAddress?: string; on?: FastifyInstance } = {},
  ) => on.inject({ method: 'POST', url: '/api/auth/login', payload: body, headers, remoteAddress })

  const signIn = async (member: { email: string; password: string }, remember = false): Promise<string> => {
    const response = await login({ email: member.email, password: member.password, remember })
    expect(response.statusCode).toBe(200)
    return response.json<Body>().data?.token ?? ''
  }

  const me = (headers: Record<string, string>, on = app) => on.inject({ method: 'GET', url: '/api/auth/me', headers })
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
  const cookie = (token: string, name = 'overseer_session') => ({ cookie: `${name}=${token}` })

  const sessionRow = async (token: string) => {
    const { rows } = await db.query<{ expires_at: Date; revoked_at: Date | null }>(
      'select expires_at, revoked_at from sessions where token_hash = $1',
      [hashSessionToken(token)],
    )
    return rows[0]
  }

  const sessionCookie = (response: LightMyRequestResponse) =>
    response.cookies.find((entry) => entry.name === 'overseer_session' || entry.name === '__Host-overseer_session')

  beforeAll(async () => {
    db = await open()
    await migrate(db)
    users = new UserService(db, fastPasswords())
    for (const member of Object.values(STAFF)) await users.create({ ...member, roles: [...member.roles] })
  }, SETUP_TIMEOUT_MS)

  afterAll(async () => {
    await db.close()
  })

  // A fresh app per test resets the in-memory sign-in limits.
  beforeEach(async () => {
    app = await buildTestApp(db)
  }, SETUP_TIMEOUT_MS)

  afterEach(async () => {
    await app.close()
  })

  describe('POST /api/auth/login', () => {
    it('answers the user and a new token, and sets a browser-session cookie', async () => {
      const response = await login({ email: STAFF.admin.email, password: STAFF.admin.password })
      expect(response.statusCode).toBe(200)
      const body = response.json<Body>()
      expect(body).toEqual({
        success: true,
        data: {
          user: { id: expect.any(Number), email: 'admin@example.com', roles: ['admin'], permissions: [...PERMISSIONS] },
          token: expect.stringMatching(TOKEN),
        },
      })
      expect(Object.keys(body.data?.user ?? {}).sort()).toEqual(['email', 'id', 'permissions', 'roles'])
      expect(response.body).not.toMatch(/scrypt|password|hash/i)

      const token = body.data?.token ?? ''
      expect(response.headers['set-cookie']).toBe(`overseer_session=${token}; Path=/; HttpOnly; SameSite=Lax`)
      expect(response.headers['cache-control']).toBe('no-store')

      // Stored only as its hash, ending 12 hours from now.
      const { rows } = await db.query<{ token_hash: string }>('select token_hash from sessions')
      expect(rows.map((row) => row.token_hash)).not.toContain(token)
      const expiresIn = ((await sessionRow(token))?.expires_at.getTime() ?? 0) - Date.now()
      expect(expiresIn).toBeGreaterThan(12 * HOUR - 60_000)
      expect(expiresIn).toBeLessThanOrEqual(12 * HOUR)
    })

    it('keeps a remembered session (cookie and server) for 30 days', async () => {
      const response = await login({ ...STAFF.viewer, remember: true })
      const token = response.json<Body>().data?.token ?? ''
      expect(response.headers['set-cookie']).toBe(`overseer_session=${token}; Max-Age=2592000; Path=/; HttpOnly; SameSite=Lax`)
      const expiresIn = ((await sessionRow(token))?.expires_at.getTime() ?? 0) - Date.now()
      expect(expiresIn).toBeGreaterThan(30 * 24 * HOUR - 60_000)
      expect(expiresIn).toBeLessThanOrEqual(30 * 24 * HOUR)
    })

    it('accepts the e-mail in any case and with spaces around it', async () => {
      const response = await login({ email: '  Viewer@Example.COM ', password: STAFF.viewer.password })
      expect(response.statusCode).toBe(200)
      expect(response.json<Body>().data?.user.email).toBe('viewer@example.com')
    })

    it('issues a new token at each sign-in', async () => {
      const first = await signIn(STAFF.viewer)
      const second = await signIn(STAFF.viewer)
      expect(first).not.toBe(second)
      expect((await me(bearer(first))).statusCode).toBe(200)
      expect((await me(bearer(second))).statusCode).toBe(200)
    })

    it('ends the session of the cookie the browser signed in with before', async () => {
      const old = await signIn(STAFF.viewer)
      const response = await login({ ...STAFF.viewer }, { headers: cookie(old) })
      expect(response.statusCode).toBe(200)
      expect((await me(bearer(old))).statusCode).toBe(401)
    })

    it.each([
      ['an unknown e-mail', { email: 'stranger@example.com', password: 'whatever-password' }],
      ['a wrong password', { email: STAFF.admin.email, password: 'wrong-password' }],
      ['a password too short to be anyone\'s', { email: STAFF.admin.email, password: 'short' }],
    ])('answers 401 with the one generic message for %s, and sets no cookie', async (_case, body) => {
      const response = await login(body)
      expect(response.statusCode).toBe(401)
      expect(response.json()).toEqual(INVALID)
      expect(response.headers['set-cookie']).toBeUndefined()
    })

    it('answers a disabled user with the right password exactly like a wrong password', async () => {
      const member = await freshUser()
      await users.disable(member.email)
      const disabled = await login(member)
      const wrong = await login({ email: member.email, password: 'wrong-password' })
      expect(disabled.statusCode).toBe(401)
      expect(disabled.body).toBe(wrong.body)
    })

    it('spends a password verification on an unknown e-mail too, so timing tells nothing', async () => {
      const inner = fastPasswords()
      const calls = { verify: 0, dummy: 0 }
      const counting: PasswordHasher = {
        ...inner,
        verify: (password, stored) => {
          calls.verify += 1
          return inner.verify(password, stored)
        },
        verifyDummy: (password) => {
          calls.dummy += 1
          return inner.verifyDummy(password)
        },
      }
      const counted = await buildTestApp(db, {}, { passwords: counting })
      try {
        await login({ email: 'stranger@example.com', password: 'whatever-password' }, { on: counted })
        expect(calls).toEqual({ verify: 0, dummy: 1 })
        await login({ email: STAFF.admin.email, password: 'wrong-password' }, { on: counted })
        expect(calls).toEqual({ verify: 1, dummy: 1 })
      } finally {
        await counted.close()
      }
    })

    it.each([
      ['blank fields', { email: '  ', password: '' }, { email: 'Email is required', password: 'Password is required' }],
      ['no fields', {}, { email: 'Email is required', password: 'Password is required' }],
      ['an invalid e-mail', { email: 'not-an-email', password: 'whatever-password' }, { email: 'Please enter a valid email address' }],
      ['a password over 128 characters', { email: STAFF.admin.email, password: 'x'.repeat(129) }, { password: 'Password must be at most 128 characters' }],
    ])('answers 400 with field errors for %s', async (_case, body, errors) => {
      const response = await login(body)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ success: false, message: Object.values(errors)[0], errors })
    })

    it('answers 400 when a field is not a string', async () => {
      const response = await login({ email: { $ne: '' }, password: 'whatever-password' })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ success: false, errors: { email: expect.any(String) } })
    })
  })

  describe('GET /api/auth/me', () => {
    it('answers the user of a bearer token', async () => {
      const token = await signIn(STAFF.viewer)
      const response = await me(bearer(token))
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({
        success: true,
        data: { id: expect.any(Number), email: 'viewer@example.com', roles: ['viewer'], permissions: ['architect.access', 'architect.logs'] },
      })
      expect(response.headers['cache-control']).toBe('no-store')
    })

    it('answers the user of the session cookie', async () => {
      const token = await signIn(STAFF.viewer)
      const response = await me(cookie(token))
      expect(response.statusCode).toBe(200)
      expect(response.json<Body>().data).toMatchObject({ email: 'viewer@example.com' })
    })

    it.each([
      ['no credentials', {}],
      ['a malformed bearer token', { authorization: 'Bearer not-a-token' }],
      ['a well-formed unknown token', { authorization: `Bearer ${'a'.repeat(43)}` }],
      ['an unknown cookie', { cookie: `overseer_session=${'b'.repeat(43)}` }],
    ])('answers 401 with %s', async (_case, headers) => {
      const response = await me(headers)
      expect(response.statusCode).toBe(401)
      expect(response.json()).toEqual(NOT_SIGNED_IN)
    })

    it('answers 401 once the session has expired', async () => {
      const token = await signIn(STAFF.viewer)
      await db.query("update sessions set expires_at = now() - interval '1 second' where token_hash = $1", [hashSessionToken(token)])
      expect((await me(bearer(token))).json()).toEqual(NOT_SIGNED_IN)
      expect((await me(cookie(token))).statusCode).toBe(401)
    })

    it('answers 401 for a disabled user, whose sessions disabling ended', async () => {
      const member = await freshUser()
      const token = await signIn(member)
      const { sessionsRevoked } = await users.disable(member.email)
      expect(sessionsRevoked).toBe(1)
      expect((await me(bearer(token))).statusCode).toBe(401)
      expect((await sessionRow(token))?.revoked_at).toBeInstanceOf(Date)
      // Even a session that somehow outlived the disabling does not count.
      const again = await freshUser()
      const kept = await signIn(again)
      await db.query('update users set disabled_at = now() where email = $1', [again.email])
      expect((await me(bearer(kept))).statusCode).toBe(401)
    })

    it('answers 401 after a password reset, which ends every session; the new password works', async () => {
      const member = await freshUser()
      const first = await signIn(member)
      const second = await signIn(member, true)
      expect((await users.resetPassword(member.email, 'brand-new-password')).sessionsRevoked).toBe(2)
      expect((await me(bearer(first))).statusCode).toBe(401)
      expect((await me(cookie(second))).statusCode).toBe(401)
      expect((await login(member)).statusCode).toBe(401)
      expect((await login({ email: member.email, password: 'brand-new-password' })).statusCode).toBe(200)
    })

    it('sees role changes at once', async () => {
      const member = await freshUser(['viewer'])
      const token = await signIn(member)
      await users.grant(member.email, { roles: ['operator'], permissions: ['architect.testing'] })
      expect((await me(bearer(token))).json<{ data: { roles: string[]; permissions: string[] } }>().data).toMatchObject({
        roles: ['operator', 'viewer'],
        permissions: ['architect.access', 'architect.overseer', 'architect.testing', 'architect.logs', 'architect.approvals', 'architect.questions'],
      })
    })
  })

  describe('POST /api/auth/logout', () => {
    it('revokes the bearer token it was called with', async () => {
      const token = await signIn(STAFF.viewer)
      const response = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) })
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ success: true })
      expect((await me(bearer(token))).json()).toEqual(NOT_SIGNED_IN)
      expect((await sessionRow(token))?.revoked_at).toBeInstanceOf(Date)
    })

    it('revokes the cookie session and clears the cookie', async () => {
      const token = await signIn(STAFF.viewer)
      const response = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: cookie(token) })
      expect(response.statusCode).toBe(200)
      const cleared = sessionCookie(response)
      expect(cleared).toMatchObject({ name: 'overseer_session', value: '', maxAge: 0, path: '/', httpOnly: true })
      expect((await me(cookie(token))).statusCode).toBe(401)
    })

    it('is harmless without a session', async () => {
      const response = await app.inject({ method: 'POST', url: '/api/auth/logout' })
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ success: true })
      const again = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer('x'.repeat(43)) })
      expect(again.json()).toEqual({ success: true })
    })

    it('leaves other sessions of the user alone', async () => {
      const member = await freshUser()
      const phone = await signIn(member)
      const laptop = await signIn(member)
      await app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(phone) })
      expect((await me(bearer(laptop))).statusCode).toBe(200)
    })
  })

  describe('sign-in rate limits', () => {
    /** Runs `use` on an app of its own with these sign-in limits, closed afterwards. */
    const withLoginLimits = async (loginLimits: LoginLimits, use: (limited: FastifyInstance) => Promise<void>) => {
      const limited = await buildTestApp(db, { loginLimits })
      try {
        await use(limited)
      } finally {
        await limited.close()
      }
    }

    it('limits failed sign-ins per account with 429 and Retry-After, then unlocks after the window', async () => {
      const member = await freshUser()
      await withLoginLimits(limits(100, 3, 1_000), async (limited) => {
        for (let i = 0; i < 3; i += 1) {
          const failed = await login({ email: member.email, password: 'wrong-password' }, { on: limited, remoteAddress: `203.0.113.${i + 20}` })
          expect(failed.statusCode).toBe(401)
        }
        // Locked whatever the IP, even with the right password.
        const locked = await login(member, { on: limited, remoteAddress: '198.51.100.7' })
        expect(locked.statusCode).toBe(429)
        expect(locked.headers['retry-after']).toBe('1')
        expect(locked.json()).toEqual({ success: false, message: 'Too many sign-in attempts. Please try again in 1 seconds.' })
        // Other accounts are not affected.
        expect((await login(STAFF.viewer, { on: limited })).statusCode).toBe(200)

        await new Promise((resolve) => setTimeout(resolve, 1_100))
        expect((await login(member, { on: limited })).statusCode).toBe(200)
      })
    })

    it('limits an unknown e-mail the same way as a known one', async () => {
      await withLoginLimits(limits(100, 2), async (limited) => {
        const guess = { email: 'stranger@example.com', password: 'whatever-password' }
        expect((await login(guess, { on: limited })).statusCode).toBe(401)
        expect((await login(guess, { on: limited })).statusCode).toBe(401)
        const locked = await login(guess, { on: limited })
        expect(locked.statusCode).toBe(429)
        expect(Number(locked.headers['retry-after'])).toBeGreaterThan(50)
        expect(locked.json()).toEqual({
          success: false,
          message: expect.stringMatching(/^Too many sign-in attempts\. Please try again in \d+ seconds\.$/),
        })
      })
    })

    it('limits failed sign-ins per client IP across accounts', async () => {
      await withLoginLimits(limits(3, 100), async (limited) => {
        for (const email of ['a@example.com', 'b@example.com', 'c@example.com']) {
          expect((await login({ email, password: 'whatever-password' }, { on: limited, remoteAddress: '192.0.2.1' })).statusCode).toBe(401)
        }
        const locked = await login(STAFF.viewer, { on: limited, remoteAddress: '192.0.2.1' })
        expect(locked.statusCode).toBe(429)
        expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0)
        expect((await login(STAFF.viewer, { on: limited, remoteAddress: '192.0.2.2' })).statusCode).toBe(200)
      })
    })

    it('does not count successful sign-ins, and a success clears the account\'s failures', async () => {
      const member = await freshUser()
      await withLoginLimits(limits(3, 2), async (limited) => {
        for (let i = 0; i < 5; i += 1) expect((await login(member, { on: limited })).statusCode).toBe(200)
        expect((await login({ email: member.email, password: 'wrong-password' }, { on: limited })).statusCode).toBe(401)
        expect((await login(member, { on: limited })).statusCode).toBe(200)
        expect((await login({ email: member.email, password: 'wrong-password' }, { on: limited })).statusCode).toBe(401)
        expect((await login(member, { on: limited })).statusCode).toBe(200)
      })
    })

    it('counts concurrent guesses before they are checked, so a burst cannot pass the limit', async () => {
      const member = await freshUser()
      await withLoginLimits(limits(100, 3), async (limited) => {
        const burst = await Promise.all(
          Array.from({ length: 8 }, () => login({ email: member.email, password: 'wrong-password' }, { on: limited })),
        )
        const statuses = burst.map((response) => response.statusCode).sort()
        expect(statuses).toEqual([401, 401, 401, 429, 429, 429, 429, 429])
      })
    })
  })

  describe('CSRF', () => {
    const logout = (headers: Record<string, string>) => app.inject({ method: 'POST', url: '/api/auth/logout', headers })

    it.each([
      ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
      ['a foreign Origin', { origin: 'https://evil.example' }],
      ['a sibling subdomain Origin', { host: 'app.overseer.test', origin: 'https://evil.overseer.test' }],
      ['an opaque Origin', { origin: 'null' }],
    ])('refuses a cookie-authenticated state change with %s', async (_case, headers) => {
      const token = await signIn(STAFF.viewer)
      const response = await logout({ ...cookie(token), ...headers })
      expect(response.statusCode).toBe(403)
      expect(response.json()).toEqual(CROSS_SITE)
      expect((await me(cookie(token))).statusCode).toBe(200)
    })

    it('lets a bearer-token request from another site through', async () => {
      const token = await signIn(STAFF.viewer)
      const response = await logout({ ...bearer(token), origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' })
      expect(response.statusCode).toBe(200)
      expect((await me(bearer(token))).statusCode).toBe(401)
    })

    it.each([
      ['same-origin headers', { host: 'overseer.test', origin: 'http://overseer.test', 'sec-fetch-site': 'same-origin' }],
      ['an Origin with the default port spelled out', { host: 'overseer.test', origin: 'http://overseer.test:80' }],
      ['no Origin at all (not a browser)', {}],
    ])('lets a cookie-authenticated state change with %s through', async (_case, headers) => {
      const token = await signIn(STAFF.viewer)
      const response = await logout({ ...cookie(token), ...headers })
      expect(response.statusCode).toBe(200)
      expect((await me(cookie(token))).statusCode).toBe(401)
    })

    it('lets a cross-site read with the cookie through (safe method)', async () => {
      const token = await signIn(STAFF.viewer)
      expect((await me({ ...cookie(token), 'sec-fetch-site': 'cross-site' })).statusCode).toBe(200)
    })

    it.each([
      ['a foreign Origin', { origin: 'https://evil.example' }],
      ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ])('refuses a sign-in from another site (%s)', async (_case, headers) => {
      const response = await login({ ...STAFF.viewer }, { headers })
      expect(response.statusCode).toBe(403)
      expect(response.json()).toEqual(CROSS_SITE)
      expect(response.headers['set-cookie']).toBeUndefined()
    })

    it('accepts a same-origin sign-in', async () => {
      const response = await login({ ...STAFF.viewer }, { headers: { host: 'overseer.test', origin: 'http://overseer.test' } })
      expect(response.statusCode).toBe(200)
    })
  })

  describe('over HTTPS (behind a trusted proxy)', () => {
    const https = { 'x-forwarded-proto': 'https', host: 'overseer.test' }

    it('names the cookie __Host-overseer_session and marks it Secure', async () => {
      const secure = await buildTestApp(db, { trustProxy: true })
      try {
        const response = await login({ ...STAFF.viewer, remember: true }, { on: secure, headers: https })
        const token = response.json<Body>().data?.token ?? ''
        expect(response.headers['set-cookie']).toBe(
          `__Host-overseer_session=${token}; Max-Age=2592000; Path=/; HttpOnly; Secure; SameSite=Lax`,
        )
        expect((await me({ ...https, ...cookie(token, '__Host-overseer_session') }, secure)).statusCode).toBe(200)
        // The unprefixed name could have been planted by a sibling site; over HTTPS it counts for nothing.
        expect((await me({ ...https, ...cookie(token) }, secure)).statusCode).toBe(401)

        const out = await secure.inject({
          method: 'POST',
          url: '/api/auth/logout',
          headers: { ...https, origin: 'https://overseer.test', ...cookie(token, '__Host-overseer_session') },
        })
        expect(out.statusCode).toBe(200)
        expect(sessionCookie(out)).toMatchObject({ name: '__Host-overseer_session', value: '', secure: true, path: '/' })
      } finally {
        await secure.close()
      }
    })

    it('ignores X-Forwarded-Proto from an untrusted client', async () => {
      const response = await login({ ...STAFF.viewer }, { headers: https })
      expect(sessionCookie(response)).toMatchObject({ name: 'overseer_session' })
      expect(sessionCookie(response)?.secure).toBeUndefined()
    })
  })

  describe('GET /api/architect/whoami (permission architect.access)', () => {
    const whoami = (headers: Record<string, string>) => app.inject({ method: 'GET', url: '/api/architect/whoami', headers })

    it('answers 401 without a session', async () => {
      const response = await whoami({})
      expect(response.statusCode).toBe(401)
      expect(response.json()).toEqual(NOT_SIGNED_IN)
    })

    it('answers 403 to a user without the permission', async () => {
      const response = await whoami(bearer(await signIn(STAFF.nobody)))
      expect(response.statusCode).toBe(403)
      expect(response.json()).toEqual(FORBIDDEN)
    })

    it('answers the user to a viewer', async () => {
      const response = await whoami(cookie(await signIn(STAFF.viewer)))
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({
        success: true,
        data: { id: expect.any(Number), email: 'viewer@example.com', roles: ['viewer'], permissions: ['architect.access', 'architect.logs'] },
      })
    })

    it('admits a user whose only access is a direct grant, and refuses them once it is revoked', async () => {
      const member = await freshUser([])
      await users.grant(member.email, { permissions: ['architect.access'] })
      const token = await signIn(member)
      expect((await whoami(bearer(token))).statusCode).toBe(200)
      await users.revoke(member.email, { permissions: ['architect.access'] })
      expect((await whoami(bearer(token))).statusCode).toBe(403)
    })
  })
})

describe.each(databasesUnderTest())('the first admin from ADMIN_EMAIL on $name', ({ open }) => {
  let db: Database

  beforeEach(async () => {
    db = await open()
  }, SETUP_TIMEOUT_MS)

  afterEach(async () => {
    await db.close()
  })

  const emails = async (): Promise<string[]> =>
    (await db.query<{ email: string }>('select email from users order by id')).rows.map((row) => row.email)

  it('is created on the first start of an empty database, and can sign in', async () => {
    const app = await buildTestApp(db, { admin: { email: 'first@example.com', password: 'first-admin-password' } })
    try {
      await app.ready()
      expect(await emails()).toEqual(['first@example.com'])
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'first@example.com', password: 'first-admin-password' },
      })
      expect(response.statusCode).toBe(200)
      expect(response.json<Body>().data?.user).toMatchObject({ roles: ['admin'], permissions: [...PERMISSIONS] })
    } finally {
      await app.close()
    }
  })

  it('is not created when users exist, whatever ADMIN_EMAIL says later', async () => {
    const first = await buildTestApp(db, { admin: { email: 'first@example.com', password: 'first-admin-password' } })
    await first.ready()
    await first.close()
    const second = await buildTestApp(db, { admin: { email: 'second@example.com', password: 'second-admin-password' } })
    await second.ready()
    await second.close()
    expect(await emails()).toEqual(['first@example.com'])
  })

  it('is not created without ADMIN_EMAIL', async () => {
    const app = await buildTestApp(db)
    await app.ready()
    await app.close()
    expect(await emails()).toEqual([])
  })

  /** The messages an app built on `db` logs while it starts (at the default level, info). */
  const startMessages = async (overrides: Parameters<typeof buildTestApp>[1] = {}): Promise<string[]> => {
    const lines: string[] = []
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString())
        done()
      },
    })
    const app = await buildTestApp(db, overrides, { logger: { level: 'info', stream } })
    try {
      await app.ready()
    } finally {
      await app.close()
    }
    return lines.map((line) => (JSON.parse(line) as { msg: string }).msg)
  }

  it('without ADMIN_EMAIL, an empty database says at start how to create the first admin, both ways, in one line', async () => {
    const notices = (await startMessages()).filter((message) => message.startsWith('No staff account yet'))
    expect(notices).toEqual([NO_STAFF_NOTICE])
    expect(NO_STAFF_NOTICE).not.toContain('\n')
    expect(NO_STAFF_NOTICE).toContain('ADMIN_EMAIL=you@example.com ADMIN_PASSWORD=… npm start')
    expect(NO_STAFF_NOTICE).toContain('npm run users -- create --email you@example.com --role admin')
  })

  it('says nothing about the first admin once a staff account exists, or when ADMIN_EMAIL creates it', async () => {
    expect(await startMessages({ admin: { email: 'first@example.com', password: 'first-admin-password' } })).not.toContain(NO_STAFF_NOTICE)
    expect(await startMessages()).not.toContain(NO_STAFF_NOTICE)
    expect(await emails()).toEqual(['first@example.com'])
  })
})
