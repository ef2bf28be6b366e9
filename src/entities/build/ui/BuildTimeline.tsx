import { memo, useId, useMemo, useState } from 'react'
import { useBuildTimeline } from '../model/useBuildTimeline'
import {
  diffLinesOf,
  formatBytes,
  formatDuration,
  hasDetails,
  stageSummary,
  stagesOf,
  stepSummary,
  type StageRunStatus,
  type TimelineStage,
  type TimelineStep,
} from '../lib/timeline'
import styles from './BuildTimeline.module.scss'

export const TIMELINE_TEXTS = {
  title: 'Build timeline',
  loading: 'Loading the build timeline...',
  failed: 'The build timeline could not be loaded.',
  noSteps: 'No steps recorded in this stage.',
} as const

const STATUS_MARK: Record<StageRunStatus, string> = { queued: '⋯', running: '…', completed: '✓', error: '✕', timeout: '✕', stopped: '■' }

const Diff = ({ path, diff }: { path: string; diff: string }) => {
  const lines = useMemo(() => diffLinesOf(diff), [diff])
  const added = lines.filter((line) => line.kind === 'added').length
  const removed = lines.filter((line) => line.kind === 'removed').length
  return (
    <figure className={styles.diffFigure}>
      <figcaption className={styles.meta}>
        {`${path}: ${added} ${added === 1 ? 'line' : 'lines'} added, ${removed} removed`}
      </figcaption>
      <pre className={styles.diff} tabIndex={0} aria-label={`Changes to ${path}`}>
        <code>
          {lines.map((line, index) =>
            line.kind === 'added' ? (
              <ins key={index} className={styles.line} data-kind="added">
                {line.text}
              </ins>
            ) : line.kind === 'removed' ? (
              <del key={index} className={styles.line} data-kind="removed">
                {line.text}
              </del>
            ) : (
              <span key={index} className={styles.line} data-kind={line.kind}>
                {line.text || ' '}
              </span>
            ),
          )}
        </code>
      </pre>
    </figure>
  )
}

/** What an expanded step shows. */
const StepDetails = ({ step }: { step: TimelineStep }) => {
  switch (step.type) {
    case 'file_written':
      return (
        <>
          <p className={styles.meta}>
            {formatBytes(step.bytes)}, written by {step.by === 'model' ? 'the model' : 'the offline engine'}
          </p>
          {step.diff === '' ? <p className={styles.meta}>No change to its content.</p> : <Diff path={step.path} diff={step.diff} />}
        </>
      )
    case 'tests_run':
      return (
        <>
          <p className={styles.meta}>
            {step.passed} passed, {step.failed} failed{step.durationMs !== undefined && `, in ${formatDuration(step.durationMs)}`}
          </p>
          {step.failing.length > 0 && (
            <>
              <p className={styles.subheading}>Failing tests</p>
              <ul className={styles.failing}>
                {step.failing.map((name) => (
                  <li key={name}>{name}</li>
                ))}
              </ul>
            </>
          )}
          {step.output !== '' && (
            <pre className={styles.output} tabIndex={0} aria-label="Test output">
              {step.output}
            </pre>
          )}
        </>
      )
    case 'model_call':
      return (
        <dl className={styles.facts}>
          <dt>Model</dt>
          <dd>{step.model}</dd>
          <dt>Tokens in</dt>
          <dd>{step.promptTokens.toLocaleString('en-US')}</dd>
          <dt>Tokens out</dt>
          <dd>{step.completionTokens.toLocaleString('en-US')}</dd>
          {step.durationMs !== undefined && (
            <>
              <dt>Time</dt>
              <dd>{formatDuration(step.durationMs)}</dd>
            </>
          )}
        </dl>
      )
    case 'clarification_asked':
      return (
        <ol className={styles.failing}>
          {step.questions.map(({ question, suggestions }) => (
            <li key={question}>
              {question} <span className={styles.meta}>(suggested: {suggestions.join('; ')})</span>
            </li>
          ))}
        </ol>
      )
    case 'clarification_answered':
      return (
        <>
          {step.answers.length > 0 && (
            <ol className={styles.failing}>
              {step.answers.map((answer, index) => (
                <li key={index}>{answer}</li>
              ))}
            </ol>
          )}
          {step.assumptions.length > 0 && (
            <>
              <p className={styles.subheading}>Assumptions</p>
              <ul className={styles.failing}>
                {step.assumptions.map((assumption) => (
                  <li key={assumption}>{assumption}</li>
                ))}
              </ul>
            </>
          )}
        </>
      )
    case 'finished':
      return <p className={styles.summaryText}>{step.summary}</p>
    default:
      return null
  }
}

