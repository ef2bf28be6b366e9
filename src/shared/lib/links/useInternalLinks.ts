import type { MouseEvent } from 'react'
import { useNavigate } from 'react-router-dom'
import { internalTarget } from './internalLink'

/**
 * A click handler for an element holding HTML compiled from Markdown: a link in it to a page of
 * this site navigates in the app instead of reloading. Clicks (and Enter on a focused link) bubble
 * up from the links inside.
 */
export const useInternalLinks = () => {
  const navigate = useNavigate()
  return (event: MouseEvent<HTMLElement>) => {
    const target = internalTarget(event.nativeEvent, window.location.origin)
    if (target === undefined) return
    event.preventDefault()
    void navigate(target)
  }
}
