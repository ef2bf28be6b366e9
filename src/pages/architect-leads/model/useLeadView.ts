import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router-dom'
import { isLeadKind, type LeadKind, type LeadQuery } from './types'

export const MAX_SEARCH_LENGTH = 200

/** The view in the URL (`?kind=&search=&page=`); waitlist, no search and page 1 by default. */
export const leadQueryOf = (params: URLSearchParams): LeadQuery => {
  const kind = params.get('kind')
  const page = Number(params.get('page'))
  return {
    kind: isLeadKind(kind) ? kind : 'waitlist',
    search: (params.get('search') ?? '').slice(0, MAX_SEARCH_LENGTH),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  }
}

const paramsOf = ({ kind, search, page }: LeadQuery): URLSearchParams => {
  const params = new URLSearchParams()
  if (kind !== 'waitlist') params.set('kind', kind)
  const term = search.trim()
  if (term !== '') params.set('search', term)
  if (page > 1) params.set('page', String(page))
  return params
}

export const useLeadView = () => {
  const [params, setParams] = useSearchParams()
  const query = useMemo(() => leadQueryOf(params), [params])

  /** Another kind: its first page, the search kept. */
  const showKind = useCallback((kind: LeadKind) => setParams(paramsOf({ ...query, kind, page: 1 })), [query, setParams])
  /** A settled search replaces the entry (typing is not a history of its own) and goes to page 1. */
  const searchFor = useCallback(
    (search: string) => setParams(paramsOf({ ...query, search, page: 1 }), { replace: true }),
    [query, setParams],
  )
  const goToPage = useCallback((page: number) => setParams(paramsOf({ ...query, page })), [query, setParams])

  return { query, showKind, searchFor, goToPage }
}
