import { expect, test, type Page } from '@playwright/test'
import { analyzeSettled, WCAG_TAGS } from './a11y'
import { watchErrors } from './errors'

/**
 * The architecture pages and the company pages (careers, blog, case studies, press): what a
 * visitor sees, the careers deep links, and that every link on them lands on a real page.
 */

const COMPANY_PAGES = [
  '/architecture',
  '/architecture/overseer-core',
  '/architecture/devloop-matrix',
  '/architecture/analysis-loop',
  '/architecture/no-such-module',
  '/careers',
  '/careers/senior-agent-systems-engineer',
  '/careers/no-longer-here',
  '/blog',
  '/case-studies',
  '/press',
]

const seriousViolations = async (page: Page) => {
  const result = await analyzeSettled(page, WCAG_TAGS)
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
}

test('the architecture page shows the diagram with an accessible name, readable on a 360 px screen', async ({ page }) => {
  const errors = watchErrors(page)
  await page.setViewportSize({ width: 360, height: 800 })
  await page.goto('/architecture')
  await expect(page.getByRole('heading', { level: 1, name: 'Architecture' })).toBeVisible()
  await expect(page).toHaveTitle('Architecture | Overseer Labs')
  const diagram = page.getByRole('img', { name: 'Overseer modular architecture diagram' })
  await diagram.scrollIntoViewIfNeeded()
  await expect(diagram).toBeVisible()
  await expect(diagram).toHaveAccessibleDescription(/Overseer Core orchestrates four modules/)
  const box = await diagram.boundingBox()
  expect(box?.width).toBeGreaterThan(280)
  expect(box?.width).toBeLessThanOrEqual(360)
  // Nothing spills sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  for (const principle of ['Recursive improvement', 'Permissioned autonomy', 'Containment-aware architecture', 'Algebraic logic']) {
    await expect(page.getByRole('heading', { level: 3, name: principle })).toBeAttached()
  }
  await page.getByRole('region', { name: 'See it on your own project' }).getByRole('link', { name: 'Request Access' }).click()
  await expect(page).toHaveURL(/\/waitlist$/)
  expect(errors).toEqual([])
})

test('the home page Core Modules cards open the three module pages', async ({ page }) => {
  const errors = watchErrors(page)
  for (const [title, path] of [
    ['Overseer Core', '/architecture/overseer-core'],
    ['DevLoop Matrix', '/architecture/devloop-matrix'],
    ['Analysis Loop', '/architecture/analysis-loop'],
  ] as const) {
    await page.goto('/')
    await page.getByRole('region', { name: 'Core Modules' }).getByRole('link', { name: title }).click()
    await expect(page).toHaveURL(new RegExp(`${path}$`))
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
    await expect(page.getByRole('heading', { level: 2, name: 'How it loops' })).toBeVisible()
    await expect(page.getByRole('complementary', { name: 'Related modules' }).getByRole('link', { name: 'Back to the architecture overview' })).toBeVisible()
  }
  expect(errors).toEqual([])
})

test('an unknown module explains itself and leads back to the architecture page', async ({ page }) => {
  await page.goto('/architecture/no-such-module')
  await expect(page.getByRole('heading', { level: 1, name: 'Module not found' })).toBeVisible()
  await page.getByRole('link', { name: 'Back to the architecture overview' }).click()
  await expect(page).toHaveURL(/\/architecture$/)
})

