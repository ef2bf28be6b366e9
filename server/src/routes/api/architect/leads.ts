import type { FastifyPluginAsync } from 'fastify'
import { forbiddenResponse, notSignedInResponse, sessionSecurity } from '../../../auth/schemas'
import { errorResponse } from '../../../http/schemas'
import { toCsv } from '../../../leads/csv'
import { LEAD_KINDS, type LeadKind } from '../../../leads/leadsRepository'

export const LEADS_PAGE_SIZE = 20
export const LEADS_MAX_PAGE_SIZE = 100

interface ListQuery {
  kind: LeadKind
  page: number
  limit: number
  search: string
}

type ExportQuery = Pick<ListQuery, 'kind' | 'search'>

const kindProperty = { type: 'string', enum: [...LEAD_KINDS], description: 'Which entries' } as const
const searchProperty = {
  type: 'string',
  maxLength: 200,
  default: '',
  description: 'Matches anywhere in the name, e-mail or company (newsletter: e-mail), ignoring case',
} as const

const listQuerySchema = {
  type: 'object',
  required: ['kind'],
  properties: {
    kind: kindProperty,
    page: { type: 'integer', minimum: 1, maximum: 1_000_000, default: 1, description: 'From 1' },
    limit: { type: 'integer', minimum: 1, maximum: LEADS_MAX_PAGE_SIZE, default: LEADS_PAGE_SIZE, description: 'Entries per page' },
    search: searchProperty,
  },
} as const

const exportQuerySchema = {
  type: 'object',
  required: ['kind'],
  properties: { kind: kindProperty, search: searchProperty },
} as const

const timestamp = (description: string) => ({ type: 'string', format: 'date-time', description }) as const
const nullableText = (description: string) => ({ type: ['string', 'null'], description }) as const

const waitlistLead = {
  title: 'Waitlist signup',
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'email', 'company', 'role', 'useCase', 'source', 'plan', 'product', 'consentedAt', 'createdAt'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    email: { type: 'string', description: 'Lower-case' },
    company: { type: 'string', description: 'Company or project name' },
    role: { type: 'string' },
    useCase: { type: 'string', description: 'Empty when not given' },
    source: nullableText("Answer to 'How did you hear about us?'"),
    plan: nullableText('From the `?plan=` of the link to the form'),
    product: nullableText('From the `?product=` of the link to the form'),
    consentedAt: timestamp('When the person agreed to the privacy policy and early-access e-mails'),
    createdAt: timestamp('When they joined'),
  },
} as const

const contactLead = {
  title: 'Contact message',
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'email', 'company', 'subject', 'message', 'product', 'createdAt'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    email: { type: 'string', description: 'Lower-case' },
    company: { type: 'string', description: 'Empty when not given' },
    subject: { type: 'string' },
    message: { type: 'string' },
    product: nullableText('From the `?product=` of the link to the form'),
    createdAt: timestamp('When it was sent'),
  },
} as const

const newsletterLead = {
  title: 'Newsletter subscription',
  type: 'object',
  additionalProperties: false,
  required: ['id', 'email', 'createdAt'],
  properties: {
    id: { type: 'integer' },
    email: { type: 'string', description: 'Lower-case' },
    createdAt: timestamp('When the address subscribed'),
  },
} as const

const leadPage = {
  description: 'One page of entries, newest first',
  type: 'object',
  required: ['success', 'data', 'pagination'],
  properties: {
    success: { type: 'boolean', const: true },
    data: { type: 'array', items: { anyOf: [waitlistLead, contactLead, newsletterLead] }, description: 'Entries of the kind asked for' },
    pagination: {
      type: 'object',
      required: ['page', 'pages', 'total', 'limit'],
      properties: {
        page: { type: 'integer' },
        pages: { type: 'integer', description: 'At least 1' },
        total: { type: 'integer', description: 'Entries matching the search' },
        limit: { type: 'integer' },
      },
    },
  },
} as const

const staffErrors = {
  400: errorResponse('Invalid query; `errors` names each invalid parameter'),
  401: notSignedInResponse,
  403: forbiddenResponse,
  500: errorResponse('Internal server error'),
} as const

const today = (): string => new Date().toISOString().slice(0, 10)

/** Waitlist, contact and newsletter entries for staff with architect.leads (D11). */
const leadsRoutes: FastifyPluginAsync = async (app) => {
  const leads = app.leadsRepository
  const preHandler = app.requirePermission('architect.leads')

  app.get<{ Querystring: ListQuery }>(
    '',
    {
      preHandler,
      schema: {
        tags: ['architect'],
        summary: 'List waitlist, contact or newsletter entries',
        description: 'Needs the permission architect.leads. Newest first, paged, optionally filtered by `search`.',
        security: sessionSecurity,
        querystring: listQuerySchema,
        response: { 200: leadPage, ...staffErrors },
      },
    },
    async (request) => {
      const { kind, page, limit, search } = request.query
      const { leads: data, total } = await leads.list(kind, { search, limit, offset: (page - 1) * limit })
      return { success: true, data, pagination: { page, pages: Math.max(1, Math.ceil(total / limit)), total, limit } }
    },
  )

  app.get<{ Querystring: ExportQuery }>(
    '/export.csv',
    {
      preHandler,
      schema: {
        tags: ['architect'],
        summary: 'Export waitlist, contact or newsletter entries as CSV',
        description:
          'Needs the permission architect.leads. Every entry matching `search`, newest first, as a UTF-8 CSV attachment (RFC 4180 quoting; cells that a spreadsheet would run as a formula start with an apostrophe).',
        security: sessionSecurity,
        querystring: exportQuerySchema,
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
      const { kind, search } = request.query
      const { header, rows } = await leads.table(kind, { search })
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="overseer-${kind}-${today()}.csv"`)
        .send(toCsv(header, rows))
    },
  )
}

export default leadsRoutes
