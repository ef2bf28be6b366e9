import { apiErrorMessage } from '@/shared/api'
import { Button, Spinner } from '@/shared/ui'
import { HEALTH_POLL_MS, useGetSystemHealthQuery } from '../api/healthApi'
import { failingChecks } from '../lib/health'
import { formatMoment } from '../lib/time'
import { STATUS_TEXTS } from '../model/modules'
import type { HealthReport } from '../model/types'
import styles from './SystemStatus.module.scss'

const Report = ({ report }: { report: HealthReport }) => {
  const failing = failingChecks(report)
  const ok = report.status === 'ok' && failing.length === 0
  return (
    <>
      <p className={ok ? styles.ok : styles.degraded} data-status={ok ? 'ok' : 'error'} aria-live="polite">
        <span className={styles.dot} aria-hidden="true" />
        {ok ? STATUS_TEXTS.allOperational : STATUS_TEXTS.degraded}
        {!ok && failing.length > 0 && ` Failing: ${failing.join(', ')}.`}
      </p>
      <ul className={styles.checks} aria-label="Health checks">
        {report.checks.map((check) => (
          <li key={check.id} className={styles.check}>
            <span>{check.label}</span>
            <span className={check.status === 'ok' ? styles.checkOk : styles.checkFailing}>
              {check.status === 'ok' ? 'Operational' : 'Failing'}
            </span>
          </li>
        ))}
      </ul>
      <p className={styles.checkedAt}>
        Last health check: <time dateTime={report.checkedAt}>{formatMoment(report.checkedAt)}</time>
      </p>
    </>
  )
}

/** System Status from GET /api/health: database, queue and AI provider, checked again every minute. */
export const SystemStatus = () => {
  const { data, error, isLoading, isFetching, refetch } = useGetSystemHealthQuery(undefined, { pollingInterval: HEALTH_POLL_MS })
  const failure = error && (apiErrorMessage(error) ?? ('error' in error && typeof error.error === 'string' ? error.error : undefined))

  return (
    <section className={styles.panel} aria-labelledby="system-status-title" aria-busy={isFetching}>
      <div className={styles.header}>
        <h2 id="system-status-title">{STATUS_TEXTS.title}</h2>
        <Button variant="secondary" onClick={() => void refetch()} disabled={isFetching}>
          {isFetching && !isLoading ? STATUS_TEXTS.checking : STATUS_TEXTS.checkNow}
        </Button>
      </div>
      {isLoading && <Spinner label={STATUS_TEXTS.loading} size="small" />}
      {error && (
        <p className={styles.failed} role="alert">
          {data ? 'The latest health check failed; the result below is from the check before it.' : STATUS_TEXTS.failed}
          {failure && ` (${failure})`}
        </p>
      )}
      {data && <Report report={data} />}
    </section>
  )
}
