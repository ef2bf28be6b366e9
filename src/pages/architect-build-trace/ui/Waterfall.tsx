import { useId, useState, type CSSProperties } from 'react'
import { formatDuration, formatTokens } from '@/shared/lib/format'
import type { Waterfall as WaterfallModel, WaterfallStage, WaterfallStep } from '../lib/waterfall'
import { StepDetails } from './StepDetails'
import styles from './ArchitectBuildTracePage.module.scss'

/** Where a bar sits on the axis: its start and length as shares of the span (a moment still shows, thinly). */
const barStyle = (start: number, durationMs: number, span: number): CSSProperties => ({
  left: `${Math.min(100, (start / span) * 100)}%`,
  width: `max(3px, ${Math.min(100 - (start / span) * 100, (durationMs / span) * 100)}%)`,
})

const measureOf = (durationMs: number, tokens: number): string =>
  tokens > 0 ? `${formatDuration(durationMs)} · ${formatTokens(tokens)}` : formatDuration(durationMs)

const STATUS_TEXT: Record<WaterfallStage['status'], string> = {
  completed: 'completed',
  error: 'failed',
  timeout: 'timed out',
  stopped: 'stopped',
  running: 'running',
}

/** A stage's bar by how it ended: failed red, stopped or still running gray (its status is also said in words). */
const BAR_CLASS: Record<WaterfallStage['status'], string> = {
  completed: '',
  error: styles.barFailed ?? '',
  timeout: styles.barFailed ?? '',
  stopped: styles.barMuted ?? '',
  running: styles.barMuted ?? '',
}

const Step = ({ step, span }: { step: WaterfallStep; span: number }) => {
  const [open, setOpen] = useState(false)
  const id = useId()
  return (
    <li className={styles.stepRow}>
      <button
        type="button"
        className={styles.rowButton}
        aria-expanded={open}
        aria-controls={`${id}-details`}
        aria-label={`${step.label}, at ${formatDuration(step.start)}, took ${measureOf(step.durationMs, step.tokens)}`}
        onClick={() => setOpen(!open)}
      >
        <span className={styles.rowLabel}>{step.label}</span>
        <span className={styles.track}>
          <span className={`${styles.bar} ${styles.stepBar}`} style={barStyle(step.start, step.durationMs, span)} data-bar="step" />
        </span>
        <span className={styles.rowMeasure}>{measureOf(step.durationMs, step.tokens)}</span>
      </button>
      <div id={`${id}-details`} className={styles.details} hidden={!open}>
        {open && <StepDetails event={step.event} />}
      </div>
    </li>
  )
}

const Stage = ({ stage, span }: { stage: WaterfallStage; span: number }) => {
  const [open, setOpen] = useState(false)
  const id = useId()
  return (
    <li className={styles.stageRow} data-status={stage.status}>
      <button
        type="button"
        className={styles.rowButton}
        aria-expanded={open}
        aria-controls={`${id}-steps`}
        aria-label={`${stage.label}, ${STATUS_TEXT[stage.status]}, ${stage.steps.length} steps, started at ${formatDuration(stage.start)}, took ${measureOf(stage.durationMs, stage.tokens)}`}
        onClick={() => setOpen(!open)}
      >
        <span className={styles.rowLabel}>
          <span aria-hidden="true" className={styles.chevron}>
            {open ? '▾' : '▸'}
          </span>{' '}
          {stage.label}
        </span>
        <span className={styles.track}>
          <span className={`${styles.bar} ${BAR_CLASS[stage.status]}`} style={barStyle(stage.start, stage.durationMs, span)} data-bar="stage" />
        </span>
        <span className={styles.rowMeasure}>{measureOf(stage.durationMs, stage.tokens)}</span>
      </button>
      <div id={`${id}-steps`} hidden={!open}>
        {/* A long build's steps are drawn only once their stage is opened. */}
        {open &&
          (stage.steps.length === 0 ? (
            <p className={styles.noSteps}>{stage.summary || 'No steps recorded.'}</p>
          ) : (
            <ol className={styles.steps} aria-label={`${stage.label} steps`}>
              {stage.steps.map((step) => (
                <Step key={step.event.id} step={step} span={span} />
              ))}
            </ol>
          ))}
      </div>
    </li>
  )
}

const TICKS = [0, 0.25, 0.5, 0.75, 1]

/** The stages on a time axis, each opening into its steps, each step into its details. */
export const Waterfall = ({ waterfall }: { waterfall: WaterfallModel }) => (
  <div className={styles.waterfall}>
    <div className={styles.axis} aria-hidden="true">
      <span className={styles.axisLabel} />
      <span className={styles.axisTrack}>
        {TICKS.map((tick) => (
          <span key={tick} className={styles.tick} style={{ left: `${tick * 100}%` }}>
            {formatDuration(tick * waterfall.spanMs)}
          </span>
        ))}
      </span>
      <span />
    </div>
    <ol className={styles.stages} aria-label="Stages on a time axis">
      {waterfall.stages.map((stage) => (
        <Stage key={stage.key} stage={stage} span={waterfall.spanMs} />
      ))}
    </ol>
  </div>
)
