import { expect, test, type Page } from '@playwright/test'
import { analyzeSettled, WCAG_TAGS } from './a11y'
import { conversation, messageBox, openAssistant } from './assistant-page'
import { watchErrors } from './errors'

/**
 * A vague request against the real server: the build asks before it guesses, its questions stay
 * through a reload of the conversation's address, and the answers (a suggestion, one's own words)
 * decide what it builds; on a phone's width too.
 */

const SAVED_FILES = 'Your project files have been saved to the server downloads directory.'

const questions = (page: Page) => conversation(page).getByRole('region', { name: 'Before I build' })

for (const width of [1280, 390]) {
  test(`asks a vague request, keeps its questions through a reload, and builds on the answers (${width} px)`, async ({ page }) => {
    test.setTimeout(90_000)
    await page.setViewportSize({ width, height: 900 })
    const errors = watchErrors(page)
    await openAssistant(page)
    await messageBox(page).fill('Create something cool')
    await messageBox(page).press('Enter')

    // The questions, visible, with the build waiting for them; nothing built yet.
    await expect(questions(page)).toBeVisible({ timeout: 30_000 })
    await expect(questions(page).getByRole('status')).toHaveText('Waiting for your answers')
    await expect(conversation(page).getByText(SAVED_FILES)).toHaveCount(0)
    await expect(page).toHaveURL(/\/assistant\/c\/[0-9a-f-]{36}$/)
    const kind = questions(page).getByRole('group', { name: /^What should it be: a web app/ })
    const subject = questions(page).getByRole('group', { name: 'What should it keep track of?', exact: true })
    await expect(kind).toBeVisible()
    await expect(subject).toBeVisible()
    const box = await questions(page).boundingBox()
    expect(box && box.x + box.width).toBeLessThanOrEqual(width)
    expect((await analyzeSettled(page, WCAG_TAGS)).violations).toEqual([])

    // A reload of the conversation's address finds them again.
    await page.reload()
    await expect(questions(page)).toBeVisible({ timeout: 30_000 })

    await kind.getByRole('button', { name: 'An HTTP API' }).click()
    await expect(kind.getByRole('button', { name: 'An HTTP API' })).toHaveAttribute('aria-pressed', 'true')
    await subject.getByRole('textbox', { name: 'Your answer' }).fill('Recipes and ingredients')
    await questions(page).getByRole('button', { name: 'Send answers' }).click()

    // The answers are the user's turn; the build goes on and delivers an API of what was answered.
    await expect(conversation(page).getByText(/What should it keep track of\? Recipes and ingredients/)).toBeVisible()
    await expect(conversation(page).getByText(SAVED_FILES)).toBeVisible({ timeout: 60_000 })
    await expect(conversation(page).getByText('Built on your answers:')).toBeVisible()
    await expect(conversation(page).getByRole('link', { name: /^Download .+\.zip$/ })).toHaveCount(1)
    await expect(conversation(page).getByText('HTTP API', { exact: true }).first()).toBeVisible()
    await expect(questions(page)).toHaveCount(0)
    expect(errors).toEqual([])
  })
}
