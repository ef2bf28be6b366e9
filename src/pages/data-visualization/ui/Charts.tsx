import { useId } from 'react'
import type { StageTokens, TokenUsagePoint, WeeklyRuns } from '../model/sampleData'
import styles from './Charts.module.scss'

const number = (value: number) => value.toLocaleString('en-US')

interface DataTableProps {
  caption: string
  columns: [string, string]
  rows: readonly (readonly [string, number])[]
}

/** The figures behind a chart, for anyone who prefers them (or cannot see the chart). */
const DataTable = ({ caption, columns, rows }: DataTableProps) => (
  <details className={styles.data}>
    <summary>Show the data</summary>
    <table>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{columns[0]}</th>
          <th scope="col">{columns[1]}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{number(value)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  </details>
)

/** Completed builds per week as columns, each labelled with its value. */
export const RunsChart = ({ data }: { data: readonly WeeklyRuns[] }) => {
  const max = Math.max(...data.map((entry) => entry.completed))
  const first = data[0]
  const last = data[data.length - 1]
  return (
    <figure className={styles.figure}>
      <figcaption className={styles.caption}>
        Completed builds per week{first && last ? `: from ${first.completed} to ${last.completed} in eight weeks` : ''}
      </figcaption>
      <ol className={styles.columns}>
        {data.map((entry) => (
          <li key={entry.week}>
            <span className="visually-hidden">
              Week starting {entry.week}: {entry.completed} completed builds
            </span>
            <span className={styles.value} aria-hidden="true">
              {entry.completed}
            </span>
            <span className={styles.column} style={{ height: `${(entry.completed / max) * 100}%` }} aria-hidden="true" />
            <span className={styles.label} aria-hidden="true">
              {entry.week}
            </span>
          </li>
        ))}
      </ol>
    </figure>
  )
}

const WIDTH = 560
const HEIGHT = 264
// Room at the foot for the iteration numbers and, under them, the axis title with its descent.
const PAD = { top: 20, right: 24, bottom: 44, left: 64 }

/** Tokens per DevLoop iteration as a line, as an SVG image with a text alternative. */
export const TokenUsageChart = ({ data }: { data: readonly TokenUsagePoint[] }) => {
  const titleId = useId()
  const descId = useId()
  const maxTokens = Math.ceil(Math.max(...data.map((point) => point.totalTokens)) / 10000) * 10000
  const lastIteration = Math.max(...data.map((point) => point.iteration))
  const x = (iteration: number) => PAD.left + ((iteration - 1) / Math.max(1, lastIteration - 1)) * (WIDTH - PAD.left - PAD.right)
  const y = (tokens: number) => PAD.top + (1 - tokens / maxTokens) * (HEIGHT - PAD.top - PAD.bottom)
  const ticks = Array.from({ length: maxTokens / 10000 + 1 }, (_, index) => index * 10000)
  const path = data.map((point, index) => `${index === 0 ? 'M' : 'L'}${x(point.iteration)},${y(point.totalTokens)}`).join(' ')
  const first = data[0]
  const last = data[data.length - 1]

  return (
    <figure className={styles.figure}>
      <figcaption className={styles.caption}>Tokens used by each DevLoop iteration of one build</figcaption>
      <div className={styles.scroll} role="region" aria-label="Token usage chart, scrollable" tabIndex={0}>
        <svg
          className={styles.svg}
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          role="img"
          aria-labelledby={`${titleId} ${descId}`}
        >
          <title id={titleId}>Tokens per iteration</title>
          <desc id={descId}>
            {first && last
              ? `Token use falls with every iteration, from ${number(first.totalTokens)} in iteration ${first.iteration} to ${number(last.totalTokens)} in iteration ${last.iteration}, as the code converges on passing tests.`
              : 'No data.'}
          </desc>
          {ticks.map((tick) => (
            <g key={tick}>
              <line className={styles.grid} x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} />
              <text className={styles.axis} x={PAD.left - 10} y={y(tick)} textAnchor="end" dominantBaseline="middle">
                {tick === 0 ? '0' : `${tick / 1000}k`}
              </text>
            </g>
          ))}
          {data.map((point) => (
            <text key={point.iteration} className={styles.axis} x={x(point.iteration)} y={HEIGHT - PAD.bottom + 22} textAnchor="middle">
              {point.iteration}
            </text>
          ))}
          <text className={styles.axis} x={(PAD.left + WIDTH - PAD.right) / 2} y={HEIGHT - 5} textAnchor="middle">
            Iteration
          </text>
          <path className={styles.line} d={path} />
          {data.map((point) => (
            <circle key={point.iteration} className={styles.point} cx={x(point.iteration)} cy={y(point.totalTokens)} r={5} />
          ))}
        </svg>
      </div>
      <DataTable
        caption="Tokens per iteration"
        columns={['Iteration', 'Total tokens']}
        rows={data.map((point) => [String(point.iteration), point.totalTokens])}
      />
    </figure>
  )
}

/** Tokens per pipeline stage as labelled horizontal bars. */
export const StageTokensChart = ({ data }: { data: readonly StageTokens[] }) => {
  const total = data.reduce((sum, entry) => sum + entry.tokens, 0)
  const max = Math.max(...data.map((entry) => entry.tokens))
  return (
    <figure className={styles.figure}>
      <figcaption className={styles.caption}>Tokens of a typical build by pipeline stage ({number(total)} in all)</figcaption>
      <ul className={styles.bars}>
        {data.map((entry) => (
          <li key={entry.stage}>
            <span className={styles.barLabel}>{entry.stage}</span>
            <span className={styles.barTrack} aria-hidden="true">
              <span style={{ width: `${(entry.tokens / max) * 100}%` }} />
            </span>
            <span className={styles.barValue}>
              {number(entry.tokens)} ({Math.round((entry.tokens / total) * 100)}%)
            </span>
          </li>
        ))}
      </ul>
    </figure>
  )
}
