import type { BuildEvent } from '@contracts/buildEvents'
import { formatDuration, formatTokens } from '@/shared/lib/format'
import styles from './ArchitectBuildTracePage.module.scss'

const Output = ({ label, text }: { label: string; text: string }) => (
  <pre className={styles.output} tabIndex={0} aria-label={label}>
    {text}
  </pre>
)

/** A diff with its added and removed lines marked (by a sign and a colour). */
const Diff = ({ diff, path }: { diff: string; path: string }) => (
  <pre className={styles.output} tabIndex={0} aria-label={`Changes to ${path}`}>
    {diff.split('\n').map((line, index) => (
      <span
        // The diff's lines never move: their index is who they are.
        key={index}
        className={line.startsWith('+') ? styles.added : line.startsWith('-') ? styles.removed : line.startsWith('@@') ? styles.hunk : undefined}
      >
        {line}
        {'\n'}
      </span>
    ))}
  </pre>
)

/** What one step did: a write's diff, a test run's counts and output, a model call's tokens and time, … */
export const StepDetails = ({ event }: { event: BuildEvent }) => {
  const took = event.durationMs === undefined ? null : formatDuration(event.durationMs)
  const at = new Date(event.at).toLocaleTimeString('en-US')
  switch (event.type) {
    case 'model_call':
      return (
        <dl className={styles.facts}>
          <dt>Model</dt>
          <dd>{event.model}</dd>
          <dt>Prompt</dt>
          <dd>{formatTokens(event.promptTokens)}</dd>
          <dt>Completion</dt>
          <dd>{formatTokens(event.completionTokens)}</dd>
          <dt>Took</dt>
          <dd>{took ?? '–'}</dd>
        </dl>
      )
    case 'file_written':
      return (
        <>
          <dl className={styles.facts}>
            <dt>File</dt>
            <dd>{event.path}</dd>
            <dt>Size</dt>
            <dd>{event.bytes.toLocaleString('en-US')} bytes</dd>
            <dt>Written by</dt>
            <dd>{event.by === 'model' ? 'the model (write_file)' : 'the offline engine'}</dd>
          </dl>
          <Diff diff={event.diff} path={event.path} />
        </>
      )
    case 'tests_run':
      return (
        <>
          <dl className={styles.facts}>
            <dt>Passed</dt>
            <dd>{event.passed}</dd>
            <dt>Failed</dt>
            <dd>{event.failed}</dd>
            <dt>Took</dt>
            <dd>{took ?? '–'}</dd>
          </dl>
          {event.failing.length > 0 && (
            <>
              <p className={styles.detailTitle}>Failing</p>
              <ul className={styles.failing}>
                {event.failing.map((name) => (
                  <li key={name}>{name}</li>
                ))}
              </ul>
            </>
          )}
          {event.output && <Output label="Test output, its last lines" text={event.output} />}
        </>
      )
    case 'tests_not_run':
      return <p className={styles.detailText}>{event.reason}</p>
    case 'clarification_asked':
      return (
        <ol className={styles.failing}>
          {event.questions.map((question) => (
            <li key={question.question}>
              {question.question} <span className={styles.muted}>({question.suggestions.join(' · ')})</span>
            </li>
          ))}
        </ol>
      )
    case 'clarification_answered':
      return (
        <>
          {event.answers.length > 0 && (
            <ol className={styles.failing}>
              {event.answers.map((answer, index) => (
                // Answers follow their questions' order.
                <li key={index}>{answer}</li>
              ))}
            </ol>
          )}
          {event.assumptions.length > 0 && (
            <>
              <p className={styles.detailTitle}>Assumptions</p>
              <ul className={styles.failing}>
                {event.assumptions.map((assumption) => (
                  <li key={assumption}>{assumption}</li>
                ))}
              </ul>
            </>
          )}
        </>
      )
    case 'finished':
      return <p className={styles.detailText}>{event.summary}</p>
    case 'error':
      return <p className={styles.detailText}>{event.message}</p>
    case 'file_read':
    case 'file_deleted':
      return (
        <dl className={styles.facts}>
          <dt>File</dt>
          <dd>{event.path}</dd>
          <dt>At</dt>
          <dd>{at}</dd>
        </dl>
      )
    default:
      return (
        <dl className={styles.facts}>
          <dt>At</dt>
          <dd>{at}</dd>
          {took && (
            <>
              <dt>Took</dt>
              <dd>{took}</dd>
            </>
          )}
        </dl>
      )
  }
}
