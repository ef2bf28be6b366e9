import type { ReactNode } from 'react'
import styles from './DataTable.module.scss'

interface DataTableProps {
  /** Names the scrollable region ('Log entries table'). */
  label: string
  /** The table's caption, for screen readers ('Agent log entries, newest first'). */
  caption: string
  /** thead and tbody. */
  children: ReactNode
}

/**
 * A staff table: full width, a header row in small capitals, rows split by a rule. Its wrapper
 * scrolls sideways on a narrow screen and takes the focus, so the keyboard can scroll it too.
 */
export const DataTable = ({ label, caption, children }: DataTableProps) => (
  <div className={styles.wrap} tabIndex={0} role="region" aria-label={label}>
    <table className={styles.table}>
      <caption className="visually-hidden">{caption}</caption>
      {children}
    </table>
  </div>
)
