import { randomUUID } from 'node:crypto'
import { expect, test, type Page } from '@playwright/test'
import { messageBox, openAssistant } from './assistant-page'
import { watchErrors } from './errors'
import { offScreen, type OffScreen } from './layout'
import { prerenderManifest } from './server'
import { STAFF } from './staff'

/**
 * Every route of the app on a phone (390 x 844) and on a laptop (1280 x 800), as a visitor and as
 * the admin: each public page the build prerendered (the sign-in pages, the assistant,
 * /unauthorized and /404 among them), a conversation with its history, Actions menu and share
 * page, and every Architect Suite page with its tabs. Each is measured once it has rendered what it
 * loads, and the walk fails on anything cut off that cannot be scrolled to, and on a current tab or
 * link out of sight (layout.ts, offScreen), naming it and its page.
 */

const SCREENS = [
  { name: 'a phone', viewport: { width: 390, height: 844 } },
  { name: 'a laptop', viewport: { width: 1280, height: 800 } },
] as const

const PUBLIC_PAGES = Object.keys(prerenderManifest().pages)
/** The public pages in this many tests, for the workers to share. */
const PARTS = 2

/** The page's findings, when it has any. */
type Findings = Record<string, OffScreen>

const measure = async (page: Page, where: string, findings: Findings) => {
  const found = await offScreen(page)
  if (found.pageOverflow > 0 || found.offenders.length > 0 || found.currentOutOfSight.length > 0) findings[where] = found
}

/**
 * Waits until the page has rendered: hydrated or rendered in the browser, its main heading shown,
 * nothing left loading. (The start-up spinner, which covers the window for its own time, is left
 * to leave by itself: it is not the page's layout.)
 */
const settled = async (page: Page) => {
  await expect(page.locator('#root[data-ready]')).toBeAttached()
  await expect(page.locator('h1').first()).toBeVisible()
  await expect(page.getByText(/^Loading\b.*\.\.\.$/)).toHaveCount(0, { timeout: 15_000 })
}

const visit = async (page: Page, path: string) => {
  await page.goto(path, { waitUntil: 'domcontentloaded' })
  await settled(page)
}

test('the walk covers the sign-in pages, the assistant, /unauthorized and /404', () => {
  expect(PUBLIC_PAGES).toEqual(expect.arrayContaining(['/', '/login', '/forgot-password', '/unauthorized', '/404', '/assistant']))
})

