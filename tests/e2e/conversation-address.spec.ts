import { expect, test } from '@playwright/test'
import { ask, conversation, openAssistant } from './assistant-page'
import { watchErrors } from './errors'

/**
 * A conversation has an address: /assistant/c/{id}. A reload, Back and Forward, and a pasted link
 * open it again for its owner; for another visitor the address shows only that it was not found.
 */

const ADDRESS = /\/assistant\/c\/([0-9a-f-]{36})$/
const QUESTION = 'What does the DevLoop Matrix do?'

test('reopens a conversation from its address on reload, Back and Forward, and shows another visitor nothing of it', async ({ page, browser }) => {
  const errors = watchErrors(page)
  await openAssistant(page)
  await ask(page, QUESTION)
  await expect(page).toHaveURL(ADDRESS)
  const address = page.url()
  const replies = conversation(page).getByText('Overseer', { exact: true })

  // A reload opens it again: the question and its reply.
  await page.reload()
  await expect(conversation(page).getByText(QUESTION)).toBeVisible()
  await expect(replies).toHaveCount(1)

  // New Conversation goes back to /assistant; Back returns to the conversation, Forward leaves it again.
  await page.getByRole('button', { name: 'New Conversation' }).click()
  await expect(page).toHaveURL(/\/assistant$/)
  await expect(conversation(page).getByText(/No messages yet/)).toBeVisible()
  await page.goBack()
  await expect(page).toHaveURL(address)
  await expect(conversation(page).getByText(QUESTION)).toBeVisible()
  await page.goForward()
  await expect(page).toHaveURL(/\/assistant$/)
  await expect(conversation(page).getByText(/No messages yet/)).toBeVisible()

  // Another visitor (a browser of their own) pasting the address sees that it was not found, and nothing of it.
  const other = await browser.newContext()
  try {
    const stranger = await other.newPage()
    await stranger.goto(address)
    await expect(stranger.getByRole('alert').filter({ hasText: 'Conversation not found' })).toBeVisible()
    await expect(conversation(stranger).getByText(QUESTION)).toHaveCount(0)
    await expect(conversation(stranger).getByText(/No messages yet/)).toBeVisible()
  } finally {
    await other.close()
  }
  expect(errors).toEqual([])
})
