import { expect, test, type Page } from '@playwright/test'
import { escapeRegExp } from '../../contracts/text'

/**
 * The apps listing, the module pages and the four app areas, in the production build: what a
 * visitor sees and where every tab, card, anchor and pricing button leads.
 */

const MODULES = [
  ['Overseer Core', '/apps/overseer-core'],
  ['Clarification Loop', '/apps/clarification-loop'],
  ['DevLoop Matrix', '/apps/devloop-matrix'],
  ['File Structure Planner', '/apps/file-planner'],
  ['Assembly Agent', '/apps/assembly-agent'],
  ['Architect Suite', '/apps/architect-suite'],
] as const

const AREAS: Record<string, { name: string; tabs: [string, string][] }> = {
  '/apps/intelligence-platform': {
    name: 'Intelligence Platform',
    tabs: [
      ['Overview', ''],
      ['Features', '/features'],
      ['Pricing', '/pricing'],
      ['Integrations', '/integrations'],
      ['Documentation', '/docs'],
    ],
  },
  '/apps/research-tools': {
    name: 'Research Tools',
    tabs: [
      ['Overview', ''],
      ['Features', '/features'],
      ['Pricing', '/pricing'],
      ['Integrations', '/integrations'],
      ['Documentation', '/docs'],
    ],
  },
  '/apps/Reviews_Compass': {
    name: 'Reviews Compass',
    tabs: [
      ['Overview', ''],
      ['Features', '/features'],
      ['Use Cases', '/use-cases'],
      ['Sentiment', '/sentiment'],
      ['Themes', '/themes'],
      ['Benchmarking', '/benchmarking'],
      ['Documentation', '/docs'],
      ['Free Trial', '/trial'],
    ],
  },
}