for (const { name, viewport } of SCREENS) {
  test.describe(`on ${name} (${viewport.width}x${viewport.height})`, () => {
    // Each page at rest: nothing measured halfway through a transition.
    test.use({ viewport, reducedMotion: 'reduce' })

    for (let part = 0; part < PARTS; part += 1) {
      test(`every public page fits the screen (part ${part + 1} of ${PARTS})`, async ({ page }) => {
        test.setTimeout(90_000)
        const findings: Findings = {}
        for (const path of PUBLIC_PAGES.filter((_, index) => index % PARTS === part)) {
          await visit(page, path)
          await measure(page, path, findings)
        }
        expect(findings).toEqual({})
      })
    }

    test('a conversation, the model details, its history, its Actions menu and its share page fit the screen', async ({ page }) => {
      test.setTimeout(60_000)
      const errors = watchErrors(page)
      const findings: Findings = {}
      await openAssistant(page)
      await messageBox(page).fill('How do approval gates work?')
      await messageBox(page).press('Enter')
      await expect(page.getByRole('log', { name: 'Messages' }).getByText('Overseer', { exact: true })).toHaveCount(1, { timeout: 20_000 })
      await expect(page.getByRole('button', { name: 'Send Message' })).toBeVisible()
      // The reply as Markdown (its renderer loads with the first reply), with its links to the docs.
      await expect(page.getByRole('log', { name: 'Messages' }).locator('a[href^="/docs/"]').first()).toBeVisible()
      await measure(page, '/assistant with a reply', findings)
      await page.getByRole('button', { name: 'Model details' }).click()
      await expect(page.getByRole('dialog')).toBeVisible()
      await measure(page, '/assistant, model details', findings)
      await page.keyboard.press('Escape')
      await expect(page.getByRole('dialog')).toBeHidden()

      await page.getByRole('button', { name: 'View Chat History' }).click()
      const panel = page.getByRole('region', { name: 'Previous Conversations' })
      await expect(panel.getByText('Page 1 of 1')).toBeVisible()
      await measure(page, '/assistant, history', findings)
      await panel.getByRole('button', { name: 'Actions for “How do approval gates work?”' }).click()
      await expect(panel.getByRole('menu')).toBeVisible()
      await measure(page, '/assistant, Actions menu', findings)

      await panel.getByRole('menuitem', { name: 'Share link' }).click()
      const share = panel.getByRole('region', { name: 'Share link' })
      await share.getByRole('button', { name: 'Create link' }).click()
      const link = share.getByRole('textbox', { name: 'Share link' })
      await expect(link).toHaveValue(/\/share\/[A-Za-z0-9_-]{43}$/)
      await measure(page, '/assistant, share panel', findings)
      await visit(page, new URL(await link.inputValue()).pathname)
      await expect(page.getByRole('list', { name: 'Messages' }).locator('a[href^="/docs/"]').first()).toBeVisible()
      await measure(page, '/share/:token', findings)

      expect(findings).toEqual({})
      expect(errors).toEqual([])
    })

    test('every Architect Suite page and tab fits the screen, as the admin', async ({ page }) => {
      test.setTimeout(120_000)
      const { request } = page.context()
      const signIn = await request.post('/api/auth/login', { data: { email: STAFF.admin.email, password: STAFF.admin.password } })
      expect(signIn.status()).toBe(200)
      // Something in each table and chart: a lead of each kind, and a finished build's tokens.
      const tag = randomUUID().slice(0, 8)
      const leads = [
        request.post('/api/waitlist/join', {
          data: { name: `Walk ${tag}`, email: `walk-${tag}@example.com`, company: 'Analytical Engines', role: 'developer', useCase: 'Reading agent logs on a phone while away from the desk', source: 'search' },
        }),
        request.post('/api/contact', {
          data: { name: `Walk ${tag}`, email: `walk-${tag}@example.com`, company: '', subject: 'demo', message: 'Could you show the Architect Suite to our team next week?' },
        }),
        request.post('/api/newsletter', { data: { email: `walk-${tag}@example.com` } }),
      ]
      for (const response of await Promise.all(leads)) expect(response.ok(), await response.text()).toBe(true)
      const build = await request.post('/api/overseer/chat', {
        data: { messages: [{ role: 'user', content: 'build a todo web app' }], model: 'overseer-local', sessionId: randomUUID() },
        timeout: 90_000,
      })
      expect(build.status(), await build.text()).toBe(200)

      const errors = watchErrors(page)
      const findings: Findings = {}
      await visit(page, '/architect')
      // The sections as the navigation offers them to an admin, who may open all of them.
      const sections = await page.getByRole('navigation', { name: 'Architect Suite' }).getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))
      expect(sections).toEqual(expect.arrayContaining(['/architect', '/architect/overseer', '/architect/testing', '/architect/logs', '/architect/approvals', '/architect/leads']))

      for (const path of sections) {
        await visit(page, path)
        if (path === '/architect/overseer') await expect(page.locator('svg.apexcharts-svg')).toBeVisible({ timeout: 20_000 })
        await measure(page, path, findings)
      }

      await visit(page, '/architect')
      await page.getByRole('tab', { name: 'Architecture Canvas' }).click()
      await expect(page.getByRole('heading', { level: 2, name: 'Architecture Canvas' })).toBeVisible({ timeout: 20_000 })
      await expect(page.getByRole('region', { name: 'Diagram' })).toBeVisible()
      await measure(page, '/architect, Architecture Canvas tab', findings)

      await visit(page, '/architect/leads')
      for (const kind of ['Waitlist', 'Contact', 'Newsletter']) {
        await page.getByRole('tab', { name: kind }).click()
        await expect(page.getByRole('tabpanel').locator('tbody tr').first()).toBeVisible()
        await measure(page, `/architect/leads, ${kind}`, findings)
      }

      expect(findings).toEqual({})
      expect(errors).toEqual([])
    })
  })
}
