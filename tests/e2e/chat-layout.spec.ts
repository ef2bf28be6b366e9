import { expect, test, type Locator, type Page } from '@playwright/test'
import { messageBox, openAssistant } from './assistant-page'
import { watchErrors } from './errors'

/**
 * The assistant laid out as a chat, on a laptop and on a phone: the conversation scrolls in its
 * own region above the message box and follows the newest reply, and the opened history is in
 * full view. What a reader sees is measured in the browser: boxes clipped by their scrolling
 * ancestors and the window, and what `elementFromPoint` finds on top of them.
 */

const SCREENS = [
  { name: 'laptop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const

interface Sight {
  /** The element's whole box. */
  box: { top: number; bottom: number; left: number; right: number }
  /** The part of it that the window and its scrolling ancestors let through (empty: height 0). */
  seen: { top: number; bottom: number; left: number; right: number }
  /** What is on top at points spread over the seen part, where that is not the element itself. */
  covered: string[]
}

/** How much of `target` a reader sees, and whether anything covers that part. */
const sight = (target: Locator): Promise<Sight> =>
  target.evaluate((element) => {
    const { top, bottom, left, right } = element.getBoundingClientRect()
    const seen = { top: Math.max(top, 0), bottom: Math.min(bottom, window.innerHeight), left: Math.max(left, 0), right: Math.min(right, window.innerWidth) }
    for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
      const style = getComputedStyle(parent)
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue
      const clip = parent.getBoundingClientRect()
      seen.top = Math.max(seen.top, clip.top)
      seen.bottom = Math.min(seen.bottom, clip.bottom)
      seen.left = Math.max(seen.left, clip.left)
      seen.right = Math.min(seen.right, clip.right)
    }
    if (seen.bottom <= seen.top || seen.right <= seen.left) return { box: { top, bottom, left, right }, seen: { ...seen, bottom: seen.top }, covered: [] }
    const covered: string[] = []
    for (const across of [0.05, 0.5, 0.95]) {
      for (const down of [0.05, 0.5, 0.95]) {
        const x = seen.left + (seen.right - seen.left) * across
        const y = seen.top + (seen.bottom - seen.top) * down
        const hit = document.elementFromPoint(x, y)
        if (!hit || !element.contains(hit)) {
          covered.push(`${Math.round(x)},${Math.round(y)}: ${hit ? `${hit.tagName.toLowerCase()}.${hit.getAttribute('class') ?? ''} “${(hit.textContent ?? '').slice(0, 40)}”` : 'nothing'}`)
        }
      }
    }
    return { box: { top, bottom, left, right }, seen, covered }
  })

const overlap = (a: Sight['seen'], b: Sight['seen']) => Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top)) * Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left))

/** The newest turn of the current conversation. */
const latestTurn = (page: Page) => page.getByRole('log', { name: 'Messages' }).locator(':scope > ol > li').last()

/** Sends a question as a visitor does (typed, Enter) and waits until its reply is the newest turn. */
const ask = async (page: Page, question: string) => {
  const replies = page.getByRole('log', { name: 'Messages' }).getByText('Overseer', { exact: true })
  const before = await replies.count()
  await messageBox(page).click()
  await messageBox(page).fill(question)
  await messageBox(page).press('Enter')
  await expect(replies).toHaveCount(before + 1, { timeout: 20_000 })
  await expect(page.getByRole('button', { name: 'Send Message' })).toBeVisible()
  await expect(latestTurn(page).getByText('Overseer', { exact: true })).toBeVisible()
}

/** The newest reply's end is in view and nothing covers what is seen of it (the message box least of all). */
const expectLatestReplyInSight = async (page: Page) => {
  await expect
    .poll(async () => {
      const reply = await sight(latestTurn(page))
      const box = await sight(messageBox(page))
      return {
        seen: reply.seen.bottom - reply.seen.top > 40,
        endSeen: reply.box.bottom <= reply.seen.bottom + 1,
        covered: reply.covered,
        underTheBox: overlap(reply.seen, box.seen),
      }
    })
    .toEqual({ seen: true, endSeen: true, covered: [], underTheBox: 0 })
}

const horizontalOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)

