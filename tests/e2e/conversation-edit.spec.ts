import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { analyzeSettled, WCAG_TAGS } from './a11y'
import { conversation, messageBox, openAssistant } from './assistant-page'
import { watchErrors } from './errors'
import { createUser, SETUP_TIMEOUT_MS, startServer, type RunningServer } from './server'
import { STAFF } from './staff'
import { recordTracker, trackerSeen } from './tracker'

/**
 * The conversation tools on /assistant against the real server: regenerate the last reply, edit a
 * sent message and resend it, stop a build from its tracker, and reload the page while a build
 * runs. Builds are held at the planning gate (a server of their own with APPROVAL_GATES=planning)
 * until the test stops them or staff approve them.
 */

const SAVED_FILES = 'Your project files have been saved to the server downloads directory.'

/** The turns ('You' and 'Overseer'), not the list items of the replies' Markdown. */
const turns = (page: Page) => conversation(page).getByRole('log', { name: 'Messages' }).locator(':scope > ol > li')
const tracker = (page: Page) => page.getByRole('region', { name: 'Build progress' })

/** Sends `text` and waits until its reply is there (the form is ready for the next message). */
const ask = async (page: Page, text: string) => {
  await messageBox(page).fill(text)
  await messageBox(page).press('Enter')
  await expect(page.getByRole('button', { name: 'Send Message' })).toBeVisible({ timeout: 30_000 })
  await expect(page.getByTestId('streaming-reply')).toHaveCount(0)
}

interface HistoryItem {
  id: string
  messageCount: number
  messages: { role: string; content: string }[]
  response: string
  status: string
  stopped: boolean
}

/** The caller's latest conversation, as the server keeps it (the page's own cookies). */
const latestConversation = async (request: APIRequestContext, base = ''): Promise<HistoryItem> => {
  const response = await request.get(`${base}/api/overseer-dev/chat/history`)
  expect(response.status()).toBe(200)
  const item = ((await response.json()) as { data: HistoryItem[] }).data[0]
  if (!item) throw new Error('no conversation')
  return item
}

test.describe('regenerate and edit', () => {
  test('regenerates the last reply: the new reply takes the place of the old one', async ({ page }) => {
    const errors = watchErrors(page)
    await openAssistant(page)
    await ask(page, 'How do I turn on approval gates?')
    await expect(turns(page)).toHaveCount(2)
    const before = await latestConversation(page.request)
    expect(before.messageCount).toBe(2)

    const regenerate = conversation(page).getByRole('button', { name: 'Regenerate' })
    await expect(regenerate).toHaveCount(1)
    await regenerate.focus()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeVisible({ timeout: 30_000 })
    await expect(turns(page)).toHaveCount(2)
    await expect(turns(page).first()).toContainText('How do I turn on approval gates?')

    // Stored in place: the same conversation, still one question and one reply.
    const after = await latestConversation(page.request)
    expect(after).toMatchObject({ id: before.id, messageCount: 2, status: 'completed', messages: [{ role: 'user', content: 'How do I turn on approval gates?' }] })
    expect(after.response.length).toBeGreaterThan(0)
    expect(errors).toEqual([])
  })

  test('edits a sent message and resends it: the later turns are replaced', async ({ page }) => {
    const errors = watchErrors(page)
    await openAssistant(page)
    await ask(page, 'How do I turn on approval gates?')
    await ask(page, 'Does the assistant work without an internet connection?')
    await expect(turns(page)).toHaveCount(4)

    // With the keyboard: open the editor, Escape cancels (focus back on Edit), open it again.
    const edit = conversation(page).getByRole('button', { name: 'Edit your message: How do I turn on approval gates?' })
    await edit.focus()
    await page.keyboard.press('Enter')
    const editor = conversation(page).getByRole('textbox', { name: 'Edit your message' })
    await expect(editor).toBeFocused()
    await expect(editor).toHaveValue('How do I turn on approval gates?')
    await page.keyboard.press('Escape')
    await expect(editor).toHaveCount(0)
    await expect(edit).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(editor).toBeFocused()
    // The open editor and the turns' tools pass axe (no serious or critical violations).
    const axe = await analyzeSettled(page, WCAG_TAGS)
    expect(axe.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id)).toEqual([])

    await editor.fill('How do I install Overseer?')
    await conversation(page).getByRole('button', { name: 'Save & resend' }).click()
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeVisible({ timeout: 30_000 })
    await expect(turns(page)).toHaveCount(2)
    await expect(turns(page).first()).toContainText('How do I install Overseer?')
    await expect(conversation(page).getByText('Does the assistant work without an internet connection?')).toHaveCount(0)

    const stored = await latestConversation(page.request)
    expect(stored).toMatchObject({ messageCount: 2, status: 'completed', messages: [{ role: 'user', content: 'How do I install Overseer?' }] })
    expect(errors).toEqual([])
  })
})