test('/careers/<id> opens that role, scrolled into view, with the focus on its heading', async ({ page }) => {
  const errors = watchErrors(page)
  await page.goto('/careers/security-engineer-sandboxing')
  const heading = page.getByRole('heading', { level: 3, name: 'Security Engineer, Sandboxing and Containment' })
  await expect(heading).toBeFocused()
  await expect(heading).toBeInViewport()
  const toggle = page.getByRole('button', { name: 'Role details: Security Engineer, Sandboxing and Containment' })
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  await expect(page.getByText('Strong Linux fundamentals: namespaces, cgroups, seccomp, networking')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Role details: Developer Advocate' })).toHaveAttribute('aria-expanded', 'false')
  await expect(page).toHaveTitle('Security Engineer, Sandboxing and Containment | Careers | Overseer Labs')

  // From the list, a role's own link opens it the same way.
  const advocate = page.getByRole('button', { name: 'Role details: Developer Advocate' })
  await advocate.click()
  await page.getByRole('link', { name: 'Link to this role: Developer Advocate' }).click()
  await expect(page).toHaveURL(/\/careers\/developer-advocate$/)
  const advocateHeading = page.getByRole('heading', { level: 3, name: 'Developer Advocate' })
  await expect(advocateHeading).toBeFocused()
  await expect(advocateHeading).toBeInViewport()

  await page.getByRole('link', { name: 'Apply for this role: Developer Advocate' }).click()
  await expect(page).toHaveURL(/\/contact\?subject=careers$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  expect(errors).toEqual([])
})

test('an unknown job id shows a polite note above the open roles', async ({ page }) => {
  await page.goto('/careers/chief-vibes-officer')
  // The start-up spinner is a status too, for its first 800 ms: take the page's own.
  const note = page.getByRole('main').getByRole('status')
  await expect(note).toContainText('the role you followed a link to is no longer open')
  await expect(page.getByRole('region', { name: 'Open roles' }).getByRole('article')).toHaveCount(7)
  await expect(page).toHaveTitle('Careers | Overseer Labs')
})

test('a blog post opens in full on the page, also from its link', async ({ page }) => {
  await page.goto('/blog#inside-the-devloop-matrix')
  const post = page.getByRole('article', { name: 'Inside the DevLoop Matrix: why the tests, not the model, decide when the code is done' })
  await expect(post.getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true')
  await expect(post.getByRole('heading', { level: 4, name: 'One model, one sandbox, one loop' })).toBeInViewport()
  const first = page.getByRole('article').first()
  await first.getByRole('button', { name: 'Read the full post' }).click()
  await expect(first.getByRole('heading', { level: 4, name: 'The timeline' })).toBeVisible()
})

test('the company pages pass axe with their disclosures open', async ({ page }) => {
  test.setTimeout(90_000)
  await page.emulateMedia({ reducedMotion: 'reduce' })
  for (const path of ['/architecture/overseer-core', '/architecture/no-such-module', '/careers/senior-agent-systems-engineer', '/careers/no-longer-here', '/blog#early-access-june-2025']) {
    await page.goto(path)
    await expect(page.locator('main h1')).toBeVisible()
    expect(await seriousViolations(page), `axe on ${path}`).toEqual([])
  }
})

test('every link on the architecture and company pages lands on a real page', async ({ page, context }) => {
  test.setTimeout(240_000)
  const errors = watchErrors(page)
  const checked = new Set<string>()
  for (const path of COMPANY_PAGES) {
    await page.goto(path)
    await expect(page.locator('main h1')).toBeVisible()
    const here = new URL(page.url())
    const links = await page
      .locator('main a[href]')
      .evaluateAll((anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).href).filter((href) => href.startsWith(window.location.origin)))
    for (const link of new Set(links)) {
      const url = new URL(link)
      if (url.pathname === here.pathname && url.search === here.search) {
        if (url.hash) expect(await page.locator(`[id="${decodeURIComponent(url.hash.slice(1))}"]`).count(), `${link} on ${path}`).toBe(1)
        continue
      }
      if (checked.has(link)) continue
      checked.add(link)
      const target = await context.newPage()
      const targetErrors = watchErrors(target)
      await target.goto(link)
      await expect(target.locator('main h1').first(), `${link} on ${path}`).toBeVisible()
      expect(new URL(target.url()).pathname, `${link} on ${path}`).not.toBe('/404')
      expect(await target.locator('main h1').first().textContent(), `${link} on ${path}`).not.toBe('Page Not Found')
      if (url.hash) expect(await target.locator(`[id="${decodeURIComponent(url.hash.slice(1))}"]`).count(), `${link} on ${path}`).toBe(1)
      errors.push(...targetErrors)
      await target.close()
    }
  }
  expect(checked.size).toBeGreaterThan(20)
  expect(errors).toEqual([])
})
