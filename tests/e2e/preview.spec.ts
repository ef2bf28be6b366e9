import { expect, test, type Page } from '@playwright/test'
import { analyzeSettled, WCAG_TAGS } from './a11y'
import { conversation, messageBox, openAssistant } from './assistant-page'
import { watchErrors } from './errors'

/**
 * A delivered project previewed in the chat against the real server: the web app's own
 * `npm start` in the sandbox, shown in a frame on the preview origin, used through its own form;
 * an HTTP API used through the request console.
 */

const SAVED_FILES = 'Your project files have been saved to the server downloads directory.'

const build = async (page: Page, request: string) => {
  await openAssistant(page)
  await messageBox(page).fill(request)
  await messageBox(page).press('Enter')
  await expect(conversation(page).getByText(SAVED_FILES)).toBeVisible({ timeout: 60_000 })
}

const panel = (page: Page) => conversation(page).getByRole('region', { name: 'Preview' })

/** Presses Preview and waits for its POST: a refusal fails here, with the server's answer. */
const openPreview = async (page: Page) => {
  const opened = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().endsWith('/preview'), { timeout: 60_000 })
  await conversation(page).getByRole('button', { name: 'Preview' }).click()
  const response = await opened
  expect(response.status(), await response.text()).toBe(200)
}

test('previews a delivered web app in the chat: an item added through its own form is listed, and the console shows the request', async ({ page }) => {
  test.setTimeout(120_000)
  const errors = watchErrors(page)
  await build(page, 'build a todo web app')
  await openPreview(page)
  await expect(panel(page).getByRole('heading', { name: 'Preview' })).toBeFocused()

  // The app, running in its frame on an origin of its own.
  const frame = page.frameLocator('iframe[title="The app, running"]')
  const url = await panel(page).locator('iframe').getAttribute('src')
  expect(new URL(url ?? '').origin).not.toBe(new URL(page.url()).origin)
  await expect(frame.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 })
  await expect(panel(page).getByRole('status')).toContainText(/^Running\. Stops at /)

  // Its own form adds an item, which its list then shows.
  await frame.getByRole('textbox').first().fill('Dune')
  await frame.getByRole('button', { name: /^Add / }).first().click()
  await expect(frame.getByText('Dune', { exact: true })).toBeVisible()
  const console = panel(page).getByRole('log', { name: 'Preview console' })
  await expect(console).toContainText(/POST \/api\/[a-z-]+ → 201 \(\d+ ms\)/)
  await expect(console).toContainText(/GET \/ → 200/)
  expect((await analyzeSettled(page, WCAG_TAGS)).violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')).toEqual([])

  // On a phone the panel and its frame fit the screen.
  await page.setViewportSize({ width: 390, height: 844 })
  await panel(page).scrollIntoViewIfNeeded()
  const box = await panel(page).locator('iframe').boundingBox()
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await page.screenshot({ path: test.info().outputPath('preview-390.png') })
  await page.setViewportSize({ width: 1280, height: 800 })
  await panel(page).scrollIntoViewIfNeeded()
  await page.screenshot({ path: test.info().outputPath('preview-1280.png') })

  // A reload finds it running again.
  await page.reload()
  await expect(page.frameLocator('iframe[title="The app, running"]').getByText('Dune', { exact: true })).toBeVisible({ timeout: 30_000 })

  // Stopped: the panel goes, and its link leads nowhere.
  const stopped = page.waitForResponse((response) => response.request().method() === 'DELETE' && response.url().endsWith('/preview'))
  await panel(page).getByRole('button', { name: 'Stop preview' }).click()
  expect((await stopped).status()).toBe(200)
  await expect(conversation(page).getByRole('button', { name: 'Preview' })).toBeVisible()
  expect((await page.request.get(url ?? '', { maxRedirects: 0 })).status()).toBe(404)
  expect(errors).toEqual([])
})

test('previews a delivered HTTP API through its request console', async ({ page }) => {
  test.setTimeout(120_000)
  const errors = watchErrors(page)
  await build(page, 'build a REST API for a library with books')
  await openPreview(page)
  const api = panel(page).getByRole('region', { name: 'API console' })
  await expect(api).toBeVisible()
  await expect(api.getByText(/^Routes: GET \/health · GET \/[a-z-]+/)).toBeVisible()
  await api.getByRole('combobox', { name: 'Method' }).selectOption('GET')
  await api.getByRole('combobox', { name: 'Path' }).fill('/health')
  await api.getByRole('button', { name: 'Send request' }).click()
  await expect(api.getByText('Status 200')).toBeVisible({ timeout: 30_000 })
  await expect(api.getByLabel('Response body')).toContainText('"status"')
  await expect(panel(page).getByRole('log', { name: 'Preview console' })).toContainText(/GET \/health → 200/)
  await panel(page).getByRole('button', { name: 'Stop preview' }).click()
  await expect(conversation(page).getByRole('button', { name: 'Preview' })).toBeVisible()
  expect(errors).toEqual([])
})
