import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react'
import { prefersReducedMotion } from '../motion'

/** Within this distance (px) of the bottom, a reader moving down counts as back at the latest. */
export const NEAR_BOTTOM_PX = 48

export interface StickToBottom<T extends HTMLElement> {
  /** The scrolling element. */
  ref: RefObject<T | null>
  /** Its scroll handler. */
  onScroll: () => void
  /** The reader scrolled up from the latest: the region stays where they are. */
  away: boolean
  /** Back to the latest (smoothly unless reduced motion is preferred), following it again. */
  jump: () => void
}

/**
 * Keeps a scrolling region at its bottom as its content grows, as chats do, unless the reader
 * scrolled up: then it stays put until they come back down, or `jump`. `grown` changes when the
 * content does (a new turn, streamed text); a new `reset` (another conversation, the reader's own
 * message) follows again.
 * Content that grows by itself (a late image) or a region that shrinks keeps the latest in view too.
 */
export const useStickToBottom = <T extends HTMLElement>(grown: unknown, reset: unknown): StickToBottom<T> => {
  const ref = useRef<T>(null)
  const following = useRef(true)
  const lastTop = useRef(0)
  const [away, setAway] = useState(false)
  const [shown, setShown] = useState(reset)
  if (shown !== reset) {
    setShown(reset)
    setAway(false)
  }

  const follow = useCallback((on: boolean) => {
    following.current = on
    setAway(!on)
  }, [])

  const toLatest = useCallback(() => {
    const region = ref.current
    if (!region || !following.current) return
    region.scrollTop = region.scrollHeight
    lastTop.current = region.scrollTop
  }, [])

  const onScroll = useCallback(() => {
    const region = ref.current
    if (!region) return
    const below = region.scrollHeight - region.scrollTop - region.clientHeight
    // Only the reader scrolls up: following moves down, and a region that shrinks stays at its end.
    const up = region.scrollTop < lastTop.current
    lastTop.current = region.scrollTop
    if (below <= 1 || (!up && below <= NEAR_BOTTOM_PX)) follow(true)
    else if (up) follow(false)
  }, [follow])

  useLayoutEffect(() => {
    following.current = true
    toLatest()
  }, [reset, toLatest])
  useLayoutEffect(toLatest, [grown, toLatest])

  useEffect(() => {
    const region = ref.current
    if (!region || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(toLatest)
    observer.observe(region)
    for (const child of Array.from(region.children)) observer.observe(child)
    return () => observer.disconnect()
  }, [toLatest])

  const jump = useCallback(() => {
    const region = ref.current
    if (!region) return
    follow(true)
    const top = region.scrollHeight
    if (typeof region.scrollTo === 'function') region.scrollTo({ top, behavior: prefersReducedMotion() ? 'auto' : 'smooth' })
    else region.scrollTop = top
  }, [follow])

  return { ref, onScroll, away, jump }
}
