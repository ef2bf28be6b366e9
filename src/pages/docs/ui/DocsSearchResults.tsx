import { Fragment } from 'react'
import { Link } from 'react-router-dom'
import { Button } from '@/shared/ui'
import type { DocsSearchState } from '../model/useDocsSearch'
import styles from './DocsSearchResults.module.scss'

/** The excerpt with each occurrence of the query marked. */
const Highlighted = ({ text, query }: { text: string; query: string }) => {
  const needle = query.replace(/\s+/g, ' ').toLowerCase()
  const parts: { text: string; match: boolean }[] = []
  const haystack = text.toLowerCase()
  let from = 0
  for (let index = haystack.indexOf(needle); needle && index !== -1; index = haystack.indexOf(needle, from)) {
    if (index > from) parts.push({ text: text.slice(from, index), match: false })
    parts.push({ text: text.slice(index, index + needle.length), match: true })
    from = index + needle.length
  }
  parts.push({ text: text.slice(from), match: false })
  return (
    <>
      {parts.map((part, index) => (part.match ? <mark key={index}>{part.text}</mark> : <Fragment key={index}>{part.text}</Fragment>))}
    </>
  )
}

interface DocsSearchResultsProps {
  state: Exclude<DocsSearchState, { status: 'idle' }>
  onClear: () => void
}

/** What a search found: a result per page (title, path, excerpt), and Clear search. */
export const DocsSearchResults = ({ state, onClear }: DocsSearchResultsProps) => (
  <div className={styles.results}>
    {state.status === 'done' && state.results.length > 0 && (
      <ol className={styles.list} aria-label="Search results">
        {state.results.map((result) => (
          <li key={result.path}>
            <Link to={result.path} className={styles.title}>
              {result.title}
            </Link>
            <p className={styles.path}>
              <span className="visually-hidden">Path: </span>
              {result.path}
            </p>
            <p className={styles.excerpt}>
              <Highlighted text={result.excerpt} query={state.query} />
            </p>
          </li>
        ))}
      </ol>
    )}
    {state.status !== 'searching' && (
      <Button variant="secondary" onClick={onClear}>
        Clear search
      </Button>
    )}
  </div>
)
