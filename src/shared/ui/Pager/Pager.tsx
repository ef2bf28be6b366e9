import type { ReactNode } from 'react'
import { Button } from '../Button'
import styles from './Pager.module.scss'

interface PagerProps {
  /** Names the navigation landmark ('Log pages'). */
  label: string
  /** The live line before the buttons ('Showing 20 of 1,243 logs'). */
  summary: ReactNode
  /** The page in view, from 1. */
  page: number
  pages: number
  /** The page the line names, when it can differ from `page` while data loads. */
  pageShown?: number
  /** Disables both buttons (a page is loading). */
  busy?: boolean
  onPageChange: (page: number) => void
}

/** 'Showing X of N …', Previous, 'Page X of Y', Next: the paging line of the staff tables. */
export const Pager = ({ label, summary, page, pages, pageShown = page, busy = false, onPageChange }: PagerProps) => (
  <nav className={styles.paging} aria-label={label}>
    <p className={styles.count} role="status">
      {summary}
    </p>
    <div className={styles.pageButtons}>
      <Button variant="secondary" onClick={() => onPageChange(page - 1)} disabled={page <= 1 || busy}>
        Previous
      </Button>
      <span className={styles.pageOf}>
        Page {pageShown} of {pages}
      </span>
      <Button variant="secondary" onClick={() => onPageChange(page + 1)} disabled={page >= pages || busy}>
        Next
      </Button>
    </div>
  </nav>
)
