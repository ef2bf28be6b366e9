import { useEffect } from 'react'
import { useLocation } from 'react-router-dom'
import { usePrefersReducedMotion } from '@/shared/lib/motion'

/**
 * Scrolls to the element named by the address's #hash once the sub-page has rendered it, also when
 * the page was opened straight from an address with a hash (before its content existed).
 */
export const useScrollToHash = () => {
  const { hash, pathname, key } = useLocation()
  const reducedMotion = usePrefersReducedMotion()
  useEffect(() => {
    if (!hash) return
    const frame = window.requestAnimationFrame(() => {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)))
      target?.scrollIntoView?.({ behavior: reducedMotion ? 'auto' : 'smooth', block: 'start' })
    })
    return () => window.cancelAnimationFrame(frame)
  }, [hash, pathname, key, reducedMotion])
}
