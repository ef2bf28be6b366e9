import type { Locator, Page } from '@playwright/test'

/** What a reader cannot see or reach: the page's own sideways scroll, and the boxes cut off. */
export interface OffScreen {
  /** How far the page itself scrolls sideways (0 when it fits the window). */
  pageOverflow: number
  /**
   * Each outermost element that leaves the window across (`… (-40..152 of 0..390)`), or the box of
   * an ancestor that clips it and does not scroll (`… cut by svg.apexcharts-svg (…)`).
   */
  offenders: string[]
  /**
   * Each current item (a navigation's `aria-current` link, a selected tab) that is not in full view
   * across: one in a strip that scrolls sideways can be scrolled to, but the reader should not have to.
   */
  currentOutOfSight: string[]
}

/**
 * Content that is cut off and cannot be scrolled to: the page scrolling sideways, every visible
 * element (a box of some size) that starts left of 0 or ends right of the window's width, and every
 * one that leaves the box of an ancestor that clips what overflows it (overflow hidden or clip, an
 * SVG drawing), on any side. Not when that box scrolls to it (a wide table in a frame that scrolls
 * sideways, a menu at the foot of a scrolling panel), nor when it is hidden on purpose (`visibility: hidden`; inside a box of
 * a pixel that clips it: `.visually-hidden`, a form's bot trap), nor inside a diagram that is
 * panned (React Flow's). Only the outermost element of a run is named, by its tag, class, role or
 * label and the start of its text. And every current link or selected tab that is not in full view.
 */
export const offScreen = (page: Page): Promise<OffScreen> =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth
    const scrolls = (overflow: string) => overflow === 'auto' || overflow === 'scroll'
    const name = (element: Element) => {
      const tag = element.tagName.toLowerCase()
      const id = element.id ? `#${element.id}` : ''
      const classes = [...element.classList]
        .slice(0, 2)
        .map((value) => `.${value}`)
        .join('')
      const role = element.getAttribute('role')
      const label = element.getAttribute('aria-label')
      const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 50)
      return `${tag}${id}${classes}${role ? `[role=${role}]` : ''}${label ? `[aria-label="${label}"]` : ''}${text ? ` “${text}”` : ''}`
    }
    const span = (box: DOMRect) => `${Math.round(box.left)}..${Math.round(box.right)}`
    // The visually-hidden idiom, whatever its class: a box of a pixel or less that clips its content.
    const hiddenOnPurpose = (element: Element) => {
      for (let node: Element | null = element; node; node = node.parentElement) {
        const box = node.getBoundingClientRect()
        if (box.width <= 1 && box.height <= 1 && getComputedStyle(node).overflowX !== 'visible') return true
      }
      return false
    }
    // Parents come before their children in document order, so each answer below is ready for them.
    const clipperOf = new Map<Element, Element | null>()
    const withinFlagged = new Map<Element, boolean>()
    const flagged = new Set<Element>()
    const offenders: string[] = []
    for (const element of document.body.querySelectorAll('*')) {
      const parent = element.parentElement
      const parentClips = parent !== null && parent !== document.body && getComputedStyle(parent).overflowX !== 'visible'
      // A fixed box is placed by the window, whatever its ancestors clip.
      const clipper = getComputedStyle(element).position === 'fixed' ? null : parentClips ? parent : parent ? (clipperOf.get(parent) ?? null) : null
      clipperOf.set(element, clipper)
      const inFlagged = parent !== null && (flagged.has(parent) || (withinFlagged.get(parent) ?? false))
      withinFlagged.set(element, inFlagged)
      if (inFlagged || element.closest('script, style, noscript, template, .react-flow__viewport')) continue
      const box = element.getBoundingClientRect()
      if (box.width === 0 || box.height === 0) continue
      let problem: string
      if (clipper) {
        const clip = clipper.getBoundingClientRect()
        const { overflowX, overflowY } = getComputedStyle(clipper)
        const start = clip.left + clipper.clientLeft
        const top = clip.top + clipper.clientTop
        // An SVG element inside a drawing has no client box of its own: its bounding box stands in.
        const end = start + (clipper.clientWidth || clip.width)
        const bottom = top + (clipper.clientHeight || clip.height)
        // Inside the box that clips it (which answers for itself), or within reach of it scrolling:
        // what lies before the start of its scrolled content (left of it, above it) is not.
        const across = (box.left >= start - 1 && box.right <= end + 1) || (scrolls(overflowX) && box.left >= start - clipper.scrollLeft - 1 && box.right <= start - clipper.scrollLeft + clipper.scrollWidth + 1)
        const down = (box.top >= top - 1 && box.bottom <= bottom + 1) || (scrolls(overflowY) && box.top >= top - clipper.scrollTop - 1 && box.bottom <= top - clipper.scrollTop + clipper.scrollHeight + 1)
        if (across && down) continue
        problem = `(${span(box)}${across ? `, ${Math.round(box.top)}..${Math.round(box.bottom)} down` : ''}) cut by ${name(clipper).slice(0, 60)} (${span(clip)}${across ? `, ${Math.round(top)}..${Math.round(bottom)} down` : ''})`
      } else {
        if (box.left >= -1 && box.right <= width + 1) continue
        problem = `(${span(box)} of 0..${width})`
      }
      if (getComputedStyle(element).visibility === 'hidden' || hiddenOnPurpose(element)) continue
      flagged.add(element)
      offenders.push(`${name(element)} ${problem}`)
    }
    const currentOutOfSight: string[] = []
    for (const current of document.body.querySelectorAll('[aria-current="page"], [aria-current="true"], [role="tab"][aria-selected="true"]')) {
      const box = current.getBoundingClientRect()
      if (box.width === 0 || box.height === 0 || getComputedStyle(current).visibility === 'hidden' || hiddenOnPurpose(current)) continue
      let left = Math.max(box.left, 0)
      let right = Math.min(box.right, width)
      for (let parent = current.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX === 'visible') continue
        const clip = parent.getBoundingClientRect()
        left = Math.max(left, clip.left + parent.clientLeft)
        right = Math.min(right, clip.left + parent.clientLeft + parent.clientWidth)
      }
      if (left > box.left + 1 || right < box.right - 1) currentOutOfSight.push(`${name(current)} (${span(box)}, seen ${Math.round(left)}..${Math.round(right)})`)
    }
    const scroller = document.scrollingElement ?? document.documentElement
    return { pageOverflow: Math.max(0, scroller.scrollWidth - width), offenders, currentOutOfSight }
  })

