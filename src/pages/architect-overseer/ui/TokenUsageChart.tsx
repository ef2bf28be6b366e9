import { lazy, Suspense, useId } from 'react'
import { useGetTokenUsageHistoryQuery } from '../api/overseerApi'
import { tokenChartSummary } from '../lib/chartConfig'
import { errorText } from '../lib/errors'
import { OVERSEER_TEXTS } from '../model/texts'
import styles from './TokenUsageChart.module.scss'

const ChartUnavailable = () => (
  <p className={styles.error} role="alert">
    Error: The chart could not be loaded. Please reload the page.
  </p>
)

// ApexCharts (about 275 KiB gzip) is fetched only when there is a line to draw.
const TokenLineChart = lazy(() =>
  import(/* webpackChunkName: "token-chart" */ './TokenLineChart').catch(() => ({ default: ChartUnavailable })),
)

/** How often the chart asks for new iterations while the page stays open. */
const TOKEN_POLL_MS = 30_000

const Loading = () => (
  <p className={styles.message} role="status">
    {OVERSEER_TEXTS.chartLoading}
  </p>
)

/** Token Usage Metrics (spec sections 2 and 4): loading, error, empty or the line chart. */
export const TokenUsageChart = () => {
  const { data, error, isLoading } = useGetTokenUsageHistoryQuery(undefined, {
    refetchOnMountOrArgChange: true,
    pollingInterval: TOKEN_POLL_MS,
    skipPollingIfUnfocused: true,
  })
  const captionId = useId()
  const summaryId = useId()

  if (isLoading) return <Loading />
  if (!data) {
    return (
      <p className={styles.error} role="alert">
        Error: {errorText(error) ?? OVERSEER_TEXTS.chartFetchFailed}
      </p>
    )
  }
  if (data.length === 0) return <p className={styles.message}>{OVERSEER_TEXTS.chartEmpty}</p>

  return (
    <figure className={styles.figure} aria-labelledby={captionId} aria-describedby={summaryId}>
      {/* The chart's title in HTML, where it wraps on a narrow screen: ApexCharts draws its own
          title as SVG text, which a phone's width cut short. */}
      <figcaption id={captionId} className={styles.title}>
        {OVERSEER_TEXTS.chartTitle}
      </figcaption>
      <p id={summaryId} className="visually-hidden">
        {tokenChartSummary(data)}
      </p>
      <div className={styles.chart} aria-hidden="true" data-testid="token-chart">
        <Suspense fallback={<Loading />}>
          <TokenLineChart history={data} />
        </Suspense>
      </div>
      <table className="visually-hidden">
        <caption>{OVERSEER_TEXTS.chartTitle}</caption>
        <thead>
          <tr>
            <th scope="col">{OVERSEER_TEXTS.xAxis}</th>
            <th scope="col">{OVERSEER_TEXTS.yAxis}</th>
          </tr>
        </thead>
        <tbody>
          {data.map((item) => (
            <tr key={item.iteration}>
              <td>{item.iteration}</td>
              <td>{item.totalTokens.toLocaleString('en-US')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  )
}
