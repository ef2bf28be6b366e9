import type { FastifyPluginAsync } from 'fastify'
import { AUTH_MESSAGES } from '../../../auth/messages'
import { forbiddenResponse, notSignedInResponse, sessionSecurity } from '../../../auth/schemas'
import {
  APPROVAL_DECISIONS,
  APPROVAL_FILTERS,
  APPROVAL_PRIORITIES,
  APPROVAL_STATUSES,
  type ApprovalDecision,
  type ApprovalFilter,
  type ApprovalRequest,
} from '../../../builds/approvalRepository'
import { PROJECT_KINDS } from '../../../builds/classify'
import { GATE_KINDS, STAGE_IDS } from '../../../builds/stages'
import { isUuid } from '../../../chat/validation'
import { HttpError } from '../../../http/httpError'
import { bodyErrorResponses, errorResponse } from '../../../http/schemas'

export const APPROVALS_PAGE_SIZE = 20
export const APPROVALS_MAX_PAGE_SIZE = 100
export const MAX_DECISION_COMMENT = 1000

export const APPROVAL_MESSAGES = {
  notFound: 'Approval request not found',
  closed: (status: string) => `This approval request was already ${status}`,
} as const

interface ListQuery {
  status: ApprovalFilter
  page: number
  limit: number
}

interface DecisionBody {
  decision: ApprovalDecision
  comment?: string
}

const timestamp = (description: string) => ({ type: 'string', format: 'date-time', description }) as const
const nullable = <T extends object>(schema: T) => ({ anyOf: [schema, { type: 'null' }] }) as const

const approvalSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'id',
    'title',
    'description',
    'category',
    'priority',
    'timestamp',
    'gate',
    'status',
    'expiresAt',
    'decidedAt',
    'decidedBy',
    'comment',
    'context',
    'build',
  ],
  properties: {
    id: { type: 'string', format: 'uuid' },
    title: { type: 'string' },
    description: { type: 'string', description: "What is asked, with the build's request, project kind and next stage" },
    category: { type: 'string', enum: [...GATE_KINDS], description: 'The gate kind' },
    priority: { type: 'string', enum: [...APPROVAL_PRIORITIES] },
    timestamp: timestamp('When the request was raised'),
    gate: { type: 'string', enum: [...GATE_KINDS] },
    status: {
      type: 'string',
      enum: [...APPROVAL_STATUSES],
      description: 'pending until decided (approved, denied); expired after APPROVAL_TIMEOUT_MS; cancelled when its build stopped while it waited',
    },
    expiresAt: { type: ['string', 'null'], format: 'date-time', description: 'When a waiting build stops waiting; null for requests no build waits on' },
    decidedAt: { type: ['string', 'null'], format: 'date-time' },
    decidedBy: nullable({
      type: 'object',
      additionalProperties: false,
      required: ['userId', 'email'],
      properties: { userId: { type: ['integer', 'null'], description: 'Null once the account was deleted' }, email: { type: 'string' } },
    }),
    comment: { type: ['string', 'null'], description: 'The reason given with the decision' },
    context: {
      type: 'object',
      additionalProperties: false,
      required: ['request', 'kind', 'name', 'stage', 'details'],
      description: 'What the build had produced when it reached the gate (More Details)',
      properties: {
        request: { type: 'string', description: "The build's request (at most 2,000 characters)" },
        kind: { type: ['string', 'null'], description: `The project kind (${PROJECT_KINDS.join(', ')}), once classified` },
        name: { type: ['string', 'null'], description: 'The project name' },
        stage: { type: 'string', enum: [...STAGE_IDS], description: 'The stage the build starts once approved' },
        details: { type: 'array', items: { type: 'string' }, description: 'The evidence, a line each' },
      },
    },
    build: nullable({
      type: 'object',
      additionalProperties: false,
      required: ['id', 'sessionId', 'status', 'stage', 'percentage', 'message'],
      description: 'The build as it is now; null for a request no build waits on (the sample)',
      properties: {
        id: { type: 'string', format: 'uuid' },
        sessionId: { type: 'string' },
        status: { type: 'string', enum: ['running', 'completed', 'error'] },
        stage: { type: 'string', enum: [...STAGE_IDS] },
        percentage: { type: 'integer' },
        message: { type: 'string' },
      },
    }),
  },
} as const

const approvalJson = (approval: ApprovalRequest) => ({
  id: approval.id,
  title: approval.title,
  description: approval.description,
  category: approval.category,
  priority: approval.priority,
  timestamp: approval.createdAt.toISOString(),
  gate: approval.gate,
  status: approval.status,
  expiresAt: approval.expiresAt?.toISOString() ?? null,
  decidedAt: approval.decidedAt?.toISOString() ?? null,
  decidedBy: approval.decidedBy,
  comment: approval.comment,
  context: approval.context,
  build: approval.build,
})

