import { randomUUID } from 'node:crypto'
import { expect, test, type Page } from '@playwright/test'
import { watchErrors } from './errors'
import { STAFF } from './staff'

/**
 * The Builds page as staff use it: an offline build shows in the table, its title opens its trace,
 * and the trace draws its stages as bars on a time axis, on a laptop and on a phone.
 */

const signIn = async (page: Page) => {
  const response = await page.context().request.post('/api/auth/login', { data: { email: STAFF.operator.email, password: STAFF.operator.password } })
  expect(response.status()).toBe(200)
}

/** Runs an offline build whose request starts with a line of its own, and answers that line. */
const offlineBuild = async (page: Page): Promise<string> => {
  const title = `Build a todo web app for team ${randomUUID().slice(0, 8)}`
  const response = await page.context().request.post('/api/overseer/chat', {
    data: { messages: [{ role: 'user', content: `${title}\nTasks have a title and a done flag.` }], model: 'overseer-local', sessionId: randomUUID() },
    timeout: 90_000,
  })
  expect(response.status(), await response.text()).toBe(200)
  return title
}

for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
  test(`staff find a build on the Builds page and open its trace, its stages drawn as bars (${viewport.width}x${viewport.height})`, async ({ page }) => {
    test.setTimeout(120_000)
    await page.setViewportSize(viewport)
    const errors = watchErrors(page)
    await signIn(page)
    const title = await offlineBuild(page)

    await page.goto('/architect/builds')
    await expect(page.locator('#boot-splash')).toHaveCount(0)
    await expect(page.getByRole('heading', { level: 1, name: 'Builds' })).toBeVisible({ timeout: 20_000 })
    await expect(page.getByRole('navigation', { name: 'Architect Suite' }).getByRole('link', { name: 'Builds' })).toHaveAttribute('aria-current', 'page')

    // Searched by its title, with the view in the address.
    await page.getByRole('searchbox', { name: 'Search titles' }).fill(title.slice(-8))
    await page.getByRole('combobox', { name: 'Status' }).selectOption('Completed')
    await page.getByRole('button', { name: 'Filter' }).click()
    await expect(page).toHaveURL(new RegExp(`/architect/builds\\?search=${title.slice(-8)}&status=completed$`))
    const table = page.getByRole('table', { name: 'Builds, newest first' })
    const rows = table.locator('tbody tr')
    await expect(rows).toHaveCount(1)
    const cells = rows.first().getByRole('cell')
    await expect(cells).toHaveText([title, 'Staff', 'web-app', 'Completed', /\d{4}/, /\d/, /^[1-9]/, /^[1-9][\d,]*$/, '$0.00'])
    // Nothing of the table has to be scrolled sideways to.
    const region = page.getByRole('region', { name: 'Builds table' })
    expect(await region.evaluate((box) => box.scrollWidth - box.clientWidth)).toBe(0)

    await rows.first().getByRole('link', { name: title }).click()
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
    const stages = page.getByRole('list', { name: 'Stages on a time axis' })
    await expect(stages.getByRole('button')).toHaveCount(7)
    const bars = stages.locator('[data-bar="stage"]')
    await expect(bars).toHaveCount(7)
    for (const bar of await bars.all()) {
      await bar.scrollIntoViewIfNeeded()
      const box = await bar.boundingBox()
      expect(box, 'a stage bar drawn').not.toBeNull()
      expect(box?.width).toBeGreaterThan(0)
      expect(box?.height).toBeGreaterThan(0)
    }

    // The development stage opens into its steps with the keyboard; a write shows its diff.
    const development = stages.getByRole('button', { name: /^Development, completed, \d+ steps/ })
    await development.focus()
    await page.keyboard.press('Enter')
    await expect(development).toHaveAttribute('aria-expanded', 'true')
    const steps = page.getByRole('list', { name: 'Development steps' })
    const readme = steps.getByRole('button', { name: /^Wrote README\.md,/ })
    await readme.click()
    await expect(page.getByLabel('Changes to README.md')).toContainText('+')
    const testRun = steps.getByRole('button', { name: /^Tests: \d+ passed, 0 failed,/ })
    await testRun.click()
    await expect(page.getByLabel('Test output, its last lines')).toBeVisible()
    await expect(page.getByRole('table', { name: "The build's agent log entries, oldest first" })).toContainText('Build started')
    expect(errors).toEqual([])
  })
}
