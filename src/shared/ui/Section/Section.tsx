import { useId, type ReactNode } from 'react'
import { Reveal } from '../Reveal'

interface SectionProps {
  title: ReactNode
  /** The page's class for the section: its width and spacing (the `section` mixin) and its headings. */
  className?: string
  /** The section's anchor, e.g. `orchestration` for `#orchestration`. */
  id?: string
  /** The heading's id, where a page or a test links to it; a generated one otherwise. */
  headingId?: string
  /** A paragraph under the heading. */
  intro?: ReactNode
  introClassName?: string
  /** What is revealed with the heading after the intro (paragraphs, a diagram). */
  opening?: ReactNode
  children?: ReactNode
}

/** A titled section of a page: its heading and intro slide in together, its content follows. */
export const Section = ({ title, className, id, headingId, intro, introClassName, opening, children }: SectionProps) => {
  const generatedId = useId()
  const titleId = headingId ?? generatedId
  return (
    <section id={id} className={className} aria-labelledby={titleId}>
      <Reveal>
        <h2 id={titleId}>{title}</h2>
        {intro && <p className={introClassName}>{intro}</p>}
        {opening}
      </Reveal>
      {children}
    </section>
  )
}
