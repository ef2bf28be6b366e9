import type { ApexOptions } from 'apexcharts'
import { CHART_HEIGHT, OVERSEER_TEXTS } from '../model/texts'
import type { TokenUsageItem } from '../model/types'

const count = (value: number): string => Math.round(value).toLocaleString('en-US')

/** One line: totalTokens per iteration (spec section 2). */
export const tokenChartSeries = (history: TokenUsageItem[]): NonNullable<ApexOptions['series']> => [
  { name: OVERSEER_TEXTS.yAxis, data: history.map((item) => ({ x: item.iteration, y: item.totalTokens })) },
]

/**
 * The chart of spec section 2: x axis Iteration, y axis Total Tokens, 400 high. Its title, 'Total
 * Token Usage per Pipeline Iteration', is the figure's caption (TokenUsageChart), not the chart's
 * own: ApexCharts draws titles as SVG text, which does not wrap. Animations are off when the user
 * prefers reduced motion.
 */
export const tokenChartOptions = (history: TokenUsageItem[], reducedMotion: boolean): ApexOptions => ({
  chart: {
    id: 'token-usage',
    type: 'line',
    height: CHART_HEIGHT,
    fontFamily: 'inherit',
    animations: { enabled: !reducedMotion },
    toolbar: { show: false },
    zoom: { enabled: false },
  },
  colors: ['#4f46e5'],
  stroke: { curve: 'straight', width: 3 },
  markers: { size: history.length > 40 ? 0 : 4 },
  dataLabels: { enabled: false },
  xaxis: {
    type: 'numeric',
    title: { text: OVERSEER_TEXTS.xAxis },
    tickAmount: Math.min(Math.max(history.length - 1, 1), 10),
    decimalsInFloat: 0,
    labels: { formatter: (value: string) => count(Number(value)) },
  },
  yaxis: {
    title: { text: OVERSEER_TEXTS.yAxis },
    min: 0,
    labels: { formatter: (value: number) => count(value) },
  },
  tooltip: {
    x: { formatter: (value: number) => `${OVERSEER_TEXTS.xAxis} ${count(value)}` },
    y: { formatter: (value: number) => `${count(value)} tokens` },
  },
})

/** What the chart shows, in words, for screen readers. */
export const tokenChartSummary = (history: TokenUsageItem[]): string => {
  const first = history[0]
  const last = history.at(-1)
  if (!first || !last) return OVERSEER_TEXTS.chartEmpty
  const highest = history.reduce((top, item) => (item.totalTokens > top.totalTokens ? item : top), first)
  const iterations = history.length === 1 ? '1 pipeline iteration' : `${history.length} pipeline iterations`
  return (
    `Line chart of total tokens over ${iterations}: ${count(first.totalTokens)} at iteration ${first.iteration}` +
    (history.length > 1 ? `, ${count(last.totalTokens)} at iteration ${last.iteration}` : '') +
    `; highest ${count(highest.totalTokens)} at iteration ${highest.iteration}.`
  )
}
