import { Fragment } from 'react'
import { Link } from 'react-router-dom'
import { Button } from '@/shared/ui'
import { escapeRegExp } from '@contracts/text'
import type { DocsSearchState } from '../model/useDocsSearch'
import styles from './DocsSearchResults.module.scss'

/** The excerpt with the words that matched the query marked; neighbours ('Retry-After') in one mark. */
const Highlighted = ({ text, marks }: { text: string; marks: readonly string[] }) => {
  if (marks.length === 0) return <>{text}</>
  // Longest first, so that a phrase ('Retry-After') wins over its words.
  const word = `(?:${[...marks].sort((a, b) => b.length - a.length).map(escapeRegExp).join('|')})`
  const parts = text.split(new RegExp(`((?<![\\p{L}\\p{N}])${word}(?:[-\\s]${word})*(?![\\p{L}\\p{N}]))`, 'iu'))
  return (
    <>
      {parts.map((part, index) => (index % 2 === 1 ? <mark key={index}>{part}</mark> : <Fragment key={index}>{part}</Fragment>))}
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
