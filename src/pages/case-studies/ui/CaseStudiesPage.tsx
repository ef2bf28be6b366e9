import { Link } from 'react-router-dom'
import { PRODUCT_NAME } from '@/shared/config'
import { usePageMeta } from '@/shared/lib/seo'
import { PageHeader, Reveal } from '@/shared/ui'
import { TESTIMONIALS } from '@/entities/testimonial'
import { WaitlistCta } from '@/widgets/waitlist-cta'
import { CASE_STUDIES, type CaseStudy } from '../model/caseStudies'
import styles from './CaseStudiesPage.module.scss'

const Study = ({ study }: { study: CaseStudy }) => {
  const titleId = `${study.id}-title`
  const quote = TESTIMONIALS.find((testimonial) => testimonial.company === study.customer)
  return (
    <article id={study.id} className={styles.study} aria-labelledby={titleId}>
      <p className={styles.badge}>Early design partner</p>
      <h2 id={titleId}>{study.customer}</h2>
      <p className={styles.headline}>{study.headline}</p>
      <dl className={styles.facts}>
        <div>
          <dt>Industry</dt>
          <dd>{study.industry}</dd>
        </div>
        <div>
          <dt>Company</dt>
          <dd>{study.size}</dd>
        </div>
        <div>
          <dt>Pilot</dt>
          <dd>{study.pilot}</dd>
        </div>
        <div>
          <dt>Modules used</dt>
          <dd>{study.modules.join(', ')}</dd>
        </div>
      </dl>

      <div className={styles.columns}>
        <div>
          <h3>Challenge</h3>
          {study.challenge.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          <h3>Approach</h3>
          {study.approach.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
        <div>
          <h3>Results</h3>
          <ul className={styles.results}>
            {study.results.map((result) => (
              <li key={result.label}>
                <span className={styles.figure}>{result.figure}</span>
                <span>{result.label}</span>
              </li>
            ))}
          </ul>
          <p className={styles.outcome}>{study.outcome}</p>
        </div>
      </div>

      {quote && (
        <figure className={styles.quote}>
          <blockquote>
            <p>“{quote.quote}”</p>
          </blockquote>
          <figcaption>
            {quote.name}, {quote.role}, {quote.company}
          </figcaption>
        </figure>
      )}
    </article>
  )
}

export const CaseStudiesPage = () => {
  usePageMeta({
    title: 'Case Studies',
    description: `How early design partners used ${PRODUCT_NAME} on real work: connectors, regression fixes, product discovery and internal tools, with approval gates throughout.`,
  })

  return (
    <>
      <PageHeader
        eyebrow="Early design partners"
        title="Case Studies"
        lead={`Before early access opens in June 2025, a small group of design partners used ${PRODUCT_NAME} on real work. Here is what they built, how they set up the approval gates, and what changed.`}
      />

      <div className={styles.section}>
        <Reveal>
          <p className={styles.note}>
            These pilots ran in our private design-partner programme between January and May 2025. Figures are as
            reported by each partner for its pilot period and are not a guarantee of future results.
          </p>
          <nav aria-label="Case studies on this page">
            <ul className={styles.toc}>
              {CASE_STUDIES.map((study) => (
                <li key={study.id}>
                  <Link to={`#${study.id}`}>
                    <strong>{study.customer}</strong>
                    <span>{study.headline}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </Reveal>
      </div>

      {CASE_STUDIES.map((study) => (
        <div key={study.id} className={styles.section}>
          <Reveal>
            <Study study={study} />
          </Reveal>
        </div>
      ))}

      <div className={styles.section}>
        <p className={styles.more}>
          Want to see how the modules behind these results work? Read about the{' '}
          <Link to="/architecture">architecture</Link> or the{' '}
          <Link to="/architecture/devloop-matrix">DevLoop Matrix</Link> in depth.
        </p>
      </div>

      <WaitlistCta title="Run your own pilot" text="Early access opens in June 2025. Join the waitlist, tell us about your use case, and we will help you set up your first project." />
    </>
  )
}
