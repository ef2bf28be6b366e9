import { useMemo } from 'react'
import { Link, useParams } from 'react-router-dom'
import { STAGE_LABELS } from '@contracts/builds'
import type { LogEntry } from '@contracts/logs'
import { usePageMeta } from '@/shared/lib/seo'
import { formatCount, formatDuration, formatTokens, formatUsd } from '@/shared/lib/format'
import { Button, DataTable, Spinner, type DataTableColumn } from '@/shared/ui'
import { RequirePermission } from '@/entities/session'
import { traceErrorText, useGetArchitectBuildQuery, useGetBuildEventsQuery, type BuildTrace } from '../api/traceApi'
import { waterfallOf } from '../lib/waterfall'
import { Waterfall } from './Waterfall'
import styles from './ArchitectBuildTracePage.module.scss'

const STATUS_NAMES = { running: 'Running', completed: 'Completed', error: 'Failed', stopped: 'Stopped' } as const
const timeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' })
const formatTime = (iso: string): string => {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : timeFormat.format(date)
}

const Summary = ({ build }: { build: BuildTrace['build'] }) => (
  <dl className={styles.summary}>
    <div>
      <dt>Status</dt>
      <dd>{STATUS_NAMES[build.status]}</dd>
    </div>
    <div>
      <dt>Owner</dt>
      <dd>{build.ownerKind === 'visitor' ? 'Visitor' : 'Staff'}</dd>
    </div>
    <div>
      <dt>Kind</dt>
      <dd>{build.kind ?? '–'}</dd>
    </div>
    <div>
      <dt>Model</dt>
      <dd>{build.model}</dd>
    </div>
    <div>
      <dt>Started</dt>
      <dd>
        <time dateTime={build.startedAt}>{formatTime(build.startedAt)}</time>
      </dd>
    </div>
    <div>
      <dt>Duration</dt>
      <dd>{formatDuration(build.durationMs)}</dd>
    </div>
    <div>
      <dt>Iterations</dt>
      <dd>{formatCount(build.iterations)}</dd>
    </div>
    <div>
      <dt>Tokens</dt>
      <dd>{formatCount(build.tokens)}</dd>
    </div>
    <div>
      <dt>Cost</dt>
      <dd>{build.costUsd === null ? 'Unknown' : formatUsd(build.costUsd)}</dd>
    </div>
  </dl>
)

const ITERATION_COLUMNS: DataTableColumn<BuildTrace['iterations'][number]>[] = [
  { header: 'Iteration', cell: (iteration) => iteration.iteration },
  { header: 'Tests', cell: (iteration) => `${iteration.passed} passed, ${iteration.failed} failed` },
  { header: 'Files changed', cell: (iteration) => formatCount(iteration.filesChanged.length) },
  { header: 'Tokens', cell: (iteration) => formatCount(iteration.promptTokens + iteration.completionTokens) },
  { header: 'Duration', cell: (iteration) => formatDuration(iteration.durationMs) },
]

const LOG_COLUMNS: DataTableColumn<LogEntry>[] = [
  { header: 'Time', cell: (entry) => <time dateTime={entry.timestamp}>{formatTime(entry.timestamp)}</time>, className: styles.nowrap },
  { header: 'Level', cell: (entry) => entry.level },
  { header: 'Source', cell: (entry) => entry.source, className: styles.nowrap },
  { header: 'Message', cell: (entry) => entry.message, className: styles.message },
]

const Steps = ({ sessionId }: { sessionId: string }) => {
  const { data, isLoading, isError, error, refetch } = useGetBuildEventsQuery(sessionId)
  const waterfall = useMemo(() => waterfallOf(data ?? []), [data])
  if (isLoading) return <Spinner label="Loading the build's steps..." size="small" />
  if (isError)
    return (
      <div className={styles.error} role="alert">
        <p>Error: {traceErrorText(error, 'The build’s steps could not be loaded.')}</p>
        <Button variant="secondary" onClick={() => void refetch()}>
          Try again
        </Button>
      </div>
    )
  if (waterfall.stages.length === 0) return <p className={styles.empty}>No steps were recorded for this build.</p>
  return (
    <>
      <p className={styles.lead}>
        {formatCount(data?.length ?? 0)} steps over {formatDuration(waterfall.spanMs)}. Open a stage for its steps, a step for its details.
      </p>
      <Waterfall waterfall={waterfall} />
    </>
  )
}

/** One build end to end: its summary, its stages and steps on a time axis, its iterations and its log entries. */
const Trace = ({ sessionId }: { sessionId: string }) => {
  const { data, isLoading, isError, error, refetch } = useGetArchitectBuildQuery(sessionId)
  usePageMeta({ title: data ? `Build: ${data.build.title}` : 'Build trace', description: 'One build, step by step.' })

  return (
    <div className={styles.page}>
      <p className={styles.back}>
        <Link to="/architect/builds">← All builds</Link>
      </p>
      {isLoading ? (
        <>
          <h1>Build trace</h1>
          <Spinner label="Loading the build..." size="small" />
        </>
      ) : isError || !data ? (
        <>
          <h1>Build trace</h1>
          <div className={styles.error} role="alert">
            <p>Error: {traceErrorText(error, 'The build could not be loaded.')}</p>
            <Button variant="secondary" onClick={() => void refetch()}>
              Try again
            </Button>
          </div>
        </>
      ) : (
        <>
          <h1 className={styles.title}>{data.build.title}</h1>
          <Summary build={data.build} />

          <section className={styles.card} aria-labelledby="trace-title">
            <h2 id="trace-title">Trace</h2>
            <Steps sessionId={sessionId} />
          </section>

          {data.stages.length > 0 && (
            <section className={styles.card} aria-labelledby="stages-title">
              <h2 id="stages-title">Stage tokens</h2>
              <ul className={styles.stageTokens}>
                {data.stages.map((stage) => (
                  <li key={stage.stage}>
                    <strong>{STAGE_LABELS[stage.stage]}</strong>: {formatDuration(stage.durationMs)},{' '}
                    {formatTokens(stage.promptTokens + stage.completionTokens)}
                  </li>
                ))}
              </ul>
            </section>
          )}

          <section className={styles.card} aria-labelledby="iterations-title">
            <h2 id="iterations-title">Iterations</h2>
            {data.iterations.length === 0 ? (
              <p className={styles.empty}>No iterations were recorded.</p>
            ) : (
              <DataTable
                label="Iterations table"
                caption="The development loop's iterations, in order"
                columns={ITERATION_COLUMNS}
                rows={data.iterations}
                rowKey={(iteration) => iteration.iteration}
              />
            )}
          </section>

          <section className={styles.card} aria-labelledby="build-logs-title">
            <h2 id="build-logs-title">Log entries</h2>
            {data.logs.length === 0 ? (
              <p className={styles.empty}>No log entries for this build.</p>
            ) : (
              <DataTable label="Build log entries table" caption="The build's agent log entries, oldest first" columns={LOG_COLUMNS} rows={data.logs} rowKey={(entry) => entry.id} />
            )}
          </section>
        </>
      )}
    </div>
  )
}

export const ArchitectBuildTracePage = () => {
  const { sessionId = '' } = useParams()
  return (
    <RequirePermission permission="architect.overseer" message="You do not have permission to access the Builds module.">
      <Trace key={sessionId} sessionId={sessionId} />
    </RequirePermission>
  )
}
