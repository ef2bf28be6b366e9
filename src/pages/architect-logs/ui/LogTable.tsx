import { DataTable } from '@/shared/ui'
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

/** The entries of one page: Time, Level (as text and colour), Source, Message. */
export const LogTable = ({ entries }: { entries: LogEntry[] }) => (
  <DataTable label="Log entries table" caption="Agent log entries, newest first">
    <thead>
      <tr>
        <th scope="col">Time</th>
        <th scope="col">Level</th>
        <th scope="col">Source</th>
        <th scope="col">Message</th>
      </tr>
    </thead>
    <tbody>
      {entries.map((entry) => (
        <tr key={entry.id}>
          <td className={styles.time}>
            <time dateTime={entry.timestamp}>{formatLogTime(entry.timestamp)}</time>
          </td>
          <td>
            <span className={`${styles.level} ${LEVEL_CLASS[entry.level] ?? ''}`} data-level={entry.level}>
              {entry.level}
            </span>
          </td>
          <td className={styles.source}>{entry.source}</td>
          <td className={styles.message}>{entry.message}</td>
        </tr>
      ))}
    </tbody>
  </DataTable>
)
