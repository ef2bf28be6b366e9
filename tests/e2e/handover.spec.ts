import { randomUUID } from 'node:crypto'
import { expect, test, type Page } from '@playwright/test'
import { STAFF } from './staff'
import { recordTracker, trackerSeen } from './tracker'
import { ask, conversation, messageBox } from './assistant-page'

/**
 * One browser tab that changes hands without a reload: a visitor chats on /assistant, a staff
 * member signs in in the same tab and chats (the reply streams in, a build reports its progress
 * over the socket), then signs out. Each of them sees only their own conversations.
 */

const SAVED_FILES = 'Your project files have been saved to the server downloads directory.'

declare global {
  interface Window {
    /** Set once on the first load: still there at the end means the page was never loaded again. */
    __sameDocument?: boolean
  }
}

/** Errors of the page, and every answer over 400 (`path status`). */
const watchErrors = (page: Page) => {
  const errors: string[] = []
  const failed: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`)
  })
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`))
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${new URL(response.url()).pathname} ${response.status()}`)
  })
  return { errors, failed }
}

const history = (page: Page) => page.getByRole('region', { name: 'Previous Conversations' })

/**
 * Moves the router as a link would, without loading the page again. The public pages have no link
 * to the sign-in page or the staff area, which a person reaches by typing the address.
 */
const goInApp = (page: Page, path: string) =>
  page.evaluate((to) => {
    window.history.pushState(null, '', to)
    window.dispatchEvent(new PopStateEvent('popstate'))
  }, path)

/** Back to the assistant through the site's own links: Home, then the footer's Assistant. */
const assistantFromHome = async (page: Page) => {
  await page.getByRole('contentinfo').getByRole('link', { name: 'Assistant', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Overseer Assistant' })).toBeVisible()
  await expect(page.getByRole('combobox', { name: 'Model' })).toBeEnabled()
}


/** The titles the history panel lists (it is opened, read and closed). */
const historyTitles = async (page: Page) => {
  await page.getByRole('button', { name: 'View Chat History' }).click()
  const panel = history(page)
  await expect(panel.getByText(/Page \d+ of \d+|No conversations yet/)).toBeVisible()
  const titles = await panel.getByRole('listitem').getByRole('button').allTextContents()
  await page.getByRole('button', { name: 'Close History' }).click()
  return titles
}

/** Holds the answers to `pattern` until `release` is called: what streams over the socket meanwhile is all there is to see. */
const holdAnswers = async (page: Page, pattern: string) => {
  let release: () => void = () => undefined
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(pattern, async (route) => {
    const response = await route.fetch()
    await held
    await route.fulfill({ response })
  })
  return release
}

test('a tab that changes hands: the visitor, then a staff member, then the visitor again, each with their own chat, socket and data', async ({ page }) => {
  test.setTimeout(150_000)
  const { errors, failed } = watchErrors(page)
  await recordTracker(page)
  const visitorQuestion = `What does the clarification loop do? (${randomUUID().slice(0, 8)})`
  const staffQuestion = `What is the DevLoop matrix? (${randomUUID().slice(0, 8)})`

  // A visitor chats.
  await page.goto('/assistant')
  await expect(page.getByRole('combobox', { name: 'Model' })).toBeEnabled()
  await page.evaluate(() => (window.__sameDocument = true))
  await ask(page, visitorQuestion)
  expect(await historyTitles(page)).toContain(visitorQuestion)

  // The same tab signs in as an admin, and comes back to the assistant through the site's links.
  await goInApp(page, '/login')
  await expect(page.getByRole('heading', { name: 'Architect Suite' })).toBeVisible()
  await page.getByLabel('Email', { exact: true }).fill(STAFF.admin.email)
  await page.getByLabel('Password', { exact: true }).fill(STAFF.admin.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Architect Dashboard' })).toBeVisible()
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Home' }).click()
  await assistantFromHome(page)

  // A new conversation, and none of the visitor's in the history.
  await expect(conversation(page).getByText(/No messages yet/)).toBeVisible()
  expect(await historyTitles(page)).not.toContain(visitorQuestion)

  // The admin's reply streams in over the socket: the HTTP answer is held back until it has.
  const releaseReply = await holdAnswers(page, '**/api/overseer-dev/chat')
  await messageBox(page).fill(staffQuestion)
  await messageBox(page).press('Enter')
  await expect(page.getByTestId('streaming-reply')).toContainText(/DevLoop/i, { timeout: 30_000 })
  releaseReply()
  // The streamed turn gives way to the reply once the HTTP answer is in.
  await expect(page.getByRole('button', { name: 'Send Message' })).toBeVisible({ timeout: 30_000 })
  await expect(page.getByTestId('streaming-reply')).toHaveCount(0)
  await expect(conversation(page).getByText('Overseer', { exact: true })).toHaveCount(1)
  await expect(page.getByText(/Backend error/)).toHaveCount(0)
  await page.unroute('**/api/overseer-dev/chat')

  // A build reports its progress over the socket: past 5% while its HTTP answer is held back.
  const releaseBuild = await holdAnswers(page, '**/api/overseer/chat')
  await messageBox(page).fill('Build a todo app')
  await messageBox(page).press('Enter')
  await expect(page.getByRole('progressbar', { name: 'Build progress' })).toBeVisible()
  await expect
    .poll(async () => (await trackerSeen(page)).some((entry) => Number(entry.split('|')[0]) > 5), { timeout: 60_000 })
    .toBe(true)
  releaseBuild()
  await expect(conversation(page).getByText(SAVED_FILES)).toBeVisible({ timeout: 60_000 })
  await expect(page.getByRole('progressbar')).toBeHidden()
  const seen = await trackerSeen(page)
  expect(seen.some((entry) => entry.startsWith('100|green|')), seen.join('\n')).toBe(true)
  await page.unroute('**/api/overseer/chat')
  // The history is read again a second after a reply: until then it may not list the new conversation.
  await expect(async () => expect(await historyTitles(page)).toContain(staffQuestion)).toPass({ timeout: 15_000 })

  // The admin signs out; back on the assistant, the tab is the visitor's again.
  await goInApp(page, '/architect')
  await page.getByRole('button', { name: 'Sign Out' }).click()
  await expect(page.getByRole('heading', { name: 'Architect Suite' })).toBeVisible()
  await page.getByRole('link', { name: '← Back to the public site' }).click()
  await assistantFromHome(page)
  await expect(conversation(page).getByText(/No messages yet/)).toBeVisible()
  await expect(page.getByRole('progressbar')).toHaveCount(0)
  const visitorHistory = await historyTitles(page)
  expect(visitorHistory).toContain(visitorQuestion)
  expect(visitorHistory).not.toContain(staffQuestion)
  expect(visitorHistory).not.toContain('Build a todo app')
  // The staff area is closed to them again, and shows nothing of the admin's.
  await goInApp(page, '/architect/leads')
  await expect(page.getByRole('heading', { name: 'Architect Suite' })).toBeVisible()
  await expect(page.getByRole('table')).toHaveCount(0)
  await page.getByRole('link', { name: '← Back to the public site' }).click()
  await assistantFromHome(page)

  // The visitor chats on, in a conversation of their own.
  await ask(page, 'How do approval gates work?')
  await expect(page.getByText(/Backend error/)).toHaveCount(0)
  expect(await page.evaluate(() => window.__sameDocument)).toBe(true)
  // The one answer over 400: the session check of the sign-in page, while nobody was signed in.
  expect(failed).toEqual(['/api/auth/me 401'])
  expect(errors.filter((error) => !error.includes('the server responded with a status of 401'))).toEqual([])
})
