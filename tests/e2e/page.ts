import { expect, type Page } from '@playwright/test'

/** Console errors and uncaught exceptions of a page from now on, each with the address it happened at. */
export const watchErrors = (page: Page) => {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`)
  })
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`))
  return errors
}

/** The assistant's message box, conversation and model picker. */
export const messageBox = (page: Page) => page.getByRole('textbox', { name: 'Your Message' })
export const conversation = (page: Page) => page.getByRole('region', { name: 'Current Conversation' })
export const modelSelect = (page: Page) => page.getByRole('combobox', { name: 'Model' })

/** Opens the assistant and waits until its models have loaded. */
export const openAssistant = async (page: Page) => {
  await page.goto('/assistant')
  await expect(page.getByRole('heading', { level: 1, name: 'Overseer Assistant' })).toBeVisible()
  await expect(modelSelect(page)).toBeEnabled()
}
