import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react'
import { useHydrated } from '../../lib/hydration'
import { usePrefersReducedMotion } from '../../lib/motion'
import styles from './Reveal.module.scss'

export type RevealDirection = 'up' | 'down' | 'left' | 'right'

interface RevealProps {
  children: ReactNode
  /** Where the block slides in from. */
  direction?: RevealDirection
  /** Animation length in ms. */
  duration?: number
  /** Slide distance in px. */
  distance?: number
  /** Share of the block that must be in view before it reveals. */
  threshold?: number
  delay?: number
  className?: string
}

const offset = (direction: RevealDirection, distance: number): string => {
  switch (direction) {
    case 'up':
      return `translate3d(0, ${distance}px, 0)`
    case 'down':
      return `translate3d(0, -${distance}px, 0)`
    case 'left':
      return `translate3d(${distance}px, 0, 0)`
    case 'right':
      return `translate3d(-${distance}px, 0, 0)`
  }
}

/** Fades and slides its content in when it scrolls into view; static under reduced motion. */
export const Reveal = ({
  children,
  direction = 'up',
  duration = 600,
  distance = 20,
  threshold = 0.1,
  delay = 0,
  className,
}: RevealProps) => {
  const reducedMotion = usePrefersReducedMotion()
  const ref = useRef<HTMLDivElement>(null)
  // Hidden at first, as prerendered (<noscript> shows it); without IntersectionObserver, shown.
  const [seen, setSeen] = useState(false)
  const hydrated = useHydrated()
  const visible = seen || (hydrated && typeof IntersectionObserver === 'undefined')

  useEffect(() => {
    const element = ref.current
    if (reducedMotion || visible || !element) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setSeen(true)
          observer.disconnect()
        }
      },
      { threshold },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [reducedMotion, visible, threshold])

  if (reducedMotion) {
    return (
      <div className={className} data-reveal="static">
        {children}
      </div>
    )
  }

  const style: CSSProperties = {
    transitionDuration: `${duration}ms`,
    transitionDelay: `${delay}ms`,
    transform: visible ? 'none' : offset(direction, distance),
  }

  return (
    <div
      ref={ref}
      className={`${styles.reveal} ${visible ? styles.visible : ''} ${className ?? ''}`}
      style={style}
      data-reveal={visible ? 'visible' : 'hidden'}
    >
      {children}
    </div>
  )
}
