import { apiErrorMessage, baseApi } from '@/shared/api'
import { isLogLevel, type LogEntry, type LogPage, type LogQuery, type ModuleStatus } from '../model/types'
import { isRecord } from '@contracts/check'

const logEntryOf = (value: unknown): LogEntry | undefined => {
  if (
    !isRecord(value) ||
    typeof value.id !== 'number' ||
    typeof value.timestamp !== 'string' ||
    !isLogLevel(value.level) ||
    typeof value.source !== 'string' ||
    typeof value.module !== 'string' ||
    typeof value.message !== 'string'
  ) {
    return undefined
  }
  return {
    id: value.id,
    timestamp: value.timestamp,
    level: value.level,
    source: value.source,
    module: value.module,
    message: value.message,
    buildId: typeof value.buildId === 'string' ? value.buildId : null,
  }
}

/** Checks the body of GET /api/architect/logs; undefined when it is not a page of entries. */
export const logPageOf = (body: unknown): LogPage | undefined => {
  if (!isRecord(body) || body.success !== true || !Array.isArray(body.data) || !isRecord(body.pagination)) return undefined
  const { page, pages, total } = body.pagination
  if (typeof page !== 'number' || typeof pages !== 'number' || typeof total !== 'number') return undefined
  const entries = body.data.map(logEntryOf)
  if (entries.some((entry) => entry === undefined)) return undefined
  return { entries: entries as LogEntry[], page, pages: Math.max(1, pages), total, totalCapped: body.pagination.totalCapped === true }
}

/** Checks the body of GET /api/architect/logs/modules. */
export const moduleStatusesOf = (body: unknown): ModuleStatus[] | undefined => {
  if (!isRecord(body) || body.success !== true || !Array.isArray(body.data)) return undefined
  const tiles = body.data.filter(
    (tile): tile is ModuleStatus =>
      isRecord(tile) && typeof tile.module === 'string' && typeof tile.name === 'string' && typeof tile.active === 'boolean',
  )
  return tiles.length === body.data.length ? tiles.map(({ module, name, active }) => ({ module, name, active })) : undefined
}

const INVALID = 'Invalid response format'

const failure = (message: string) => ({ error: { status: 'CUSTOM_ERROR' as const, error: message } })

export const logsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** A page of entries, newest first; errors carry the text to show in `error`. */
    getAgentLogs: build.query<LogPage, LogQuery>({
      queryFn: async ({ page, search, module, level }, _api, _extra, baseQuery) => {
        const term = search.trim()
        const result = await baseQuery({
          url: '/architect/logs',
          params: { page, ...(term !== '' && { search: term }), ...(module !== '' && { module }), ...(level !== '' && { level }) },
        })
        if (result.error) return failure(apiErrorMessage(result.error) ?? 'The logs could not be loaded.')
        const logPage = logPageOf(result.data)
        return logPage ? { data: logPage } : failure(INVALID)
      },
      providesTags: [{ type: 'Log', id: 'LIST' }],
    }),
    /** The four status tiles: which modules a running build is in now. */
    getLogModules: build.query<ModuleStatus[], void>({
      queryFn: async (_arg, _api, _extra, baseQuery) => {
        const result = await baseQuery({ url: '/architect/logs/modules' })
        if (result.error) return failure(apiErrorMessage(result.error) ?? 'Module status is unavailable.')
        const tiles = moduleStatusesOf(result.data)
        return tiles ? { data: tiles } : failure(INVALID)
      },
      providesTags: [{ type: 'Log', id: 'MODULES' }],
    }),
  }),
})

export const { useGetAgentLogsQuery, useGetLogModulesQuery } = logsApi

/** The text of a failed query of this API. */
export const logsErrorText = (error: unknown): string =>
  isRecord(error) && typeof error.error === 'string' ? error.error : 'The logs could not be loaded.'
