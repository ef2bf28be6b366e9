import { useCallback, useId, useMemo, useState } from 'react'
import { usePageMeta } from '@/shared/lib/seo'
import { Button, Options, Spinner } from '@/shared/ui'
import { RequirePermission } from '@/entities/session'
import { approvalsErrorText, useGetPendingApprovalsQuery } from '../api/approvalsApi'
import { ACTION_FILTERS, PERMISSION_KINDS, type Approval } from '../model/types'
import { ApprovalCard } from './ApprovalCard'
import styles from './ArchitectApprovalsPage.module.scss'

const ACTION_ITEMS = ACTION_FILTERS.map((item) => ({ value: item.id, label: item.label }))

const DECIDED_WORDS: Record<string, string> = { approved: 'Approved', denied: 'Denied' }

/**
 * Permission Controls (spec section 2): the requests waiting at build gates, filtered by
 * action, with Approve and Deny. Cards decided here stay, in their decided state, for this visit.
 */
const PermissionControls = () => {
  const { data, isLoading, isFetching, isError, error, refetch } = useGetPendingApprovalsQuery()
  const [filter, setFilter] = useState(ACTION_FILTERS[0]!.id)
  const [decided, setDecided] = useState<Record<string, Approval>>({})
  const [announcement, setAnnouncement] = useState('')
  const id = useId()

  const onDecided = useCallback((approval: Approval) => {
    setDecided((before) => ({ ...before, [approval.id]: approval }))
    setAnnouncement(`${DECIDED_WORDS[approval.status] ?? approval.status}: ${approval.title}`)
  }, [])

  const gate = ACTION_FILTERS.find((item) => item.id === filter)?.gate ?? null
  const cards = useMemo(() => {
    const all = [...(data ?? []).filter((approval) => !decided[approval.id]), ...Object.values(decided)]
    return all.filter((approval) => gate === null || approval.category === gate).sort((a, b) => b.timestamp.localeCompare(a.timestamp))
  }, [data, decided, gate])
  const pending = (data ?? []).filter((approval) => !decided[approval.id])
  const pendingInView = cards.filter((approval) => approval.status === 'pending').length

  return (
    <div className={styles.page}>
      <h1>Permission Controls</h1>
      <p className={styles.lead}>Builds wait at these gates until a staff member approves or denies them.</p>

      <div className={styles.toolbar}>
        <div className={styles.field}>
          <label htmlFor={`${id}-action`}>Action</label>
          <select id={`${id}-action`} value={filter} onChange={(event) => setFilter(event.target.value)}>
            <Options items={ACTION_ITEMS} />
          </select>
        </div>
        <Button variant="secondary" onClick={() => void refetch()} disabled={isFetching}>
          {isFetching && !isLoading ? 'Refreshing...' : 'Refresh'}
        </Button>
      </div>

      <section aria-labelledby={`${id}-kinds`} className={styles.kinds}>
        <h2 id={`${id}-kinds`}>Permission kinds</h2>
        <ul>
          {PERMISSION_KINDS.map((kind) => (
            <li key={kind.gate} className={styles.kind}>
              <h3>{kind.title}</h3>
              <p>{kind.description}</p>
              {data && <p className={styles.kindCount}>{pending.filter((approval) => approval.category === kind.gate).length} pending</p>}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby={`${id}-requests`} className={styles.requests} aria-busy={isFetching}>
        <h2 id={`${id}-requests`}>Approval requests</h2>
        {isLoading ? (
          <Spinner label="Loading approval requests..." size="small" />
        ) : isError && !data ? (
          <div className={styles.error} role="alert">
            <p>Error: {approvalsErrorText(error, 'The approval requests could not be loaded.')}</p>
            <Button variant="secondary" onClick={() => void refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <>
            {isError && (
              <p className={styles.error} role="alert">
                Error: {approvalsErrorText(error, 'The approval requests could not be refreshed.')}
              </p>
            )}
            {cards.length > 0 && (
              <ul className={styles.cards}>
                {cards.map((approval) => (
                  <li key={approval.id}>
                    <ApprovalCard approval={approval} onDecided={onDecided} />
                  </li>
                ))}
              </ul>
            )}
            {pendingInView === 0 && <p className={styles.none}>No more approvals pending</p>}
          </>
        )}
      </section>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </div>
  )
}

export const ArchitectApprovalsPage = () => {
  usePageMeta({ title: 'Permission Controls', description: 'Approval requests waiting for a decision.' })
  return (
    <RequirePermission permission="architect.approvals" message="You do not have permission to access the Permission Controls module.">
      <PermissionControls />
    </RequirePermission>
  )
}
