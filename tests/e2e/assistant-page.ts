import { expect, type Page } from '@playwright/test'

export const messageBox = (page: Page) => page.getByRole('textbox', { name: 'Your Message' })
export const conversation = (page: Page) => page.getByRole('region', { name: 'Current Conversation' })
export const modelSelect = (page: Page) => page.getByRole('combobox', { name: 'Model' })

/** Opens the assistant and waits until a model can be chosen. */
export const openAssistant = async (page: Page) => {
  await page.goto('/assistant')
  await expect(page.getByRole('heading', { level: 1, name: 'Overseer Assistant' })).toBeVisible()
  await expect(modelSelect(page)).toBeEnabled()
}

/** Sends a message as a visitor does (typed, Enter) and waits until its reply is in the conversation. */
export const ask = async (page: Page, question: string, { timeout = 30_000 }: { timeout?: number } = {}) => {
  const replies = conversation(page).getByText('Overseer', { exact: true })
  const before = await replies.count()
  await messageBox(page).fill(question)
  await messageBox(page).press('Enter')
  await expect(page.getByRole('button', { name: 'Send Message' })).toBeVisible({ timeout })
  await expect(replies).toHaveCount(before + 1)
}
