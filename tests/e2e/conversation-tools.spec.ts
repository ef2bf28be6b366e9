import { readFile } from 'node:fs/promises'
import { expect, test, type Download, type Locator, type Page } from '@playwright/test'
import { analyzeSettled, WCAG_TAGS } from './a11y'
import { ask, conversation, messageBox, openAssistant } from './assistant-page'
import { watchErrors } from './errors'

/**
 * The conversation tools of the assistant's history against the real server: rename, export as
 * Markdown and JSON, delete with Undo, and a read-only share link that a stranger can open until
 * it is revoked. Each test is a visitor of its own (its own browser context).
 */


const openHistory = async (page: Page): Promise<Locator> => {
  await page.getByRole('button', { name: 'View Chat History' }).click()
  const panel = page.getByRole('region', { name: 'Previous Conversations' })
  await expect(panel.getByText(/^Page 1 of/).or(panel.getByText('No conversations yet'))).toBeVisible()
  return panel
}

/** Chooses an action from a conversation's Actions menu, with the keyboard. */
const choose = async (panel: Locator, title: string, action: string) => {
  const button = panel.getByRole('button', { name: `Actions for “${title}”` })
  await button.focus()
  await button.press('Enter')
  // The menu opens on its first item; the wanted one is reached and chosen from there.
  await expect(panel.getByRole('menuitem').first()).toBeFocused()
  const item = panel.getByRole('menuitem', { name: action })
  await item.focus()
  await item.press('Enter')
}

const downloaded = async (page: Page, panel: Locator, title: string, action: string): Promise<{ name: string; text: string }> => {
  const download: Promise<Download> = page.waitForEvent('download')
  await choose(panel, title, action)
  const file = await download
  return { name: file.suggestedFilename(), text: await readFile(await file.path(), 'utf8') }
}

