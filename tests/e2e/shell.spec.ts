import { expect, test, type Page } from '@playwright/test'
import { prerenderManifest } from './server'

const SITE_ORIGIN = prerenderManifest().origin

const collectConsoleErrors = (page: Page) => {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

test('shows the Loading Overseer spinner for 800 ms, then the home page', async ({ page }) => {
  const errors = collectConsoleErrors(page)
  // Watch the spinner from inside the page, so a slow test machine cannot miss it.
  await page.addInitScript(() => {
    const record: { seenText?: string; removedAt?: number } = {}
    Object.assign(window, { __splash: record })
    new MutationObserver(() => {
      const splash = document.getElementById('boot-splash')
      // The parser may insert the spinner before its text: keep looking until the text is there.
      const text = splash?.textContent?.trim()
      if (text && record.removedAt === undefined) record.seenText = text
      if (!splash && record.seenText !== undefined && record.removedAt === undefined) record.removedAt = performance.now()
    }).observe(document, { childList: true, subtree: true })
  })
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Recursive AI agents that build software')
  await expect(page.locator('#boot-splash')).toHaveCount(0)
  const splash = await page.evaluate(() => (window as unknown as { __splash: { seenText?: string; removedAt?: number } }).__splash)
  expect(splash.seenText).toBe('Loading Overseer')
  expect(splash.removedAt).toBeGreaterThanOrEqual(800)
  await expect(page).toHaveTitle('AI Development Orchestration | Overseer Labs')
  expect(errors).toEqual([])
})

test('shows the Core Modules skeleton, then the three module cards', async ({ page }) => {
  await page.goto('/')
  const modules = page.getByRole('region', { name: 'Core Modules' })
  await expect(modules.getByRole('link')).toHaveCount(3)
  await expect(modules.getByRole('link', { name: 'Overseer Core' })).toHaveAttribute('href', '/architecture/overseer-core')
})

test('the navigation bar leads to Home, Apps and About', async ({ page }) => {
  await page.goto('/about')
  const nav = page.getByRole('navigation', { name: 'Main' })
  await nav.getByRole('link', { name: 'Apps' }).click()
  await expect(page).toHaveURL(/\/apps$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Intelligence Applications' })).toBeVisible()
  await nav.getByRole('link', { name: 'About' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'About Overseer Labs' })).toBeVisible()
  await nav.getByRole('link', { name: 'Home' }).click()
  await expect(page).toHaveURL(/\/$/)
})

test('every footer link opens a page, never /404, and scrolls back to the top', async ({ page }) => {
  const errors = collectConsoleErrors(page)
  await page.goto('/')
  const footer = page.getByRole('contentinfo')
  // The layout mounts behind the splash after the load event: wait for it before reading the links.
  await expect(footer.locator('nav a')).toHaveCount(19)
  const hrefs = await footer.locator('nav a').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))
  for (const href of hrefs) {
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    await footer.locator(`nav a[href="${href}"]`).click()
    await expect(page).toHaveURL(new RegExp(`${href.replace(/[/]/g, '\\/')}$`))
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    expect(await page.getByRole('heading', { level: 1 }).textContent()).not.toBe('Page Not Found')
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  }
  await expect(footer).toContainText(`© ${new Date().getFullYear()} Overseer Labs`)
  await expect(footer.getByRole('link', { name: 'hello@overseerlabs.ai' })).toBeVisible()
  expect(errors).toEqual([])
})

test('a page loaded afresh opens at its top, not where the page before it was scrolled; a reload keeps its place', async ({ page }) => {
  // data-ready is set after the first commit's effects, so after the router restored any position.
  const ready = () => expect(page.locator('#root[data-ready]')).toBeAttached()
  await page.goto('/about')
  await ready()
  await page.evaluate(() => window.scrollTo(0, 600))
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600)
  await page.reload()
  await ready()
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600)

  await page.goto('/privacy')
  await ready()
  expect(await page.evaluate(() => window.scrollY)).toBe(0)
})

test('sends an unknown path to /404 with its texts and links', async ({ page }) => {
  await page.goto('/definitely/not/here')
  await expect(page).toHaveURL(/\/404$/)
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
  await expect(page.getByText("The page you're looking for doesn't seem to exist.")).toBeVisible()
  await expect(page.getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/')
  await expect(page.getByRole('link', { name: 'Explore Applications' })).toHaveAttribute('href', '/apps')
  await expect(page.getByRole('main').getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact')
  // The unknown address was replaced, so Back leaves the site instead of returning to it.
  expect(await page.evaluate(() => window.history.length)).toBe(2)
})

for (const [path, title] of [
  ['/', 'AI Development Orchestration'],
  ['/about', 'About'],
  ['/404', 'Page Not Found'],
  ['/careers', 'Careers'],
] as const) {
  test(`sets title, description, canonical and social card on ${path}`, async ({ page }) => {
    // Absolute URLs are on the site's public origin (SITE_URL at build time), not the test server's.
    const baseURL = SITE_ORIGIN
    await page.goto(path)
    await expect(page).toHaveTitle(`${title} | Overseer Labs`)
    const head = page.locator('head')
    await expect(head.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}${path}`)
    await expect(head.locator('meta[name="description"]')).toHaveAttribute('content', /.{20,}/)
    await expect(head.locator('meta[property="og:title"]')).toHaveAttribute('content', `${title} | Overseer Labs`)
    await expect(head.locator('meta[property="og:description"]')).toHaveAttribute('content', /.{20,}/)
    await expect(head.locator('meta[property="og:image"]')).toHaveAttribute('content', `${baseURL}/social-card.png`)
    const image = await page.request.get('/social-card.png')
    expect(image.headers()['content-type']).toBe('image/png')
  })
}

test('reveals blocks as they scroll into view', async ({ page }) => {
  await page.goto('/about')
  const last = page.locator('[data-reveal]').last()
  await expect(last).toHaveAttribute('data-reveal', 'hidden')
  await last.scrollIntoViewIfNeeded()
  await expect(last).toHaveAttribute('data-reveal', 'visible')
})

test('shows every block at once, without animation, under reduced motion', async ({ browser }) => {
  const context = await browser.newContext({ reducedMotion: 'reduce' })
  const page = await context.newPage()
  await page.goto(`${process.env.E2E_BASE_URL}/about`)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  const states = await page.locator('[data-reveal]').evaluateAll((blocks) =>
    blocks.map((block) => [block.getAttribute('data-reveal'), getComputedStyle(block).opacity, getComputedStyle(block).transform]),
  )
  expect(states.length).toBeGreaterThan(3)
  for (const state of states) expect(state).toEqual(['static', '1', 'none'])
  await context.close()
})
