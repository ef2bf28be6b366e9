import type { Page } from '@playwright/test'

declare global {
  interface Window {
    /** What the tracker showed, one entry per change: 'percentage|tone|current stage|message'. */
    __tracker?: string[]
  }
}

/**
 * Records every state the build tracker shows as the page renders it (the stages can pass faster
 * than a test can look): its percentage, colour, current stage and message.
 */
export const recordTracker = (page: Page) =>
  page.addInitScript(() => {
    const seen: string[] = []
    window.__tracker = seen
    const record = () => {
      const bar = document.querySelector('[role="progressbar"]')
      if (!bar) return
      const tone = bar.closest('[data-tone]')?.getAttribute('data-tone') ?? ''
      const current = bar.closest('section')?.querySelector('[aria-current="step"]')?.textContent ?? ''
      const entry = [bar.getAttribute('aria-valuenow'), tone, current, bar.getAttribute('aria-valuetext')].join('|')
      if (seen.at(-1) !== entry) seen.push(entry)
    }
    new MutationObserver(record).observe(document, { subtree: true, childList: true, attributes: true, characterData: true })
  })

/** What the tracker has shown so far (see `recordTracker`). */
export const trackerSeen = (page: Page) => page.evaluate(() => window.__tracker ?? [])
