import { guardOf, isRecord } from '@contracts/check'
import { BuildListPage } from '@contracts/architectBuilds'
import { apiErrorMessage, baseApi } from '@/shared/api'
import type { BuildQuery, BuildSummary } from '../model/types'

const isBuildListPage = guardOf(BuildListPage)

export interface BuildPage {
  builds: BuildSummary[]
  page: number
  pages: number
  total: number
}

/** Checks the body of GET /api/architect/builds against the contract; undefined when it is not a page of builds. */
export const buildPageOf = (body: unknown): BuildPage | undefined => {
  if (!isBuildListPage(body)) return undefined
  const { page, pages, total } = body.pagination
  return { builds: body.data, page, pages: Math.max(1, pages), total }
}

const failure = (message: string) => ({ error: { status: 'CUSTOM_ERROR' as const, error: message } })

export const buildsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** A page of builds, newest first; errors carry the text to show in `error`. */
    getArchitectBuilds: build.query<BuildPage, BuildQuery>({
      queryFn: async ({ page, search, status }, _api, _extra, baseQuery) => {
        const term = search.trim()
        const result = await baseQuery({
          url: '/architect/builds',
          params: { page, ...(term !== '' && { search: term }), ...(status !== '' && { status }) },
        })
        if (result.error) return failure(apiErrorMessage(result.error) ?? 'The builds could not be loaded.')
        const buildPage = buildPageOf(result.data)
        return buildPage ? { data: buildPage } : failure('Invalid response format')
      },
      providesTags: [{ type: 'Build', id: 'STAFF_LIST' }],
    }),
  }),
})

export const { useGetArchitectBuildsQuery } = buildsApi

/** The text of a failed query of this API. */
export const buildsErrorText = (error: unknown): string =>
  isRecord(error) && typeof error.error === 'string' ? error.error : 'The builds could not be loaded.'
