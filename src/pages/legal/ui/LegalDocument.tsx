import { useId, useMemo } from 'react'
import { Link } from 'react-router-dom'
import { usePageMeta } from '@/shared/lib/seo'
import { ButtonLink, PageHeader } from '@/shared/ui'
import { LAST_UPDATED } from '../config/dates'
import { useScrollSpy } from '../lib/useScrollSpy'
import type { LegalDocumentData } from '../model/types'
import { TableOfContents } from './TableOfContents'
import styles from './LegalDocument.module.scss'

interface LegalDocumentProps {
  document: LegalDocumentData
}

/** The layout of every legal page: header, sticky table of contents, numbered sections, related links. */
export const LegalDocument = ({ document: legal }: LegalDocumentProps) => {
  usePageMeta({ title: legal.title, description: legal.description })
  const ids = useMemo(() => legal.sections.map((section) => section.id), [legal])
  const { activeId, goTo } = useScrollSpy(ids)
  const relatedTitleId = useId()

  return (
    <>
      <PageHeader eyebrow="Legal" title={legal.title} lead={legal.lead}>
        <p className={styles.updated}>
          Last updated <time dateTime={LAST_UPDATED.iso}>{LAST_UPDATED.label}</time>
        </p>
      </PageHeader>

      <div className={styles.layout}>
        <div className={styles.sidebar}>
          <TableOfContents entries={legal.sections} activeId={activeId} onNavigate={goTo} />
        </div>

        <div className={styles.content}>
          {legal.sections.map((section, index) => (
            <section key={section.id} id={section.id} className={styles.section}>
              <h2 id={`${section.id}-title`} tabIndex={-1}>
                <span className={styles.number}>{index + 1}.</span> {section.title}
              </h2>
              <div className={styles.prose}>{section.body}</div>
            </section>
          ))}

          <section className={styles.related} aria-labelledby={relatedTitleId}>
            <h2 id={relatedTitleId}>Related documents</h2>
            <ul className={styles.relatedList}>
              {legal.related.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                  <p>{link.description}</p>
                </li>
              ))}
            </ul>
            <div className={styles.contact}>
              <p>{legal.contactPrompt}</p>
              <ButtonLink to="/contact" variant="secondary">
                Contact Us
              </ButtonLink>
            </div>
          </section>
        </div>
      </div>
    </>
  )
}
