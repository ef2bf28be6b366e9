import { readFile } from 'node:fs/promises'
import { expect, test, type Download, type Locator, type Page } from '@playwright/test'
import { analyzeSettled, WCAG_TAGS } from './a11y'
import { conversation, messageBox, openAssistant } from './assistant-page'
import { watchErrors } from './errors'

/**
 * The conversation tools of the assistant's history against the real server: rename, export as
 * Markdown and JSON, delete with Undo, and a read-only share link that a stranger can open until
 * it is revoked. Each test is a visitor of its own (its own browser context).
 */

const ask = async (page: Page, question: string) => {
  const replies = conversation(page).getByText('Overseer', { exact: true })
  const before = await replies.count()
  await messageBox(page).fill(question)
  await messageBox(page).press('Enter')
  await expect(page.getByRole('button', { name: 'Send Message' })).toBeVisible({ timeout: 20_000 })
  await expect(replies).toHaveCount(before + 1)
}

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
