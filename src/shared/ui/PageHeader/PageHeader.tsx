import type { ReactNode } from 'react'
import styles from './PageHeader.module.scss'

interface PageHeaderProps {
  title: ReactNode
  /** One or two sentences under the title. */
  lead?: ReactNode
  /** Small text above the title, such as a category or 'Last updated ...'. */
  eyebrow?: ReactNode
  /** Buttons or links under the lead. */
  children?: ReactNode
}

/** The band at the top of a content page: its one `h1`, a lead and optional actions. */
export const PageHeader = ({ title, lead, eyebrow, children }: PageHeaderProps) => (
  <header className={styles.header}>
    <div className={styles.inner}>
      {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
      <h1>{title}</h1>
      {lead && <p className={styles.lead}>{lead}</p>}
      {children && <div className={styles.actions}>{children}</div>}
    </div>
  </header>
)