for (const { name, viewport } of SCREENS) {
  test.describe(`on a ${name} (${viewport.width}x${viewport.height})`, () => {
    test.use({ viewport })

    test('shows each reply above the message box, and the opened history in full', async ({ page }, testInfo) => {
      const errors = watchErrors(page)
      await openAssistant(page)
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)

      // A message box of one or two lines to start with, a modest share of the screen.
      const start = await sight(messageBox(page))
      expect(start.box.bottom - start.box.top).toBeLessThan(90)

      await ask(page, 'How do approval gates work?')
      await expectLatestReplyInSight(page)
      await expect(latestTurn(page).locator('a[href^="/docs/"]').first()).toBeVisible()
      await ask(page, 'What does the clarification loop do?')
      await expectLatestReplyInSight(page)
      const composer = await sight(page.getByRole('region', { name: 'Send a message' }))
      expect(composer.box.bottom - composer.box.top).toBeLessThan(viewport.height * 0.3)
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)
      await page.screenshot({ path: testInfo.outputPath(`${name}-reply.png`) })

      await page.getByRole('button', { name: 'View Chat History' }).click()
      const history = page.getByRole('region', { name: 'Previous Conversations' })
      await expect(history.getByText('Page 1 of 1')).toBeVisible()
      await expect(history.getByRole('listitem')).toHaveCount(1)
      await expect
        .poll(async () => {
          const { box, seen, covered } = await sight(history)
          const cut = { top: seen.top - box.top, bottom: box.bottom - seen.bottom, left: seen.left - box.left, right: box.right - seen.right }
          return { cut: Object.fromEntries(Object.entries(cut).map(([side, px]) => [side, Math.round(px)])), covered }
        })
        .toEqual({ cut: { top: 0, bottom: 0, left: 0, right: 0 }, covered: [] })
      await expect(page.getByRole('button', { name: 'Close History' })).toBeInViewport()
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)
      await page.screenshot({ path: testInfo.outputPath(`${name}-history.png`) })

      // Opened from the history, the conversation comes back at its newest reply.
      await history.getByRole('button', { name: 'How do approval gates work?', exact: true }).click()
      await expect(history).toBeHidden()
      await expectLatestReplyInSight(page)
      expect(errors).toEqual([])
    })
  })
}

test.describe('a reply with a table wider than a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('keeps the page and the conversation within the screen: the table scrolls in its own box', async ({ page }) => {
    await openAssistant(page)
    // Answered with the roles table, whose permissions column is wider than a phone.
    await ask(page, 'Which roles are there and what permissions do they have?')
    const table = latestTurn(page).locator('table').first()
    await expect(table).toBeVisible()
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)
    const overflows = await table.evaluate((element) => {
      const log = element.closest('[role="log"]')
      const box = element.parentElement
      const wider = (node: Element | null) => (node ? node.scrollWidth - node.clientWidth : 0)
      // The conversation does not scroll sideways; only the table's own box may.
      return { log: wider(log), ownBox: getComputedStyle(box as Element).overflowX }
    })
    expect(overflows).toEqual({ log: 0, ownBox: 'auto' })
  })
})

test.describe('a reader who scrolled up', () => {
  test.use({ viewport: { width: 1280, height: 800 } })

  test('keeps their place while the reply streams, and Jump to latest brings them to it', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await openAssistant(page)
    await ask(page, 'How do approval gates work?')

    // The next answer is held back until the reader has scrolled up.
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/overseer-dev/chat', async (route) => {
      const response = await route.fetch()
      await held
      await route.fulfill({ response })
    })
    await messageBox(page).fill('What does the clarification loop do?')
    await messageBox(page).press('Enter')
    const streaming = page.getByTestId('streaming-reply')
    await expect(streaming).toContainText(/clarification/i)

    const region = page.getByRole('region', { name: 'Conversation messages' })
    await region.hover()
    await page.mouse.wheel(0, -600)
    const jump = page.getByRole('button', { name: 'Jump to latest' })
    await expect(jump).toBeVisible()
    const place = await region.evaluate((element) => element.scrollTop)
    release()
    await expect(streaming).toBeHidden({ timeout: 15_000 })
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeVisible()
    expect(await region.evaluate((element) => element.scrollTop)).toBe(place)

    await jump.focus()
    await page.keyboard.press('Enter')
    await expect(jump).toBeHidden()
    await expect(region).toBeFocused()
    await expectLatestReplyInSight(page)
  })
})
