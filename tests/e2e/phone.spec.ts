import { randomUUID } from 'node:crypto'
import { expect, test, type Locator, type Page } from '@playwright/test'
import { analyzeSettled, WCAG_TAGS } from './a11y'
import { messageBox, openAssistant } from './assistant-page'
import { watchErrors } from './errors'
import { cutOff, type Cut } from './layout'
import { STAFF } from './staff'

/**
 * What a phone (390 x 844) used to cut off: the history's Actions menu opened off the left edge,
 * the staff tables ran out of their box, the current staff section's tab was scrolled out of
 * sight and the token chart's title was cut short. Each is measured as a reader sees it: the part
 * of a box the window and its clipping ancestors let through (layout.ts, cutOff).
 */

test.use({ viewport: { width: 390, height: 844 } })

const IN_FULL: Cut = { left: 0, right: 0, top: 0, bottom: 0 }

/** What is cut off on the left and right only. */
const across = ({ left, right }: Cut) => ({ left, right })

/** Scrolls the window, and nothing else (not a frame that scrolls sideways), to bring the element to the middle of the screen. */
const scrollDownTo = (element: Locator) => element.evaluate((target) => window.scrollBy(0, target.getBoundingClientRect().top - window.innerHeight / 2))

/** How much wider the element's content is than its box: 0 when none of its text is cut inside it. */
const cutInside = (element: Locator) => element.evaluate((target) => Math.max(0, target.scrollWidth - target.clientWidth))

const signIn = async (page: Page) => {
  const response = await page.context().request.post('/api/auth/login', { data: { email: STAFF.admin.email, password: STAFF.admin.password } })
  expect(response.status()).toBe(200)
}

/** Opens a staff page and waits for its main heading. */
const openStaff = async (page: Page, path: string, heading: string) => {
  await page.goto(path)
  await expect(page.locator('#boot-splash')).toHaveCount(0)
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 20_000 })
}

/**
 * A staff table read on a phone: each row a card with each value beside its column's name, all of
 * it within the table's box (nothing to scroll to), and no cell a line taller than what it holds
 * (a table's row is as tall as its longest cell, which left the others full of gaps).
 */
const expectCards = async (region: Locator, columns: readonly string[]) => {
  expect(await cutInside(region), 'sideways scroll in the table').toBe(0)
  const rows = region.locator('tbody tr')
  await expect(rows.first()).toBeVisible()
  for (const row of (await rows.all()).slice(0, 5)) {
    const cells = row.locator('td')
    await expect(cells).toHaveCount(columns.length)
    for (const [index, column] of columns.entries()) {
      const cell = cells.nth(index)
      await scrollDownTo(cell)
      const seen = await cell.evaluate((target) => {
        const contents = document.createRange()
        contents.selectNodeContents(target)
        const { paddingTop, paddingBottom, lineHeight } = getComputedStyle(target)
        const gap = target.getBoundingClientRect().height - contents.getBoundingClientRect().height - parseFloat(paddingTop) - parseFloat(paddingBottom)
        // In lines of the cell's text (what text takes is a little less than its line).
        return { label: getComputedStyle(target, '::before').content, gap: Math.round((gap / parseFloat(lineHeight)) * 10) / 10 }
      })
      expect(seen.label, `${column}: its name beside it`).toContain(column)
      expect(seen.gap, `${column}: empty lines in the cell`).toBeLessThan(1)
      expect(await cutOff(cell), `${column}: cut off`).toEqual(IN_FULL)
    }
  }
}

