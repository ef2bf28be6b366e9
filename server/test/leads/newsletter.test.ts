import { databasesUnderTest } from '../helper'
import { itBehavesLikeAPublicForm, useForm } from '../support/forms'

const SUCCESS = { success: true, message: "Thanks for subscribing! You'll hear from us soon." }

describe.each(databasesUnderTest())('POST /api/newsletter on $name', ({ open }) => {
  const form = useForm<{ email: string }>(open, '/api/newsletter', 'newsletter_subscriptions', 'email')
  const subscribe = form.post
  const storedEmails = async (): Promise<string[]> => (await form.rows()).map((row) => row.email)

  itBehavesLikeAPublicForm(form, {
    accepted: { status: 200, body: SUCCESS },
    valid: (n) => ({ email: `reader${n}@example.com` }),
    badFields: [
      ['email', { email: '   ' }, 'Email is required'],
      ['email', { email: 'not-an-email' }, 'Please enter a valid email address'],
    ],
    missing: { email: 'Email is required' },
    textField: 'email',
    bodyLimit: { kib: 64, field: 'website' },
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
})
