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