/** One step: its line, and (a disclosure) its details, rendered only while it is open. */
const StepRow = memo(({ step }: { step: TimelineStep }) => {
  const [open, setOpen] = useState(false)
  const id = useId()
  const summary = stepSummary(step)
  if (!hasDetails(step)) {
    return (
      <li className={styles.step} data-type={step.type}>
        <span className={styles.stepLine}>{summary}</span>
      </li>
    )
  }
  return (
    <li className={styles.step} data-type={step.type}>
      <button type="button" className={styles.toggle} aria-expanded={open} aria-controls={`${id}-details`} onClick={() => setOpen((value) => !value)}>
        <span className={styles.chevron} aria-hidden="true" />
        <span className={styles.stepLine}>{summary}</span>
      </button>
      <div id={`${id}-details`} className={styles.details} hidden={!open}>
        {open && <StepDetails step={step} />}
      </div>
    </li>
  )
})
StepRow.displayName = 'StepRow'

/** One stage: its row (label, status, duration, tokens) and, while it is open, its steps. */
const StageRow = memo(({ stage }: { stage: TimelineStage }) => {
  const [open, setOpen] = useState(false)
  const id = useId()
  return (
    <li className={styles.stage} data-status={stage.status}>
      <h4 className={styles.stageHeading}>
        <button type="button" className={styles.toggle} aria-expanded={open} aria-controls={`${id}-steps`} onClick={() => setOpen((value) => !value)}>
          <span className={styles.chevron} aria-hidden="true" />
          <span className={styles.mark} aria-hidden="true">
            {STATUS_MARK[stage.status]}
          </span>
          <span className={styles.label}>{stage.label}</span>
          <span className={styles.stageSummary}>{stageSummary(stage)}</span>
        </button>
      </h4>
      <div id={`${id}-steps`} hidden={!open}>
        {open &&
          (stage.steps.length === 0 ? (
            <p className={styles.meta}>{TIMELINE_TEXTS.noSteps}</p>
          ) : (
            <ol className={styles.steps} aria-label={`${stage.label} steps`}>
              {stage.steps.map((step) => (
                <StepRow key={step.id} step={step} />
              ))}
            </ol>
          ))}
      </div>
    </li>
  )
})
StageRow.displayName = 'StageRow'

/**
 * A build's timeline: one row per stage it reached (label, status, duration, tokens), each a
 * disclosure of its steps; a step with more to say (a file's diff, a test run's failures and
 * output, a model call's tokens and time) is one of its details. It follows the build live
 * (quietly: the tracker's status line says the stages aloud) and renders only what is open.
 */
export const BuildTimeline = ({ sessionId }: { sessionId: string }) => {
  const timeline = useBuildTimeline(sessionId)
  const events = timeline?.events
  const stages = useMemo(() => stagesOf(events ?? []), [events])
  const id = useId()
  if (stages.length === 0) {
    if (timeline?.failed) return <p className={styles.meta}>{TIMELINE_TEXTS.failed}</p>
    return null
  }
  return (
    // Under a reply it sits in the conversation's log: what opens in it is not announced as a new message.
    <section className={styles.root} aria-labelledby={`${id}-title`} aria-live="off">
      <h3 id={`${id}-title`} className={styles.title}>
        {TIMELINE_TEXTS.title}
      </h3>
      <ol className={styles.stages}>
        {stages.map((stage) => (
          <StageRow key={stage.id} stage={stage} />
        ))}
      </ol>
    </section>
  )
}
