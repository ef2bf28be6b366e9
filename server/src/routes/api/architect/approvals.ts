import type { FastifyPluginAsync } from 'fastify'
import { AUTH_MESSAGES } from '../../../auth/messages'
import { forbiddenResponse, notSignedInResponse, sessionSecurity } from '../../../auth/schemas'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import {
  ApprovalList,
  ApprovalListQuery,
  APPROVALS_PAGE_SIZE,
  DecidedApproval,
  DecisionBody,
  DecisionParams,
} from '@contracts/approvals'
import type { ApprovalRequest } from '../../../pipeline/gates/approvalRepository'
import { isUuid } from '../../../chat/validation'
import { HttpError } from '../../../http/httpError'
import { bodyErrorResponses, errorResponse } from '../../../http/schemas'

export { APPROVALS_MAX_PAGE_SIZE, APPROVALS_PAGE_SIZE, MAX_DECISION_COMMENT } from '@contracts/approvals'

export const APPROVAL_MESSAGES = {
  notFound: 'Approval request not found',
  closed: (status: string) => `This approval request was already ${status}`,
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

/** Approval requests at build gates, for staff with architect.approvals. */
const approvalsRoutes: FastifyPluginAsync = async (app) => {
  const preHandler = app.requirePermission('architect.approvals')
  const routes = app.withTypeProvider<TypeBoxTypeProvider>()

  routes.get(
    '',
    {
      preHandler,
      schema: {
        tags: ['architect'],
        summary: 'Approval requests raised at build gates',
        description: 'Needs the permission architect.approvals. Newest first, with the build each belongs to, paged.',
        security: sessionSecurity,
        querystring: ApprovalListQuery,
        response: {
          200: ApprovalList,
          400: errorResponse('Invalid query; `errors` names each invalid parameter'),
          401: notSignedInResponse,
          403: forbiddenResponse,
          500: errorResponse('Internal server error'),
        },
      },
    },
    async (request) => {
      // The schema's defaults are filled in before the handler runs; these only satisfy the type.
      const { status = 'pending', page = 1, limit = APPROVALS_PAGE_SIZE } = request.query
      const { approvals, total } = await app.approvals.list(status, { limit, offset: (page - 1) * limit })
      return { success: true as const, data: approvals.map(approvalJson), pagination: { page, pages: Math.max(1, Math.ceil(total / limit)), total, limit } }
    },
  )

  routes.post(
    '/:id/decision',
    {
      preHandler,
      schema: {
        tags: ['architect'],
        summary: 'Approve or deny an approval request',
        description:
          'Needs the permission architect.approvals. Records who decided and when; approve lets the waiting build continue, deny ends it with an `error` event. A request no build waits on (the sample) only records the decision.',
        security: sessionSecurity,
        params: DecisionParams,
        body: DecisionBody,
        response: {
          200: DecidedApproval,
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
      return { success: true as const, data: approvalJson(result.approval) }
    },
  )
}

export default approvalsRoutes
