import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import { Button, Spinner } from '@/shared/ui'
import { BUILD_STAGES } from '@/entities/build'
import { approvalsErrorText, useDecideApprovalMutation } from '../api/approvalsApi'
import { GATE_LABELS, type Approval, type Decision } from '../model/types'
import styles from './ArchitectApprovalsPage.module.scss'

const timeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })

export const formatTime = (iso: string): string => {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : timeFormat.format(date)
}

// The code view and its highlighting load when a card's details are first opened, not with the page.
const FileChanges = lazy(() => import(/* webpackChunkName: "approval-changes" */ './FileChanges').then((module) => ({ default: module.FileChanges })))

const stageLabel = (stage: string): string => BUILD_STAGES.find((item) => item.id === stage)?.label ?? stage

/** How a diff line shows: added and removed lines stand out (and say so to screen readers by their +/- sign). */
const diffLineClass = (line: string): string | undefined => {
  if (line.startsWith('+++') || line.startsWith('---')) return styles.diffFile
  if (line.startsWith('+')) return styles.diffAdded
  if (line.startsWith('-')) return styles.diffRemoved
  if (line.startsWith('@@')) return styles.diffHunk
  return undefined
}

const BUILD_STATUS_LABELS: Record<string, string> = { running: 'Running', completed: 'Completed', error: 'Stopped', stopped: 'Stopped by its owner' }

/** The build's state as the card says it: a denied build still running is on its way to stopping. */
const buildStatusLabel = (approval: Approval, status: string): string =>
  approval.status === 'denied' && status === 'running' ? 'Stopping' : (BUILD_STATUS_LABELS[status] ?? status)

const DECIDED_LABELS: Record<string, string> = { approved: 'Approved', denied: 'Denied', expired: 'Expired', cancelled: 'Cancelled' }

interface ApprovalCardProps {
  approval: Approval
  /** Called with the server's record once a decision is saved. */
  onDecided: (approval: Approval) => void
}

/**
 * An approval card (spec section 4): pending with Approve and Deny; while the decision is saved a
 * spinner and both buttons disabled; then the decided state with the title and time. A failed
 * save keeps the card pending and says why. More Details shows the build's context.
 */
export const ApprovalCard = ({ approval, onDecided }: ApprovalCardProps) => {
  const [decide, { isLoading: saving, error, reset }] = useDecideApprovalMutation()
  const [open, setOpen] = useState(false)
  // Once opened, the details keep what was loaded and unfolded in them.
  const [opened, setOpened] = useState(false)
  const decidedRef = useRef<HTMLParagraphElement>(null)
  const id = useId()
  const pending = approval.status === 'pending'

  // Focus moves from the vanished buttons to the outcome.
  useEffect(() => {
    if (!pending) decidedRef.current?.focus()
  }, [pending])

  const toggleDetails = () => {
    setOpen(!open)
    setOpened(true)
  }

  const choose = async (decision: Decision) => {
    reset()
    const result = await decide({ id: approval.id, decision })
    if ('data' in result && result.data) onDecided(result.data)
  }

  const { context, build } = approval

  return (
    <article className={styles.card} aria-labelledby={`${id}-title`} data-status={approval.status}>
      <header className={styles.cardHeader}>
        <h3 id={`${id}-title`}>{approval.title}</h3>
        <div className={styles.badges}>
          <span className={styles.category}>{GATE_LABELS[approval.category]}</span>
          <span className={`${styles.priority} ${styles[`priority${approval.priority}`] ?? ''}`}>
            <span className="visually-hidden">Priority: </span>
            {approval.priority}
          </span>
        </div>
      </header>
      <p className={styles.description}>{approval.description}</p>
      <p className={styles.meta}>
        Requested <time dateTime={approval.timestamp}>{formatTime(approval.timestamp)}</time>
      </p>

      {pending ? (
        <>
          <div className={styles.actions}>
            <Button onClick={() => void choose('approve')} disabled={saving} aria-describedby={`${id}-title`}>
              Approve
            </Button>
            <Button variant="secondary" onClick={() => void choose('deny')} disabled={saving} aria-describedby={`${id}-title`}>
              Deny
            </Button>
            {saving && <Spinner label="Saving decision..." size="small" />}
          </div>
          {error && (
            <p className={styles.decisionError} role="alert">
              The decision could not be saved: {approvalsErrorText(error, 'please try again.')}
            </p>
          )}
        </>
      ) : (
        <p ref={decidedRef} tabIndex={-1} className={`${styles.decided} ${approval.status === 'approved' ? styles.approved : styles.denied}`}>
          <strong>{DECIDED_LABELS[approval.status] ?? approval.status}</strong>
          <span>
            {approval.title}
            {approval.decidedAt && (
              <>
                {' · '}
                <time dateTime={approval.decidedAt}>{formatTime(approval.decidedAt)}</time>
              </>
            )}
            {approval.decidedBy && ` · by ${approval.decidedBy.email}`}
          </span>
        </p>
      )}

      <button type="button" className={styles.details} aria-expanded={open} aria-controls={`${id}-details`} onClick={toggleDetails}>
        More Details <span aria-hidden="true">{open ? '▴' : '▾'}</span>
      </button>
      <div id={`${id}-details`} hidden={!open} className={styles.detailsPanel}>
        <dl>
          <dt>Request</dt>
          <dd>{context.request}</dd>
          {context.name && (
            <>
              <dt>Project</dt>
              <dd>
                {context.name}
                {context.kind && ` (${context.kind})`}
              </dd>
            </>
          )}
          <dt>Next stage once approved</dt>
          <dd>{stageLabel(context.stage)}</dd>
          <dt>Build</dt>
          <dd>
            {build ? (
              <>
                {`${buildStatusLabel(approval, build.status)} · ${stageLabel(build.stage)} · ${build.percentage}% · ${build.message}`}{' '}
                <Link to={`/architect/builds/${encodeURIComponent(build.sessionId)}`}>View its trace</Link>
              </>
            ) : (
              'No build waits on this request.'
            )}
          </dd>
        </dl>
        {context.details.length > 0 && (
          <ul className={styles.evidence}>
            {context.details.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
        {context.tests?.output && (
          <details className={styles.testOutput}>
            <summary>Test output</summary>
            <pre tabIndex={0} aria-label="Test output, its last lines">
              {context.tests.output}
            </pre>
          </details>
        )}
        {opened && context.files && (
          <Suspense fallback={<p role="status">Loading the changes...</p>}>
            <FileChanges files={context.files} />
          </Suspense>
        )}
        {/* Requests raised before the changes came a file each have the unified diff only. */}
        {!context.files && context.diff && (
          <figure className={styles.diff}>
            <figcaption>Changes to review</figcaption>
            <pre tabIndex={0} aria-label="Changes to review, as a unified diff">
              {context.diff.split('\n').map((line, index) => (
                <span key={index} className={diffLineClass(line)}>
                  {line}
                  {'\n'}
                </span>
              ))}
            </pre>
          </figure>
        )}
      </div>
    </article>
  )
}