test('renames a conversation, exports it as Markdown and JSON, and deletes it with Undo', async ({ page }) => {
  const errors = watchErrors(page)
  await openAssistant(page)
  await ask(page, 'How do I install Overseer?')
  const panel = await openHistory(page)
  await expect(panel.getByRole('button', { name: 'How do I install Overseer?', exact: true })).toBeVisible()

  // Rename, all with the keyboard.
  await choose(panel, 'How do I install Overseer?', 'Rename')
  const title = panel.getByRole('textbox', { name: 'Title' })
  await expect(title).toBeFocused()
  await expect(title).toHaveValue('How do I install Overseer?')
  await title.fill('Install notes')
  await title.press('Enter')
  await expect(panel.getByRole('button', { name: 'Install notes', exact: true })).toBeVisible()
  await expect(panel.getByRole('button', { name: 'Actions for “Install notes”' })).toBeFocused()

  // Both exports are real downloads of the conversation, named after its title.
  const markdown = await downloaded(page, panel, 'Install notes', 'Export as Markdown')
  expect(markdown.name).toBe('install-notes.md')
  expect(markdown.text).toMatch(/^# Install notes\n/)
  expect(markdown.text).toContain('## You\n\nHow do I install Overseer?\n\n## Overseer\n\n')
  const json = await downloaded(page, panel, 'Install notes', 'Export as JSON')
  expect(json.name).toBe('install-notes.json')
  const file = JSON.parse(json.text) as { title: string; messages: { role: string; content: string }[] }
  expect(file.title).toBe('Install notes')
  expect(file.messages.map((message) => message.role)).toEqual(['user', 'assistant'])
  expect(file.messages[0]?.content).toBe('How do I install Overseer?')

  // Delete, then Undo: it is back, renamed as it was.
  await choose(panel, 'Install notes', 'Delete')
  await expect(panel.getByRole('button', { name: 'Install notes', exact: true })).toBeHidden()
  await expect(panel.getByText('No conversations yet')).toBeVisible()
  await expect(page.getByText('Conversation deleted')).toBeVisible()
  const undo = page.getByRole('button', { name: 'Undo' })
  await expect(undo).toBeFocused()
  await undo.press('Enter')
  await expect(panel.getByRole('button', { name: 'Install notes', exact: true })).toBeVisible()
  await expect(page.getByText('Conversation deleted')).toBeHidden()

  // Delete and let it go: it stays gone, after a reload too.
  await choose(panel, 'Install notes', 'Delete')
  await page.getByRole('button', { name: 'Close notification' }).click()
  await expect(page.getByText('Conversation deleted')).toBeHidden()
  await page.reload()
  const reloaded = await openHistory(page)
  await expect(reloaded.getByText('No conversations yet')).toBeVisible()
  expect(errors).toEqual([])
})

test('shares a read-only snapshot that a stranger can open, not indexed, until it is revoked', async ({ page, browser }) => {
  const errors = watchErrors(page)
  await openAssistant(page)
  await ask(page, 'What does the clarification loop do?')
  const panel = await openHistory(page)
  await choose(panel, 'What does the clarification loop do?', 'Share link')
  const share = panel.getByRole('region', { name: 'Share link' })
  await share.getByRole('button', { name: 'Create link' }).click()
  const linkBox = share.getByRole('textbox', { name: 'Share link' })
  await expect(linkBox).toHaveValue(/\/share\/[A-Za-z0-9_-]{43}$/)
  const url = await linkBox.inputValue()
  await expect(panel.getByText('Shared', { exact: true })).toBeVisible()

  // A stranger: another browser context, without the owner's cookie.
  const stranger = await browser.newContext()
  try {
    const other = await stranger.newPage()
    const response = await other.goto(url)
    expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow')
    await expect(other.getByRole('heading', { level: 1, name: 'What does the clarification loop do?' })).toBeVisible()
    const messages = other.getByRole('list', { name: 'Messages' })
    await expect(messages.getByText('What does the clarification loop do?')).toBeVisible()
    await expect(messages.getByText('Overseer', { exact: true })).toBeVisible()
    await expect(messages.locator('a[href^="/docs/"]').first()).toBeVisible()
    await expect(other.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
    // Read-only: nothing to write with, no history of anyone's.
    await expect(other.getByRole('textbox')).toHaveCount(0)
    await expect(other.getByRole('button', { name: 'View Chat History' })).toHaveCount(0)
    const axe = await analyzeSettled(other, WCAG_TAGS)
    expect(axe.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id)).toEqual([])

    // The owner revokes it: the link shows a plain 'not found'.
    await share.getByRole('button', { name: 'Revoke link' }).click()
    await expect(panel.getByText('Shared', { exact: true })).toBeHidden()
    await other.reload()
    await expect(other.getByRole('heading', { level: 1, name: 'Conversation not found' })).toBeVisible()
    await expect(other.getByText(/may have been revoked/)).toBeVisible()
    await expect(other.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
  } finally {
    await stranger.close()
  }
  expect(errors).toEqual([])
})

test('shares a built project: a stranger on a phone reads its files and downloads its zip through the link, until it is revoked', async ({ page, browser }) => {
  test.setTimeout(120_000)
  const errors = watchErrors(page)
  await openAssistant(page)
  await messageBox(page).fill('build a todo web app')
  await messageBox(page).press('Enter')
  await expect(conversation(page).getByText('Your project files have been saved to the server downloads directory.')).toBeVisible({ timeout: 60_000 })
  const panel = await openHistory(page)
  await choose(panel, 'build a todo web app', 'Share link')
  const share = panel.getByRole('region', { name: 'Share link' })
  await share.getByRole('button', { name: 'Create link' }).click()
  const linkBox = share.getByRole('textbox', { name: 'Share link' })
  await expect(linkBox).toHaveValue(/\/share\/[A-Za-z0-9_-]{43}$/)
  const url = await linkBox.inputValue()

  // A stranger with a phone: a fresh context, 390 px wide, without the owner's cookie.
  const stranger = await browser.newContext({ viewport: { width: 390, height: 844 } })
  try {
    const other = await stranger.newPage()
    const strangerErrors = watchErrors(other)
    await other.goto(url)
    await expect(other.getByRole('heading', { level: 1, name: 'build a todo web app' })).toBeVisible()
    const messages = other.getByRole('list', { name: 'Messages' })

    // The reply's download goes through the link; the owner's own address is nowhere.
    const download = messages.getByRole('link', { name: 'Download todo-web-app.zip' })
    await expect(download).toHaveAttribute('href', /^\/api\/overseer-dev\/shared\/[A-Za-z0-9_-]{43}\/builds\/[0-9a-f-]{36}\/archive$/)
    await expect(messages.locator('a[href^="/api/overseer/"]')).toHaveCount(0)

    // What was built: the files, one read with the keyboard, in a box of its own.
    const files = messages.getByRole('region', { name: 'Project files' })
    const tree = files.getByRole('navigation', { name: 'Files of the project' })
    await expect(tree.getByText('test/')).toBeVisible()
    const serverFile = tree.getByRole('button', { name: /^server\.js\b/ })
    await serverFile.focus()
    await serverFile.press('Enter')
    const viewer = files.getByRole('region', { name: 'server.js' })
    await expect(viewer.getByRole('heading', { name: 'server.js' })).toBeVisible()
    const code = viewer.getByLabel('Contents of server.js')
    await expect(code).toContainText("require('node:http')")
    await expect(code.locator('.hljs-keyword').first()).toBeVisible()
    await expect(serverFile).toHaveAttribute('aria-current', 'true')
    // Nothing is wider than the phone: long lines scroll inside the code's box.
    expect(await other.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    const box = await code.boundingBox()
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 999) <= 390).toBe(true)
    expect(await code.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true)

    const [zip] = await Promise.all([other.waitForEvent('download'), download.click()])
    expect(zip.suggestedFilename()).toBe('todo-web-app.zip')
    const bytes = await readFile(await zip.path())
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK')
    await expect(other).toHaveURL(url)

    const axe = await analyzeSettled(other, WCAG_TAGS)
    expect(axe.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id)).toEqual([])
    expect(strangerErrors).toEqual([])

    // The owner revokes the link: the next file the stranger opens finds it gone, and the page says so.
    const archiveUrl = (await download.getAttribute('href')) ?? ''
    await share.getByRole('button', { name: 'Revoke link' }).click()
    await expect(panel.getByText('Shared', { exact: true })).toBeHidden()
    await tree.getByRole('button', { name: /^README\.md\b/ }).click()
    await expect(other.getByRole('heading', { level: 1, name: 'Conversation not found' })).toBeVisible()
    const gone = await other.request.get(archiveUrl)
    expect(gone.status()).toBe(404)
    expect(await gone.json()).toEqual({ success: false, message: 'This shared conversation does not exist or is no longer shared' })
  } finally {
    await stranger.close()
  }
  expect(errors).toEqual([])
})

test('has no serious or critical axe violations with the Actions menu and the share panel open', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await openAssistant(page)
  await ask(page, 'How do approval gates work?')
  const panel = await openHistory(page)
  await choose(panel, 'How do approval gates work?', 'Share link')
  await expect(panel.getByRole('region', { name: 'Share link' })).toBeVisible()
  await panel.getByRole('button', { name: 'Actions for “How do approval gates work?”' }).click()
  await expect(panel.getByRole('menu')).toBeVisible()
  const axe = await analyzeSettled(page, WCAG_TAGS)
  const serious = axe.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`)
  expect(serious).toEqual([])
})
