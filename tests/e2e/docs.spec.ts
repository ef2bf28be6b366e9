import { expect, test, type Page } from '@playwright/test'
import { analyzeSettled } from './a11y'
import { watchErrors } from './errors'

/**
 * The documentation (/docs, /docs/:section, /docs/:section/:topic) in the production build: the
 * sidebar and its groups, Previous/Next, search with its searching state, the dropdown on small
 * screens, and every page with its content and its links.
 */

const DOCS: [section: string, title: string, topics: [id: string, title: string][]][] = [
  ['getting-started', 'Getting Started', [['introduction', 'Introduction'], ['quickstart', 'Quick Start'], ['architecture', 'Architecture']]],
  [
    'core-modules',
    'Core Modules',
    [
      ['overseer-core', 'Overseer Core'],
      ['clarification-loop', 'Clarification Loop'],
      ['devloop-matrix', 'DevLoop Matrix'],
      ['file-structure-planner', 'File Structure Planner'],
      ['assembly-agent', 'Assembly Agent'],
    ],
  ],
  [
    'architect-suite',
    'Architect Suite',
    [
      ['dashboard', 'Dashboard'],
      ['overseer-interface', 'Overseer Interface'],
      ['testing-module', 'Testing Module'],
      ['logs-viewer', 'Logs Viewer'],
      ['approvals', 'Approvals'],
    ],
  ],
  ['api-reference', 'API Reference', [['authentication', 'Authentication'], ['endpoints', 'Endpoints'], ['rate-limits', 'Rate Limits']]],
  [
    'guides',
    'Guides',
    [
      ['intent-clarification', 'Intent Clarification'],
      ['recursive-improvement', 'Recursive Improvement'],
      ['permission-controls', 'Permission Controls'],
    ],
  ],
]

const PAGES = DOCS.flatMap(([section, , topics]) => topics.map(([id, title]) => ({ path: `/docs/${section}/${id}`, title })))

const NO_RESULTS = "No results found. We couldn't find any documentation matching your search."

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Documentation' })
const title = (page: Page) => page.locator('main h1')
/** The rendered Markdown has loaded when the page's first section heading is there. */
const content = (page: Page) => page.locator('main article h2').first()

test('shows the introduction at /docs, with the Getting Started group open and Previous: Home', async ({ page }) => {
  const errors = watchErrors(page)
  await page.goto('/docs')
  await expect(title(page)).toHaveText('Introduction')
  await expect(content(page)).toBeVisible()
  await expect(page).toHaveTitle('Introduction | Overseer Labs')
  await expect(sidebar(page).getByRole('button', { name: 'Getting Started' })).toHaveAttribute('aria-expanded', 'true')
  await expect(sidebar(page).getByRole('link', { name: 'Introduction' })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('link', { name: 'Next: Quick Start' })).toHaveAttribute('href', '/docs/getting-started/quickstart')
  await page.getByRole('link', { name: 'Previous: Home' }).click()
  await expect(page).toHaveURL(/\/$/)
  expect(errors).toEqual([])
})

test('navigates with the sidebar: groups open and close, the current page is marked', async ({ page }) => {
  await page.goto('/docs/getting-started/quickstart')
  const nav = sidebar(page)
  await expect(nav.getByRole('button')).toHaveText(DOCS.map(([, name]) => name))
  const coreModules = nav.getByRole('button', { name: 'Core Modules' })
  await expect(coreModules).toHaveAttribute('aria-expanded', 'false')
  await expect(nav.getByRole('link', { name: 'DevLoop Matrix' })).toBeHidden()

  await coreModules.click()
  await expect(coreModules).toHaveAttribute('aria-expanded', 'true')
  await nav.getByRole('link', { name: 'DevLoop Matrix' }).click()
  await expect(page).toHaveURL(/\/docs\/core-modules\/devloop-matrix$/)
  await expect(title(page)).toHaveText('DevLoop Matrix')
  await expect(content(page)).toBeVisible()
  await expect(nav.getByRole('link', { name: 'DevLoop Matrix' })).toHaveAttribute('aria-current', 'page')
  await expect(nav.getByRole('link', { name: 'Quick Start' })).not.toHaveAttribute('aria-current', 'page')

  await nav.getByRole('button', { name: 'Getting Started' }).click()
  await expect(nav.getByRole('link', { name: 'Quick Start' })).toBeHidden()
})

