import { expect, test, type Page } from '@playwright/test'
import { analyzeSettled, WCAG_TAGS } from './a11y'

/**
 * The four legal pages in a real browser: full text in every section, the sticky table of contents
 * that follows the reader (IntersectionObserver scrollspy), its links, and the related links.
 */

interface LegalPage {
  path: string
  title: string
  sections: number
  related: { name: string; path: string; title: string }[]
}

const PRIVACY = { name: 'Privacy Policy', path: '/privacy', title: 'Privacy Policy' }
const TERMS = { name: 'Terms of Service', path: '/terms', title: 'Terms of Service' }
const DPA = { name: 'Data Processing Agreement', path: '/data-processing', title: 'Data Processing Agreement' }
const COOKIES = { name: 'Cookie Policy', path: '/cookies', title: 'Cookie Policy' }

const PAGES: LegalPage[] = [
  { path: '/privacy', title: 'Privacy Policy', sections: 11, related: [TERMS, DPA, COOKIES] },
  { path: '/terms', title: 'Terms of Service', sections: 17, related: [PRIVACY, DPA, COOKIES] },
  { path: '/data-processing', title: 'Data Processing Agreement', sections: 13, related: [PRIVACY, TERMS, COOKIES] },
  { path: '/cookies', title: 'Cookie Policy', sections: 8, related: [PRIVACY, TERMS, DPA] },
]

const toc = (page: Page) => page.getByRole('navigation', { name: 'On this page' })
const currentEntry = (page: Page) => toc(page).locator('a[aria-current="true"]')

/** Where a section's top is, relative to the top of the viewport. */
const sectionTop = (page: Page, id: string) =>
  page.evaluate((sectionId) => document.getElementById(sectionId)?.getBoundingClientRect().top ?? Number.NaN, id)

/** Opens a page and waits until the app has booted: the document is shown and the splash is gone. */
const open = async (page: Page, path: string) => {
  await page.goto(path)
  await expect(page.locator('main h1')).toBeVisible()
  await expect(page.locator('#boot-splash')).toHaveCount(0)
}

for (const legal of PAGES) {
  test(`${legal.path} has every section with its full text, listed in the table of contents`, async ({ page }) => {
    await open(page, legal.path)
    await expect(page.getByRole('heading', { level: 1, name: legal.title })).toBeVisible()
    await expect(page.getByText('Last updated May 10, 2025')).toBeVisible()
    await expect(page).toHaveTitle(`${legal.title} | Overseer Labs`)

    const entries = toc(page).getByRole('link')
    await expect(entries).toHaveCount(legal.sections)
    const sections = await page.locator('main section[id]').evaluateAll((elements) =>
      elements.map((section) => ({
        id: section.id,
        heading: section.querySelector('h2')?.textContent ?? '',
        body: (section.textContent ?? '').replace(section.querySelector('h2')?.textContent ?? '', '').trim(),
      })),
    )
    expect(sections).toHaveLength(legal.sections)
    const hrefs = await entries.evaluateAll((links) => links.map((link) => link.getAttribute('href')))
    expect(hrefs).toEqual(sections.map((section) => `#${section.id}`))
    expect(await entries.allTextContents()).toEqual(sections.map((section) => section.heading))
    for (const section of sections) {
      expect(section.body.length, `body text of ${legal.path}#${section.id}`).toBeGreaterThan(200)
    }
  })

  test(`${legal.path} links to its related documents, which are real pages`, async ({ page }) => {
    for (const target of [...legal.related, { name: 'Contact Us', path: '/contact', title: '' }]) {
      await open(page, legal.path)
      const related = page.getByRole('region', { name: 'Related documents' })
      await related.getByRole('link', { name: target.name, exact: true }).click()
      await expect(page).toHaveURL(new RegExp(`${target.path}$`))
      await expect(page.locator('main h1')).toBeVisible()
      if (target.title) await expect(page.getByRole('heading', { level: 1 })).toHaveText(target.title)
      expect(new URL(page.url()).pathname).not.toBe('/404')
    }
  })
}

