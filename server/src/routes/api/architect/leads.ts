import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyPluginAsync } from 'fastify'
import { LeadExportQuery, LeadListQuery, LEADS_PAGE_SIZE, LeadPage } from '@contracts/leads/staff'
import { forbiddenResponse, notSignedInResponse, sessionSecurity } from '../../../auth/schemas'
import { errorResponse } from '../../../http/schemas'
import { toCsv } from '../../../leads/csv'

export { LEADS_MAX_PAGE_SIZE, LEADS_PAGE_SIZE } from '@contracts/leads/staff'

const staffErrors = {
  400: errorResponse('Invalid query; `errors` names each invalid parameter'),
  401: notSignedInResponse,
  403: forbiddenResponse,
  500: errorResponse('Internal server error'),
} as const

const today = (): string => new Date().toISOString().slice(0, 10)

/** Waitlist, contact and newsletter entries for staff with architect.leads. */
const leadsRoutes: FastifyPluginAsync = async (app) => {
  const leads = app.leadsRepository
  const preHandler = app.requirePermission('architect.leads')
  const routes = app.withTypeProvider<TypeBoxTypeProvider>()

  routes.get(
    '',
    {
      preHandler,
      schema: {
        tags: ['architect'],
        summary: 'List waitlist, contact or newsletter entries',
        description: 'Needs the permission architect.leads. Newest first, paged, optionally filtered by `search`.',
        security: sessionSecurity,
        querystring: LeadListQuery,
        response: { 200: LeadPage, ...staffErrors },
      },
    },
    async (request) => {
      // The schema's defaults are filled in before the handler runs; these only satisfy the type.
      const { kind, page = 1, limit = LEADS_PAGE_SIZE, search = '' } = request.query
      const { leads: data, total } = await leads.list(kind, { search, limit, offset: (page - 1) * limit })
      return { success: true as const, data, pagination: { page, pages: Math.max(1, Math.ceil(total / limit)), total, limit } }
    },
  )

  routes.get(
    '/export.csv',
    {
      preHandler,
      schema: {
        tags: ['architect'],
        summary: 'Export waitlist, contact or newsletter entries as CSV',
        description:
          'Needs the permission architect.leads. Every entry matching `search`, newest first, as a UTF-8 CSV attachment (RFC 4180 quoting; cells that a spreadsheet would run as a formula start with an apostrophe).',
        security: sessionSecurity,
        querystring: LeadExportQuery,
        response: {
          200: {
            description: 'The CSV file (`Content-Disposition: attachment`), with a header row',
            content: { 'text/csv': { schema: { type: 'string' } } },
          },
          ...staffErrors,
        },
      },
    },
    async (request, reply) => {
      const { kind, search = '' } = request.query
      const { header, rows } = await leads.table(kind, { search })
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="overseer-${kind}-${today()}.csv"`)
        .send(toCsv(header, rows))
    },
  )
}

export default leadsRoutes
