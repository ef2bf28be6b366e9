import { useId } from 'react'
import styles from './Faq.module.scss'

export interface FaqItem {
  question: string
  answer: string
}

interface FaqProps {
  items: readonly FaqItem[]
  /** The section heading; 'Frequently Asked Questions' unless told. */
  title?: string
}

/**
 * A list of questions, each opening its answer. Built on `<details>`, so it works with the keyboard
 * and screen readers without any script.
 */
export const Faq = ({ items, title = 'Frequently Asked Questions' }: FaqProps) => {
  const headingId = useId()
  return (
    <section className={styles.faq} aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <div className={styles.items}>
        {items.map((item) => (
          <details key={item.question} className={styles.item}>
            <summary>{item.question}</summary>
            <p>{item.answer}</p>
          </details>
        ))}
      </div>
    </section>
  )
}