/** How much of an element's box a reader cannot see, on each side. */
export interface Cut {
  left: number
  right: number
  top: number
  bottom: number
}

/**
 * How far the window, and every ancestor that clips what overflows it (a scrolling frame, an SVG
 * drawing), cut the element's box off on each side: all 0 when the whole of it is seen. Call it
 * with the element scrolled into view (`scrollIntoViewIfNeeded`) where it may be below the fold:
 * what is cut then cannot be scrolled to.
 */
export const cutOff = (element: Locator): Promise<Cut> =>
  element.evaluate((target) => {
    const box = target.getBoundingClientRect()
    const root = document.documentElement
    const seen = { left: Math.max(box.left, 0), right: Math.min(box.right, root.clientWidth), top: Math.max(box.top, 0), bottom: Math.min(box.bottom, root.clientHeight) }
    for (let parent = target.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
      const { overflowX, overflowY } = getComputedStyle(parent)
      if (overflowX === 'visible' && overflowY === 'visible') continue
      const clip = parent.getBoundingClientRect()
      // An SVG element inside a drawing has no client box of its own: its bounding box stands in.
      const left = clip.left + parent.clientLeft
      const top = clip.top + parent.clientTop
      if (overflowX !== 'visible') {
        seen.left = Math.max(seen.left, left)
        seen.right = Math.min(seen.right, left + (parent.clientWidth || clip.width))
      }
      if (overflowY !== 'visible') {
        seen.top = Math.max(seen.top, top)
        seen.bottom = Math.min(seen.bottom, top + (parent.clientHeight || clip.height))
      }
    }
    const cut = (amount: number) => Math.max(0, Math.round(amount))
    return { left: cut(seen.left - box.left), right: cut(box.right - seen.right), top: cut(seen.top - box.top), bottom: cut(box.bottom - seen.bottom) }
  })
