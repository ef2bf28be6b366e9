import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { analyzeSettled, WCAG_TAGS } from './a11y'
import { watchErrors } from './errors'

/**
 * Every public route: it renders its page (never /404), logs no console error, passes axe without
 * serious or critical violations, and every internal link in its main content lands on a real
 * page, which also renders without console errors. The layout's own links (navigation bar and
 * footer) are followed in shell.spec.ts.
 */

const DOCS: Record<string, string[]> = {
  'getting-started': ['introduction', 'quickstart', 'architecture'],
  'core-modules': ['overseer-core', 'clarification-loop', 'devloop-matrix', 'file-structure-planner', 'assembly-agent'],
  'architect-suite': ['dashboard', 'overseer-interface', 'testing-module', 'logs-viewer', 'approvals'],
  'api-reference': ['authentication', 'endpoints', 'rate-limits'],
  guides: ['intent-clarification', 'recursive-improvement', 'permission-controls'],
}

const APP_MODULES = ['overseer-core', 'clarification-loop', 'devloop-matrix', 'file-planner', 'assembly-agent', 'architect-suite']

const APP_AREAS: Record<string, string[]> = {
  'intelligence-platform': ['features', 'pricing', 'docs', 'integrations'],
  Reviews_Compass: ['features', 'use-cases', 'docs', 'sentiment', 'themes', 'benchmarking', 'trial'],
  'research-tools': ['features', 'pricing', 'docs', 'integrations'],
}

export const PUBLIC_ROUTES: string[] = [
  '/',
  '/about',
  '/contact',
  '/waitlist',
  '/architecture',
  '/architecture/overseer-core',
  '/architecture/devloop-matrix',
  '/architecture/analysis-loop',
  '/privacy',
  '/terms',
  '/data-processing',
  '/cookies',
  '/careers',
  '/blog',
  '/case-studies',
  '/press',
  '/docs',
  ...Object.entries(DOCS).flatMap(([section, topics]) => [`/docs/${section}`, ...topics.map((topic) => `/docs/${section}/${topic}`)]),
  '/apps',
  ...APP_MODULES.map((module) => `/apps/${module}`),
  ...Object.entries(APP_AREAS).flatMap(([area, pages]) => [`/apps/${area}`, ...pages.map((sub) => `/apps/${area}/${sub}`)]),
  '/apps/data-visualization',
  '/assistant',
  '/404',
]

/** Opens a path and waits until its page has rendered and finished loading what it needs. */
const open = async (page: Page, target: string) => {
  await page.goto(target)
  await expect(page.locator('main h1').first()).toBeVisible()
  await page.waitForLoadState('networkidle')
}

/** Same-origin links in the main content, as the browser resolves them, without duplicates. */
const internalLinks = async (page: Page): Promise<string[]> => {
  const hrefs = await page
    .locator('main a[href]')
    .evaluateAll((links) =>
      links.map((link) => (link as HTMLAnchorElement).href).filter((href) => href.startsWith(window.location.origin)),
    )
  return [...new Set(hrefs.map((href) => new URL(href)).map((url) => url.pathname + url.search + url.hash))]
}

/**
 * Links followed by any worker of this run: the same CTA appears on many pages, and following it
 * once is enough. A marker file per link in the run's scratch directory (set by global-setup).
 */
const followed = {
  dir: () => {
    const dir = path.join(process.env.E2E_RUN_DIR ?? '', 'followed-links')
    mkdirSync(dir, { recursive: true })
    return dir
  },
  marker: (link: string) => path.join(followed.dir(), createHash('sha1').update(link).digest('hex')),
  has: (link: string) => existsSync(followed.marker(link)),
  add: (link: string) => writeFileSync(followed.marker(link), link),
}

test.describe.configure({ mode: 'parallel' })

for (const route of PUBLIC_ROUTES) {
  test(`${route} renders, passes axe, and its links land on real pages`, async ({ page }) => {
    test.setTimeout(120_000)
    const errors = watchErrors(page)
    // Reduced motion shows every block at once, so axe sees the whole page as it settles.
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await open(page, route)
    if (route !== '/404') expect(new URL(page.url()).pathname, `${route} ended on /404`).not.toBe('/404')

    const axe = await analyzeSettled(page, WCAG_TAGS)
    const serious = axe.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`)
    expect(serious, `axe on ${route}`).toEqual([])

    const here = new URL(page.url())
    for (const link of await internalLinks(page)) {
      const url = new URL(link, here)
      if (url.pathname === here.pathname && url.search === here.search) {
        // An anchor on this page: its target must exist.
        if (url.hash) expect(await page.locator(`[id="${decodeURIComponent(url.hash.slice(1))}"]`).count(), `${link} on ${route}`).toBe(1)
        continue
      }
      if (url.pathname.startsWith('/api/') || followed.has(link)) continue
      const target = await page.context().newPage()
      const targetErrors = watchErrors(target)
      await open(target, link)
      if (url.pathname !== '/404') expect(new URL(target.url()).pathname, `${link} on ${route} ended on /404`).not.toBe('/404')
      if (url.hash) expect(await target.locator(`[id="${decodeURIComponent(url.hash.slice(1))}"]`).count(), `${link} on ${route}`).toBe(1)
      errors.push(...targetErrors)
      await target.close()
      if (targetErrors.length === 0) followed.add(link)
    }
    expect(errors).toEqual([])
  })
}
