import { useRef } from 'react'
import { usePageMeta } from '@/shared/lib/seo'
import { Button, Pager, Spinner } from '@/shared/ui'
import { RequirePermission } from '@/entities/session'
import { logsErrorText, useGetAgentLogsQuery } from '../api/logsApi'
import { useLogFilters } from '../model/useLogFilters'
import type { LogFilters } from '../model/types'
import { LogFilterForm } from './LogFilterForm'
import { LogTable } from './LogTable'
import { ModuleTiles } from './ModuleTiles'
import styles from './ArchitectLogsPage.module.scss'

const countFormat = new Intl.NumberFormat('en-US')

/**
 * Agent Logs (spec section 2): the agent log searched and filtered by module and level,
 * 20 entries a page; the filters and page live in the URL.
 */
const AgentLogs = () => {
  const { query, applyFilters, goToPage } = useLogFilters()
  const { currentData, isFetching, isError, error, refetch } = useGetAgentLogsQuery(query)
  const tableTop = useRef<HTMLHeadingElement>(null)
  const { search, module, level } = query

  // Filter on the view already shown reads it again: new entries keep arriving.
  const onApply = (filters: LogFilters) => {
    const unchanged = filters.search.trim() === search.trim() && filters.module === module && filters.level === level && query.page === 1
    if (unchanged) void refetch()
    else applyFilters(filters)
  }

  const turnPage = (page: number) => {
    goToPage(page)
    // Keep the place: the person reads the new page from its top.
    tableTop.current?.focus()
  }

  const loading = isFetching && currentData === undefined
  const entries = currentData?.entries ?? []
  const page = currentData?.page ?? query.page
  const pages = currentData?.pages ?? 1

  return (
    <div className={styles.page}>
      <h1>Agent Logs</h1>
      <p className={styles.lead}>What the agents did, stage by stage.</p>

      {/* A new form for each applied view, so the URL (a link, Back, a reload) sets its fields. */}
      <LogFilterForm key={`${search}|${module}|${level}`} initial={{ search, module, level }} onApply={onApply} />

      <ModuleTiles />

      <section className={styles.results} aria-labelledby="log-entries-title" aria-busy={isFetching}>
        <h2 id="log-entries-title" ref={tableTop} tabIndex={-1} className={styles.resultsTitle}>
          Log entries
        </h2>
        {loading ? (
          <Spinner label="Loading logs..." size="small" />
        ) : isError ? (
          <div className={styles.error} role="alert">
            <p>Error: {logsErrorText(error)}</p>
            <Button variant="secondary" onClick={() => void refetch()}>
              Try again
            </Button>
          </div>
        ) : entries.length === 0 ? (
          <p className={styles.empty}>No logs match these filters.</p>
        ) : (
          <LogTable entries={entries} />
        )}

        {!loading && !isError && (
          <Pager
            label="Log pages"
            summary={`Showing ${entries.length} of ${countFormat.format(currentData?.total ?? 0)}${currentData?.totalCapped ? '+' : ''} logs`}
            page={page}
            pages={pages}
            busy={isFetching}
            onPageChange={turnPage}
          />
        )}
      </section>
    </div>
  )
}

export const ArchitectLogsPage = () => {
  usePageMeta({ title: 'Agent Logs', description: 'What the agents did, stage by stage.' })
  return (
    <RequirePermission permission="architect.logs" message="You do not have permission to access the Agent Logs module.">
      <AgentLogs />
    </RequirePermission>
  )
}
