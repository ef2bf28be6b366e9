import { useLayoutEffect, type RefObject } from 'react'
import { useLocation } from 'react-router-dom'

/**
 * Keeps the current tab in sight in a strip of tabs that scrolls sideways (a phone shows three or
 * four of an app's eight): on every address, the strip is scrolled, on its own and not the page,
 * to show the tab marked `aria-current` in its middle when any part of it was out of sight.
 */
export const useCurrentTabInView = (strip: RefObject<HTMLElement | null>) => {
  const { pathname } = useLocation()
  useLayoutEffect(() => {
    const list = strip.current
    const current = list?.querySelector('[aria-current="page"]')
    if (!list || !current) return
    const box = list.getBoundingClientRect()
    const tab = current.getBoundingClientRect()
    if (tab.left >= box.left && tab.right <= box.right) return
    list.scrollBy({ left: tab.left - box.left - (box.width - tab.width) / 2 })
  }, [strip, pathname])
}
