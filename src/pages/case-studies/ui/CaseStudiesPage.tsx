import { Fragment } from 'react'
import { Link } from 'react-router-dom'
import { useInternalLinks } from '@/shared/lib/links'
import { usePageMeta } from '@/shared/lib/seo'
import { PageHeader, Reveal } from '@/shared/ui'
import { TESTIMONIALS } from '@/entities/testimonial'
import { WaitlistCta } from '@/widgets/waitlist-cta'
import { CASE_STUDIES, CASE_STUDIES_PAGE, moreSection, type CaseStudy } from '../model/caseStudies'
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
          {study.sections.map((section) => (
            <Fragment key={section.id}>
              <h3>{section.title}</h3>
              <div dangerouslySetInnerHTML={{ __html: section.html }} />
            </Fragment>
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

/** /case-studies: the design partners' pilots; the copy is content/case-studies/. */
export const CaseStudiesPage = () => {
  usePageMeta({ title: 'Case Studies', description: CASE_STUDIES_PAGE.meta.description })
  const followInternalLinks = useInternalLinks()
  const { meta } = CASE_STUDIES_PAGE

  return (
    <>
      <PageHeader
        eyebrow="Early design partners"
        title="Case Studies"
        lead={meta.lead}
      />

      <div className={styles.section}>
        <Reveal>
          <p className={styles.note}>{meta.note}</p>
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
        <div className={styles.more} onClick={followInternalLinks} dangerouslySetInnerHTML={{ __html: moreSection.html }} />
      </div>

      <WaitlistCta title={meta.cta.title} text={meta.cta.text} />
    </>
  )
}
