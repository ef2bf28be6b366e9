import { expect, test, type Page } from '@playwright/test'
import { prerenderManifest } from './server'

const CONTACT_SENT = "Your message has been sent successfully. We'll be in touch soon!"

/** The public pages the build prerendered (84 today), read from the build itself. */
const PAGES = Object.keys(prerenderManifest().pages)

/** The pages in `parts` groups, so the two workers share them. */
const groups = (parts: number): string[][] => Array.from({ length: parts }, (_, part) => PAGES.filter((_, index) => index % parts === part))

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false })

  for (const [index, pages] of groups(2).entries()) {
    test(`every public page reads without JavaScript (${index + 1}/2)`, async ({ page }) => {
      test.setTimeout(120_000)
      for (const pathname of pages) {
        const response = await page.goto(pathname)
        expect(response?.status(), pathname).toBe(pathname === '/404' ? 404 : 200)
        // The start-up spinner never hides the page.
        await expect(page.locator('#boot-splash'), pathname).toBeHidden()
        const heading = page.locator('main h1').first()
        await expect(heading, pathname).toBeVisible()
        expect((await heading.innerText()).trim().length, pathname).toBeGreaterThan(0)
        const main = (await page.locator('main').innerText()).trim()
        expect(main.length, `${pathname} has its text in the HTML`).toBeGreaterThan(60)
        // Blocks that slide in on scroll are shown as they are.
        for (const block of await page.locator('[data-reveal="hidden"]').all()) await expect(block, pathname).toHaveCSS('opacity', '1')
      }
    })
  }

  test('a docs page and a legal page are in the HTML in full', async ({ page }) => {
    await page.goto('/docs/core-modules/devloop-matrix')
    await expect(page.getByRole('heading', { level: 1, name: 'DevLoop Matrix' })).toBeVisible()
    expect(await page.locator('main article h2').count()).toBeGreaterThan(2)
    await page.goto('/terms')
    const sections = page.locator('main h2')
    expect(await sections.count()).toBeGreaterThan(5)
    await expect(page.getByRole('main')).toContainText('18')
  })
})

