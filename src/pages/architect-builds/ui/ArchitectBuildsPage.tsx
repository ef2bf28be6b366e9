import { useRef } from 'react'
import { usePageMeta } from '@/shared/lib/seo'
import { formatCount } from '@/shared/lib/format'
import { Button, Pager, Spinner } from '@/shared/ui'
import { RequirePermission } from '@/entities/session'
import { buildsErrorText, useGetArchitectBuildsQuery } from '../api/buildsApi'
import { useBuildFilters } from '../model/useBuildFilters'
import type { BuildFilters } from '../model/types'
import { BuildFilterForm } from './BuildFilterForm'
import { BuildTable } from './BuildTable'
import styles from './ArchitectBuildsPage.module.scss'

/** Every build, newest first, filtered by status and searched by title, 20 a page; the view lives in the URL. */
const Builds = () => {
  const { query, applyFilters, goToPage } = useBuildFilters()
  const { currentData, isFetching, isError, error, refetch } = useGetArchitectBuildsQuery(query)
  const tableTop = useRef<HTMLHeadingElement>(null)
  const { search, status } = query

  // Filter on the view already shown reads it again: builds keep arriving.
  const onApply = (filters: BuildFilters) => {
    const unchanged = filters.search.trim() === search.trim() && filters.status === status && query.page === 1
    if (unchanged) void refetch()
    else applyFilters(filters)
  }

  const turnPage = (page: number) => {
    goToPage(page)
    tableTop.current?.focus()
  }

  const loading = isFetching && currentData === undefined
  const builds = currentData?.builds ?? []

  return (
    <div className={styles.page}>
      <h1>Builds</h1>
      <p className={styles.lead}>Every build, who asked (a visitor or staff), what it cost, and each one's trace.</p>

      <BuildFilterForm key={`${search}|${status}`} initial={{ search, status }} onApply={onApply} />

      <section className={styles.results} aria-labelledby="builds-title" aria-busy={isFetching}>
        <h2 id="builds-title" ref={tableTop} tabIndex={-1} className={styles.resultsTitle}>
          Builds
        </h2>
        {loading ? (
          <Spinner label="Loading builds..." size="small" />
        ) : isError ? (
          <div className={styles.error} role="alert">
            <p>Error: {buildsErrorText(error)}</p>
            <Button variant="secondary" onClick={() => void refetch()}>
              Try again
            </Button>
          </div>
        ) : builds.length === 0 ? (
          <p className={styles.empty}>No builds match these filters.</p>
        ) : (
          <BuildTable builds={builds} />
        )}

        {!loading && !isError && (
          <Pager
            label="Build pages"
            summary={`Showing ${builds.length} of ${formatCount(currentData?.total ?? 0)} builds`}
            page={currentData?.page ?? query.page}
            pages={currentData?.pages ?? 1}
            busy={isFetching}
            onPageChange={turnPage}
          />
        )}
      </section>
    </div>
  )
}

export const ArchitectBuildsPage = () => {
  usePageMeta({ title: 'Builds', description: 'Every build and its trace.' })
  return (
    <RequirePermission permission="architect.overseer" message="You do not have permission to access the Builds module.">
      <Builds />
    </RequirePermission>
  )
}
