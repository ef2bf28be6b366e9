import { Link } from 'react-router-dom'
import { formatCount, formatDuration, formatUsd } from '@/shared/lib/format'
import { DataTable, type DataTableColumn } from '@/shared/ui'
import { statusName, type BuildSummary } from '../model/types'
import styles from './ArchitectBuildsPage.module.scss'

const timeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })
const formatStarted = (iso: string): string => {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : timeFormat.format(date)
}

/** Status colours: running blue, completed green, failed red, stopped gray (with the name, never colour alone). */
const STATUS_CLASS: Record<BuildSummary['status'], string | undefined> = {
  running: styles.statusRunning,
  completed: styles.statusCompleted,
  error: styles.statusError,
  stopped: undefined,
}

const COLUMNS: DataTableColumn<BuildSummary>[] = [
  {
    header: 'Title',
    cell: (build) => (
      <Link to={`/architect/builds/${encodeURIComponent(build.sessionId)}`} className={styles.titleLink}>
        {build.title}
      </Link>
    ),
    className: styles.title,
  },
  { header: 'Owner', cell: (build) => (build.ownerKind === 'visitor' ? 'Visitor' : 'Staff') },
  { header: 'Kind', cell: (build) => build.kind ?? '–' },
  {
    header: 'Status',
    cell: (build) => (
      <span className={`${styles.status} ${STATUS_CLASS[build.status] ?? ''}`} data-status={build.status}>
        {statusName(build.status)}
      </span>
    ),
  },
  {
    header: 'Started',
    cell: (build) => <time dateTime={build.startedAt}>{formatStarted(build.startedAt)}</time>,
    className: styles.number,
  },
  { header: 'Duration', cell: (build) => formatDuration(build.durationMs), className: styles.number },
  { header: 'Iterations', cell: (build) => formatCount(build.iterations), className: styles.number },
  { header: 'Tokens', cell: (build) => formatCount(build.tokens), className: styles.number },
  { header: 'Cost', cell: (build) => (build.costUsd === null ? 'Unknown' : formatUsd(build.costUsd)), className: styles.number },
]

/** One page of builds: each title links to its trace. */
export const BuildTable = ({ builds }: { builds: BuildSummary[] }) => (
  <DataTable label="Builds table" caption="Builds, newest first" columns={COLUMNS} rows={builds} rowKey={(build) => build.sessionId} />
)
