import { useId, type ReactNode } from 'react'
import { ButtonLink } from '../Button'
import styles from './Cta.module.scss'

interface CtaProps {
  title: ReactNode
  text: ReactNode
  /** Where the button leads. */
  to: string
  /** The button's text. */
  label: ReactNode
  /** The heading's id, where a page links to it; a generated one otherwise. */
  headingId?: string
  /** The page's class, to set the band's custom properties. */
  className?: string
}

/** The call to action that closes a page: a heading, a line of text and one button. */
export const Cta = ({ title, text, to, label, headingId, className }: CtaProps) => {
  const generatedId = useId()
  const titleId = headingId ?? generatedId
  return (
    <section className={[styles.cta, className].filter(Boolean).join(' ')} aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      <p>{text}</p>
      <ButtonLink to={to} size="large" className={styles.button}>
        {label}
      </ButtonLink>
    </section>
  )
}
