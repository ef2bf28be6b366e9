import { baseApi } from '@/shared/api'
import { healthReportOf } from '../lib/health'
import type { HealthReport } from '../model/types'

/** How often System Status checks again while the dashboard is open. */
export const HEALTH_POLL_MS = 60_000

export const healthApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/health: a failing check answers 503 with the same body, which is a report, not an error. */
    getSystemHealth: build.query<HealthReport, void>({
      queryFn: async (_arg, _api, _extra, baseQuery) => {
        const result = await baseQuery({ url: '/health', validateStatus: (response) => response.status === 200 || response.status === 503 })
        if (result.error) return { error: result.error }
        const report = healthReportOf(result.data)
        return report ? { data: report } : { error: { status: 'CUSTOM_ERROR', error: 'Invalid response format' } }
      },
      providesTags: ['Health'],
    }),
  }),
})

export const { useGetSystemHealthQuery } = healthApi
