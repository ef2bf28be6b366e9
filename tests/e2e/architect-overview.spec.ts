import { randomUUID } from 'node:crypto'
import { expect, test, type Page } from '@playwright/test'
import { analyzeSettled, WCAG_TAGS } from './a11y'
import { STAFF } from './staff'
import { watchErrors } from './errors'

/**
 * The Architect Suite's dashboard and Overseer page as an administrator, against the
 * real server: System Status from GET /api/health, a command recorded and listed, and the token
 * chart drawn by ApexCharts after a build has run.
 */

/** Opens `path` signed in as the administrator, through the sign-in page. */
const openAsAdmin = async (page: Page, path: string) => {
  await page.goto(path)
  await expect(page.locator('#boot-splash')).toHaveCount(0)
  await expect(page).toHaveURL(/\/login$/, { timeout: 20_000 })
  await expect(page.getByRole('heading', { name: 'Architect Suite' })).toBeVisible()
  await page.getByLabel('Email', { exact: true }).fill(STAFF.admin.email)
  await page.getByLabel('Password', { exact: true }).fill(STAFF.admin.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(new RegExp(`${path.replaceAll('/', '\\/')}$`), { timeout: 20_000 })
}

const seriousViolations = async (page: Page) => {
  const axe = await analyzeSettled(page, WCAG_TAGS)
  return axe.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`)
}

test('the dashboard shows the module cards, System Status with the time of its check, and a keyboard tab switch', async ({ page }) => {
  test.setTimeout(60_000)
  await openAsAdmin(page, '/architect')
  // Errors from here on (the anonymous session check before signing in answers 401 by design).
  const errors = watchErrors(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Architect Dashboard' })).toBeVisible()

  const modules = page.getByRole('region', { name: 'Modules' })
  await expect(modules.getByRole('link')).toHaveCount(4)
  await expect(modules.getByRole('link', { name: 'Overseer Interface' })).toHaveAttribute('href', '/architect/overseer')

  const status = page.getByRole('region', { name: 'System Status' })
  await expect(status.getByText('All modules are operational.')).toBeVisible({ timeout: 15_000 })
  await expect(status.getByRole('list', { name: 'Health checks' }).getByRole('listitem')).toHaveText([
    /^Database\s*Operational$/,
    /^Queue\s*Operational$/,
    /^AI provider\s*Operational$/,
  ])
  await expect(status.getByText(/^Last health check:/)).toBeVisible()
  const checkedAt = await status.locator('time').getAttribute('datetime')
  expect(checkedAt).not.toBeNull()
  const age = Date.now() - Date.parse(checkedAt ?? '')
  expect(age).toBeGreaterThanOrEqual(-60_000)
  expect(age).toBeLessThan(5 * 60_000)

  // Check now asks the server again: a newer check time.
  await status.getByRole('button', { name: 'Check now' }).click()
  await expect(status.locator('time')).not.toHaveAttribute('datetime', checkedAt ?? '', { timeout: 15_000 })
  await expect(status.getByRole('button', { name: 'Check now' })).toBeEnabled()

  expect(await seriousViolations(page)).toEqual([])

  // The tablist: arrows move and select; the canvas tab loads the canvas editor (canvas.spec.ts tests it).
  const overview = page.getByRole('tab', { name: 'Overview' })
  const canvas = page.getByRole('tab', { name: 'Architecture Canvas' })
  await overview.focus()
  await page.keyboard.press('ArrowRight')
  await expect(canvas).toBeFocused()
  await expect(canvas).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('tabpanel', { name: 'Architecture Canvas' }).getByRole('heading', { level: 2, name: 'Architecture Canvas' })).toBeVisible()
  await page.keyboard.press('ArrowLeft')
  await expect(overview).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('region', { name: 'System Status' })).toBeVisible()
  expect(errors).toEqual([])
})

test('the Overseer page records a command and lists it, and draws the token chart after a build', async ({ page }) => {
  test.setTimeout(120_000)
  await openAsAdmin(page, '/architect/overseer')
  const errors = watchErrors(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Overseer Interface' })).toBeVisible()

  // Two builds run to completion first (their stages record their tokens), with the admin's
  // session: two iterations make a line (one alone is a single point).
  for (const content of ['build a todo web app', 'create a REST API for notes']) {
    const build = await page.request.post('/api/overseer/chat', {
      data: { messages: [{ role: 'user', content }], model: 'overseer-local', sessionId: randomUUID() },
      timeout: 90_000,
    })
    expect(build.status(), await build.text()).toBe(200)
  }

  // The command interface: sent, recorded with its author and time, and still there after a reload.
  const commandBox = page.getByRole('region', { name: 'Command Interface' })
  const command = `Summarise today's builds (${randomUUID().slice(0, 8)})`
  await expect(commandBox.getByText('Commands are recorded in the agent log with your name and the time. They are not executed.')).toBeVisible()
  await commandBox.getByLabel(/^Command/).fill(command)
  await commandBox.getByRole('button', { name: 'Send Command' }).click()
  const sent = commandBox.getByRole('list', { name: 'Sent commands' })
  const entry = sent.getByRole('listitem').filter({ hasText: command })
  await expect(entry).toBeVisible({ timeout: 15_000 })
  await expect(entry).toContainText(`Sent by ${STAFF.admin.email}`)
  await expect(entry.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/)
  await expect(commandBox.getByLabel(/^Command/)).toHaveValue('')

  await page.reload()
  await expect(page.locator('#boot-splash')).toHaveCount(0)
  await expect(page.getByRole('region', { name: 'Command Interface' }).getByRole('listitem').filter({ hasText: command })).toBeVisible({
    timeout: 20_000,
  })

  // Active Tasks: the build has finished, so none runs (the spec's empty text).
  await expect(page.getByRole('region', { name: 'Active Tasks' }).getByText('No active development tasks in progress.')).toBeVisible({
    timeout: 15_000,
  })

  // The token chart: ApexCharts draws the line (an SVG path), 400 high, titled as the spec says.
  const metrics = page.getByRole('region', { name: 'Token Usage Metrics' })
  const chart = metrics.getByTestId('token-chart')
  await expect(chart.locator('svg path.apexcharts-line').first()).toBeVisible({ timeout: 30_000 })
  await expect(chart.locator('path.apexcharts-line').first()).toHaveAttribute('d', /^M\s*[\d.]+[\s,]+[\d.]+\s*[LC]/)
  // The title is the figure's caption above the chart, in HTML (ApexCharts' own would be SVG text, which does not wrap).
  await expect(metrics.locator('figcaption')).toHaveText('Total Token Usage per Pipeline Iteration')
  await expect(metrics.locator('figcaption')).toBeVisible()
  await expect(chart.locator('.apexcharts-xaxis-title-text')).toHaveText('Iteration')
  await expect(chart.locator('.apexcharts-yaxis-title-text')).toHaveText('Total Tokens')
  const box = await chart.locator('svg.apexcharts-svg').first().boundingBox()
  expect(box?.height).toBe(400)
  // For screen readers: the figure's name and the data table.
  await expect(metrics.getByRole('figure', { name: 'Total Token Usage per Pipeline Iteration' })).toBeAttached()
  expect(await metrics.getByRole('table').getByRole('row').count()).toBeGreaterThanOrEqual(2)

  expect(await seriousViolations(page)).toEqual([])
  expect(errors).toEqual([])
})

test('ApexCharts loads only on the Overseer page, not with the dashboard', async ({ page }) => {
  test.setTimeout(60_000)
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
  })
  await openAsAdmin(page, '/architect')
  await expect(page.getByRole('region', { name: 'System Status' }).getByText(/^Last health check:/)).toBeVisible({ timeout: 15_000 })
  expect(scripts.filter((file) => file.includes('vendor-apexcharts'))).toEqual([])

  // Reduced motion: the chart still draws, without animation.
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await page.getByRole('navigation', { name: 'Architect Suite' }).getByRole('link', { name: 'Overseer' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Overseer Interface' })).toBeVisible()
  const metrics = page.getByRole('region', { name: 'Token Usage Metrics' })
  // Without a build in this server's history the page says so; with one, ApexCharts loads for the chart.
  await expect(metrics.getByText('No token usage data found.').or(metrics.locator('path.apexcharts-line').first())).toBeAttached({
    timeout: 30_000,
  })
  if (await metrics.locator('path.apexcharts-line').count()) {
    expect(scripts.some((file) => file.includes('vendor-apexcharts'))).toBe(true)
  } else {
    expect(scripts.filter((file) => file.includes('vendor-apexcharts'))).toEqual([])
  }
})
