import { useEffect, useRef, useState } from 'react'
import { useLocation, useParams } from 'react-router-dom'
import { PRODUCT_NAME } from '@/shared/config'
import { breadcrumbData, usePageMeta } from '@/shared/lib/seo'
import { resolveDocLocation, type DocLocation } from '../model/navigation'
import { NO_RESULTS_MESSAGE } from '../model/search'
import { useDocContent } from '../model/useDocContent'
import { useDocsSearch, type DocsSearchState } from '../model/useDocsSearch'
import { DocArticle } from './DocArticle'
import { DocsNotFound } from './DocsNotFound'
import { DocsPagePicker } from './DocsPagePicker'
import { DocsSearchBox } from './DocsSearchBox'
import { DocsSearchResults } from './DocsSearchResults'
import { DocsSidebar } from './DocsSidebar'
import styles from './DocsPage.module.scss'
import toolbar from './DocsToolbar.module.scss'

const statusText = (state: DocsSearchState): string => {
  switch (state.status) {
    case 'idle':
      return ''
    case 'searching':
      return 'Searching...'
    case 'failed':
      return "Search isn't available right now. Check your connection and try again."
    case 'done': {
      const count = state.results.length
      if (count === 0) return NO_RESULTS_MESSAGE
      return `${count} ${count === 1 ? 'page matches' : 'pages match'} “${state.query}”.`
    }
  }
}

/** Everything right of the sidebar; a new one for each page, so a search ends when you leave it. */
const DocsMain = ({ location, pathname }: { location: DocLocation; pathname: string }) => {
  const { key } = useLocation()
  const search = useDocsSearch()
  const topic = location.kind === 'topic' ? location.topic : undefined
  const content = useDocContent(topic)
  const heading = useRef<HTMLHeadingElement>(null)
  const searchInput = useRef<HTMLInputElement>(null)

  const doc = content?.status === 'ready' ? content.doc : undefined
  usePageMeta(
    topic
      ? {
          title: topic.title,
          description: doc?.description ?? `${topic.title}: ${location.section?.title} in the ${PRODUCT_NAME} documentation.`,
          path: topic.path,
          structuredData:
            process.env.PRERENDER === 'true'
              ? [
                  breadcrumbData([
                    { name: 'Docs', path: '/docs' },
                    ...(location.section ? [{ name: location.section.title, path: location.section.path }] : []),
                    { name: topic.title, path: topic.path },
                  ]),
                ]
              : undefined,
        }
      : {
          title: 'Page Not Found in Docs',
          description: `This page is not part of the ${PRODUCT_NAME} documentation.`,
        },
  )

  // After moving to this page inside the app, start reading (and tabbing) at its title.
  const [arrivedInApp] = useState(key !== 'default')
  useEffect(() => {
    if (arrivedInApp) heading.current?.focus({ preventScroll: true })
  }, [arrivedInApp])

  const searching = search.state.status !== 'idle'
  const clearSearch = () => {
    search.clear()
    searchInput.current?.focus()
  }

  let eyebrow = 'Documentation'
  let title = 'Page not found in the docs'
  if (searching) title = 'Search results'
  else if (topic) {
    eyebrow = location.section?.title ?? eyebrow
    title = topic.title
  }

  return (
    <div className={styles.main}>
      <div className={toolbar.toolbar}>
        <DocsSearchBox query={search.query} onChange={search.change} inputRef={searchInput} />
        <DocsPagePicker currentPath={topic?.path} />
      </div>
      <article className={styles.article} aria-labelledby="docs-title">
        <header className={styles.header}>
          <p className={styles.eyebrow}>{eyebrow}</p>
          <h1 id="docs-title" ref={heading} tabIndex={-1}>
            {title}
          </h1>
        </header>
        <p role="status" className={styles.status}>
          {statusText(search.state)}
        </p>
        {search.state.status !== 'idle' ? (
          <DocsSearchResults state={search.state} onClear={clearSearch} />
        ) : topic && content ? (
          <DocArticle topic={topic} content={content} />
        ) : (
          <DocsNotFound pathname={pathname} section={location.section} />
        )}
      </article>
    </div>
  )
}

/**
 * The documentation: `/docs`, `/docs/:section` and `/docs/:section/:topic`. The sidebar (a
 * dropdown on small screens) lists every page; the page itself loads on demand.
 */
export const DocsPage = () => {
  const { section, topic } = useParams()
  const { pathname } = useLocation()
  const location = resolveDocLocation(section, topic)

  return (
    <div className={styles.page}>
      <div className={styles.sidebar}>
        <DocsSidebar
          currentSectionId={location.section?.id}
          currentPath={location.kind === 'topic' ? location.topic.path : undefined}
        />
      </div>
      <DocsMain key={pathname} location={location} pathname={pathname} />
    </div>
  )
}
