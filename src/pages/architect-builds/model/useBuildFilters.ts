import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router-dom'
import { BUILD_SEARCH_MAX, BUILDS_PAGE_MAX } from '@contracts/architectBuilds'
import { isBuildStatus, type BuildFilters, type BuildQuery } from './types'

/**
 * Reads the filters and page from the URL (`?search=&status=&page=`), as the other staff tables
 * do: a filtered view can be shared and survives a reload. An unknown status reads as 'all'; a
 * bad page as 1.
 */
export const buildQueryOf = (params: URLSearchParams): BuildQuery => {
  const status = params.get('status') ?? ''
  const page = Number(params.get('page'))
  return {
    search: (params.get('search') ?? '').slice(0, BUILD_SEARCH_MAX),
    status: isBuildStatus(status) ? status : '',
    page: Number.isInteger(page) && page >= 1 && page <= BUILDS_PAGE_MAX ? page : 1,
  }
}

/** The URL's query for a view; empty filters and page 1 are left out. */
export const searchParamsOf = ({ search, status, page }: BuildQuery): URLSearchParams => {
  const params = new URLSearchParams()
  const term = search.trim()
  if (term !== '') params.set('search', term)
  if (status !== '') params.set('status', status)
  if (page > 1) params.set('page', String(page))
  return params
}

export const useBuildFilters = () => {
  const [params, setParams] = useSearchParams()
  const query = useMemo(() => buildQueryOf(params), [params])

  /** Applies the form: back to page 1 (synchronously, so React does not take the form for an action). */
  const applyFilters = useCallback(
    (filters: BuildFilters) => setParams(searchParamsOf({ ...filters, page: 1 }), { flushSync: true }),
    [setParams],
  )
  const goToPage = useCallback((page: number) => setParams(searchParamsOf({ ...query, page })), [query, setParams])

  return { query, applyFilters, goToPage }
}
