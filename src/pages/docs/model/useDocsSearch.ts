import { useEffect, useRef, useState } from 'react'
import { SEARCH_DELAY_MS } from './search'
import type { DocSearchResult } from './types'

export type DocsSearchState =
  | { status: 'idle' }
  | { status: 'searching'; query: string }
  | { status: 'done'; query: string; results: DocSearchResult[] }
  | { status: 'failed'; query: string }

interface SearchIndexModule {
  search: (query: string) => DocSearchResult[]
}

let searchIndex: Promise<SearchIndexModule> | undefined

/** The search index chunk, fetched once (again after a failure). */
const loadSearchIndex = (): Promise<SearchIndexModule> => {
  searchIndex ??= import(/* webpackChunkName: "docs-search-index" */ './searchIndex').catch((error: unknown) => {
    searchIndex = undefined
    throw error
  })
  return searchIndex
}

const IDLE: DocsSearchState = { status: 'idle' }

/**
 * The docs search: a blank query shows nothing and does nothing; anything else shows the
 * searching state for 500 ms (restarted by each change), then the results.
 */
export const useDocsSearch = () => {
  const [query, setQuery] = useState('')
  const [state, setState] = useState<DocsSearchState>(IDLE)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const run = useRef(0)

  const cancel = (): number => {
    clearTimeout(timer.current)
    run.current += 1
    return run.current
  }

  // Leaving the page ends a pending search.
  useEffect(
    () => () => {
      clearTimeout(timer.current)
      run.current += 1
    },
    [],
  )

  const change = (value: string) => {
    const id = cancel()
    setQuery(value)
    const trimmed = value.trim()
    if (!trimmed) {
      setState(IDLE)
      return
    }
    setState({ status: 'searching', query: trimmed })
    // Fetch the index now; the results wait for the delay and the index, whichever is later.
    const index = loadSearchIndex()
    index.catch(() => undefined)
    timer.current = setTimeout(() => {
      index.then(
        ({ search }) => {
          if (run.current === id) setState({ status: 'done', query: trimmed, results: search(trimmed) })
        },
        () => {
          if (run.current === id) setState({ status: 'failed', query: trimmed })
        },
      )
    }, SEARCH_DELAY_MS)
  }

  const clear = () => {
    cancel()
    setQuery('')
    setState(IDLE)
  }

  return { query, state, change, clear }
}