const collectErrors = (page: Page) => {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

const cards = (page: Page) => page.getByRole('list', { name: 'Modules' }).getByRole('listitem')
const columnCount = (page: Page) =>
  page
    .getByRole('list', { name: 'Modules' })
    .evaluate((grid) => getComputedStyle(grid).gridTemplateColumns.split(' ').filter(Boolean).length)

test.describe('apps listing', () => {
  test('shows skeletons, then six module cards in three columns, one page', async ({ page }) => {
    const errors = collectErrors(page)
    // The skeleton shows for 800 ms: record when it appears and goes from inside the page, since a
    // busy test machine may poll past that window.
    await page.addInitScript(() => {
      const record: { shownAt?: number; goneAt?: number } = {}
      Object.assign(window, { __skeleton: record })
      new MutationObserver(() => {
        const showing = document.querySelector('[data-testid="module-card-skeleton"]') !== null
        if (showing && record.shownAt === undefined) record.shownAt = performance.now()
        if (!showing && record.shownAt !== undefined && record.goneAt === undefined) record.goneAt = performance.now()
      }).observe(document, { childList: true, subtree: true })
    })
    await page.goto('/apps')
    await expect(page).toHaveTitle('Intelligence Applications | Overseer Labs')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Intelligence Applications')
    await expect(page.getByRole('heading', { level: 2, name: 'Framework Modules' })).toBeVisible()
    await expect(cards(page)).toHaveCount(6)
    await expect(page.getByTestId('module-card-skeleton')).toHaveCount(0)
    const skeleton = await page.evaluate(() => (window as unknown as { __skeleton: { shownAt?: number; goneAt?: number } }).__skeleton)
    expect(skeleton.shownAt).toBeDefined()
    expect((skeleton.goneAt ?? 0) - (skeleton.shownAt ?? 0)).toBeGreaterThanOrEqual(750)
    for (const [title, href] of MODULES) {
      await expect(page.getByRole('link', { name: title, exact: true })).toHaveAttribute('href', href)
    }
    expect(await columnCount(page)).toBe(3)
    await expect(page.getByRole('navigation', { name: 'Module pages' })).toHaveCount(0)
    await expect(page.getByRole('region', { name: 'Stay Updated' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Join the Waitlist' })).toHaveAttribute('href', '/waitlist')
    expect(errors).toEqual([])
  })

  test('filters by category, searches, and clears filters when nothing matches', async ({ page }) => {
    await page.goto('/apps')
    await expect(cards(page)).toHaveCount(6)
    const filters = page.getByRole('group', { name: 'Filter by category' })

    await filters.getByRole('button', { name: 'Development' }).click()
    await expect(filters.getByRole('button', { name: 'Development' })).toHaveAttribute('aria-pressed', 'true')
    await expect(filters.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'false')
    await expect(cards(page)).toHaveCount(2)
    await expect(page.getByRole('link', { name: 'DevLoop Matrix' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Assembly Agent' })).toBeVisible()
    expect(await columnCount(page)).toBe(3)

    await filters.getByRole('button', { name: 'All' }).click()
    const search = page.getByRole('searchbox', { name: 'Search modules' })
    // Four matches: the grid's one four-column case.
    await search.fill('agent')
    await expect(cards(page)).toHaveCount(4)
    expect(await columnCount(page)).toBe(4)
    await search.fill('canvas')
    await expect(cards(page)).toHaveCount(1)
    await expect(page.getByRole('link', { name: 'Architect Suite' })).toBeVisible()

    await search.fill('quantum teleportation')
    await expect(page.getByText('No modules found matching your criteria.')).toBeVisible()
    await expect(page.getByRole('list', { name: 'Modules' })).toHaveCount(0)
    await page.getByRole('button', { name: 'Clear filters' }).click()
    await expect(search).toHaveValue('')
    await expect(filters.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true')
    await expect(cards(page)).toHaveCount(6)
  })

  test('collapses the grid to one column on a small screen', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    await page.goto('/apps')
    await expect(cards(page)).toHaveCount(6)
    expect(await columnCount(page)).toBe(1)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(overflow).toBeLessThanOrEqual(0)
  })

  for (const [title, href] of MODULES) {
    test(`the ${title} card opens its module page`, async ({ page }) => {
      const errors = collectErrors(page)
      await page.goto('/apps')
      await page.getByRole('link', { name: title, exact: true }).click()
      await expect(page).toHaveURL(new RegExp(`${escapeRegExp(href)}$`))
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
      await expect(page.getByRole('heading', { level: 2, name: 'How it works in the pipeline' })).toBeVisible()
      await expect(page.getByRole('region', { name: 'Related documentation' }).getByRole('link').first()).toHaveAttribute(
        'href',
        /^\/docs\//,
      )
      expect(errors).toEqual([])
    })
  }

  test('an unknown module explains itself and leads back to the listing', async ({ page }) => {
    await page.goto('/apps/not-a-module')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Module not found')
    await page.getByRole('link', { name: 'Browse all modules' }).click()
    await expect(page).toHaveURL(/\/apps$/)
  })
})

test.describe('app areas', () => {
  for (const [base, area] of Object.entries(AREAS)) {
    test(`${area.name}: every tab opens its page and is the one highlighted`, async ({ page }) => {
      const errors = collectErrors(page)
      await page.goto(base)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(area.name)
      const tabs = page.getByRole('navigation', { name: `${area.name} sections` })
      await expect(tabs.getByRole('link')).toHaveCount(area.tabs.length)
      for (const [label, path] of area.tabs) {
        await tabs.getByRole('link', { name: label, exact: true }).click()
        await expect(page).toHaveURL(new RegExp(`${escapeRegExp(base + path)}$`))
        await expect(tabs.getByRole('link', { name: label, exact: true })).toHaveAttribute('aria-current', 'page')
        await expect(tabs.locator('[aria-current="page"]')).toHaveCount(1)
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(area.name)
        await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible()
      }
      await page.getByRole('link', { name: 'Back to Apps' }).click()
      await expect(page).toHaveURL(/\/apps$/)
      expect(errors).toEqual([])
    })
  }

  test('an unknown sub-path of an app shows a message, not a blank page', async ({ page }) => {
    await page.goto('/apps/research-tools/unknown')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Research Tools')
    await expect(page.getByRole('heading', { name: 'This page doesn’t exist' })).toBeVisible()
    await page.getByRole('link', { name: 'Go to the Research Tools overview' }).click()
    await expect(page).toHaveURL(/\/apps\/research-tools$/)
  })

  for (const [base, anchors] of [
    ['/apps/intelligence-platform', ['orchestration', 'modular', 'recursive']],
    ['/apps/research-tools', ['clarification', 'prober', 'market']],
  ] as const) {
    test(`${base} has the anchors ${anchors.join(', ')}, and links to them scroll there`, async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' })
      for (const id of anchors) {
        await page.goto(`${base}#${id}`)
        await expect(page.locator(`[id="${id}"]`)).toHaveCount(1)
        await expect(page.locator(`[id="${id}"]`)).toBeInViewport()
      }
      // From the features page, a link to the last anchor opens the overview scrolled to it.
      const last = anchors[anchors.length - 1]
      await page.goto(`${base}/features`)
      await page.locator(`a[href="${base}#${last}"]`).click()
      await expect(page).toHaveURL(new RegExp(`${escapeRegExp(base)}#${last}$`))
      await expect(page.locator(`[id="${last}"]`)).toBeInViewport()
    })
  }

  test('pricing buttons lead to the waitlist with the plan, and to sales for Enterprise', async ({ page }) => {
    const expectations: [string, string, string][] = [
      ['/apps/intelligence-platform/pricing', 'Developer', '/waitlist?plan=developer'],
      ['/apps/intelligence-platform/pricing', 'Team', '/waitlist?plan=team'],
      ['/apps/intelligence-platform/pricing', 'Enterprise', '/contact?product=enterprise'],
      ['/apps/research-tools/pricing', 'Basic', '/waitlist?product=research-basic'],
      ['/apps/research-tools/pricing', 'Professional', '/waitlist?product=research-pro'],
      ['/apps/research-tools/pricing', 'Enterprise', '/contact?product=research-enterprise'],
    ]
    for (const [pricing, tier, target] of expectations) {
      await page.goto(pricing)
      const card = page.getByRole('article', { name: tier, exact: true })
      await expect(card).toBeVisible()
      await card.getByRole('link').click()
      await expect(page).toHaveURL(new RegExp(`${escapeRegExp(target)}$`))
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      expect(new URL(page.url()).pathname).not.toBe('/404')
    }
    await page.goto('/apps/intelligence-platform/pricing')
    await expect(page.getByRole('article', { name: 'Team' })).toContainText('$299/month')
    await expect(page.getByRole('article', { name: 'Team' })).toContainText('Most popular')
    await expect(page.getByRole('article', { name: 'Developer' })).toContainText('$99/month')
    await page.goto('/apps/research-tools/pricing')
    await expect(page.getByRole('article', { name: 'Basic' })).toContainText('$49/month')
    await expect(page.getByRole('article', { name: 'Professional' })).toContainText('$149/month')
  })

  test('Reviews Compass shows its sentiment dashboard after loading, with percentages and change arrows', async ({ page }) => {
    await page.goto('/apps/Reviews_Compass/sentiment')
    const categories = page.getByRole('list', { name: 'Sentiment by category' })
    await expect(categories.getByRole('listitem')).toHaveCount(6)
    const quality = categories.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Product Quality' }) })
    await expect(quality).toContainText('82% positive')
    await expect(quality).toContainText('▲')
    await expect(quality).toContainText('up 4%')
    const service = categories.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Customer Service' }) })
    await expect(service).toContainText('▼')
    await expect(service).toContainText('down 2%')
    await page.getByRole('navigation', { name: 'Reviews Compass sections' }).getByRole('link', { name: 'Free Trial' }).click()
    await page.getByRole('link', { name: 'Start your free trial' }).click()
    await expect(page).toHaveURL(/\/waitlist\?product=reviews-compass$/)
  })

  test('every app page fits a 360 px wide screen without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    const paths = [
      '/apps/data-visualization',
      ...Object.entries(AREAS).flatMap(([base, area]) => area.tabs.map(([, path]) => base + path)),
      ...MODULES.map(([, href]) => href),
    ]
    for (const path of paths) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
      expect(overflow, path).toBeLessThanOrEqual(0)
    }
  })

  test('Data Visualization shows its charts and a way back to the apps', async ({ page }) => {
    await page.goto('/apps/data-visualization')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Data Visualization')
    await expect(page.getByRole('img', { name: /Tokens per iteration/ })).toBeVisible()
    await expect(page.getByText('Completed builds per week', { exact: false }).first()).toBeVisible()
    await page.getByRole('link', { name: 'Back to Apps' }).click()
    await expect(page).toHaveURL(/\/apps$/)
  })
})
