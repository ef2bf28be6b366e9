import { expect, test, type Locator, type Page } from '@playwright/test'
import { analyzeSettled, WCAG_TAGS } from './a11y'
import { ask, conversation, openAssistant } from './assistant-page'
import { watchErrors } from './errors'

/**
 * 'Helpful' and 'Not helpful' under the assistant's replies against the real server: a visitor
 * rates a reply with a comment, finds the rating again after a reload, and takes it back; on a
 * phone the buttons and the comment fit the screen.
 */

const COMMENT = 'It did not say where the gates are turned on.'

const ratingGroup = (page: Page) => conversation(page).getByRole('group', { name: 'Rate this reply' })
// Exact: Playwright matches names by substring, and 'Not helpful' contains 'helpful'.
const choice = (page: Page, name: 'Helpful' | 'Not helpful') => ratingGroup(page).getByRole('button', { name, exact: true })
const commentBox = (page: Page) => conversation(page).getByRole('textbox', { name: 'Tell us more (optional)' })

/** The ratings of the visitor's latest conversation, as the server keeps them (the page's own cookies). */
const storedRatings = async (page: Page): Promise<unknown> => {
  const response = await page.request.get('/api/overseer-dev/chat/history')
  expect(response.status()).toBe(200)
  const [latest] = ((await response.json()) as { data: { ratings?: unknown }[] }).data
  return latest?.ratings
}

const seriousViolations = async (page: Page) =>
  (await analyzeSettled(page, WCAG_TAGS)).violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id)

/** The element's box across, as the window shows it. */
const across = (element: Locator) => element.evaluate((target) => ({ left: target.getBoundingClientRect().left, right: target.getBoundingClientRect().right, height: target.getBoundingClientRect().height }))

test('rates a reply Not helpful with a comment, keeps the rating over a reload, and takes it back', async ({ page }) => {
  const errors = watchErrors(page)
  await openAssistant(page)
  await ask(page, 'How do I turn on approval gates?')
  await expect(ratingGroup(page)).toHaveCount(1)
  await expect(choice(page, 'Helpful')).toHaveAttribute('aria-pressed', 'false')
  await expect(choice(page, 'Not helpful')).toHaveAttribute('aria-pressed', 'false')

  await choice(page, 'Not helpful').click()
  await expect(choice(page, 'Not helpful')).toHaveAttribute('aria-pressed', 'true')
  await expect(conversation(page).getByText('Thanks for your feedback.')).toBeVisible()
  await expect(commentBox(page)).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  // The comment, by keyboard: Enter sends it.
  await commentBox(page).fill(COMMENT)
  await commentBox(page).press('Enter')
  await expect(commentBox(page)).toBeHidden()
  await expect(conversation(page).getByText(`Your comment: ${COMMENT}`)).toBeVisible()
  await expect(choice(page, 'Not helpful')).toBeFocused()
  expect(await storedRatings(page)).toEqual([{ position: 1, rating: 'not_helpful', comment: COMMENT }])

  // The conversation has its address: a reload opens it again, rated as it was.
  await expect(page).toHaveURL(/\/assistant\/c\/[0-9a-f-]{36}$/)
  await page.reload()
  await expect(choice(page, 'Not helpful')).toHaveAttribute('aria-pressed', 'true')
  await expect(choice(page, 'Helpful')).toHaveAttribute('aria-pressed', 'false')
  await expect(conversation(page).getByText(`Your comment: ${COMMENT}`)).toBeVisible()

  // Pressing the pressed button takes the rating back.
  await choice(page, 'Not helpful').click()
  await expect(choice(page, 'Not helpful')).toHaveAttribute('aria-pressed', 'false')
  await expect(conversation(page).getByText('Your rating was taken back.')).toBeVisible()
  await expect(conversation(page).getByText(/Your comment:/)).toHaveCount(0)
  expect(await storedRatings(page)).toBeUndefined()

  await page.reload()
  await expect(choice(page, 'Not helpful')).toHaveAttribute('aria-pressed', 'false')
  await expect(choice(page, 'Helpful')).toHaveAttribute('aria-pressed', 'false')
  expect(errors).toEqual([])
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('shows the buttons and the comment within the screen, and they work', async ({ page }) => {
    const errors = watchErrors(page)
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await openAssistant(page)
    await ask(page, 'How do approval gates work?')

    for (const name of ['Helpful', 'Not helpful'] as const) {
      const button = choice(page, name)
      await button.scrollIntoViewIfNeeded()
      await expect(button).toBeVisible()
      const box = await across(button)
      expect(box.left).toBeGreaterThanOrEqual(0)
      expect(box.right).toBeLessThanOrEqual(390)
      // Big enough to tap.
      expect(box.height).toBeGreaterThanOrEqual(24)
    }
    // Reduced motion: the buttons change at once.
    expect(await choice(page, 'Helpful').evaluate((button) => getComputedStyle(button).transitionDuration)).toBe('0s')

    await choice(page, 'Helpful').click()
    await expect(choice(page, 'Helpful')).toHaveAttribute('aria-pressed', 'true')
    await expect(commentBox(page)).toBeVisible()
    const comment = await across(commentBox(page))
    expect(comment.left).toBeGreaterThanOrEqual(0)
    expect(comment.right).toBeLessThanOrEqual(390)
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0)
    expect(await seriousViolations(page)).toEqual([])

    await conversation(page).getByRole('button', { name: 'Cancel' }).click()
    await expect(commentBox(page)).toBeHidden()
    await expect(choice(page, 'Helpful')).toBeFocused()
    expect(await storedRatings(page)).toEqual([{ position: 1, rating: 'helpful' }])

    await choice(page, 'Helpful').click()
    await expect(choice(page, 'Helpful')).toHaveAttribute('aria-pressed', 'false')
    expect(await storedRatings(page)).toBeUndefined()
    expect(errors).toEqual([])
  })
})
