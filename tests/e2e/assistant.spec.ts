import { expect, test } from '@playwright/test'
import { analyzeSettled, WCAG_TAGS } from './a11y'
import { ask, conversation, messageBox, modelSelect, openAssistant } from './assistant-page'
import { watchErrors } from './errors'

/**
 * The assistant chat (/assistant) against the real server and its offline engine
 * (overseer-local answers from docs/). Every test has a browser context of its own, so a visitor
 * of its own: its history holds only its own conversations.
 */



test('answers a question from the docs, then finds, opens and continues it from the history', async ({ page }) => {
  const errors = watchErrors(page)
  await openAssistant(page)
  await expect(page.getByText('Online')).toBeVisible()
  await expect(page.getByText('v2.4.1')).toBeVisible()
  await expect(page.getByText('May 10, 2025')).toBeVisible()
  await expect(modelSelect(page)).toHaveValue('overseer-local')
  await expect(conversation(page).getByText(/No messages yet/)).toBeVisible()

  await ask(page, 'What does the clarification loop do?')
  await expect(conversation(page).getByText('What does the clarification loop do?')).toBeVisible()
  const docsLink = conversation(page).locator('a[href^="/docs/"]').first()
  await expect(docsLink).toBeVisible()

  await ask(page, 'How do approval gates work?')
  await expect(conversation(page).getByText('You', { exact: true })).toHaveCount(2)

  // A second conversation, so the search has something to leave out.
  await page.getByRole('button', { name: 'New Conversation' }).click()
  await expect(conversation(page).getByText(/No messages yet/)).toBeVisible()
  await expect(messageBox(page)).toBeFocused()
  await ask(page, 'How do I get started with the quickstart?')

  await page.getByRole('button', { name: 'View Chat History' }).click()
  const panel = page.getByRole('region', { name: 'Previous Conversations' })
  await expect(panel.getByRole('button', { name: 'What does the clarification loop do?', exact: true })).toBeVisible()
  await expect(panel.getByRole('button', { name: 'How do I get started with the quickstart?', exact: true })).toBeVisible()
  await expect(panel.getByText('Page 1 of 1')).toBeVisible()
  await expect(panel.getByText('Completed')).toHaveCount(2)

  await panel.getByRole('searchbox', { name: 'Search conversations' }).fill('clarification')
  await expect(panel.getByText('Showing results for “clarification”')).toBeVisible()
  await expect(panel.getByRole('button', { name: 'How do I get started with the quickstart?', exact: true })).toBeHidden()
  await panel.getByRole('button', { name: 'What does the clarification loop do?', exact: true }).click()

  // The panel closes; the conversation is loaded with its turns and last reply.
  await expect(page.getByRole('region', { name: 'Previous Conversations' })).toBeHidden()
  await expect(conversation(page).getByText('What does the clarification loop do?')).toBeVisible()
  await expect(conversation(page).getByText('How do approval gates work?')).toBeVisible()
  await expect(conversation(page).getByText('Overseer', { exact: true })).toHaveCount(2)

  // A follow-up continues the same stored conversation.
  await ask(page, 'Tell me more about the clarification loop')
  await page.getByRole('button', { name: 'View Chat History' }).click()
  const reopened = page.getByRole('region', { name: 'Previous Conversations' })
  await reopened.getByRole('button', { name: 'Clear search' }).first().click()
  await expect(reopened.getByText('6 messages')).toBeVisible()
  await expect(reopened.getByRole('listitem')).toHaveCount(2)

  await page.getByRole('button', { name: 'Close History' }).click()
  await page.getByRole('button', { name: 'New Conversation' }).click()
  await expect(conversation(page).getByText(/No messages yet/)).toBeVisible()
  expect(errors).toEqual([])
})

