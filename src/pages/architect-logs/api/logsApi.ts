import { guardOf, isRecord } from '@contracts/check'
import { LogsPageRead, ModuleStatusList } from '@contracts/logs'
import { apiErrorMessage, baseApi } from '@/shared/api'
import type { LogPage, LogQuery, ModuleStatus } from '../model/types'

const isLogsPage = guardOf(LogsPageRead)
const isModuleStatusList = guardOf(ModuleStatusList)

/** Checks the body of GET /api/architect/logs against the contract; undefined when it is not a page of entries. */
export const logPageOf = (body: unknown): LogPage | undefined => {
  if (!isLogsPage(body)) return undefined
  const { page, pages, total, totalCapped } = body.pagination
  return { entries: body.data, page, pages: Math.max(1, pages), total, totalCapped: totalCapped === true }
}

/** Checks the body of GET /api/architect/logs/modules against the contract. */
export const moduleStatusesOf = (body: unknown): ModuleStatus[] | undefined => (isModuleStatusList(body) ? body.data : undefined)

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
