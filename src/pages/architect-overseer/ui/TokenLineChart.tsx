import { useMemo } from 'react'
import Chart from 'react-apexcharts'
// ApexCharts' stylesheet as a file of this chunk: the server's CSP allows no inline <style>.
import './apexcharts.scss'
import { usePrefersReducedMotion } from '@/shared/lib/motion'
import { tokenChartOptions, tokenChartSeries } from '../lib/chartConfig'
import { CHART_HEIGHT } from '../model/texts'
import type { TokenUsageItem } from '../model/types'

/** The ApexCharts line itself: this module and ApexCharts load only when the chart has data to draw. */
const TokenLineChart = ({ history }: { history: TokenUsageItem[] }) => {
  const reducedMotion = usePrefersReducedMotion()
  const options = useMemo(() => tokenChartOptions(history, reducedMotion), [history, reducedMotion])
  const series = useMemo(() => tokenChartSeries(history), [history])
  return (
    <>
      {/* ApexCharts injects its stylesheet inline unless an element with this id exists; the CSS
          above is already loaded, so this marker keeps it from trying (and the CSP from refusing). */}
      <span id="apexcharts-css" hidden />
      <Chart type="line" height={CHART_HEIGHT} options={options} series={series} />
    </>
  )
}

export default TokenLineChart