test('opens the group of the path at /docs/<section>, showing its first page', async ({ page }) => {
  await page.goto('/docs/guides')
  await expect(title(page)).toHaveText('Intent Clarification')
  await expect(sidebar(page).getByRole('button', { name: 'Guides' })).toHaveAttribute('aria-expanded', 'true')
  await expect(sidebar(page).getByRole('link', { name: 'Intent Clarification' })).toHaveAttribute('aria-current', 'page')
})

test('Previous and Next follow the sidebar order', async ({ page }) => {
  await page.goto('/docs/getting-started/introduction')
  for (const next of ['Quick Start', 'Architecture', 'Overseer Core', 'Clarification Loop']) {
    await page.getByRole('link', { name: `Next: ${next}` }).click()
    await expect(title(page)).toHaveText(next)
    await expect(content(page)).toBeVisible()
  }
  await page.getByRole('link', { name: 'Previous: Overseer Core' }).click()
  await expect(title(page)).toHaveText('Overseer Core')
  await expect(sidebar(page).getByRole('button', { name: 'Core Modules' })).toHaveAttribute('aria-expanded', 'true')

  await page.goto('/docs/guides/permission-controls')
  await expect(page.getByRole('link', { name: 'Previous: Recursive Improvement' })).toBeVisible()
  await expect(page.getByRole('link', { name: /^Next:/ })).toHaveCount(0)
})

test('links inside a page navigate within the app, to the anchor they name', async ({ page }) => {
  await page.goto('/docs/getting-started/introduction')
  await expect(content(page)).toBeVisible()
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }))
  await page.locator('main article').getByRole('link', { name: 'Permission Controls guide' }).click()
  await expect(page).toHaveURL(/\/docs\/guides\/permission-controls$/)
  await expect(title(page)).toHaveText('Permission Controls')
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true)

  await page.getByRole('navigation', { name: 'On this page' }).getByRole('link', { name: 'Staff roles and permissions' }).click()
  await expect(page).toHaveURL(/#staff-roles-and-permissions$/)
  await expect(page.getByRole('heading', { level: 2, name: 'Staff roles and permissions' })).toBeInViewport()
})

test.describe('search', () => {
  test('shows Searching... then results from every page, and opens one', async ({ page }) => {
    await page.goto('/docs')
    await expect(content(page)).toBeVisible()
    const box = page.getByRole('searchbox', { name: 'Search documentation' })
    await box.fill('retry-after')
    await expect(page.getByRole('status').filter({ hasText: 'Searching...' })).toBeVisible()
    await expect(title(page)).toHaveText('Search results')

    const results = page.getByRole('list', { name: 'Search results' }).getByRole('listitem')
    await expect(results.first()).toBeVisible()
    const paths = await results.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')))
    expect(paths).toEqual(expect.arrayContaining(['/docs/api-reference/rate-limits', '/docs/api-reference/endpoints']))
    // The page on the header highlights it (the endpoints page, on the retry endpoint, may rank first: its marks are 'Retries').
    await expect(results.filter({ has: page.getByRole('link', { name: 'Rate Limits' }) }).locator('mark').first()).toHaveText(/retry-after/i)

    await results.getByRole('link', { name: 'Rate Limits' }).click()
    await expect(page).toHaveURL(/\/docs\/api-reference\/rate-limits$/)
    await expect(title(page)).toHaveText('Rate Limits')
    await expect(box).toHaveValue('')
  })

  test("finds a word's other forms and spellings, and marks them as the docs write them", async ({ page }) => {
    await page.goto('/docs')
    await expect(content(page)).toBeVisible()
    const box = page.getByRole('searchbox', { name: 'Search documentation' })
    const results = page.getByRole('list', { name: 'Search results' }).getByRole('listitem')
    // The Dashboard says 'nothing can be lost off the edge of the canvas'.
    await box.fill('lose')
    const dashboard = results.filter({ has: page.getByRole('link', { name: 'Dashboard' }) })
    await expect(dashboard.locator('mark').filter({ hasText: /^lost$/i }).first()).toBeVisible()
    // The Logs Viewer says 'colour-coded … debug entries grey'.
    await box.fill('gray')
    const logs = results.filter({ has: page.getByRole('link', { name: 'Logs Viewer' }) })
    await expect(logs.locator('mark').filter({ hasText: /^grey$/i }).first()).toBeVisible()
  })

  test('says nothing matched, and Clear search returns to the page', async ({ page }) => {
    await page.goto('/docs/core-modules/assembly-agent')
    await expect(content(page)).toBeVisible()
    const box = page.getByRole('searchbox', { name: 'Search documentation' })
    await box.fill('quantum blockchain')
    await expect(page.getByText(NO_RESULTS, { exact: true })).toBeVisible()
    await page.getByRole('button', { name: 'Clear search' }).click()
    await expect(box).toHaveValue('')
    await expect(box).toBeFocused()
    await expect(page.getByText(NO_RESULTS)).toHaveCount(0)
    await expect(title(page)).toHaveText('Assembly Agent')
    await expect(content(page)).toBeVisible()
  })

  test('does nothing for a blank query', async ({ page }) => {
    await page.goto('/docs/getting-started/quickstart')
    await expect(content(page)).toBeVisible()
    await page.getByRole('searchbox', { name: 'Search documentation' }).fill('    ')
    await page.waitForTimeout(700)
    await expect(title(page)).toHaveText('Quick Start')
    await expect(page.getByText('Searching...')).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Clear search' })).toHaveCount(0)
  })

  test('has no serious accessibility problems while showing results', async ({ page }) => {
    await page.goto('/docs')
    await page.getByRole('searchbox', { name: 'Search documentation' }).fill('approval')
    await expect(page.getByRole('list', { name: 'Search results' })).toBeVisible()
    const { violations } = await analyzeSettled(page)
    expect(violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))).toEqual([])
  })
})

