import { readFile } from 'node:fs/promises'
import { expect, test, type Page } from '@playwright/test'
import { analyzeSettled, WCAG_TAGS } from './a11y'
import { recordTracker, trackerSeen } from './tracker'
import { conversation, messageBox, openAssistant } from './assistant-page'
import { watchErrors } from './errors'

/**
 * A build request on /assistant against the real server: the pipeline's seven stages
 * with overseer-local, live over socket.io, ending with a starter project's zip.
 */

const SAVED_FILES = 'Your project files have been saved to the server downloads directory.'

const tracker = (page: Page) => page.getByRole('region', { name: 'Build progress' })

test('builds a todo web app: the tracker follows the stages, the reply says the files were saved, and the zip downloads', async ({ page }) => {
  test.setTimeout(90_000)
  const errors = watchErrors(page)
  await recordTracker(page)
  await openAssistant(page)

  await messageBox(page).fill('build a todo web app')
  await messageBox(page).press('Enter')
  await expect(conversation(page).getByText('build a todo web app')).toBeVisible()

  // The reply, with the saved-files text, and the same text in the toast.
  await expect(conversation(page).getByText(SAVED_FILES)).toBeVisible({ timeout: 60_000 })
  await expect(page.getByRole('status').filter({ hasText: SAVED_FILES })).toBeVisible()
  // The tracker finished and went.
  await expect(page.getByRole('progressbar')).toBeHidden()

  // What the tracker showed on the way: 5% first (Connecting... or Initializing...), then the
  // stages, in order, ending green at 100%.
  const seen = await trackerSeen(page)
  expect(seen[0]).toMatch(/^5\|blue\|\|5%: (Connecting|Initializing)\.\.\.$/)
  const stages = [...new Set(seen.map((entry) => entry.split('|')[2]).filter((stage) => stage))]
  const order = ['Classification', 'Clarification', 'Market analysis', 'Structuring', 'Development', 'Assembly', 'Delivery']
  const positions = stages.map((stage) => order.findIndex((name) => stage?.includes(name)))
  expect(positions.every((position) => position >= 0), seen.join('\n')).toBe(true)
  expect(positions).toEqual([...positions].sort((a, b) => a - b))
  const green = seen.some((entry) => entry.startsWith('100|green|'))
  expect(stages.length >= 2 || green).toBe(true)
  expect(green).toBe(true)
  expect(seen.some((entry) => entry.split('|')[1] === 'red')).toBe(false)

  // One download link, the reply's own; it gives the project's zip.
  const link = conversation(page).getByRole('link', { name: /^Download .+\.zip$/ })
  await expect(link).toHaveCount(1)
  await expect(link).toHaveText('Download todo-web-app.zip')
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()])
  expect(download.suggestedFilename()).toBe('todo-web-app.zip')
  const zip = await readFile(await download.path())
  expect(zip.subarray(0, 2).toString('latin1')).toBe('PK')
  expect(zip.length).toBeGreaterThan(1000)
  // Still on the assistant, at the conversation's address: the download did not navigate away.
  await expect(page).toHaveURL(/\/assistant\/c\/[0-9a-f-]{36}$/)

  // The project's files are readable under the reply: a tree, then a file, highlighted.
  const files = conversation(page).getByRole('region', { name: 'Project files' })
  const tree = files.getByRole('navigation', { name: 'Files of the project' })
  await expect(tree.getByText('src/')).toBeVisible()
  await tree.getByRole('button', { name: /^server\.js\b/ }).click()
  const code = files.getByLabel('Contents of server.js')
  await expect(code).toContainText("require('node:http')")
  await expect(code.locator('.hljs-keyword').first()).toBeVisible()
  await expect(tree.getByRole('button', { name: /^server\.js\b/ })).toHaveAttribute('aria-current', 'true')
  expect(errors).toEqual([])
})

test('shows the tracker at 5% in blue, without motion when reduced motion is asked, and without serious or critical axe violations', async ({ page }) => {
  test.setTimeout(90_000)
  // Hold the build request back, so the tracker stays at its start while axe looks.
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/api/overseer/chat', async (route) => {
    await held
    await route.continue()
  })
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await openAssistant(page)
  await messageBox(page).fill('Create a command-line tool that counts words')
  await messageBox(page).press('Enter')

  const bar = page.getByRole('progressbar', { name: 'Build progress' })
  await expect(bar).toBeVisible()
  await expect(bar).toHaveAttribute('aria-valuenow', '5')
  await expect(tracker(page)).toContainText('Initializing...')
  await expect(tracker(page)).toHaveAttribute('data-tone', 'blue')
  await expect(tracker(page).getByRole('list', { name: 'Build stages' }).getByRole('listitem')).toHaveCount(7)
  // Blue: the bar's fill is the info colour.
  await expect(bar.locator('div')).toHaveCSS('background-color', 'rgb(29, 78, 216)')
  // Reduced motion: the bar jumps to each percentage instead of sliding.
  await expect(bar.locator('div')).toHaveCSS('transition-duration', '0s')

  const axe = await analyzeSettled(page, WCAG_TAGS)
  const serious = axe.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`)
  expect(serious).toEqual([])

  release()
  await expect(conversation(page).getByText(SAVED_FILES)).toBeVisible({ timeout: 60_000 })
  await expect(bar).toBeHidden()
})
