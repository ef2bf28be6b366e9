import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test'
import { analyzeSettled, WCAG_TAGS } from './a11y'
import { ask, conversation, openAssistant } from './assistant-page'
import { watchErrors } from './errors'
import { cutOff, type Cut } from './layout'
import { createUser, SETUP_TIMEOUT_MS, startServer, type RunningServer } from './server'
import { STAFF } from './staff'

/**
 * The Questions page of the Architect Suite against a server of its own (what visitors ask is
 * global: another spec's questions would show up here). A visitor asks the offline assistant; an
 * operator reads the questions, corrects an answer to another docs section, which the assistant
 * then answers from, and undoes it. A phone shows the same, and a viewer is refused.
 */

const ANSWERED = 'How do approval gates work?'
// Not 'Does the staff login support two-factor authentication?': the docs answer that one (from
// Authentication), if not well.
const UNANSWERED = 'How do I bake sourdough bread?'
/** The section the correction points to: another page than the one the docs answer from. */
const CHOSEN = { name: 'Logs Viewer: Searching and filtering', href: '/docs/architect-suite/logs-viewer#searching-and-filtering' }

let server: RunningServer
/** The visitor: a browser context of its own, never signed in. */
let visitor: BrowserContext
let chat: Page

test.describe.configure({ mode: 'serial' })

test.beforeAll(async ({ browser }) => {
  test.setTimeout(SETUP_TIMEOUT_MS)
  server = await startServer()
  for (const member of [STAFF.operator, STAFF.viewer]) await createUser(server.dataDir, member.email, member.role, member.password)
  visitor = await browser.newContext({ baseURL: server.url })
  chat = await visitor.newPage()
})

test.afterAll(async () => {
  await visitor?.close()
  await server?.stop()
})

/** A staff member's own browser context, signed in (the session cookie), at `viewport`. */
const staffContext = async (browser: Browser, member: { email: string; password: string }, viewport = { width: 1280, height: 800 }) => {
  const context = await browser.newContext({ baseURL: server.url, viewport })
  const response = await context.request.post('/api/auth/login', { data: { email: member.email, password: member.password } })
  expect(response.status()).toBe(200)
  return context
}

/** Opens the Questions page once the app has booted. */
const openQuestions = async (page: Page, query = '') => {
  await page.goto(`/architect/questions${query}`)
  await expect(page.locator('#boot-splash')).toHaveCount(0)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 })
}

/** Starts a new conversation: the next question is read on its own, not as a follow-up. */
const newConversation = async (page: Page) => {
  await page.getByRole('button', { name: 'New Conversation' }).click()
  await expect(conversation(page).getByText(/No messages yet/)).toBeVisible()
}

