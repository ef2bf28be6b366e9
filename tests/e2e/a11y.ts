import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'
import type { AxeResults } from 'axe-core'

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

/**
 * Waits until the page is as a reader sees it at rest: the start-up splash is gone and no finite
 * animation or transition is running (a splash, toast or panel fading has, for that moment, colours
 * that fail a contrast check). Endless animations (spinners) do not count.
 */
export const settled = async (page: Page) => {
  await expect(page.locator('#boot-splash')).toHaveCount(0)
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity),
  )
}

/** Runs axe on the settled page, with the rules of `tags` (every rule when omitted). */
export const analyzeSettled = async (page: Page, tags?: string[]): Promise<AxeResults> => {
  await settled(page)
  const builder = new AxeBuilder({ page })
  return (tags ? builder.withTags(tags) : builder).analyze()
}
