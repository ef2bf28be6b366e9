import type { FastifyInstance } from 'fastify'
import { migrate, type Database } from '../../src/db'
import { buildTestApp, databasesUnderTest } from '../helper'

const SUCCESS = { success: true, message: "Thanks for subscribing! You'll hear from us soon." }

describe.each(databasesUnderTest())('POST /api/newsletter on $name', ({ open }) => {
  let db: Database
  let app: FastifyInstance

  const subscribe = (payload: unknown, remoteAddress = '203.0.113.1') =>
    app.inject({ method: 'POST', url: '/api/newsletter', payload: payload as object, remoteAddress })

  const storedEmails = async (): Promise<string[]> => {
    const { rows } = await db.query<{ email: string }>('select email from newsletter_subscriptions order by id')
    return rows.map((row) => row.email)
  }

  beforeAll(async () => {
    db = await open()
    await migrate(db)
  })

  afterAll(async () => {
    await db.close()
  })

  // A fresh app per test resets the in-memory rate limit.
  beforeEach(async () => {
    await db.query('delete from newsletter_subscriptions')
    app = await buildTestApp(db)
  })

  afterEach(async () => {
    await app.close()
  })

  it('stores a valid address, normalised', async () => {
    const response = await subscribe({ email: '  Ada.Lovelace@Example.COM ' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual(SUCCESS)
    expect(await storedEmails()).toEqual(['ada.lovelace@example.com'])
  })

  it('answers a second sign-up exactly like the first and keeps one row', async () => {
    const first = await subscribe({ email: 'grace@example.com' })
    const second = await subscribe({ email: 'GRACE@example.com' })
    expect(second.statusCode).toBe(first.statusCode)
    expect(second.body).toBe(first.body)
    expect(await storedEmails()).toEqual(['grace@example.com'])
  })

  it('answers a filled-in honeypot like a success and stores nothing', async () => {
    const response = await subscribe({ email: 'bot@example.com', website: 'https://spam.example' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual(SUCCESS)
    expect(await storedEmails()).toEqual([])
  })

  it.each([
    ['a blank address', { email: '   ' }],
    ['no address', {}],
  ])('answers 400 "Email is required" for %s', async (_case, body) => {
    const response = await subscribe(body)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      success: false,
      message: 'Email is required',
      errors: { email: 'Email is required' },
    })
  })

  it('answers 400 with the shared message for an invalid address', async () => {
    const response = await subscribe({ email: 'not-an-email' })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      success: false,
      message: 'Please enter a valid email address',
      errors: { email: 'Please enter a valid email address' },
    })
    expect(await storedEmails()).toEqual([])
  })

  it('answers 400 with a field error when the address is not a string', async () => {
    const response = await subscribe({ email: { $ne: '' } })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ success: false, message: 'Invalid request', errors: { email: expect.any(String) } })
  })

  it('answers 400, not 500, to malformed JSON', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/newsletter',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "ada@example.com"',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ success: false, message: expect.any(String) })
  })

  it('answers 400, not 500, to a request without a body', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/newsletter' })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ success: false })
  })

  it('answers 413 to a body over 64 KiB', async () => {
    const response = await subscribe({ email: 'ada@example.com', website: 'x'.repeat(70 * 1024) })
    expect(response.statusCode).toBe(413)
    expect(response.json()).toEqual({ success: false, message: 'Request body is too large (the limit is 64 KiB)' })
  })

  it('limits each IP to 5 submissions a minute', async () => {
    for (let i = 0; i < 5; i += 1) {
      expect((await subscribe({ email: `reader${i}@example.com` })).statusCode).toBe(200)
    }
    const limited = await subscribe({ email: 'reader6@example.com' })
    expect(limited.statusCode).toBe(429)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    expect(limited.json()).toEqual({
      success: false,
      message: expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds\.$/),
    })
    expect(await storedEmails()).toHaveLength(5)

    expect((await subscribe({ email: 'neighbour@example.com' }, '203.0.113.2')).statusCode).toBe(200)
  })
})