test.describe('on a small screen', () => {
  test.use({ viewport: { width: 375, height: 740 } })

  test('a dropdown replaces the sidebar and selects the page', async ({ page }) => {
    await page.goto('/docs/getting-started/introduction')
    await expect(content(page)).toBeVisible()
    await expect(sidebar(page)).toBeHidden()
    const picker = page.getByRole('combobox', { name: 'Documentation page' })
    await expect(picker).toBeVisible()
    await expect(picker).toHaveValue('/docs/getting-started/introduction')
    await picker.selectOption({ label: 'Approvals' })
    await expect(page).toHaveURL(/\/docs\/architect-suite\/approvals$/)
    await expect(title(page)).toHaveText('Approvals')
    await expect(picker).toHaveValue('/docs/architect-suite/approvals')
  })

  test('pages fit the screen and pass axe', async ({ page }) => {
    test.setTimeout(90_000)
    for (const { path } of PAGES) {
      await page.goto(path)
      await expect(content(page)).toBeVisible()
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
      expect(overflow, `${path} is wider than the screen`).toBeLessThanOrEqual(0)
    }
    await page.goto('/docs/api-reference/endpoints')
    await expect(content(page)).toBeVisible()
    const { violations } = await analyzeSettled(page)
    expect(violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))).toEqual([])
  })
})

test('an address that is not in the docs says so, with links back', async ({ page }) => {
  await page.goto('/docs/guides/no-such-guide')
  await expect(title(page)).toHaveText('Page not found in the docs')
  await expect(page).toHaveURL(/\/docs\/guides\/no-such-guide$/)
  await page.locator('main article').getByRole('link', { name: 'Introduction' }).click()
  await expect(title(page)).toHaveText('Introduction')
})

test('every page renders its title and content, and its links land on real pages', async ({ page }) => {
  test.setTimeout(120_000)
  const errors = watchErrors(page)
  const known = new Set(['/docs', ...DOCS.map(([section]) => `/docs/${section}`), ...PAGES.map(({ path }) => path)])
  const elsewhere = new Set<string>()
  for (const { path, title: name } of PAGES) {
    await page.goto(path)
    await expect(title(page), path).toHaveText(name)
    await expect(content(page), path).toBeVisible()
    await expect(page).toHaveTitle(`${name} | Overseer Labs`)
    const hrefs = await page
      .locator('main article a[href]')
      .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href)).filter((url) => url.origin === window.location.origin).map((url) => url.pathname))
    for (const href of hrefs) {
      if (href.startsWith('/docs')) expect(known, `${path} links to ${href}`).toContain(href)
      else elsewhere.add(href)
    }
  }
  for (const href of elsewhere) {
    await page.goto(href)
    await expect(page.locator('main h1').first(), href).toBeVisible()
    expect(new URL(page.url()).pathname, `a docs link to ${href}`).not.toBe('/404')
  }
  expect(errors).toEqual([])
})