/** Serious and critical axe violations of the page at rest, one line each. */
const seriousViolations = async (page: Page): Promise<string[]> => {
  const axe = await analyzeSettled(page, WCAG_TAGS)
  return axe.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`)
}

const questionRows = (page: Page) => page.getByRole('table', { name: 'Questions, newest first' }).locator('tbody tr')
const rowOf = (page: Page, question: string) => questionRows(page).filter({ hasText: question })
/** The row's cell under `column` (cells carry their column's name). */
const cellOf = (row: Locator, column: string) => row.locator(`td[data-label="${column}"]`)

const IN_FULL: Cut = { left: 0, right: 0, top: 0, bottom: 0 }

/** Seen in full once scrolled to: on screen, and not cut off by the window or a box that clips it. */
const expectInFullView = async (element: Locator) => {
  await expect(element).toBeVisible()
  await element.scrollIntoViewIfNeeded()
  expect(await cutOff(element)).toEqual(IN_FULL)
}

test('an operator reads what a visitor asked, corrects an answer to another docs section, which the assistant then answers from, and undoes it', async ({ browser }) => {
  test.setTimeout(120_000)
  const chatErrors = watchErrors(chat)
  await openAssistant(chat)
  await ask(chat, ANSWERED)
  await expect(conversation(chat).locator('a[href^="/docs/"]').first()).toBeVisible()
  await newConversation(chat)
  await ask(chat, UNANSWERED)
  await expect(conversation(chat).getByText(/I don't know the answer to that/)).toBeVisible()

  const staff = await staffContext(browser, STAFF.operator)
  const page = await staff.newPage()
  const errors = watchErrors(page)
  await openQuestions(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Questions' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Architect Suite' }).getByRole('link', { name: 'Questions' })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('tab', { name: 'Questions' })).toHaveAttribute('aria-selected', 'true')

  // Both questions, newest first: where each was answered from.
  await expect(questionRows(page)).toHaveCount(2)
  await expect(questionRows(page).first()).toContainText(UNANSWERED)
  await expect(cellOf(rowOf(page, UNANSWERED), 'Answer')).toHaveText('I don’t know')
  const source = cellOf(rowOf(page, ANSWERED), 'Answer').getByRole('link')
  await expect(source).toHaveAttribute('href', /^\/docs\/.+/)
  const originalHref = await source.getAttribute('href')
  expect(originalHref).not.toBe(CHOSEN.href)
  await expect(page.getByText('Showing 2 of 2 questions')).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  // Unanswered only: in the URL, and only that question.
  await page.getByRole('combobox', { name: 'Show' }).selectOption({ label: 'Unanswered' })
  await expect(page).toHaveURL(/\/architect\/questions\?filter=unanswered$/)
  await expect(questionRows(page)).toHaveCount(1)
  await expect(questionRows(page)).toContainText(UNANSWERED)
  // A reload keeps it.
  await page.reload()
  await expect(page.getByRole('combobox', { name: 'Show' })).toHaveValue('unanswered')
  await expect(questionRows(page)).toHaveCount(1)
  await page.getByRole('combobox', { name: 'Show' }).selectOption({ label: 'All' })
  await expect(page).toHaveURL(/\/architect\/questions$/)
  await expect(questionRows(page)).toHaveCount(2)

  // Correct the answered one to another section, with the keyboard's way out and back checked first.
  const correct = rowOf(page, ANSWERED).getByRole('button', { name: `Correct “${ANSWERED}”` })
  await correct.click()
  const dialog = page.getByRole('dialog', { name: 'Correct the answer' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('textbox', { name: /^Question/ })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(correct).toBeFocused()
  await correct.press('Enter')
  await expect(dialog.getByRole('textbox', { name: /^Question/ })).toHaveValue(ANSWERED)
  await expect(dialog.getByRole('radio', { name: 'Answered by a docs section' })).toBeChecked()
  const section = dialog.getByRole('combobox', { name: /^Docs section/ })
  await section.selectOption({ label: CHOSEN.name })
  expect(await seriousViolations(page)).toEqual([])
  await dialog.getByRole('button', { name: 'Save correction' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('status').filter({ hasText: `Correction saved: the assistant now answers “${ANSWERED}” from ${CHOSEN.name}.` })).toBeVisible()
  await expect(rowOf(page, ANSWERED).getByText('Corrected', { exact: true })).toBeVisible()
  await expect(correct).toBeFocused()
  await expect(rowOf(page, UNANSWERED).getByText('Corrected', { exact: true })).toHaveCount(0)

  // The Corrections tab lists it, by the operator, in force.
  await page.getByRole('tab', { name: 'Corrections' }).click()
  await expect(page).toHaveURL(/\/architect\/questions\?view=corrections$/)
  const corrections = page.getByRole('list', { name: 'Corrections, newest first' }).getByRole('listitem')
  await expect(corrections).toHaveCount(1)
  const correction = corrections.first()
  await expect(correction).toContainText(ANSWERED)
  await expect(correction.getByRole('link', { name: CHOSEN.name })).toHaveAttribute('href', CHOSEN.href)
  await expect(correction).toContainText(`By ${STAFF.operator.email} on `)
  await expect(correction).toContainText('In force')

  // The visitor asks again, in a new conversation: the reply links the chosen section.
  await newConversation(chat)
  await ask(chat, ANSWERED)
  await expect(conversation(chat).locator(`a[href="${CHOSEN.href}"]`).last()).toBeVisible()

  // Undone: the status says by whom, the Undo button is gone, and the assistant answers from the docs again.
  await correction.getByRole('button', { name: `Undo the correction of “${ANSWERED}”` }).click()
  await expect(correction).toContainText(`Undone by ${STAFF.operator.email} on `)
  await expect(correction.getByText(/^Undone by/)).toBeFocused()
  await expect(correction.getByRole('button')).toHaveCount(0)
  await expect(page.getByRole('status').filter({ hasText: `Correction undone: the assistant answers “${ANSWERED}” from the docs again.` })).toBeVisible()
  await newConversation(chat)
  await ask(chat, ANSWERED)
  await expect(conversation(chat).locator(`a[href="${originalHref}"]`).first()).toBeVisible()
  await expect(conversation(chat).locator(`a[href="${CHOSEN.href}"]`)).toHaveCount(0)

  // Back on Questions: the answered question was asked three times; grouped, one row says so.
  await page.getByRole('tab', { name: 'Questions' }).click()
  await page.getByRole('checkbox', { name: 'Group similar questions' }).check()
  await expect(page).toHaveURL(/\/architect\/questions\?grouped=true$/)
  const groups = page.getByRole('table', { name: 'Questions, similar ones together, latest first' }).locator('tbody tr')
  await expect(groups).toHaveCount(2)
  await expect(groups.filter({ hasText: ANSWERED })).toContainText('×3')
  await page.goBack()
  await expect(page).toHaveURL(/\/architect\/questions$/)
  await expect(page.getByRole('checkbox', { name: 'Group similar questions' })).not.toBeChecked()
  await expect(questionRows(page)).toHaveCount(4)
  expect(errors).toEqual([])
  expect(chatErrors).toEqual([])
  await staff.close()
})

test('on a phone (390 px) the tabs, the questions as cards, the dialog, the gaps and the corrections are in full view and usable', async ({ browser }) => {
  test.setTimeout(60_000)
  const staff = await staffContext(browser, STAFF.operator, { width: 390, height: 844 })
  const page = await staff.newPage()
  const errors = watchErrors(page)
  await openQuestions(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Questions' })).toBeVisible()
  // All three tabs side by side in full, without scrolling the tab list.
  for (const name of ['Questions', 'Docs gaps', 'Corrections']) {
    const tab = page.getByRole('tab', { name })
    await expect(tab).toBeVisible()
    expect(await cutOff(tab), name).toEqual(IN_FULL)
  }
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

  // Each question a card: its values beside their names, the Correct button in view.
  // The answered question three times, the other once.
  await expect(questionRows(page)).toHaveCount(4)
  const card = rowOf(page, UNANSWERED)
  for (const column of ['Question', 'Asked', 'Answer', 'Rating']) await expectInFullView(cellOf(card, column))
  expect(await cellOf(card, 'Answer').evaluate((cell) => getComputedStyle(cell, '::before').content)).toContain('Answer')
  await expectInFullView(page.getByRole('searchbox', { name: 'Search' }))
  await expectInFullView(page.getByRole('combobox', { name: 'Show' }))
  await expectInFullView(page.getByRole('checkbox', { name: 'Group similar questions' }))
  const correct = card.getByRole('button', { name: `Correct “${UNANSWERED}”` })
  await expectInFullView(correct)
  await expectInFullView(page.getByRole('button', { name: 'Next' }))

  // The dialog fits the phone; its buttons are within reach.
  await correct.click()
  const dialog = page.getByRole('dialog', { name: 'Correct the answer' })
  await expectInFullView(dialog.getByRole('textbox', { name: /^Question/ }))
  await expectInFullView(dialog.getByRole('combobox', { name: /^Docs section/ }))
  await expectInFullView(dialog.getByRole('button', { name: 'Save correction' }))
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
  await expect(correct).toBeFocused()

  // The gap the unanswered question left, and its Correct button.
  await page.getByRole('tab', { name: 'Docs gaps' }).click()
  const gap = page.getByRole('list', { name: 'Docs gaps, most frequent first' }).getByRole('listitem').filter({ hasText: UNANSWERED })
  await expectInFullView(gap.getByText(UNANSWERED, { exact: true }))
  await expect(gap).toContainText('Not answered well once: 1 unanswered')
  await expectInFullView(gap.getByRole('button', { name: `Correct “${UNANSWERED}”` }))

  await page.getByRole('tab', { name: 'Corrections' }).click()
  const correction = page.getByRole('list', { name: 'Corrections, newest first' }).getByRole('listitem').first()
  await expectInFullView(correction.getByText(ANSWERED, { exact: true }))
  await expectInFullView(correction.getByRole('link', { name: CHOSEN.name }))
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  expect(await seriousViolations(page)).toEqual([])
  expect(errors).toEqual([])
  await staff.close()
})

test('a viewer, without architect.questions, gets the permission message and no Questions section', async ({ browser }) => {
  const staff = await staffContext(browser, STAFF.viewer)
  const page = await staff.newPage()
  await openQuestions(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Access Restricted' })).toBeVisible()
  await expect(page.getByText('You do not have permission to access the Questions module.')).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Architect Suite' }).getByRole('link', { name: 'Questions' })).toHaveCount(0)
  await expect(page.getByRole('tab')).toHaveCount(0)
  // The server refuses too.
  expect((await staff.request.get('/api/architect/questions')).status()).toBe(403)
  await staff.close()
})