// A laptop too: there the menu, opened upwards, ran past the top of the scrolling history panel.
for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
  test(`the history Actions menu opens in full view, each item readable, and works with the keyboard as before (${viewport.width}x${viewport.height})`, async ({ page }) => {
    await page.setViewportSize(viewport)
    const errors = watchErrors(page)
    await openAssistant(page)
    await messageBox(page).fill('How do approval gates work?')
    await messageBox(page).press('Enter')
    await expect(page.getByRole('log', { name: 'Messages' }).getByText('Overseer', { exact: true })).toHaveCount(1, { timeout: 20_000 })
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeVisible()
    await page.getByRole('button', { name: 'View Chat History' }).click()
    const panel = page.getByRole('region', { name: 'Previous Conversations' })
    await expect(panel.getByText('Page 1 of 1')).toBeVisible()

    const button = panel.getByRole('button', { name: 'Actions for “How do approval gates work?”' })
    const items = panel.getByRole('menu').getByRole('menuitem')
    const expectAllInView = async () => {
      await expect(items).toHaveText(['Rename', 'Share link', 'Export as Markdown', 'Export as JSON', 'Delete'])
      for (const item of await items.all()) {
        const label = await item.innerText()
        await item.scrollIntoViewIfNeeded()
        expect(await cutOff(item), `${label}: cut off`).toEqual(IN_FULL)
        expect(await cutInside(item), `${label}: text cut inside`).toBe(0)
      }
    }

    // Opened with a tap: on its first item.
    await button.click()
    await expect(items.first()).toBeFocused()
    await expectAllInView()
    await page.keyboard.press('End')
    await expect(items.last()).toBeFocused()
    await page.keyboard.press('ArrowDown')
    await expect(items.first()).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(panel.getByRole('menu')).toBeHidden()
    await expect(button).toBeFocused()

    // Opened with the keyboard from the end: on its last item, in full view too.
    await button.press('ArrowUp')
    await expect(items.last()).toBeFocused()
    await expectAllInView()
    await page.keyboard.press('Home')
    await page.keyboard.press('Enter')
    await expect(panel.getByRole('textbox', { name: 'Title' })).toBeFocused()
    expect(errors).toEqual([])
  })
}

test('the agent logs and the leads read as cards, every value beside its name and in full view', async ({ page }) => {
  test.setTimeout(60_000)
  const errors = watchErrors(page)
  await signIn(page)
  await openStaff(page, '/architect/logs', 'Agent Logs')
  // The demo entries the server seeds: long messages next to short levels.
  await expectCards(page.getByRole('region', { name: 'Log entries table' }), ['Time', 'Level', 'Source', 'Message'])
  // Still a table with its header row for screen readers, and nothing axe finds serious.
  await expect(page.getByRole('table').getByRole('columnheader')).toHaveText(['Time', 'Level', 'Source', 'Message'])
  const axe = await analyzeSettled(page, WCAG_TAGS)
  expect(axe.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id)).toEqual([])

  const tag = randomUUID().slice(0, 8)
  const { request } = page.context()
  const leads = [
    request.post('/api/waitlist/join', {
      data: { name: `Phone ${tag}`, email: `phone-${tag}@example.com`, company: 'Analytical Engines', role: 'developer', useCase: 'Approving builds from a phone between meetings', source: 'search' },
    }),
    request.post('/api/contact', {
      data: { name: `Phone ${tag}`, email: `phone-${tag}@example.com`, company: '', subject: 'demo', message: 'Could you show the Architect Suite to our team next week?' },
    }),
    request.post('/api/newsletter', { data: { email: `phone-${tag}@example.com` } }),
  ]
  for (const response of await Promise.all(leads)) expect(response.ok(), await response.text()).toBe(true)
  await openStaff(page, '/architect/leads', 'Leads')
  await expectCards(page.getByRole('region', { name: 'Waitlist entries, newest first (table)' }), ['Name', 'E-mail', 'Company', 'Role', 'Use case', 'Heard via', 'Joined'])
  await page.getByRole('tab', { name: 'Contact' }).click()
  await expectCards(page.getByRole('region', { name: 'Contact entries, newest first (table)' }), ['Name', 'E-mail', 'Company', 'Subject', 'Message', 'Sent'])
  await page.getByRole('tab', { name: 'Newsletter' }).click()
  await expectCards(page.getByRole('region', { name: 'Newsletter entries, newest first (table)' }), ['E-mail', 'Subscribed'])
  expect(errors).toEqual([])
})

