import { useMemo, useReducer } from 'react'
import type { FrameworkModule } from '@/entities/framework-module'
import { ALL_CATEGORIES, filterModules, pageCount, pageItems, PAGE_SIZE } from '../lib/catalog'

interface CatalogState {
  category: string
  search: string
  page: number
}

type CatalogEvent =
  | { type: 'catalog/categoryChosen'; category: string }
  | { type: 'catalog/searchChanged'; search: string }
  | { type: 'catalog/pageChosen'; page: number }
  | { type: 'catalog/filtersCleared' }

const initialState: CatalogState = { category: ALL_CATEGORIES, search: '', page: 1 }

const reducer = (state: CatalogState, event: CatalogEvent): CatalogState => {
  switch (event.type) {
    // A new filter starts again from the first page.
    case 'catalog/categoryChosen':
      return { ...state, category: event.category, page: 1 }
    case 'catalog/searchChanged':
      return { ...state, search: event.search, page: 1 }
    case 'catalog/pageChosen':
      return { ...state, page: event.page }
    case 'catalog/filtersCleared':
      return initialState
  }
}

/** The listing's filter, search and paging, and the modules they select. */
export const useModuleCatalog = (modules: readonly FrameworkModule[], pageSize: number = PAGE_SIZE) => {
  const [state, dispatch] = useReducer(reducer, initialState)
  const matches = useMemo(() => filterModules(modules, state.category, state.search), [modules, state.category, state.search])
  const pages = pageCount(matches.length, pageSize)
  const page = Math.min(state.page, pages)

  return {
    category: state.category,
    search: state.search,
    page,
    pages,
    total: matches.length,
    visible: pageItems(matches, page, pageSize),
    firstShown: matches.length === 0 ? 0 : (page - 1) * pageSize + 1,
    chooseCategory: (category: string) => dispatch({ type: 'catalog/categoryChosen', category }),
    changeSearch: (search: string) => dispatch({ type: 'catalog/searchChanged', search }),
    choosePage: (next: number) => dispatch({ type: 'catalog/pageChosen', page: Math.min(Math.max(1, next), pages) }),
    clearFilters: () => dispatch({ type: 'catalog/filtersCleared' }),
  }
}
