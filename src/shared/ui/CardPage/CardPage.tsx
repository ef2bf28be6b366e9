import type { ReactNode } from 'react'
import styles from './CardPage.module.scss'

interface CardPageProps {
  children: ReactNode
  /** `brand` sets the card on the dark brand gradient (sign-in), `plain` on a light grey. */
  backdrop?: 'brand' | 'plain'
  /** The card's largest width. */
  width?: 'narrow' | 'medium'
  className?: string
}

/** A full-page backdrop with one centred card: sign-in and its neighbouring pages. */
export const CardPage = ({ children, backdrop = 'plain', width = 'medium', className }: CardPageProps) => (
  <main id="main" className={`${styles.page} ${styles[backdrop]}`}>
    <div className={[styles.card, styles[width], className].filter(Boolean).join(' ')}>{children}</div>
  </main>
)
