import { Fragment } from 'react'
import { Link } from 'react-router-dom'
import { Button } from '@/shared/ui'
import type { DocsSearchState } from '../model/useDocsSearch'
import styles from './DocsSearchResults.module.scss'

/** The excerpt with each word that matched the query marked. */
const Highlighted = ({ text, marks }: { text: string; marks: readonly string[] }) => {
  const wanted = new Set(marks.map((mark) => mark.toLowerCase()))
  const parts = text.split(/([\p{L}\p{N}]+)/u)
  return (
    <>
      {parts.map((part, index) => (wanted.has(part.toLowerCase()) ? <mark key={index}>{part}</mark> : <Fragment key={index}>{part}</Fragment>))}
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
              <Highlighted text={result.excerpt} marks={result.marks} />
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
