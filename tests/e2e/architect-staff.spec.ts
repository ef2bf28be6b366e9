import { readFile } from 'node:fs/promises'
import { expect, test, type BrowserContext, type Page } from '@playwright/test'
import { analyzeSettled, WCAG_TAGS } from './a11y'
import { createUser, SETUP_TIMEOUT_MS, startServer, type RunningServer } from './server'
import { STAFF } from './staff'

/**
 * The staff pages as an admin, against a server of their own whose builds wait at the
 * planning and development gates (APPROVAL_GATES=planning,development): Permission Controls
 * decides real build requests and shows the code and tests a build asks approval for, Agent Logs
 * filters and pages what those builds wrote, Leads exports its entries as CSV.
 */

const SAVED_FILES = 'Your project files have been saved to the server downloads directory.'
const APPROVED_REQUEST = 'build a todo web app'
const DENIED_REQUEST = 'Create a command-line tool that counts words'

let server: RunningServer

// One server, and the logs test reads what the approvals test's builds wrote.
test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  test.setTimeout(SETUP_TIMEOUT_MS)
  server = await startServer({ APPROVAL_GATES: 'planning,development', RATE_LIMIT_FORMS: '1000' })
  await createUser(server.dataDir, STAFF.admin.email, STAFF.admin.role, STAFF.admin.password)
})

test.afterAll(async () => {
  await server?.stop()
})

/** Signs the context in as the admin (the session cookie); the pages then need no sign-in form. */
const signIn = async (context: BrowserContext) => {
  const response = await context.request.post(`${server.url}/api/auth/login`, { data: { email: STAFF.admin.email, password: STAFF.admin.password } })
  expect(response.status()).toBe(200)
}

/** Opens a page of this spec's server once the app has booted. */
const open = async (page: Page, path: string) => {
  await page.goto(`${server.url}${path}`)
  await expect(page.locator('#boot-splash')).toHaveCount(0)
}

/** Sends a build request from the assistant in a tab of its own; resolves once it waits at the gate. */
const startBuild = async (context: BrowserContext, request: string): Promise<Page> => {
  const tab = await context.newPage()
  await open(tab, '/assistant')
  await expect(tab.getByRole('combobox', { name: 'Model' })).toBeEnabled()
  const box = tab.getByRole('textbox', { name: 'Your Message' })
  await box.fill(request)
  await box.press('Enter')
  await expect(tab.getByRole('region', { name: 'Build progress' })).toContainText('Waiting for approval at the planning gate', { timeout: 60_000 })
  return tab
}

/** Serious and critical axe violations of the page at rest, one line each. */
const seriousViolations = async (page: Page): Promise<string[]> => {
  const axe = await analyzeSettled(page, WCAG_TAGS)
  return axe.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`)
}

const watchErrors = (page: Page) => {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`))
  return errors
}

