import type { Page } from '@playwright/test'

/**
 * Console errors and uncaught exceptions of a page, from now on. The browser's note that the
 * document itself answered 404 is not one: an address that names nothing (an unknown module, a
 * role no longer open) answers 404 on purpose, and its page says so.
 */
export const watchErrors = (page: Page) => {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() !== 'error') return
    const documentStatus = message.text().startsWith('Failed to load resource') && message.location().url === page.url()
    if (!documentStatus) errors.push(`${page.url()}: ${message.text()}`)
  })
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`))
  return errors
}
