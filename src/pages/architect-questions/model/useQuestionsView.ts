import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router-dom'
import { isQuestionFilter, isQuestionView, type QuestionFilter, type QuestionView, type QuestionsViewState } from './types'

/** The server takes searches up to this long. */
export const MAX_SEARCH_LENGTH = 200

/**
 * The page's state in the URL (`?view=&search=&filter=&grouped=&page=`): the Questions view, no
 * search, every question, not grouped and page 1 by default. Anything else in the URL is ignored.
 */
export const questionsViewOf = (params: URLSearchParams): QuestionsViewState => {
  const view = params.get('view')
  const filter = params.get('filter')
  const page = Number(params.get('page'))
  return {
    view: isQuestionView(view) ? view : 'questions',
    search: (params.get('search') ?? '').slice(0, MAX_SEARCH_LENGTH),
    filter: isQuestionFilter(filter) ? filter : 'all',
    grouped: params.get('grouped') === 'true',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  }
}

const paramsOf = ({ view, search, filter, grouped, page }: QuestionsViewState): URLSearchParams => {
  const params = new URLSearchParams()
  if (view !== 'questions') params.set('view', view)
  const term = search.trim()
  if (term !== '') params.set('search', term)
  if (filter !== 'all') params.set('filter', filter)
  if (grouped) params.set('grouped', 'true')
  if (page > 1) params.set('page', String(page))
  return params
}

export const useQuestionsView = () => {
  const [params, setParams] = useSearchParams()
  const state = useMemo(() => questionsViewOf(params), [params])

  /** Another view; the Questions view's search, filter and page wait for the way back. */
  const showView = useCallback((view: QuestionView) => setParams(paramsOf({ ...state, view })), [state, setParams])
  /** A settled search replaces the entry (typing is not a history of its own) and goes to page 1. */
  const searchFor = useCallback((search: string) => setParams(paramsOf({ ...state, search, page: 1 }), { replace: true }), [state, setParams])
  const filterBy = useCallback((filter: QuestionFilter) => setParams(paramsOf({ ...state, filter, page: 1 })), [state, setParams])
  const groupSimilar = useCallback((grouped: boolean) => setParams(paramsOf({ ...state, grouped, page: 1 })), [state, setParams])
  const goToPage = useCallback((page: number) => setParams(paramsOf({ ...state, page })), [state, setParams])

  return { state, showView, searchFor, filterBy, groupSimilar, goToPage }
}
