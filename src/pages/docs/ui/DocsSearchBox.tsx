import type { Ref } from 'react'
import styles from './DocsToolbar.module.scss'

interface DocsSearchBoxProps {
  query: string
  onChange: (value: string) => void
  inputRef?: Ref<HTMLInputElement>
}

/** The search field; results show as you type (see useDocsSearch). */
export const DocsSearchBox = ({ query, onChange, inputRef }: DocsSearchBoxProps) => (
  <form role="search" className={styles.search} onSubmit={(event) => event.preventDefault()}>
    <label htmlFor="docs-search">Search documentation</label>
    <div className={styles.field}>
      <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
        <circle cx="8.5" cy="8.5" r="5.5" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M13 13l4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <input
        id="docs-search"
        ref={inputRef}
        type="search"
        value={query}
        placeholder="Search all pages, e.g. approval gates"
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  </form>
)
