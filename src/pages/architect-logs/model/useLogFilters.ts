import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router-dom'
import { isLogLevelFilter, isLogModuleId, type LogFilters, type LogQuery } from './types'

/** The longest search the server accepts. */
export const MAX_SEARCH_LENGTH = 200

/**
 * Reads the filters and page from the URL (`?search=&module=&level=&page=`): a filtered view can
 * be shared and survives a reload. Unknown values read as 'all'; a bad page as 1.
 */
export const logQueryOf = (params: URLSearchParams): LogQuery => {
  const module = params.get('module') ?? ''
  const level = params.get('level') ?? ''
  const page = Number(params.get('page'))
  return {
    search: (params.get('search') ?? '').slice(0, MAX_SEARCH_LENGTH),
    module: isLogModuleId(module) ? module : '',
    level: isLogLevelFilter(level) ? level : '',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  }
}

/** The URL's query for a view; empty filters and page 1 are left out. */
export const searchParamsOf = ({ search, module, level, page }: LogQuery): URLSearchParams => {
  const params = new URLSearchParams()
  const term = search.trim()
  if (term !== '') params.set('search', term)
  if (module !== '') params.set('module', module)
  if (level !== '') params.set('level', level)
  if (page > 1) params.set('page', String(page))
  return params
}

export const useLogFilters = () => {
  const [params, setParams] = useSearchParams()
  const query = useMemo(() => logQueryOf(params), [params])

  /**
   * Applies the form (the Filter button): back to page 1. Synchronously (`flushSync`), not as a
   * transition: a transition started in a form's submit event would make React treat the form as
   * a form action.
   */
  const applyFilters = useCallback(
    (filters: LogFilters) => setParams(searchParamsOf({ ...filters, page: 1 }), { flushSync: true }),
    [setParams],
  )
  const goToPage = useCallback((page: number) => setParams(searchParamsOf({ ...query, page })), [query, setParams])

  return { query, applyFilters, goToPage }
}