test('approves one waiting build and denies another: the first goes on to its archive, the second stops', async ({ page, context }) => {
  test.setTimeout(180_000)
  const errors = watchErrors(page)
  await signIn(context)
  const approvedTab = await startBuild(context, APPROVED_REQUEST)
  const deniedTab = await startBuild(context, DENIED_REQUEST)

  await open(page, '/architect/approvals')
  await expect(page.getByRole('heading', { level: 1, name: 'Permission Controls' })).toBeVisible()
  // The description quotes each build's request.
  const approvedCard = page.getByRole('article').filter({ hasText: `"${APPROVED_REQUEST}"` })
  const deniedCard = page.getByRole('article').filter({ hasText: `"${DENIED_REQUEST}"` })
  await expect(approvedCard).toBeVisible()
  await expect(deniedCard).toBeVisible()
  await expect(approvedCard.getByText('Planning', { exact: true })).toBeVisible()

  // More Details: the build's context, the build waiting at the gate.
  const details = approvedCard.getByRole('button', { name: 'More Details' })
  await details.click()
  await expect(details).toHaveAttribute('aria-expanded', 'true')
  await expect(approvedCard.getByRole('definition').filter({ hasText: APPROVED_REQUEST })).toBeVisible()
  await expect(approvedCard.getByRole('definition').filter({ hasText: /^Running · / })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  // Planning filter views (File Structure, System Architecture) keep both; Deployment has none.
  const action = page.getByRole('combobox', { name: 'Action' })
  await action.selectOption({ label: 'Deployment' })
  await expect(approvedCard).toHaveCount(0)
  await expect(page.getByText('No more approvals pending')).toBeVisible()
  await action.selectOption({ label: 'File Structure' })
  await expect(approvedCard).toBeVisible()
  await expect(deniedCard).toBeVisible()

  await approvedCard.getByRole('button', { name: 'Approve' }).click()
  const approvedOutcome = approvedCard.getByText('Approved', { exact: true })
  await expect(approvedOutcome).toBeVisible()
  await expect(approvedCard.getByRole('button', { name: 'Approve' })).toHaveCount(0)
  await expect(approvedCard.getByRole('button', { name: 'Deny' })).toHaveCount(0)
  await expect(approvedOutcome.locator('..').locator('time')).toHaveCount(1)
  await expect(approvedOutcome.locator('..')).toBeFocused()
  // Its details say at once that the build went on, without a Refresh (the filter's change closed them).
  await approvedCard.getByRole('button', { name: 'More Details' }).click()
  await expect(approvedCard.getByRole('definition').filter({ hasText: 'Running · Development · 45% · Writing and checking the code...' })).toBeVisible()
  await expect(approvedCard.getByText(/Waiting for approval/)).toHaveCount(0)

  await deniedCard.getByRole('button', { name: 'Deny' }).click()
  await expect(deniedCard.getByText('Denied', { exact: true })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: /^Denied: / })).toHaveCount(1)
  await deniedCard.getByRole('button', { name: 'More Details' }).click()
  // The build's line, and the link to its trace beside it.
  const deniedBuild = deniedCard.getByRole('definition').filter({ hasText: /^Stopping · Structuring · \d+% · The build was denied at the planning gate\.\s*View its trace$/ })
  await expect(deniedBuild).toBeVisible()
  await expect(deniedBuild.getByRole('link', { name: 'View its trace' })).toHaveAttribute('href', /^\/architect\/builds\/[0-9a-f-]{36}$/)

  // The approved build wrote its code and ran its tests, and waits at the development gate.
  await expect(approvedTab.getByRole('region', { name: 'Build progress' })).toContainText('Waiting for approval at the development gate', { timeout: 60_000 })
  await action.selectOption({ label: 'Code Generation' })
  await page.getByRole('button', { name: 'Refresh' }).click()
  const codeCard = page.getByRole('article').filter({ hasText: `"${APPROVED_REQUEST}"` }).filter({ has: page.getByRole('heading', { name: /^Approve the code of / }) })
  await expect(codeCard).toBeVisible()
  await codeCard.getByRole('button', { name: 'More Details' }).click()
  await expect(codeCard.getByText(/^Last test run in the sandbox: [1-9]\d* passed, 0 failed$/)).toBeVisible()
  await expect(codeCard.getByText(/^A new project: all \d+ files are added$/)).toBeVisible()

  // Every file, added, its code highlighted; a long one folded until Show all, by keyboard.
  const changes = codeCard.getByRole('region', { name: 'Changes to review' })
  await expect(changes.getByRole('heading', { level: 5, name: 'server.js' })).toBeVisible()
  const store = changes.getByRole('group', { name: 'src/store.js' })
  await expect(store.getByText(/^Added · \d+ lines$/)).toBeVisible()
  const storeCode = store.getByLabel('Code of src/store.js')
  await expect(storeCode.locator('.hljs-keyword').first()).toBeVisible()
  await expect(storeCode.locator('.hljs-keyword').first()).toHaveCSS('color', 'rgb(196, 181, 253)')
  const firstFolded = changes.getByRole('group').filter({ has: page.getByRole('button', { name: /^Show all \d+ lines$/ }) }).first()
  const foldedFile = changes.getByRole('group', { name: (await firstFolded.getByRole('heading', { level: 5 }).textContent()) ?? '', exact: true })
  const showAll = foldedFile.getByRole('button', { name: /^Show all \d+ lines$/ })
  const lineCount = Number(/\d+/.exec((await showAll.textContent()) ?? '')?.[0])
  const rows = foldedFile.locator('pre code > span')
  await expect(rows).toHaveCount(40)
  await showAll.focus()
  await page.keyboard.press('Enter')
  await expect(foldedFile.getByRole('button', { name: 'Show the first 40 lines only' })).toHaveAttribute('aria-expanded', 'true')
  await expect(rows).toHaveCount(lineCount)
  await codeCard.getByText('Test output').click()
  await expect(codeCard.getByLabel('Test output, its last lines')).toContainText('pass')
  expect(await seriousViolations(page)).toEqual([])

  // On a phone, the code scrolls in its own box: the page does not scroll sideways.
  await page.setViewportSize({ width: 390, height: 844 })
  await expect(storeCode).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  const box = await storeCode.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }))
  expect(box.client).toBeLessThan(390)
  expect(box.scroll).toBeGreaterThan(box.client)
  await page.setViewportSize({ width: 1280, height: 720 })

  await codeCard.getByRole('button', { name: 'Approve' }).click()
  await expect(codeCard.getByText('Approved', { exact: true })).toBeVisible()
  await expect(codeCard.getByRole('definition').filter({ hasText: 'Running · Assembly · 75% · Assembling the project...' })).toBeVisible()
  await action.selectOption({ label: 'All Actions' })

  // The approved build goes on to its archive; the denied one stops with the server's message.
  await expect(approvedTab.getByRole('region', { name: 'Current Conversation' }).getByText(SAVED_FILES)).toBeVisible({ timeout: 90_000 })
  await expect(deniedTab.getByRole('alert').filter({ hasText: 'The build was denied at the planning gate.' }).first()).toBeVisible({ timeout: 30_000 })

  // Decided requests are no longer pending: after a reload only the sample is left.
  await page.reload()
  await expect(page.getByRole('article').first()).toBeVisible()
  await expect(approvedCard).toHaveCount(0)
  await expect(deniedCard).toHaveCount(0)
  await expect(page.getByRole('article')).toHaveCount(1)
  await expect(page.getByRole('article')).toContainText('Sample:')
  expect(errors).toEqual([])
})

