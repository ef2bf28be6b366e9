import { useEffect } from 'react'
import { Link, useLocation } from 'react-router-dom'
import { Button, ButtonLink } from '@/shared/ui'
import { useInternalLinks } from '@/shared/lib/links'
import { neighboursOf } from '../model/navigation'
import type { DocContent, DocTopic } from '../model/types'
import type { DocContentState } from '../model/useDocContent'
import styles from './DocArticle.module.scss'

const OnThisPage = ({ doc }: { doc: DocContent }) => {
  const sections = doc.headings.filter((heading) => heading.level === 2)
  if (sections.length < 3) return null
  return (
    <nav className={styles.toc} aria-label="On this page">
      <p className={styles.tocTitle} aria-hidden="true">
        On this page
      </p>
      <ul>
        {sections.map((heading) => (
          <li key={heading.id}>
            <Link to={`#${heading.id}`}>{heading.text}</Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/** The rendered Markdown; links inside it to pages of this site navigate without reloading. */
const DocHtml = ({ doc }: { doc: DocContent }) => {
  const followInternalLinks = useInternalLinks()
  const { hash } = useLocation()

  // The page's content arrives after the navigation, so scroll to the anchor once it is there.
  useEffect(() => {
    if (!hash) return
    const target = document.getElementById(decodeURIComponent(hash.slice(1)))
    target?.scrollIntoView()
  }, [doc, hash])

  return (
    // Clicks (and Enter on a focused link) bubble up from the links inside.
    <div className={styles.prose} onClick={followInternalLinks} dangerouslySetInnerHTML={{ __html: doc.html }} />
  )
}

const PreviousNext = ({ topic }: { topic: DocTopic }) => {
  const { previous, next } = neighboursOf(topic)
  return (
    <nav className={styles.pager} aria-label="Previous and next pages">
      {previous && (
        <Link to={previous.path} className={styles.previous} rel="prev">
          <span className={styles.pagerLabel}>Previous: </span>
          <span className={styles.pagerTitle}>{previous.title}</span>
        </Link>
      )}
      {next && (
        <Link to={next.path} className={styles.next} rel="next">
          <span className={styles.pagerLabel}>Next: </span>
          <span className={styles.pagerTitle}>{next.title}</span>
        </Link>
      )}
    </nav>
  )
}

export const NeedHelp = () => (
  <section className={styles.help} aria-labelledby="docs-help-title">
    <h2 id="docs-help-title">Need help?</h2>
    <p>
      Can&apos;t find what you&apos;re looking for, or want to see Overseer on your own project? Our team answers
      every message, and early-access members get a direct line to the engineers who build it.
    </p>
    <div className={styles.helpActions}>
      <ButtonLink to="/contact">Contact us</ButtonLink>
      <ButtonLink to="/waitlist" variant="secondary">
        Join the waitlist
      </ButtonLink>
    </div>
  </section>
)

/** A documentation page's content (loaded on demand), then Previous/Next and the help box. */
export const DocArticle = ({ topic, content }: { topic: DocTopic; content: DocContentState }) => {
  return (
    <>
      {content.status === 'ready' && (
        <>
          <OnThisPage doc={content.doc} />
          <DocHtml doc={content.doc} />
        </>
      )}
      {content.status === 'loading' && (
        <div className={styles.skeleton} aria-busy="true">
          <span className="visually-hidden">Loading the page...</span>
          {[96, 88, 92, 60, 94, 84, 70].map((width, index) => (
            <span key={index} className={styles.line} style={{ width: `${width}%` }} aria-hidden="true" />
          ))}
        </div>
      )}
      {content.status === 'failed' && (
        <div className={styles.failed} role="alert">
          <p>This page could not be loaded. Check your connection and try again.</p>
          <Button variant="secondary" onClick={content.retry}>
            Try again
          </Button>
        </div>
      )}
      <PreviousNext topic={topic} />
      <NeedHelp />
    </>
  )
}
