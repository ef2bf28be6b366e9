import type { WaitlistRow } from '../../src/leads/leadsRepository'
import { databasesUnderTest } from '../helper'
import { itBehavesLikeAPublicForm, useForm } from '../support/forms'

const JOINED = { success: true, message: "You've been added to our waitlist! We'll notify you when early access is available." }

const VALID = {
  name: 'Grace Hopper',
  email: 'grace@example.com',
  company: 'Compiler Co',
  role: 'architect',
  useCase: 'Generating internal tools from plain-language briefs.',
  source: 'conference',
}

/** What a signup stores: the table's row without the columns the database fills in. */
type StoredSignup = Omit<WaitlistRow, 'id' | 'created_at'>

describe.each(databasesUnderTest())('POST /api/waitlist/join on $name', ({ open }) => {
  const form = useForm<StoredSignup>(
    open,
    '/api/waitlist/join',
    'waitlist_signups',
    'name, email, company, role, use_case, source, plan, product, consented_at',
  )
  const join = form.post
  const stored = form.rows

  itBehavesLikeAPublicForm(form, {
    accepted: { status: 200, body: JOINED },
    // One signup per address: the rate limit counts distinct ones.
    valid: (n) => (n === 0 ? VALID : { ...VALID, email: `person${n}@example.com` }),
    badFields: [
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
    ],
    missing: { name: 'Name is required', email: 'Email is required', company: 'Company or project name is required', role: 'Role is required' },
    textField: 'email',
    bodyLimit: { kib: 32, field: 'useCase' },
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

  it('takes its limit from RATE_LIMIT_FORMS', async () => {
    await form.rebuild({ rateLimitForms: 2 })
    expect((await join({ ...VALID, email: 'a@example.com' })).statusCode).toBe(200)
    expect((await join({ ...VALID, email: 'b@example.com' })).statusCode).toBe(200)
    expect((await join({ ...VALID, email: 'c@example.com' })).statusCode).toBe(429)
  })
})
