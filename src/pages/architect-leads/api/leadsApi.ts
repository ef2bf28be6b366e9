import { apiErrorMessage, baseApi } from '@/shared/api'
import { API_BASE_URL } from '@/shared/config'
import type { ContactLead, LeadPage, LeadQuery, NewsletterLead, WaitlistLead } from '../model/types'
import { isRecord } from '@contracts/check'

/** Entries a page. */
export const LEADS_PAGE_SIZE = 20

const isText = (value: unknown): value is string => typeof value === 'string'
const textOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null)

const newsletterOf = (value: unknown): NewsletterLead | undefined =>
  isRecord(value) && typeof value.id === 'number' && isText(value.email) && isText(value.createdAt)
    ? { id: value.id, email: value.email, createdAt: value.createdAt }
    : undefined

const waitlistOf = (value: unknown): WaitlistLead | undefined => {
  const base = newsletterOf(value)
  if (!base || !isRecord(value) || !isText(value.name) || !isText(value.company) || !isText(value.role)) return undefined
  return {
    ...base,
    name: value.name,
    company: value.company,
    role: value.role,
    useCase: isText(value.useCase) ? value.useCase : '',
    source: textOrNull(value.source),
    plan: textOrNull(value.plan),
    product: textOrNull(value.product),
  }
}

const contactOf = (value: unknown): ContactLead | undefined => {
  const base = newsletterOf(value)
  if (!base || !isRecord(value) || !isText(value.name) || !isText(value.subject) || !isText(value.message)) return undefined
  return {
    ...base,
    name: value.name,
    company: isText(value.company) ? value.company : '',
    subject: value.subject,
    message: value.message,
    product: textOrNull(value.product),
  }
}

const allOf = <T>(items: unknown[], read: (value: unknown) => T | undefined): T[] | undefined => {
  const rows = items.map(read)
  return rows.every((row) => row !== undefined) ? (rows as T[]) : undefined
}

/** Checks the body of GET /api/architect/leads for `kind`; undefined when it is not a page of them. */
export const leadPageOf = (kind: LeadQuery['kind'], body: unknown): LeadPage | undefined => {
  if (!isRecord(body) || body.success !== true || !Array.isArray(body.data) || !isRecord(body.pagination)) return undefined
  const { page, pages, total } = body.pagination
  if (typeof page !== 'number' || typeof pages !== 'number' || typeof total !== 'number') return undefined
  const paging = { page, pages: Math.max(1, pages), total }
  if (kind === 'waitlist') {
    const rows = allOf(body.data, waitlistOf)
    return rows && { ...paging, kind, rows }
  }
  if (kind === 'contact') {
    const rows = allOf(body.data, contactOf)
    return rows && { ...paging, kind, rows }
  }
  const rows = allOf(body.data, newsletterOf)
  return rows && { ...paging, kind, rows }
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