/** Errors and React's warnings the page reports, from the console and uncaught. */
const watchErrors = (page: Page): string[] => {
  const errors: string[] = []
  page.on('console', (message) => {
    // A request the server refuses (401 for a visitor's session check) is the network's, not the page's.
    if (message.text().startsWith('Failed to load resource')) return
    if (message.type() === 'error' || (message.type() === 'warning' && /hydrat|preload/i.test(message.text()))) errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

/** Waits until React has hydrated the prerendered HTML (the app marks #root once its first render is committed). */
const hydrated = (page: Page) => expect(page.locator('#root[data-ready]')).toBeAttached()

test.describe('with JavaScript on', () => {
  for (const [index, pages] of groups(2).entries()) {
    test(`every public page hydrates with no warning (${index + 1}/2)`, async ({ page }) => {
      test.setTimeout(120_000)
      const errors = watchErrors(page)
      for (const pathname of pages) {
        await page.goto(pathname)
        await hydrated(page)
        await expect(page.locator('main h1').first(), pathname).toBeVisible()
        expect(errors, pathname).toEqual([])
      }
    })
  }

  test('an unknown address answers 404 with the 404 page, and the app moves to /404', async ({ page }) => {
    const errors = watchErrors(page)
    const response = await page.goto('/no-such-page?from=test')
    expect(response?.status()).toBe(404)
    await hydrated(page)
    await expect(page).toHaveURL(/\/404$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found')
    expect(errors).toEqual([])
  })

  test('after hydration a link navigates in the app and a form submits', async ({ page }) => {
    const errors = watchErrors(page)
    await page.goto('/about')
    await hydrated(page)
    // A marker on the window survives navigation in the app, not a new document.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }))
    await page.locator('#boot-splash').waitFor({ state: 'detached' })
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Apps' }).click()
    await expect(page).toHaveURL(/\/apps$/)
    await expect(page).toHaveTitle('Intelligence Applications | Overseer Labs')
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true)

    await page.goto('/contact')
    await hydrated(page)
    await page.locator('#boot-splash').waitFor({ state: 'detached' })
    const field = (name: string) => page.getByRole('textbox', { name, exact: true })
    await field('Name').fill('Ada Lovelace')
    await field('Email').fill(`ada+${Date.now()}@example.com`)
    await page.getByRole('combobox', { name: 'Subject' }).selectOption({ label: 'Request a demo' })
    await field('Message').fill('A question about early access for a team of twelve.')
    await page.getByRole('button', { name: 'Send Message' }).click()
    await expect(page.getByRole('status').filter({ hasText: CONTACT_SENT })).toBeVisible()
    expect(errors).toEqual([])
  })
})

test.describe('what crawlers, monitors and link unfurlers get (no JavaScript, any Accept)', () => {
  const attribute = (html: string, selector: RegExp): string | undefined => selector.exec(html)?.[1]

  test('each public page answers its own HTML for Accept */*, with its title, description and social card', async ({ request }) => {
    test.setTimeout(60_000)
    const titles = new Set<string>()
    for (const pathname of PAGES) {
      const response = await request.get(pathname, { headers: { accept: '*/*' } })
      expect(response.status(), pathname).toBe(pathname === '/404' ? 404 : 200)
      expect(response.headers()['content-type'], pathname).toMatch(/^text\/html/)
      const html = await response.text()
      const title = attribute(html, /<title>([^<]+)<\/title>/)
      expect(title, pathname).toMatch(/ \| Overseer Labs$/)
      expect(attribute(html, /<meta property="og:title" content="([^"]+)"/), pathname).toBe(title)
      expect(attribute(html, /<meta name="description" content="([^"]+)"/)?.length, pathname).toBeGreaterThan(20)
      expect(attribute(html, /<meta property="og:image" content="([^"]+)"/), pathname).toMatch(/^https?:\/\/.+\/social-card\.png$/)
      expect(attribute(html, /<link rel="canonical" href="([^"]+)"/), pathname).toMatch(/^https?:\/\//)
      expect(html, pathname).toContain(`data-path="${pathname}"`)
      if (title) titles.add(title)
      const head = await request.head(pathname, { headers: { accept: '*/*' } })
      expect(head.status(), `HEAD ${pathname}`).toBe(response.status())
      expect(await head.body(), `HEAD ${pathname}`).toHaveLength(0)
    }
    // Pages have titles of their own (a job, a docs page, a post).
    expect(titles.size).toBeGreaterThan(PAGES.length / 2)
  })

  test('structured data: Organization and WebSite on home, Article on a post, BreadcrumbList on docs', async ({ request }) => {
    const ld = async (pathname: string) => {
      const html = await (await request.get(pathname)).text()
      const text = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1]
      const data = JSON.parse(text ?? 'null') as Record<string, unknown> | Record<string, unknown>[] | null
      return [data ?? []].flat().map((item) => item['@type'])
    }
    expect(await ld('/')).toEqual(['Organization', 'WebSite'])
    expect(await ld('/blog/inside-the-devloop-matrix')).toEqual(['Article'])
    expect(await ld('/docs/core-modules/devloop-matrix')).toEqual(['BreadcrumbList'])
  })

  test('an unknown address answers 404 with the 404 page; staff pages answer the app shell', async ({ request }) => {
    for (const accept of ['*/*', 'text/html', 'application/json']) {
      const response = await request.get('/no/such/page', { headers: { accept } })
      expect(response.status()).toBe(404)
      expect(response.headers()['content-type']).toMatch(/^text\/html/)
      expect(await response.text()).toContain('Page Not Found')
    }
    const unknownDoc = await request.get('/docs/core-modules/no-such-page', { headers: { accept: '*/*' } })
    expect(unknownDoc.status()).toBe(404)
    const staff = await request.get('/architect/logs', { headers: { accept: '*/*' } })
    expect(staff.status()).toBe(200)
    expect(await staff.text()).toContain('<div id="root"></div>')
  })

  test('sitemap.xml lists every public page by its canonical address, with its last change; robots.txt points to it', async ({ request }) => {
    const sitemap = await (await request.get('/sitemap.xml')).text()
    const entries = [...sitemap.matchAll(/<url><loc>([^<]+)<\/loc><lastmod>(\d{4}-\d{2}-\d{2})<\/lastmod><\/url>/g)]
    expect(entries.length).toBe((sitemap.match(/<url>/g) ?? []).length)
    const listed = new Set(entries.map(([, loc = '']) => new URL(loc).pathname))
    expect(listed.size).toBe(entries.length)
    for (const pathname of PAGES) {
      if (pathname === '/404') continue
      const html = await (await request.get(pathname)).text()
      const canonical = new URL(/<link rel="canonical" href="([^"]+)"/.exec(html)?.[1] ?? 'https://invalid/').pathname
      expect(listed.has(canonical), `${pathname} (canonical ${canonical}) is in the sitemap`).toBe(true)
      expect(PAGES).toContain(canonical)
    }
    const robots = await (await request.get('/robots.txt')).text()
    expect(robots).toMatch(/^Sitemap: https?:\/\/[^\s]+\/sitemap\.xml$/m)
    expect(robots).toMatch(/^Disallow: \/architect$/m)
    expect(robots).toMatch(/^Disallow: \/api\/$/m)
  })
})
