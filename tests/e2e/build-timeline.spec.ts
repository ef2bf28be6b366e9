import { expect, test, type Page } from '@playwright/test'
import { analyzeSettled, WCAG_TAGS } from './a11y'
import { conversation, messageBox, openAssistant } from './assistant-page'
import { watchErrors } from './errors'

/**
 * A build's timeline in the chat, against the real server: one row per stage under the delivered
 * reply, a stage opened into its steps, a written file's diff, and the same timeline after a
 * reload of the conversation's address, on a phone's width too.
 */

const SAVED_FILES = 'Your project files have been saved to the server downloads directory.'
const STAGES = ['Classification', 'Clarification', 'Market analysis', 'Structuring', 'Development', 'Assembly', 'Delivery']

const timeline = (page: Page) => conversation(page).getByRole('region', { name: 'Build timeline' })
const stageRow = (page: Page, name: string) => timeline(page).getByRole('button', { name: new RegExp(`^${name}`) })

test('shows the timeline of a build under its reply, opens development into a diff, and shows it again after a reload', async ({ page }) => {
  test.setTimeout(90_000)
  const errors = watchErrors(page)
  await openAssistant(page)
  await messageBox(page).fill('build a todo web app')
  await messageBox(page).press('Enter')
  await expect(conversation(page).getByText(SAVED_FILES)).toBeVisible({ timeout: 60_000 })
  await expect(page).toHaveURL(/\/assistant\/c\/[0-9a-f-]{36}$/)

  // One collapsed row per stage, each completed.
  await expect(timeline(page)).toBeVisible()
  for (const name of STAGES) {
    await expect(stageRow(page, name)).toHaveAttribute('aria-expanded', 'false')
    await expect(stageRow(page, name)).toContainText('completed')
  }

  // Development opens (from the keyboard) into its steps: files written, the test run.
  await stageRow(page, 'Development').focus()
  await page.keyboard.press('Enter')
  await expect(stageRow(page, 'Development')).toHaveAttribute('aria-expanded', 'true')
  const steps = timeline(page).getByRole('list', { name: 'Development steps' })
  await expect(steps.getByText(/^Tests: \d+ passed, 0 failed$/)).toBeVisible()
  const write = steps.getByRole('button', { name: /^Wrote README\.md \(\d+(\.\d)? k?B\)$/ })
  await write.click()
  await expect(write).toHaveAttribute('aria-expanded', 'true')
  const diff = timeline(page).getByLabel('Changes to README.md')
  await expect(diff).toBeVisible()
  // A new file: every line added, each marked by its sign.
  const added = diff.locator('ins')
  await expect(added.first()).toBeVisible()
  await expect(added.first()).toHaveText(/^\+/)
  expect(await added.count()).toBeGreaterThan(3)
  await expect(diff.locator('del')).toHaveCount(0)

  const axe = await analyzeSettled(page, WCAG_TAGS)
  const serious = axe.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`)
  expect(serious).toEqual([])

  // A reload of the address shows the timeline again, collapsed, read from the server; on a phone too.
  await page.setViewportSize({ width: 390, height: 844 })
  await page.reload()
  await expect(conversation(page).getByRole('link', { name: 'Download todo-web-app.zip' })).toBeVisible()
  await expect(timeline(page)).toBeVisible()
  for (const name of STAGES) await expect(stageRow(page, name)).toHaveAttribute('aria-expanded', 'false')
  await stageRow(page, 'Development').click()
  await timeline(page).getByRole('button', { name: /^Wrote README\.md/ }).click()
  await expect(timeline(page).getByLabel('Changes to README.md').locator('ins').first()).toBeVisible()
  // Nothing wider than the phone: the diff scrolls inside its box.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  expect(errors).toEqual([])
})
