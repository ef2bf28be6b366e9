import { prefersReducedMotion } from '../motion'

/** Scrolls the window to the top, smoothly unless the user prefers reduced motion. */
export const scrollToTop = (): void => {
  window.scrollTo({ top: 0, left: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' })
}
