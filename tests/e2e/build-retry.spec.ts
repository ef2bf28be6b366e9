import { expect, test, type Page } from '@playwright/test'
import { failsInDevelopment, FakeLlm } from '../../server/test/support/fakeLlm'
import { conversation, messageBox } from './assistant-page'
import { watchErrors } from './errors'
import { SETUP_TIMEOUT_MS, startServer, type RunningServer } from './server'

/**
 * A build that failed at a stage, retried from the chat: its development loop spends its one
 * iteration on code whose test fails (BUILD_MAX_ITERATIONS=1), the chat shows the failure and
 * 'Retry from development' under it; the retry goes on from the checkpoint before development and
 * its reply takes the failure's place. The model is a fake OpenAI-compatible provider (a real HTTP
 * server on 127.0.0.1, in this test's process) whose code is fixed before the retry.
 */

const REQUEST = 'Build a JavaScript library with a function sum(a, b) that adds two numbers'

let fake: FakeLlm
let server: RunningServer
const model = failsInDevelopment()

test.beforeAll(async () => {
  test.setTimeout(SETUP_TIMEOUT_MS)
  fake = await FakeLlm.start()
  fake.fallback = model.handler
  server = await startServer({
    OVERSEER_LLM_BASE_URL: fake.baseUrl,
    OVERSEER_LLM_MODELS: 'fake-small',
    OVERSEER_DEFAULT_MODEL: 'fake-small',
    BUILD_MAX_ITERATIONS: '1',
  })
})

test.afterAll(async () => {
  await server?.stop()
  await fake?.close()
})

const retryButton = (page: Page) => conversation(page).getByRole('button', { name: 'Retry from development' })

test('retries a build that failed in development from the chat: the retry delivers, in the failure’s place', async ({ page }) => {
  test.setTimeout(120_000)
  const errors = watchErrors(page)
  await page.goto(`${server.url}/assistant`)
  await expect(page.getByRole('combobox', { name: 'Model' })).toHaveValue('fake-small')
  await messageBox(page).fill(REQUEST)
  await messageBox(page).press('Enter')

  // The failure: the tracker's message in red, the error turn, and the retry under it.
  await expect(page.getByRole('alert').filter({ hasText: 'The iteration budget (1 test run) is spent: 1 test failing: sum adds.' })).toBeVisible({ timeout: 60_000 })
  await expect(conversation(page).getByText('[Error from Overseer backend]')).toBeVisible()
  await expect(retryButton(page)).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('retry-1280.png') })

  // At a phone's width the button is whole on screen, and the page does not scroll sideways.
  await page.setViewportSize({ width: 390, height: 844 })
  await retryButton(page).scrollIntoViewIfNeeded()
  const box = await retryButton(page).boundingBox()
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await page.screenshot({ path: test.info().outputPath('retry-390.png') })
  await page.setViewportSize({ width: 1280, height: 720 })

  // Retried by keyboard: the build goes on from development, and its reply replaces the failure.
  model.fix()
  await retryButton(page).focus()
  await page.keyboard.press('Enter')
  await expect(conversation(page).getByText(/fake-small wrote the code for your request in 1 iteration/)).toBeVisible({ timeout: 60_000 })
  await expect(conversation(page).getByText('[Error from Overseer backend]')).toHaveCount(0)
  await expect(retryButton(page)).toHaveCount(0)
  await expect(conversation(page).getByText(REQUEST)).toHaveCount(1)
  // Its timeline says where it went on from: the development stage, opened, shows the retry.
  const timeline = conversation(page).getByRole('region', { name: 'Build timeline' })
  await timeline.getByRole('button', { name: /^Development completed/ }).click()
  await expect(timeline.getByText('Retried by its owner (attempt 2)')).toBeVisible()

  // A reload finds the delivered build, and nothing to retry.
  await page.reload()
  await expect(conversation(page).getByText(/fake-small wrote the code for your request in 1 iteration/)).toBeVisible()
  await expect(retryButton(page)).toHaveCount(0)
  // The only console error is the browser's note of the failed build's answer (500, by the API's contract).
  expect(errors).toEqual([expect.stringContaining('Failed to load resource: the server responded with a status of 500')])
})