test.describe('the table of contents', () => {
  test('stays in view and highlights the section being read as the page scrolls', async ({ page }) => {
    await open(page, '/terms')
    await expect(currentEntry(page)).toHaveText('1. Introduction')

    // Scrolled by a script: the section at the top of the screen becomes current.
    await page.evaluate(() => document.getElementById('payment')?.scrollIntoView({ block: 'start' }))
    await expect(currentEntry(page)).toHaveText('6. Payment and Billing')
    await expect(currentEntry(page)).toHaveCount(1)

    // Scrolled by the reader with the mouse wheel, further down.
    const distance = (await sectionTop(page, 'termination')) - 80
    await page.mouse.move(640, 400)
    await page.mouse.wheel(0, distance)
    await expect(currentEntry(page)).toHaveText('13. Termination')

    // The table of contents is sticky: still on screen, under the navigation bar.
    const box = await toc(page).boundingBox()
    expect(box?.y).toBeGreaterThanOrEqual(64)
    expect(box?.y).toBeLessThan(200)
    await expect(toc(page).getByRole('link', { name: '13. Termination' })).toBeInViewport()

    // At the very bottom of the page the last section is current, however short it is.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
    await expect(currentEntry(page)).toHaveText('17. Contact Us')

    // And back up to the top.
    await page.evaluate(() => window.scrollTo(0, 0))
    await expect(currentEntry(page)).toHaveText('1. Introduction')
  })

  test('scrolls to the chosen section, focuses its heading and puts it in the address', async ({ page }) => {
    await open(page, '/terms')
    await toc(page).getByRole('link', { name: '15. Dispute Resolution' }).click()

    await expect(page).toHaveURL(/\/terms#dispute-resolution$/)
    await expect(page.getByRole('heading', { level: 2, name: '15. Dispute Resolution' })).toBeFocused()
    await expect(currentEntry(page)).toHaveText('15. Dispute Resolution')
    // The smooth scroll ends with the section just under the navigation bar.
    await expect.poll(() => sectionTop(page, 'dispute-resolution')).toBeGreaterThan(60)
    await expect.poll(() => sectionTop(page, 'dispute-resolution')).toBeLessThan(100)
    // Sections passed on the way did not take over.
    await expect(currentEntry(page)).toHaveText('15. Dispute Resolution')

    // An entry above the current one.
    await toc(page).getByRole('link', { name: '3. Changes to These Terms' }).click()
    await expect(page).toHaveURL(/\/terms#changes$/)
    await expect.poll(() => sectionTop(page, 'changes')).toBeLessThan(100)
    await expect(currentEntry(page)).toHaveText('3. Changes to These Terms')

    // Back leaves the page rather than walking through the sections.
    await page.goBack()
    await expect(page).not.toHaveURL(/\/terms/)
  })

  test('jumps without animation when the reader prefers reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await open(page, '/privacy')
    await toc(page).getByRole('link', { name: '9. Children\'s Privacy' }).click()
    // No animation: the section is in place as soon as the click is handled.
    const top = await sectionTop(page, 'childrens-privacy')
    expect(top).toBeGreaterThan(60)
    expect(top).toBeLessThan(100)
    await expect(currentEntry(page)).toHaveText("9. Children's Privacy")
  })

  test('an address with a section opens at that section', async ({ page }) => {
    await open(page, '/privacy#cookies')
    await expect(currentEntry(page)).toHaveText('4. Cookies and Similar Technologies')
    await expect.poll(() => sectionTop(page, 'cookies')).toBeGreaterThan(60)
    await expect.poll(() => sectionTop(page, 'cookies')).toBeLessThan(100)
    await expect(page.getByRole('heading', { level: 2, name: '4. Cookies and Similar Technologies' })).toBeInViewport()
  })

  test('works at 360 px: folded above the text, and nothing overflows', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    await open(page, '/terms')
    const toggle = toc(page).getByRole('button', { name: 'Show all 17 sections' })
    await expect(toggle).toBeVisible()
    await expect(toc(page).getByRole('link').first()).toBeHidden()

    await toggle.click()
    await expect(toc(page).getByRole('button', { name: 'Hide the list of sections' })).toHaveAttribute('aria-expanded', 'true')
    await toc(page).getByRole('link', { name: '10. Disclaimers' }).click()
    await expect(page).toHaveURL(/#disclaimers$/)
    await expect.poll(() => sectionTop(page, 'disclaimers')).toBeLessThan(100)
    await expect(page.getByRole('heading', { level: 2, name: '10. Disclaimers' })).toBeFocused()

    for (const path of ['/privacy', '/terms', '/data-processing', '/cookies']) {
      await open(page, path)
      const width = await page.evaluate(() => document.documentElement.scrollWidth)
      expect(width, `page width of ${path}`).toBeLessThanOrEqual(360)
    }
  })
})

for (const legal of PAGES) {
  test(`axe finds no serious or critical violations on ${legal.path} on a phone, table of contents open`, async ({ page }) => {
    test.setTimeout(90_000)
    await page.setViewportSize({ width: 360, height: 740 })
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await open(page, legal.path)
    await toc(page).getByRole('button', { name: `Show all ${legal.sections} sections` }).click()
    const axe = await analyzeSettled(page, WCAG_TAGS)
    const serious = axe.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
    expect(serious).toEqual([])
  })
}

test('the cookie table names every cookie and storage entry', async ({ page }) => {
  await open(page, '/cookies')
  const table = page.getByRole('table', { name: 'Cookies and browser storage used by our site' })
  await expect(table.getByRole('columnheader')).toHaveText(['Name', 'Purpose', 'Type', 'Lifetime'])
  await expect(table.getByRole('rowheader').locator(':scope > code')).toHaveText([
    'overseer_session',
    'overseer_visitor',
    'auth_token',
    'overseer_selected_model',
    'architecture-canvas',
    'react-router-scroll-positions',
  ])
})
