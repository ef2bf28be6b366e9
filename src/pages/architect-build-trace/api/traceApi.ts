import { guardOf, isRecord } from '@contracts/check'
import { BuildDetail } from '@contracts/architectBuilds'
import { BuildEventsPage, EVENTS_PAGE_MAX, type BuildEvent } from '@contracts/buildEvents'
import { apiErrorMessage, baseApi } from '@/shared/api'

const isBuildDetail = guardOf(BuildDetail)
const isEventsPage = guardOf(BuildEventsPage)

export type BuildTrace = BuildDetail['data']

/** The most pages of events read for one trace (a million events): a bound on a server that keeps saying `more`. */
const MAX_EVENT_PAGES = 2_000

const failure = (message: string) => ({ error: { status: 'CUSTOM_ERROR' as const, error: message } })
const INVALID = 'Invalid response format'

export const traceApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The build's summary, stages, iterations and log entries. */
    getArchitectBuild: build.query<BuildTrace, string>({
      queryFn: async (sessionId, _api, _extra, baseQuery) => {
        const result = await baseQuery({ url: `/architect/builds/${encodeURIComponent(sessionId)}` })
        if (result.error) return failure(apiErrorMessage(result.error) ?? 'The build could not be loaded.')
        return isBuildDetail(result.data) ? { data: result.data.data } : failure(INVALID)
      },
      providesTags: (_result, _error, sessionId) => [{ type: 'Build', id: `STAFF_${sessionId}` }],
    }),
    /** Every event of the build, in order: page after page (`after` the last id) until no more follow. */
    getBuildEvents: build.query<BuildEvent[], string>({
      queryFn: async (sessionId, _api, _extra, baseQuery) => {
        const events: BuildEvent[] = []
        for (let page = 0; page < MAX_EVENT_PAGES; page++) {
          const after = events.at(-1)?.id ?? 0
          const result = await baseQuery({
            url: `/overseer/builds/${encodeURIComponent(sessionId)}/events`,
            params: { after, limit: EVENTS_PAGE_MAX },
          })
          if (result.error) return failure(apiErrorMessage(result.error) ?? 'The build’s steps could not be loaded.')
          if (!isEventsPage(result.data)) return failure(INVALID)
          events.push(...result.data.data.events)
          if (!result.data.data.more || result.data.data.events.length === 0) break
        }
        return { data: events }
      },
      providesTags: (_result, _error, sessionId) => [{ type: 'Build', id: `EVENTS_${sessionId}` }],
    }),
  }),
})

export const { useGetArchitectBuildQuery, useGetBuildEventsQuery } = traceApi

/** The text of a failed query of this API. */
export const traceErrorText = (error: unknown, fallback: string): string =>
  isRecord(error) && typeof error.error === 'string' ? error.error : fallback