test('keeps the chosen model after a reload', async ({ page }) => {
  // The e2e server offers only overseer-local: a second (listed, never used) model to choose.
  await page.route('**/api/overseer-dev/models', async (route) => {
    const response = await route.fetch()
    const json = (await response.json()) as { data: { models: Record<string, unknown> } }
    json.data.models['overseer-local-second'] = {
      description: 'A second model for this test',
      costPer1kTokens: 0.001,
      capabilities: ['chat'],
      provider: 'OpenAI',
      source: 'openai-compatible',
    }
    await route.fulfill({ response, json })
  })
  await openAssistant(page)
  await expect(modelSelect(page)).toHaveValue('overseer-local')
  await modelSelect(page).selectOption('overseer-local-second')

  await page.getByRole('button', { name: 'Model details' }).click()
  const dialog = page.getByRole('dialog', { name: 'overseer-local-second' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('link', { name: /OpenAI pricing/ })).toHaveAttribute('href', 'https://openai.com/api/pricing/')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('button', { name: 'Model details' })).toBeFocused()

  await expect.poll(() => page.evaluate(() => localStorage.getItem('overseer_selected_model'))).toContain('overseer-local-second')
  await page.reload()
  await expect(modelSelect(page)).toBeEnabled()
  await expect(modelSelect(page)).toHaveValue('overseer-local-second')
})

test('streams the reply while it is generated and offers Stop', async ({ page }) => {
  // The HTTP answer is held back until the test has seen the text stream in over the socket.
  let release: () => void = () => undefined
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/api/overseer-dev/chat', async (route) => {
    const response = await route.fetch()
    await held
    await route.fulfill({ response })
  })
  await openAssistant(page)
  await messageBox(page).fill('What is the DevLoop matrix?')
  await messageBox(page).press('Enter')

  const streaming = page.getByTestId('streaming-reply')
  await expect(streaming).toHaveAttribute('aria-busy', 'true')
  await expect(streaming).toContainText(/DevLoop/i)
  await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled()
  await page.getByRole('button', { name: 'Stop' }).click()
  release()

  await expect(streaming).toBeHidden({ timeout: 15_000 })
  await expect(conversation(page).getByText('Overseer', { exact: true })).toHaveCount(1)
  // The offline engine writes fast: Stop ends the reply early (its text so far may already link a
  // page), or it had already ended with its sources. Either is enough; both can be there at once.
  const stoppedNote = conversation(page).getByText('(Stopped before the reply was complete.)')
  const sourceLink = conversation(page).locator('a[href^="/docs/"]')
  await expect(stoppedNote.or(sourceLink).first()).toBeVisible()
})

test('has no serious or critical axe violations with a conversation and the history open', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await openAssistant(page)
  await ask(page, 'How do I install Overseer? Show an example command.')
  await page.getByRole('button', { name: 'View Chat History' }).click()
  await expect(page.getByRole('region', { name: 'Previous Conversations' }).getByText('Page 1 of 1')).toBeVisible()
  const axe = await analyzeSettled(page, WCAG_TAGS)
  const serious = axe.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`)
  expect(serious).toEqual([])
})

test('answers a how-to question with its command, and links other pages under See also, on a phone too', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  const errors = watchErrors(page)
  await openAssistant(page)
  await ask(page, 'How do I turn on approval gates?')
  // The setting, as a command the reader can copy.
  await expect(conversation(page).locator('pre', { hasText: 'APPROVAL_GATES=planning,development,deployment npm start' })).toBeVisible()
  // See also: pages other than the sources, each a working link into the docs.
  const seeAlso = conversation(page).getByText('See also:', { exact: true })
  await expect(seeAlso).toBeVisible()
  const related = seeAlso.locator('xpath=following-sibling::ul[1]').getByRole('link')
  await expect(related.first()).toBeVisible()
  expect(await related.count()).toBeLessThanOrEqual(2)
  for (const href of await related.evaluateAll((links) => links.map((link) => link.getAttribute('href')))) expect(href).toMatch(/^\/docs\/(?!guides\/permission-controls)/)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await related.first().click()
  await expect(page).toHaveURL(/\/docs\//)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  expect(errors).toEqual([])
})
