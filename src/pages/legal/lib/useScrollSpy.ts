import { useCallback, useEffect, useRef, useState } from 'react'
import { prefersReducedMotion } from '@/shared/lib/motion'

export interface ScrollSpyOptions {
  /** Height in px of what covers the top of the viewport (the sticky navigation bar), plus a margin. */
  offset?: number
  /** Where the watched band ends, as a share of the viewport's height from its top. */
  line?: number
}

export interface ScrollSpy {
  /** The section the reader is in. */
  activeId: string
  /**
   * Goes to a section: scrolls there (smoothly unless the user prefers reduced motion), moves focus
   * to its heading and puts its id in the address bar.
   */
  goTo: (id: string) => void
}

/** After a programmatic scroll, the chosen section stays current until the reader scrolls on. */
interface Hold {
  id: string
  /** The programmatic scroll is over: the next scroll is the reader's. */
  settled: boolean
}

/** Longest wait for `scrollend` (browsers without it, or a scroll that did not move). */
const SETTLE_FALLBACK_MS = 1500
/** The browser and the router scroll to an address's section on arrival; they are done by then. */
const ARRIVAL_SETTLE_MS = 300

const sectionFromHash = (ids: readonly string[]): string | undefined => {
  if (typeof window === 'undefined') return undefined
  try {
    const id = decodeURIComponent(window.location.hash.slice(1))
    return ids.includes(id) ? id : undefined
  } catch {
    return undefined
  }
}

/** Scrolled as far down as the page goes (a page that does not scroll at all is at its top). */
const atPageBottom = (): boolean =>
  window.scrollY > 0 && window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2

const headingOf = (section: HTMLElement): HTMLElement | null => section.querySelector<HTMLElement>('h2, h3')

/**
 * Follows which of the sections `ids` (elements with those ids, in document order, one after
 * another) the reader is in. An IntersectionObserver watches a band from just under the sticky
 * navigation bar down to `line` of the viewport; the current section is the topmost one in that
 * band, the one whose text is at the top of the screen. At the very bottom of the page the last
 * section counts as current, since a short last section may never reach the top.
 */
export const useScrollSpy = (ids: readonly string[], { offset = 96, line = 0.35 }: ScrollSpyOptions = {}): ScrollSpy => {
  const [activeId, setActiveId] = useState<string>(() => sectionFromHash(ids) ?? ids[0] ?? '')
  const hold = useRef<Hold | null>(null)
  const settleTimer = useRef<number | undefined>(undefined)

  const holdOn = useCallback((id: string, settleAfterMs: number) => {
    hold.current = { id, settled: false }
    window.clearTimeout(settleTimer.current)
    settleTimer.current = window.setTimeout(() => {
      if (hold.current?.id === id) hold.current.settled = true
    }, settleAfterMs)
  }, [])

  useEffect(() => {
    const sections = ids.map((id) => document.getElementById(id)).filter((element) => element !== null)
    const inBand = new Set<string>()

    const update = () => {
      if (hold.current) return
      const last = sections[sections.length - 1]
      if (last && atPageBottom() && last.getBoundingClientRect().top < window.innerHeight) {
        setActiveId(last.id)
        return
      }
      const current = ids.find((id) => inBand.has(id))
      if (current) {
        setActiveId(current)
        return
      }
      // Nothing in the band: above the first section (the page header is there) the first one is
      // current; below the last one (the footer), the last.
      const first = sections[0]
      if (first && last) setActiveId(first.getBoundingClientRect().top > offset ? first.id : last.id)
    }

    const observer =
      typeof IntersectionObserver === 'undefined'
        ? undefined
        : new IntersectionObserver(
            (entries) => {
              for (const entry of entries) {
                if (entry.isIntersecting) inBand.add(entry.target.id)
                else inBand.delete(entry.target.id)
              }
              update()
            },
            { rootMargin: `-${offset}px 0px -${Math.round((1 - line) * 100)}% 0px` },
          )
    sections.forEach((section) => observer?.observe(section))

    let frame = 0
    const onScroll = () => {
      if (hold.current?.settled) hold.current = null
      if (hold.current || frame) return
      frame = window.requestAnimationFrame(() => {
        frame = 0
        update()
      })
    }
    const onScrollEnd = () => {
      if (hold.current) hold.current.settled = true
    }
    // Scrolling by wheel, touch or keyboard is the reader's own.
    const onReaderInput = () => {
      hold.current = null
    }
    const onHashChange = () => {
      const id = sectionFromHash(ids)
      if (!id) return
      holdOn(id, ARRIVAL_SETTLE_MS)
      setActiveId(id)
    }

    // Arriving at /privacy#cookies: the router scrolls there; make sure of it, and keep it current.
    const arrival = sectionFromHash(ids)
    if (arrival) {
      holdOn(arrival, ARRIVAL_SETTLE_MS)
      if (window.scrollY === 0) document.getElementById(arrival)?.scrollIntoView?.({ block: 'start' })
    }

    window.addEventListener('scroll', onScroll, { passive: true })
    window.addEventListener('scrollend', onScrollEnd)
    window.addEventListener('wheel', onReaderInput, { passive: true })
    window.addEventListener('touchmove', onReaderInput, { passive: true })
    window.addEventListener('keydown', onReaderInput)
    window.addEventListener('hashchange', onHashChange)
    return () => {
      observer?.disconnect()
      window.cancelAnimationFrame(frame)
      window.clearTimeout(settleTimer.current)
      window.removeEventListener('scroll', onScroll)
      window.removeEventListener('scrollend', onScrollEnd)
      window.removeEventListener('wheel', onReaderInput)
      window.removeEventListener('touchmove', onReaderInput)
      window.removeEventListener('keydown', onReaderInput)
      window.removeEventListener('hashchange', onHashChange)
    }
  }, [ids, offset, line, holdOn])

  const goTo = useCallback(
    (id: string) => {
      const section = document.getElementById(id)
      if (!section) return
      holdOn(id, SETTLE_FALLBACK_MS)
      setActiveId(id)
      section.scrollIntoView?.({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' })
      headingOf(section)?.focus({ preventScroll: true })
      // Replacing keeps the router's history entry (its key and scroll position) intact.
      if (window.location.hash !== `#${id}`) window.history.replaceState(window.history.state, '', `#${id}`)
    },
    [holdOn],
  )

  return { activeId, goTo }
}
