import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { analyzeSettled, WCAG_TAGS } from './a11y'
import { STAFF } from './staff'

const CONTACT_SENT = "Your message has been sent successfully. We'll be in touch soon!"
const CONTACT_FAILED = 'Failed to send message. Please try again later.'
const WAITLIST_JOINED = "You've been added to our waitlist! We'll notify you when early access is available."
const THANKS = "You're on the list!"

/** A form control by its exact accessible name (the page has other things named 'Company' or 'Message'). */
const field = (page: Page, name: string) =>
  page.getByRole('textbox', { name, exact: true }).or(page.getByRole('combobox', { name, exact: true }))

const uniqueEmail = (who: string) => `${who}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`

/** Serious and critical axe findings on the page as it is now. */
const axeProblems = async (page: Page): Promise<string[]> => {
  // Checked on the settled page: a toast or panel still fading in has, for that moment, too little contrast.
  const result = await analyzeSettled(page, WCAG_TAGS)
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help}`)
}

/** The staff API as the admin sees it: list the entries of `kind` matching `search`. */
const staffLeads = async (request: APIRequestContext, kind: string, search: string) => {
  const login = await request.post('/api/auth/login', { data: { email: STAFF.admin.email, password: STAFF.admin.password } })
  expect(login.ok()).toBe(true)
  const { data } = (await login.json()) as { data: { token: string } }
  const headers = { authorization: `Bearer ${data.token}` }
  const list = await request.get(`/api/architect/leads?kind=${kind}&search=${encodeURIComponent(search)}`, { headers })
  expect(list.ok()).toBe(true)
  const csv = await request.get(`/api/architect/leads/export.csv?kind=${kind}&search=${encodeURIComponent(search)}`, { headers })
  expect(csv.headers()['content-disposition']).toMatch(/^attachment;/)
  const { data: leads } = (await list.json()) as { data: Array<Record<string, unknown>> }
  return { leads, csv: await csv.text() }
}

test.describe('contact form', () => {
  test('sends a message, shows the success toast and clears the fields', async ({ page, request }) => {
    const email = uniqueEmail('contact')
    await page.goto('/contact')
    await field(page, 'Name').fill('Ada Lovelace')
    await field(page, 'Email').fill(email)
    await field(page, 'Company (optional)').fill('Analytical Engines')
    await field(page, 'Subject').selectOption({ label: 'Technical support' })
    await field(page, 'Message').fill('The DevLoop Matrix keeps retrying one failing test.')
    await page.getByRole('button', { name: 'Send Message' }).click()

    await expect(page.getByRole('status')).toHaveText(CONTACT_SENT)
    await expect(field(page, 'Name')).toHaveValue('')
    await expect(field(page, 'Message')).toHaveValue('')

    const { leads } = await staffLeads(request, 'contact', email)
    expect(leads).toEqual([expect.objectContaining({ name: 'Ada Lovelace', email, subject: 'technical', product: null })])
  })

  test('shows the validation messages, focuses the first, and clears one when it is edited', async ({ page }) => {
    await page.goto('/contact')
    await page.getByRole('button', { name: 'Send Message' }).click()
    for (const message of ['Name is required', 'Email is required', 'Please select a subject', 'Message is required']) {
      await expect(page.getByText(message, { exact: true })).toBeVisible()
    }
    await expect(field(page, 'Name')).toBeFocused()
    expect(await axeProblems(page)).toEqual([])

    await field(page, 'Name').fill('Ada')
    await expect(page.getByText('Name is required', { exact: true })).toBeHidden()
    await field(page, 'Email').fill('ada@example')
    await field(page, 'Message').fill('Too short')
    await page.getByRole('button', { name: 'Send Message' }).click()
    await expect(page.getByText('Please enter a valid email', { exact: true })).toBeVisible()
    await expect(page.getByText('Message must be at least 10 characters', { exact: true })).toBeVisible()
  })

  test('notes the product of ?product=, preselects the demo subject and stores the product', async ({ page, request }) => {
    const email = uniqueEmail('enterprise')
    await page.goto('/contact?product=enterprise')
    await expect(page.getByText('About: Intelligence Platform Enterprise')).toBeVisible()
    await expect(field(page, 'Subject')).toHaveValue('demo')
    await field(page, 'Name').fill('Katherine Johnson')
    await field(page, 'Email').fill(email)
    await field(page, 'Message').fill('We would like a demo for our 40 engineers.')
    await page.getByRole('button', { name: 'Send Message' }).click()
    await expect(page.getByRole('status')).toHaveText(CONTACT_SENT)

    const { leads } = await staffLeads(request, 'contact', email)
    expect(leads).toEqual([expect.objectContaining({ subject: 'demo', product: 'enterprise' })])
  })

  test('preselects the subject of ?subject=careers', async ({ page }) => {
    await page.goto('/contact?subject=careers')
    await expect(field(page, 'Subject')).toHaveValue('careers')
  })

  test('keeps the fields and shows the failure toast when sending fails', async ({ page }) => {
    await page.goto('/contact')
    await page.route('**/api/contact', (route) => route.abort('connectionrefused'))
    await field(page, 'Name').fill('Ada Lovelace')
    await field(page, 'Email').fill('offline@example.com')
    await field(page, 'Subject').selectOption('overseer_info')
    await field(page, 'Message').fill('Is anyone there? This is a long enough message.')
    await page.getByRole('button', { name: 'Send Message' }).click()
    await expect(page.getByRole('alert')).toHaveText(CONTACT_FAILED)
    await expect(field(page, 'Name')).toHaveValue('Ada Lovelace')
    await page.getByRole('button', { name: 'Close notification' }).click()
    await expect(page.getByRole('alert')).toHaveCount(0)
  })
})

test.describe('waitlist form', () => {
  const join = async (page: Page, email: string) => {
    await field(page, 'Name').fill('Grace Hopper')
    await field(page, 'Email').fill(email)
    await field(page, 'Company or project name').fill('Compiler Co')
    await field(page, 'Role').selectOption({ label: 'Software Architect' })
    await field(page, 'How did you hear about us? (optional)').selectOption({ label: 'Conference or event' })
    await page.getByRole('button', { name: 'Join Waitlist' }).click()
  }

  test('joins, thanks with a toast, and Join again returns to an empty form', async ({ page }) => {
    await page.goto('/waitlist')
    await join(page, uniqueEmail('waitlist'))
    await expect(page.getByRole('status')).toHaveText(WAITLIST_JOINED)
    await expect(page.getByRole('heading', { name: THANKS })).toBeFocused()
    await expect(page.getByRole('button', { name: 'Join Waitlist' })).toHaveCount(0)
    expect(await axeProblems(page)).toEqual([])

    await page.getByRole('button', { name: 'Join again with a different email' }).click()
    await expect(field(page, 'Name')).toHaveValue('')
    await expect(field(page, 'Email')).toHaveValue('')
    await expect(field(page, 'Name')).toBeFocused()
  })

  test('a second signup with the same address, in another case, gets the same thanks', async ({ page, request }) => {
    const email = uniqueEmail('twice')
    await page.goto('/waitlist')
    await join(page, email)
    await expect(page.getByRole('heading', { name: THANKS })).toBeVisible()
    await page.getByRole('button', { name: 'Join again with a different email' }).click()
    await join(page, email.toUpperCase())
    await expect(page.getByRole('heading', { name: THANKS })).toBeVisible()
    await expect(page.getByRole('status')).toHaveText(WAITLIST_JOINED)

    const { leads } = await staffLeads(request, 'waitlist', email)
    expect(leads).toHaveLength(1)
  })

  test('records the plan of ?plan= and the time of consent', async ({ page, request }) => {
    const email = uniqueEmail('team')
    await page.goto('/waitlist?plan=team')
    await expect(page.getByText("You're joining for: Team plan")).toBeVisible()
    const form = page.getByRole('region', { name: 'Reserve your place' })
    await expect(form.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy')
    await join(page, email)
    await expect(page.getByRole('heading', { name: THANKS })).toBeVisible()

    const { leads, csv } = await staffLeads(request, 'waitlist', email)
    expect(leads).toEqual([
      expect.objectContaining({ email, role: 'architect', source: 'conference', plan: 'team', consentedAt: expect.any(String) }),
    ])
    expect(csv).toContain(`,Grace Hopper,${email},Compiler Co,Software Architect,,Conference or event,Team plan,,`)
  })

  test('shows the validation messages', async ({ page }) => {
    await page.goto('/waitlist')
    await page.getByRole('button', { name: 'Join Waitlist' }).click()
    for (const message of ['Name is required', 'Email is required', 'Company or project name is required', 'Role is required']) {
      await expect(page.getByText(message, { exact: true })).toBeVisible()
    }
    await field(page, 'Email').fill('not an email')
    await page.getByRole('button', { name: 'Join Waitlist' }).click()
    await expect(page.getByText('Please enter a valid email', { exact: true })).toBeVisible()
  })

  test('keeps the fields and shows the failure toast when joining fails', async ({ page }) => {
    await page.goto('/waitlist')
    await page.route('**/api/waitlist/join', (route) => route.fulfill({ status: 503, json: { success: false, message: 'down' } }))
    await join(page, 'offline@example.com')
    await expect(page.getByRole('alert')).toHaveText('Failed to join waitlist. Please try again later.')
    await expect(field(page, 'Email')).toHaveValue('offline@example.com')
  })
})
