import { databasesUnderTest } from '../helper'
import { itBehavesLikeAPublicForm, useForm } from '../support/forms'

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
  const form = useForm<StoredMessage>(open, '/api/contact', 'contact_messages', 'name, email, company, subject, message, product')
  const send = form.post
  const stored = form.rows

  itBehavesLikeAPublicForm(form, {
    accepted: { status: 201, body: SENT },
    valid: () => VALID,
    badFields: [
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
    ],
    missing: { name: 'Name is required', email: 'Email is required', subject: 'Please select a subject', message: 'Message is required' },
    textField: 'message',
    bodyLimit: { kib: 32, field: 'message' },
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

  it('accepts the longest allowed message in multi-byte characters', async () => {
    const response = await send({ ...VALID, message: '🙂'.repeat(2500) })
    expect(response.statusCode).toBe(201)
  })

  it('counts its limit apart from the other forms', async () => {
    for (let i = 0; i < 5; i += 1) {
      await form.app.inject({ method: 'POST', url: '/api/newsletter', payload: { email: `r${i}@example.com` }, remoteAddress: '203.0.113.1' })
    }
    expect((await send(VALID)).statusCode).toBe(201)
  })
})