const listQuery = {
  type: 'object',
  properties: {
    status: {
      type: 'string',
      enum: [...APPROVAL_FILTERS],
      default: 'pending',
      description: 'pending (waiting for a decision), decided (approved, denied, expired or cancelled) or all',
    },
    page: { type: 'integer', minimum: 1, maximum: 1_000_000, default: 1, description: 'From 1' },
    limit: { type: 'integer', minimum: 1, maximum: APPROVALS_MAX_PAGE_SIZE, default: APPROVALS_PAGE_SIZE, description: 'Requests per page' },
  },
  additionalProperties: false,
} as const

const decisionBody = {
  type: 'object',
  required: ['decision'],
  properties: {
    decision: { type: 'string', enum: [...APPROVAL_DECISIONS], description: 'approve lets the build continue; deny stops it' },
    comment: { type: 'string', maxLength: MAX_DECISION_COMMENT, description: 'Why (optional; trimmed; a denial passes it on to the build’s owner)' },
  },
} as const

const decisionParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 100, description: 'The approval request id' } },
} as const

/** Approval requests at build gates (D8, D10), for staff with architect.approvals. */
const approvalsRoutes: FastifyPluginAsync = async (app) => {
  const preHandler = app.requirePermission('architect.approvals')

  app.get<{ Querystring: ListQuery }>(
    '',
    {
      preHandler,
      schema: {
        tags: ['architect'],
        summary: 'Approval requests raised at build gates',
        description: 'Needs the permission architect.approvals. Newest first, with the build each belongs to, paged.',
        security: sessionSecurity,
        querystring: listQuery,
        response: {
          200: {
            description: 'A page of requests, newest first',
            type: 'object',
            required: ['success', 'data', 'pagination'],
            properties: {
              success: { type: 'boolean', const: true },
              data: { type: 'array', items: approvalSchema },
              pagination: {
                type: 'object',
                required: ['page', 'pages', 'total', 'limit'],
                properties: {
                  page: { type: 'integer' },
                  pages: { type: 'integer', description: 'At least 1' },
                  total: { type: 'integer', description: 'Requests matching `status`' },
                  limit: { type: 'integer' },
                },
              },
            },
          },
          400: errorResponse('Invalid query; `errors` names each invalid parameter'),
          401: notSignedInResponse,
          403: forbiddenResponse,
          500: errorResponse('Internal server error'),
        },
      },
    },
    async (request) => {
      const { status, page, limit } = request.query
      const { approvals, total } = await app.approvals.list(status, { limit, offset: (page - 1) * limit })
      return { success: true, data: approvals.map(approvalJson), pagination: { page, pages: Math.max(1, Math.ceil(total / limit)), total, limit } }
    },
  )

  app.post<{ Params: { id: string }; Body: DecisionBody }>(
    '/:id/decision',
    {
      preHandler,
      schema: {
        tags: ['architect'],
        summary: 'Approve or deny an approval request',
        description:
          'Needs the permission architect.approvals. Records who decided and when; approve lets the waiting build continue, deny ends it with an `error` event. A request no build waits on (the sample) only records the decision.',
        security: sessionSecurity,
        params: decisionParams,
        body: decisionBody,
        response: {
          200: {
            description: 'The decided request',
            type: 'object',
            required: ['success', 'data'],
            properties: { success: { type: 'boolean', const: true }, data: approvalSchema },
          },
          ...bodyErrorResponses,
          401: notSignedInResponse,
          403: forbiddenResponse,
          404: errorResponse('No approval request has this id'),
          409: errorResponse('The request was already decided, expired or cancelled'),
        },
      },
    },
    async (request) => {
      const user = request.user
      if (!user) throw new HttpError(401, AUTH_MESSAGES.notSignedIn)
      const { id } = request.params
      if (!isUuid(id)) throw new HttpError(404, APPROVAL_MESSAGES.notFound)
      const comment = request.body.comment?.trim() || null
      const result = await app.approvals.decide(id.toLowerCase(), user, request.body.decision, comment)
      if (result.kind === 'not-found') throw new HttpError(404, APPROVAL_MESSAGES.notFound)
      if (result.kind === 'already-decided') throw new HttpError(409, APPROVAL_MESSAGES.closed(result.approval.status))
      return { success: true, data: approvalJson(result.approval) }
    },
  )
}

export default approvalsRoutes