test('every staff section’s tab is in sight, the current one included, on each staff page', async ({ page }) => {
  test.setTimeout(60_000)
  const errors = watchErrors(page)
  await signIn(page)
  await openStaff(page, '/architect', 'Architect Dashboard')
  const sections = page.getByRole('navigation', { name: 'Architect Suite' }).getByRole('link')
  await expect(sections).toHaveText(['Dashboard', 'Overseer', 'Builds', 'Testing', 'Logs', 'Approvals', 'Leads', 'Questions'])
  for (const name of ['Questions', 'Leads', 'Approvals', 'Logs', 'Testing', 'Builds', 'Overseer', 'Dashboard']) {
    const current = sections.filter({ hasText: name })
    await current.click()
    await expect(current).toHaveAttribute('aria-current', 'page')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    for (const section of await sections.all()) expect(across(await cutOff(section)), `${await section.innerText()} on the ${name} page`).toEqual(across(IN_FULL))
  }
  expect(errors).toEqual([])
})

test('the token chart’s title is read in full, and names the chart', async ({ page }) => {
  test.setTimeout(120_000)
  const errors = watchErrors(page)
  await signIn(page)
  // A finished build, for the chart to have a point to draw.
  const build = await page.context().request.post('/api/overseer/chat', {
    data: { messages: [{ role: 'user', content: 'build a todo web app' }], model: 'overseer-local', sessionId: randomUUID() },
    timeout: 90_000,
  })
  expect(build.status(), await build.text()).toBe(200)
  await openStaff(page, '/architect/overseer', 'Overseer Interface')
  const metrics = page.getByRole('region', { name: 'Token Usage Metrics' })
  await expect(metrics.locator('svg.apexcharts-svg')).toBeVisible({ timeout: 30_000 })
  await expect(metrics.getByRole('figure', { name: 'Total Token Usage per Pipeline Iteration' })).toBeVisible()

  // Whatever shows the title (not the copies for screen readers only) shows all of it.
  const titles = metrics.getByText('Total Token Usage per Pipeline Iteration', { exact: true })
  let shown = 0
  for (const title of await titles.all()) {
    const box = await title.boundingBox()
    if (!box || box.width <= 1 || box.height <= 1) continue
    shown += 1
    await title.scrollIntoViewIfNeeded()
    expect(await cutOff(title), 'the title cut off').toEqual(IN_FULL)
    expect(await cutInside(title), 'the title cut inside its box').toBe(0)
  }
  expect(shown, 'titles shown').toBeGreaterThan(0)
  expect(errors).toEqual([])
})

test('an approval card’s details read as lines of text, each value as wide as the card allows', async ({ page }) => {
  test.setTimeout(60_000)
  const errors = watchErrors(page)
  await signIn(page)
  await openStaff(page, '/architect/approvals', 'Permission Controls')
  // The sample request a fresh database starts with (SEED_DEMO).
  const card = page.getByRole('article', { name: 'Sample: Approve file structure for the vendor tracker' })
  await card.getByRole('button', { name: 'More Details' }).click()
  const values = card.locator('dd')
  await expect(values.first()).toBeVisible()
  const panel = await card.locator('dl').boundingBox()
  expect(panel).not.toBeNull()
  for (const value of await values.all()) {
    const box = await value.boundingBox()
    // Beside a term as wide as 'Next stage once approved', a value was left a few letters a line.
    expect(box?.width, await value.innerText()).toBeGreaterThan((panel?.width ?? 0) * 0.9)
    expect(across(await cutOff(value))).toEqual(across(IN_FULL))
  }
  expect(errors).toEqual([])
})

test('the architecture canvas on a phone: the minimap keeps to a corner, the diagram stays in view', async ({ page }) => {
  test.setTimeout(60_000)
  await signIn(page)
  await openStaff(page, '/architect', 'Architect Dashboard')
  await page.getByRole('tab', { name: 'Architecture Canvas' }).click()
  const diagram = page.getByRole('region', { name: 'Diagram' })
  const minimap = page.getByRole('img', { name: 'Minimap of the diagram' })
  await expect(minimap).toBeVisible({ timeout: 20_000 })
  const [area, corner] = [await diagram.boundingBox(), await minimap.boundingBox()]
  expect(across(await cutOff(diagram))).toEqual(across(IN_FULL))
  // 200 x 150 px of a 350 px wide diagram hid a sixth of it.
  expect((corner?.width ?? 0) * (corner?.height ?? 0)).toBeLessThan((area?.width ?? 0) * (area?.height ?? 0) * 0.1)
})