const counter = (page: Page) => page.getByText(/^Showing \d+ of [\d,]+ logs$/)

/** X and N of 'Showing X of N logs'. */
const shownOf = async (page: Page): Promise<[number, number]> => {
  const text = (await counter(page).textContent()) ?? ''
  const [, shown, total] = /^Showing (\d+) of ([\d,]+) logs$/.exec(text) ?? []
  return [Number(shown), Number((total ?? '').replaceAll(',', ''))]
}

test('filters the agent log by module and level, keeps the filters in the URL over a reload, and pages through it', async ({ page, context }) => {
  test.setTimeout(90_000)
  const errors = watchErrors(page)
  await signIn(context)
  await open(page, '/architect/logs')
  await expect(page.getByRole('heading', { level: 1, name: 'Agent Logs' })).toBeVisible()

  // The four tiles; no build runs now, so all are idle.
  const tiles = page.getByRole('region', { name: 'Module status' }).getByRole('listitem')
  await expect(tiles).toHaveText(['Overseer CoreIdle', 'Clarification LoopIdle', 'DevLoop MatrixIdle', 'Assembly AgentIdle'])

  // DevLoop Matrix at Debug: the files the approved build wrote, and the sample's entry.
  await page.getByRole('combobox', { name: 'Module' }).selectOption({ label: 'DevLoop Matrix' })
  await page.getByRole('combobox', { name: 'Level' }).selectOption({ label: 'Debug' })
  await page.getByRole('button', { name: 'Filter' }).click()
  await expect(page).toHaveURL(/\/architect\/logs\?module=devloop-matrix&level=DEBUG$/)
  const table = page.getByRole('table', { name: 'Agent log entries, newest first' })
  const rows = table.locator('tbody tr')
  await expect(rows.first()).toContainText('Wrote and checked')
  const [shown, total] = await shownOf(page)
  expect(shown).toBeGreaterThan(1)
  await expect(rows).toHaveCount(shown)
  expect(total).toBe(shown)
  await expect(rows.locator('td:nth-child(2)')).toHaveText(Array(shown).fill('DEBUG'))
  await expect(rows.locator('td:nth-child(3)')).toHaveText(Array(shown).fill('DevLoop Matrix'))
  await expect(rows.last()).toContainText('Sample: Context for src/api/items.js')
  // Colour as well as text: DEBUG is gray.
  await expect(rows.first().locator('td:nth-child(2) span')).toHaveCSS('color', 'rgb(71, 85, 105)')
  await expect(tiles).toHaveCount(4)
  expect(await seriousViolations(page)).toEqual([])

  // A reload keeps the view.
  await page.reload()
  await expect(page.getByRole('combobox', { name: 'Module' })).toHaveValue('devloop-matrix')
  await expect(page.getByRole('combobox', { name: 'Level' })).toHaveValue('DEBUG')
  await expect(counter(page)).toHaveText(`Showing ${shown} of ${total} logs`)

  // The decisions, as OWNER entries of Overseer Core, by search.
  await page.getByRole('combobox', { name: 'Module' }).selectOption({ label: 'Overseer Core' })
  await page.getByRole('combobox', { name: 'Level' }).selectOption({ label: 'All Levels' })
  await page.getByRole('searchbox', { name: 'Search' }).fill(STAFF.admin.email)
  await page.getByRole('searchbox', { name: 'Search' }).press('Enter')
  await expect(page).toHaveURL(new RegExp(`\\?search=${encodeURIComponent(STAFF.admin.email)}&module=overseer-core$`))
  await expect(counter(page)).toHaveText('Showing 3 of 3 logs')
  await expect(rows.locator('td:nth-child(2)')).toHaveText(['OWNER', 'OWNER', 'OWNER'])
  await expect(rows.first()).toContainText(`${STAFF.admin.email} approved the development gate request`)
  await expect(rows.nth(1)).toContainText(`${STAFF.admin.email} denied the planning gate request`)
  await expect(rows.last()).toContainText(`${STAFF.admin.email} approved the planning gate request`)

  // All modules at Info: more than a page, 20 a page.
  await page.getByRole('searchbox', { name: 'Search' }).fill('')
  await page.getByRole('combobox', { name: 'Module' }).selectOption({ label: 'All Modules' })
  await page.getByRole('combobox', { name: 'Level' }).selectOption({ label: 'Info' })
  await page.getByRole('button', { name: 'Filter' }).click()
  await expect(page).toHaveURL(/\/architect\/logs\?level=INFO$/)
  await expect(rows).toHaveCount(20)
  const [, infoTotal] = await shownOf(page)
  expect(infoTotal).toBeGreaterThan(20)
  const pages = Math.ceil(infoTotal / 20)
  await expect(page.getByText(`Page 1 of ${pages}`)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled()
  const firstOfPage1 = await rows.first().textContent()

  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page).toHaveURL(/\/architect\/logs\?level=INFO&page=2$/)
  await expect(page.getByText(`Page 2 of ${pages}`)).toBeVisible()
  await expect(rows.first()).not.toHaveText(firstOfPage1 ?? '')
  await expect(rows.locator('td:nth-child(2)').first()).toHaveText('INFO')
  await expect(page.getByRole('button', { name: 'Previous' })).toBeEnabled()
  for (let at = 2; at < pages; at += 1) {
    await page.getByRole('button', { name: 'Next' }).click()
    await expect(page.getByText(`Page ${at + 1} of ${pages}`)).toBeVisible()
  }
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled()
  await expect(counter(page)).toHaveText(`Showing ${infoTotal - (pages - 1) * 20 || 20} of ${infoTotal} logs`)

  // Back returns to the previous page of the same view.
  await page.goBack()
  await expect(page.getByText(`Page ${pages - 1} of ${pages}`)).toBeVisible()
  expect(errors).toEqual([])
})

