import type { FastifyInstance } from 'fastify'
import { migrate, type Database } from '../../src/db'
import { buildTestApp, databasesUnderTest } from '../helper'

const SENT = { success: true, message: "Your message has been sent successfully. We'll be in touch soon!" }

const VALID = {
  name: 'Ada Lovelace',
  email: 'Ada@Example.com',
  company: 'Analytical Engines',
  subject: 'technical',
  message: 'The DevLoop Matrix keeps retrying a failing test.',
}

interface StoredMessage {
  name: string
  email: string
  company: string
  subject: string
  message: string
  product: string | null
}

describe.each(databasesUnderTest())('POST /api/contact on $name', ({ open }) => {
  let db: Database
  let app: FastifyInstance

  const send = (payload: unknown, remoteAddress = '203.0.113.1') =>
    app.inject({ method: 'POST', url: '/api/contact', payload: payload as object, remoteAddress })

  const stored = async (): Promise<StoredMessage[]> => {
    const { rows } = await db.query<StoredMessage>(
      'select name, email, company, subject, message, product from contact_messages order by id',
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
    await db.query('delete from contact_messages')
    app = await buildTestApp(db)
  })

  afterEach(async () => {
    await app.close()
  })

  it('stores a valid message, trimmed, and answers 201', async () => {
    const response = await send({ ...VALID, name: '  Ada Lovelace ', company: ' Analytical Engines  ' })
    expect(response.statusCode).toBe(201)
    expect(response.json()).toEqual(SENT)
    expect(await stored()).toEqual([
      { ...VALID, email: 'ada@example.com', product: null },
    ])
  })

  it('accepts a message without a company and records the product it is about', async () => {
    const { company: _company, ...withoutCompany } = VALID
    const response = await send({ ...withoutCompany, subject: 'demo', product: 'research-enterprise' })
    expect(response.statusCode).toBe(201)
    expect(await stored()).toEqual([
      { ...VALID, email: 'ada@example.com', company: '', subject: 'demo', product: 'research-enterprise' },
    ])
  })

  it('keeps every message, also several from one address', async () => {
    await send(VALID)
    await send({ ...VALID, message: 'A follow-up with more details.' })
    expect(await stored()).toHaveLength(2)
  })

  it('answers a filled-in honeypot like a success and stores nothing', async () => {
    const response = await send({ ...VALID, website: 'https://spam.example' })
    expect(response.statusCode).toBe(201)
    expect(response.json()).toEqual(SENT)
    expect(await stored()).toEqual([])
  })

  it.each([
    ['name', { name: '   ' }, 'Name is required'],
    ['name', { name: 'n'.repeat(101) }, 'Name must be at most 100 characters'],
    ['email', { email: '' }, 'Email is required'],
    ['email', { email: 'ada@example' }, 'Please enter a valid email'],
    ['email', { email: `${'a'.repeat(250)}@b.co` }, 'Email must be at most 254 characters'],
    ['company', { company: 'c'.repeat(201) }, 'Company must be at most 200 characters'],
    ['subject', { subject: '' }, 'Please select a subject'],
    ['subject', { subject: 'sales' }, 'Please select a subject'],
    ['message', { message: '' }, 'Message is required'],
    ['message', { message: '  123456789  ' }, 'Message must be at least 10 characters'],
    ['message', { message: 'm'.repeat(5001) }, 'Message must be at most 5000 characters'],
    ['product', { product: 'spaceship' }, 'Unknown product'],
  ])('answers 400 for a bad %s: %j', async (field, change, message) => {
    const response = await send({ ...VALID, ...change })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ success: false, message, errors: { [field]: message } })
    expect(await stored()).toEqual([])
  })

  it('names every missing field, the first as the message', async () => {
    const response = await send({})
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      success: false,
      message: 'Name is required',
      errors: {
        name: 'Name is required',
        email: 'Email is required',
        subject: 'Please select a subject',
        message: 'Message is required',
      },
    })
  })

  it('answers 400 with a field error when a field is not text', async () => {
    const response = await send({ ...VALID, message: { $gt: '' } })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ success: false, message: 'Invalid request', errors: { message: expect.any(String) } })
  })

  it('answers 400, not 500, to a request without a body', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/contact' })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ success: false })
  })

  it('answers 413 to a body over 32 KiB', async () => {
    const response = await send({ ...VALID, message: 'x'.repeat(33 * 1024) })
    expect(response.statusCode).toBe(413)
    expect(response.json()).toEqual({ success: false, message: 'Request body is too large (the limit is 32 KiB)' })
    expect(await stored()).toEqual([])
  })

  it('accepts the longest allowed message in multi-byte characters', async () => {
    const response = await send({ ...VALID, message: '🙂'.repeat(2500) })
    expect(response.statusCode).toBe(201)
  })

  it('limits each IP to 5 submissions a minute, with a clear message', async () => {
    for (let i = 0; i < 5; i += 1) expect((await send(VALID)).statusCode).toBe(201)
    const limited = await send(VALID)
    expect(limited.statusCode).toBe(429)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    expect(limited.json()).toEqual({
      success: false,
      message: expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds\.$/),
    })
    expect(await stored()).toHaveLength(5)

    expect((await send(VALID, '203.0.113.2')).statusCode).toBe(201)
  })

  it('counts its limit apart from the other forms', async () => {
    for (let i = 0; i < 5; i += 1) {
      await app.inject({ method: 'POST', url: '/api/newsletter', payload: { email: `r${i}@example.com` }, remoteAddress: '203.0.113.1' })
    }
    expect((await send(VALID)).statusCode).toBe(201)
  })
})
