import { useId, useMemo } from 'react'
import { Link } from 'react-router-dom'
import { useInternalLinks } from '@/shared/lib/links'
import { usePageMeta } from '@/shared/lib/seo'
import { ButtonLink, PageHeader } from '@/shared/ui'
import { useScrollSpy } from '../lib/useScrollSpy'
import type { LegalDocumentData } from '../model/types'
import { TableOfContents } from './TableOfContents'
import styles from './LegalDocument.module.scss'

interface LegalDocumentProps {
  document: LegalDocumentData
}

const formatDate = (iso: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso))

/**
 * Any legal document (content/legal/<name>.md): header, sticky table of contents, numbered
 * sections, related links.
 */
export const LegalDocument = ({ document: { meta, sections } }: LegalDocumentProps) => {
  usePageMeta({ title: meta.title, description: meta.description })
  const ids = useMemo(() => sections.map((section) => section.id), [sections])
  const { activeId, goTo } = useScrollSpy(ids)
  const followInternalLinks = useInternalLinks()
  const relatedTitleId = useId()

  return (
    <>
      <PageHeader eyebrow="Legal" title={meta.title} lead={meta.lead}>
        <p className={styles.updated}>
          Last updated <time dateTime={meta.updated}>{formatDate(meta.updated)}</time>
        </p>
      </PageHeader>

      <div className={styles.layout}>
        <div className={styles.sidebar}>
          <TableOfContents entries={sections} activeId={activeId} onNavigate={goTo} />
        </div>

        <div className={styles.content}>
          {sections.map((section, index) => (
            <section key={section.id} id={section.id} className={styles.section}>
              <h2 id={`${section.id}-title`} tabIndex={-1}>
                <span className={styles.number}>{index + 1}.</span> {section.title}
              </h2>
              {/* Links to pages of this site inside the text navigate in the app. */}
              <div className={styles.prose} onClick={followInternalLinks} dangerouslySetInnerHTML={{ __html: section.html }} />
            </section>
          ))}

          <section className={styles.related} aria-labelledby={relatedTitleId}>
            <h2 id={relatedTitleId}>Related documents</h2>
            <ul className={styles.relatedList}>
              {meta.related.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                  <p>{link.description}</p>
                </li>
              ))}
            </ul>
            <div className={styles.contact}>
              <p>{meta.contactPrompt}</p>
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
