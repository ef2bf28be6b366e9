import { Link } from 'react-router-dom'
import { BUILD_STAGES } from '@/entities/build'
import { Spinner } from '@/shared/ui'
import { useGetActiveTasksQuery } from '../api/overseerApi'
import { errorText } from '../lib/errors'
import { formatMoment } from '../lib/time'
import { OVERSEER_TEXTS, TASKS_POLL_MS } from '../model/texts'
import type { ActiveTask } from '../model/types'
import styles from './ActiveTasks.module.scss'

const stageLabel = (stage: string): string => BUILD_STAGES.find((entry) => entry.id === stage)?.label ?? stage
const gateLabel = (gate: string | null): string => (gate ? `${gate.charAt(0).toUpperCase()}${gate.slice(1)} approval` : 'Approval')

const Task = ({ task }: { task: ActiveTask }) => {
  const stage = stageLabel(task.stage)
  return (
    <li className={styles.task}>
      <div className={styles.taskHeader}>
        <h3 className={styles.taskTitle}>{task.title}</h3>
        <span className={styles.percentage}>{task.percentage}%</span>
      </div>
      <p className={styles.stage}>
        Stage: <strong>{stage}</strong> · started <time dateTime={task.startedAt}>{formatMoment(task.startedAt)}</time>
      </p>
      <div
        className={styles.bar}
        role="progressbar"
        aria-label={`${task.title}: progress`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={task.percentage}
        aria-valuetext={`${task.percentage}%, ${stage}`}
      >
        <div className={styles.fill} style={{ width: `${task.percentage}%` }} />
      </div>
      {task.message && <p className={styles.message}>{task.message}</p>}
      <p className={styles.traceLink}>
        <Link to={`/architect/builds/${encodeURIComponent(task.sessionId)}`}>
          View the trace<span className="visually-hidden"> of {task.title}</span>
        </Link>
      </p>
      {task.waitingForApproval && (
        <p className={styles.waiting}>
          Waiting for approval: {gateLabel(task.gate)} is needed before this build continues.{' '}
          <Link to="/architect/approvals">Review it in Permission Controls</Link>
        </p>
      )}
    </li>
  )
}

/** Active Tasks: the builds running now, asked for again every 5 seconds. */
export const ActiveTasks = () => {
  const { data, error, isLoading } = useGetActiveTasksQuery(undefined, { pollingInterval: TASKS_POLL_MS, skipPollingIfUnfocused: true })

  return (
    <section className={styles.card} aria-labelledby="active-tasks-title">
      <h2 id="active-tasks-title">{OVERSEER_TEXTS.tasksTitle}</h2>
      {isLoading && <Spinner label={OVERSEER_TEXTS.tasksLoading} size="small" />}
      {error && (
        <p className={styles.error} role="alert">
          {OVERSEER_TEXTS.tasksFailed}
          {errorText(error) && ` (${errorText(error)})`}
        </p>
      )}
      {data && data.length === 0 && <p className={styles.empty}>{OVERSEER_TEXTS.tasksEmpty}</p>}
      {data && data.length > 0 && (
        <ul className={styles.list} aria-label="Running builds">
          {data.map((task) => (
            <Task key={task.sessionId} task={task} />
          ))}
        </ul>
      )}
    </section>
  )
}