test('lists waitlist entries, searches them and downloads the CSV of the search', async ({ page, context }) => {
  const errors = watchErrors(page)
  await signIn(context)
  for (const [name, email] of [
    ['Ada Csv', 'ada.csv@example.com'],
    ['Grace Csv', 'grace.csv@example.com'],
    ['Someone Else', 'else@example.com'],
  ] as const) {
    const response = await context.request.post(`${server.url}/api/waitlist/join`, {
      data: { name, email, company: 'Analytical Engines', role: 'developer', useCase: 'Exporting leads', source: 'search' },
    })
    expect(response.ok()).toBe(true)
  }

  await open(page, '/architect/leads')
  await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Architect Suite' }).getByRole('link', { name: 'Leads' })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('tab', { name: 'Waitlist' })).toHaveAttribute('aria-selected', 'true')
  const table = page.getByRole('table', { name: 'Waitlist entries, newest first' })
  await expect(table.locator('tbody tr')).toHaveCount(3)

  await page.getByRole('searchbox', { name: 'Search' }).fill('csv@')
  await expect(page).toHaveURL(/\/architect\/leads\?search=csv%40$/)
  await expect(table.locator('tbody tr')).toHaveCount(2)
  await expect(page.getByText('Showing 2 of 2 waitlist signups')).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  const link = page.getByRole('link', { name: 'Download CSV of waitlist signups matching “csv@”' })
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()])
  expect(download.suggestedFilename()).toMatch(/^overseer-waitlist-\d{4}-\d{2}-\d{2}\.csv$/)
  const csv = (await readFile(await download.path())).toString('utf8').replace(/^\uFEFF/, '')
  const lines = csv.trim().split(/\r?\n/)
  expect(lines[0]).toContain('Name')
  expect(lines[0]).toContain('Email')
  expect(lines).toHaveLength(3)
  expect(csv).toContain('ada.csv@example.com')
  expect(csv).toContain('grace.csv@example.com')
  expect(csv).not.toContain('else@example.com')
  // The download did not navigate away.
  await expect(page).toHaveURL(/\/architect\/leads\?search=csv%40$/)

  await page.getByRole('tab', { name: 'Newsletter' }).click()
  await expect(page).toHaveURL(/\/architect\/leads\?kind=newsletter&search=csv%40$/)
  await expect(page.getByText('No newsletter subscriptions match “csv@”.')).toBeVisible()
  expect(errors).toEqual([])
})