test.describe('builds held at the planning gate', () => {
  let server: RunningServer
  test.describe.configure({ mode: 'serial' })

  test.beforeAll(async () => {
    test.setTimeout(SETUP_TIMEOUT_MS)
    server = await startServer({ APPROVAL_GATES: 'planning', RATE_LIMIT_FORMS: '1000' })
    await createUser(server.dataDir, STAFF.operator.email, STAFF.operator.role, STAFF.operator.password)
  })

  test.afterAll(async () => {
    await server?.stop()
  })

  /** Opens this server's assistant and sends a build request; resolves once it waits at the gate. */
  const startBuild = async (page: Page, request: string) => {
    await page.goto(`${server.url}/assistant`)
    await expect(page.getByRole('combobox', { name: 'Model' })).toBeEnabled()
    await messageBox(page).fill(request)
    await messageBox(page).press('Enter')
    await expect(tracker(page)).toContainText('Waiting for approval at the planning gate...', { timeout: 60_000 })
  }

  /** Staff's pending approval request for the build of `text`, and their credentials (a request context of its own, signed in by token). */
  const pendingApproval = async (request: APIRequestContext, text: string) => {
    const login = await request.post(`${server.url}/api/auth/login`, { data: { email: STAFF.operator.email, password: STAFF.operator.password } })
    expect(login.status()).toBe(200)
    const headers = { authorization: `Bearer ${((await login.json()) as { data: { token: string } }).data.token}` }
    const pending = await request.get(`${server.url}/api/architect/approvals?status=pending`, { headers })
    expect(pending.status()).toBe(200)
    const approval = ((await pending.json()) as { data: { id: string; description: string }[] }).data.find((item) => item.description.includes(text))
    return { approval, headers }
  }

  const approve = async (request: APIRequestContext, text: string) => {
    const { approval, headers } = await pendingApproval(request, text)
    expect(approval).toBeDefined()
    const decision = await request.post(`${server.url}/api/architect/approvals/${approval?.id ?? ''}/decision`, { headers, data: { decision: 'approve' } })
    expect(decision.status()).toBe(200)
  }

  test('stops a build from the tracker: it ends stopped, without an archive', async ({ page, request }) => {
    test.setTimeout(90_000)
    const errors = watchErrors(page)
    await recordTracker(page)
    const text = 'build a recipe box web app'
    await startBuild(page, text)
    expect((await pendingApproval(request, text)).approval).toBeDefined()

    const stop = tracker(page).getByRole('button', { name: 'Stop build' })
    await stop.focus()
    await page.keyboard.press('Enter')
    // The tracker says it stopped (grey), then goes; the conversation keeps the reply.
    await expect(conversation(page).getByText('Build stopped.')).toBeVisible({ timeout: 30_000 })
    await expect(page.getByRole('progressbar')).toHaveCount(0)
    const seen = await trackerSeen(page)
    expect(seen.some((entry) => /\|grey\|.*Build stopped\.$/.test(entry)), seen.join('\n')).toBe(true)
    expect(seen.some((entry) => entry.split('|')[1] === 'red')).toBe(false)
    await expect(conversation(page).getByRole('link', { name: /\.zip$/ })).toHaveCount(0)

    const stored = await latestConversation(page.request, server.url)
    expect(stored).toMatchObject({ status: 'completed', response: 'Build stopped.', stopped: true })
    // Its approval request went with it.
    expect((await pendingApproval(request, text)).approval).toBeUndefined()
    expect(errors).toEqual([])
  })

  test('after a reload during a build, the conversation and the tracker come back, and the final reply appears', async ({ page, request }) => {
    test.setTimeout(SETUP_TIMEOUT_MS)
    const errors = watchErrors(page)
    const text = 'build a bookmarks web app'
    await startBuild(page, text)
    const percentage = await page.getByRole('progressbar', { name: 'Build progress' }).getAttribute('aria-valuenow')

    await page.reload()
    await expect(conversation(page).getByText(text)).toBeVisible()
    await expect(tracker(page)).toContainText('Waiting for approval at the planning gate...')
    await expect(page.getByRole('progressbar', { name: 'Build progress' })).toHaveAttribute('aria-valuenow', percentage ?? '')
    await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled()
    await expect(tracker(page).getByRole('button', { name: 'Stop build' })).toBeEnabled()

    await approve(request, text)
    await expect(conversation(page).getByText(SAVED_FILES)).toBeVisible({ timeout: 60_000 })
    await expect(conversation(page).getByRole('link', { name: /^Download .+\.zip$/ })).toBeVisible()
    await expect(page.getByRole('progressbar')).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeVisible()
    expect(errors).toEqual([])
  })
})
