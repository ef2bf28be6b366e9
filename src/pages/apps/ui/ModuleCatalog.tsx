import { useId, useRef } from 'react'
import { ModuleCard, ModuleCardSkeleton, type FrameworkModule } from '@/entities/framework-module'
import { Button } from '@/shared/ui'
import { ALL_CATEGORIES, gridColumns, PAGE_SIZE } from '../lib/catalog'
import { useModuleCatalog } from '../model/useModuleCatalog'
import styles from './ModuleCatalog.module.scss'

export const NO_MATCH_TEXT = 'No modules found matching your criteria.'

interface ModuleCatalogProps {
  modules: readonly FrameworkModule[]
  /** The filter buttons after 'All', in order. */
  categories: readonly string[]
  /** Show card skeletons instead of cards (the listing's first moments). */
  loading?: boolean
  pageSize?: number
}

/** The module cards with a category filter, a search box and pages of `pageSize` cards. */
export const ModuleCatalog = ({ modules, categories, loading = false, pageSize = PAGE_SIZE }: ModuleCatalogProps) => {
  const catalog = useModuleCatalog(modules, pageSize)
  const searchId = useId()
  const statusRef = useRef<HTMLParagraphElement>(null)
  const columns = gridColumns(loading ? pageSize : catalog.visible.length)

  const goToPage = (page: number) => {
    catalog.choosePage(page)
    // The new cards are announced and read from the top, and the page scrolls back to them.
    statusRef.current?.focus()
  }

  const lastShown = catalog.firstShown + catalog.visible.length - 1
  const status =
    catalog.total === 0
      ? NO_MATCH_TEXT
      : `Showing ${catalog.firstShown === lastShown ? lastShown : `${catalog.firstShown}–${lastShown}`} of ${catalog.total} ${catalog.total === 1 ? 'module' : 'modules'}`

  return (
    <div className={styles.catalog}>
      <div className={styles.toolbar}>
        <div className={styles.filters} role="group" aria-label="Filter by category">
          {[ALL_CATEGORIES, ...categories].map((category) => (
            <button
              key={category}
              type="button"
              className={styles.filter}
              aria-pressed={catalog.category === category}
              onClick={() => catalog.chooseCategory(category)}
            >
              {category === ALL_CATEGORIES ? 'All' : category}
            </button>
          ))}
        </div>
        <div className={styles.search}>
          <label htmlFor={searchId}>Search modules</label>
          <input
            id={searchId}
            type="search"
            value={catalog.search}
            placeholder="Name, description or category"
            autoComplete="off"
            onChange={(event) => catalog.changeSearch(event.target.value)}
          />
        </div>
      </div>

      <p ref={statusRef} className={styles.status} role="status" tabIndex={-1}>
        {loading ? 'Loading modules…' : status}
      </p>

      {loading ? (
        <div className={styles.grid} data-columns={columns} aria-busy="true">
          {Array.from({ length: pageSize }, (_, index) => (
            <ModuleCardSkeleton key={index} />
          ))}
        </div>
      ) : catalog.total === 0 ? (
        <div className={styles.empty}>
          <p>Try another category or a different search word.</p>
          <Button variant="secondary" onClick={catalog.clearFilters}>
            Clear filters
          </Button>
        </div>
      ) : (
        <ul className={styles.grid} data-columns={columns} aria-label="Modules">
          {catalog.visible.map((module) => (
            <li key={module.id}>
              <ModuleCard module={module} />
            </li>
          ))}
        </ul>
      )}

      {!loading && catalog.pages > 1 && (
        <nav className={styles.pagination} aria-label="Module pages">
          <Button variant="ghost" onClick={() => goToPage(catalog.page - 1)} disabled={catalog.page === 1}>
            Previous
          </Button>
          <ul className={styles.pageNumbers}>
            {Array.from({ length: catalog.pages }, (_, index) => index + 1).map((page) => (
              <li key={page}>
                <button
                  type="button"
                  className={styles.pageNumber}
                  aria-label={`Page ${page}`}
                  aria-current={page === catalog.page ? 'page' : undefined}
                  onClick={() => goToPage(page)}
                >
                  {page}
                </button>
              </li>
            ))}
          </ul>
          <Button variant="ghost" onClick={() => goToPage(catalog.page + 1)} disabled={catalog.page === catalog.pages}>
            Next
          </Button>
        </nav>
      )}
    </div>
  )
}
