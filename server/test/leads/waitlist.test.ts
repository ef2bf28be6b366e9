import type { FastifyInstance } from 'fastify'
import { migrate, type Database } from '../../src/db'
import { buildTestApp, databasesUnderTest } from '../helper'

const JOINED = { success: true, message: "You've been added to our waitlist! We'll notify you when early access is available." }

const VALID = {
  name: 'Grace Hopper',
  email: 'grace@example.com',
  company: 'Compiler Co',
  role: 'architect',
  useCase: 'Generating internal tools from plain-language briefs.',
  source: 'conference',
}

interface StoredSignup {
  name: string
  email: string
  company: string
  role: string
  use_case: string
  source: string | null
  plan: string | null
  product: string | null
  consented_at: Date
}

describe.each(databasesUnderTest())('POST /api/waitlist/join on $name', ({ open }) => {
  let db: Database
  let app: FastifyInstance

  const join = (payload: unknown, remoteAddress = '203.0.113.1') =>
    app.inject({ method: 'POST', url: '/api/waitlist/join', payload: payload as object, remoteAddress })

  const stored = async (): Promise<StoredSignup[]> => {
    const { rows } = await db.query<StoredSignup>(
      'select name, email, company, role, use_case, source, plan, product, consented_at from waitlist_signups order by id',
    )
    return rows
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
    await db.query('delete from waitlist_signups')
    app = await buildTestApp(db)
  })

  afterEach(async () => {
    await app.close()
  })

  it('stores a valid signup, trimmed, with the time of consent', async () => {
    const before = Date.now()
    const response = await join({ ...VALID, name: ' Grace Hopper ', email: ' Grace@Example.COM ' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual(JOINED)
    const [row, ...rest] = await stored()
    expect(rest).toEqual([])
    expect(row).toEqual({
      name: 'Grace Hopper',
      email: 'grace@example.com',
      company: 'Compiler Co',
      role: 'architect',
      use_case: 'Generating internal tools from plain-language briefs.',
      source: 'conference',
      plan: null,
      product: null,
      consented_at: expect.any(Date),
    })
    // The database clock and this one may differ by a little.
    expect(Math.abs((row?.consented_at.getTime() ?? 0) - before)).toBeLessThan(60_000)
  })

  it('records the plan and product the signup came for, and leaves out empty answers', async () => {
    const response = await join({ ...VALID, useCase: '', source: '', plan: 'team', product: 'research-pro' })
    expect(response.statusCode).toBe(200)
    expect(await stored()).toEqual([
      expect.objectContaining({ use_case: '', source: null, plan: 'team', product: 'research-pro' }),
    ])
  })

  it('answers a second signup with the same address, in any case, exactly like the first and keeps the first', async () => {
    const first = await join(VALID)
    const second = await join({ ...VALID, email: 'GRACE@example.com', name: 'Someone Else', role: 'cto' })
    expect(second.statusCode).toBe(first.statusCode)
    expect(second.body).toBe(first.body)
    expect(await stored()).toEqual([expect.objectContaining({ name: 'Grace Hopper', email: 'grace@example.com', role: 'architect' })])
  })

  it('answers a filled-in honeypot like a success and stores nothing', async () => {
    const response = await join({ ...VALID, website: 'https://spam.example' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual(JOINED)
    expect(await stored()).toEqual([])
  })

  it.each([
    ['name', { name: '' }, 'Name is required'],
    ['name', { name: 'n'.repeat(101) }, 'Name must be at most 100 characters'],
    ['email', { email: '  ' }, 'Email is required'],
    ['email', { email: 'grace@' }, 'Please enter a valid email'],
    ['email', { email: `${'g'.repeat(250)}@b.co` }, 'Email must be at most 254 characters'],
    ['company', { company: '' }, 'Company or project name is required'],
    ['company', { company: 'c'.repeat(201) }, 'Company or project name must be at most 200 characters'],
    ['role', { role: '' }, 'Role is required'],
    ['role', { role: 'intern' }, 'Role is required'],
    ['useCase', { useCase: 'u'.repeat(2001) }, 'Use case must be at most 2000 characters'],
    ['source', { source: 'radio' }, 'Please choose one of the listed options'],
    ['plan', { plan: 'enterprise' }, 'Unknown plan'],
    ['product', { product: 'spaceship' }, 'Unknown product'],
  ])('answers 400 for a bad %s: %j', async (field, change, message) => {
    const response = await join({ ...VALID, ...change })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ success: false, message, errors: { [field]: message } })
    expect(await stored()).toEqual([])
  })

  it('names every missing field, the first as the message', async () => {
    const response = await join({})
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      success: false,
      message: 'Name is required',
      errors: {
        name: 'Name is required',
        email: 'Email is required',
        company: 'Company or project name is required',
        role: 'Role is required',
      },
    })
  })

  it('answers 400 with a field error when a field is not text', async () => {
    const response = await join({ ...VALID, email: { first: 'grace@example.com' } })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ success: false, message: 'Invalid request', errors: { email: expect.any(String) } })
  })

  it('answers 413 to a body over 32 KiB', async () => {
    const response = await join({ ...VALID, useCase: 'x'.repeat(33 * 1024) })
    expect(response.statusCode).toBe(413)
    expect(response.json()).toEqual({ success: false, message: 'Request body is too large (the limit is 32 KiB)' })
  })

  it('limits each IP to 5 submissions a minute, with a clear message', async () => {
    for (let i = 0; i < 5; i += 1) expect((await join({ ...VALID, email: `person${i}@example.com` })).statusCode).toBe(200)
    const limited = await join({ ...VALID, email: 'person6@example.com' })
    expect(limited.statusCode).toBe(429)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    expect(limited.json()).toEqual({
      success: false,
      message: expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds\.$/),
    })
    expect(await stored()).toHaveLength(5)

    expect((await join({ ...VALID, email: 'neighbour@example.com' }, '203.0.113.2')).statusCode).toBe(200)
  })

  it('takes its limit from RATE_LIMIT_FORMS', async () => {
    await app.close()
    app = await buildTestApp(db, { rateLimitForms: 2 })
    expect((await join({ ...VALID, email: 'a@example.com' })).statusCode).toBe(200)
    expect((await join({ ...VALID, email: 'b@example.com' })).statusCode).toBe(200)
    expect((await join({ ...VALID, email: 'c@example.com' })).statusCode).toBe(429)
  })
})
