import { Link } from 'react-router-dom'
import { DataTable, type DataTableColumn } from '@/shared/ui'
import type { LogEntry, LogLevel } from '../model/types'
import styles from './ArchitectLogsPage.module.scss'

/** Level colours (spec section 9): ERROR red, WARNING yellow, INFO blue, DEBUG gray; OWNER purple. */
const LEVEL_CLASS: Record<LogLevel, string | undefined> = {
  ERROR: styles.levelError,
  WARNING: styles.levelWarning,
  INFO: styles.levelInfo,
  DEBUG: styles.levelDebug,
  OWNER: styles.levelOwner,
}

const timeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' })

export const formatLogTime = (timestamp: string): string => {
  const date = new Date(timestamp)
  return Number.isNaN(date.getTime()) ? timestamp : timeFormat.format(date)
}

const COLUMNS: DataTableColumn<LogEntry>[] = [
  {
    header: 'Time',
    cell: (entry) => <time dateTime={entry.timestamp}>{formatLogTime(entry.timestamp)}</time>,
    className: styles.time,
  },
  {
    header: 'Level',
    cell: (entry) => (
      <span className={`${styles.level} ${LEVEL_CLASS[entry.level] ?? ''}`} data-level={entry.level}>
        {entry.level}
      </span>
    ),
  },
  { header: 'Source', cell: (entry) => entry.source, className: styles.source },
  {
    header: 'Message',
    cell: (entry) =>
      entry.sessionId ? (
        <>
          {entry.message}{' '}
          <Link to={`/architect/builds/${encodeURIComponent(entry.sessionId)}`} className={styles.traceLink}>
            Build trace
          </Link>
        </>
      ) : (
        entry.message
      ),
    className: styles.message,
  },
]

/** The entries of one page: Time, Level (as text and colour), Source, Message. */
export const LogTable = ({ entries }: { entries: LogEntry[] }) => (
  <DataTable
    label="Log entries table"
    caption="Agent log entries, newest first"
    columns={COLUMNS}
    rows={entries}
    rowKey={(entry) => entry.id}
  />
)
