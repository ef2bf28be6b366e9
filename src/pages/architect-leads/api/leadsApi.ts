import { guardOf, isRecord } from '@contracts/check'
import { LEAD_PAGES, LEADS_PAGE_SIZE } from '@contracts/leads/staff'
import { apiErrorMessage, baseApi } from '@/shared/api'
import { API_BASE_URL } from '@/shared/config'
import type { LeadPage, LeadQuery } from '../model/types'


const isPageOf = {
  waitlist: guardOf(LEAD_PAGES.waitlist),
  contact: guardOf(LEAD_PAGES.contact),
  newsletter: guardOf(LEAD_PAGES.newsletter),
}

/** Checks the body of GET /api/architect/leads for `kind` against the contract; undefined when it is not a page of them. */
export const leadPageOf = (kind: LeadQuery['kind'], body: unknown): LeadPage | undefined => {
  const paging = (pagination: { page: number; pages: number; total: number }) => ({
    page: pagination.page,
    pages: Math.max(1, pagination.pages),
    total: pagination.total,
  })
  if (kind === 'waitlist') return isPageOf.waitlist(body) ? { ...paging(body.pagination), kind, rows: body.data } : undefined
  if (kind === 'contact') return isPageOf.contact(body) ? { ...paging(body.pagination), kind, rows: body.data } : undefined
  return isPageOf.newsletter(body) ? { ...paging(body.pagination), kind, rows: body.data } : undefined
}

const failure = (message: string) => ({ error: { status: 'CUSTOM_ERROR' as const, error: message } })

export const leadsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getLeads: build.query<LeadPage, LeadQuery>({
      queryFn: async ({ kind, search, page }, _api, _extra, baseQuery) => {
        const term = search.trim()
        const result = await baseQuery({
          url: '/architect/leads',
          params: { kind, page, limit: LEADS_PAGE_SIZE, ...(term !== '' && { search: term }) },
        })
        if (result.error) return failure(apiErrorMessage(result.error) ?? 'The entries could not be loaded.')
        const leads = leadPageOf(kind, result.data)
        return leads ? { data: leads } : failure('Invalid response format')
      },
      providesTags: (_result, _error, { kind }) => [{ type: 'Lead', id: kind }],
    }),
  }),
})

export const { useGetLeadsQuery } = leadsApi

/** The text of a failed query of this API. */
export const leadsErrorText = (error: unknown): string =>
  isRecord(error) && typeof error.error === 'string' ? error.error : 'The entries could not be loaded.'

/**
 * Where the CSV of every entry of `kind` matching `search` downloads from. A plain link: the
 * browser sends the session cookie and saves the file under the server's Content-Disposition name.
 */
export const leadsCsvUrl = (kind: LeadQuery['kind'], search: string): string => {
  const params = new URLSearchParams({ kind })
  const term = search.trim()
  if (term !== '') params.set('search', term)
  return `${API_BASE_URL}/architect/leads/export.csv?${params.toString()}`
}
