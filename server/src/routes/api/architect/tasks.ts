import type { FastifyPluginAsync } from 'fastify'
import { forbiddenResponse, notSignedInResponse, sessionSecurity } from '../../../auth/schemas'
import { GATE_KINDS, STAGE_IDS } from '../../../builds/stages'
import { errorResponse } from '../../../http/schemas'

/** A task's title when its conversation was deleted while it ran. */
const UNTITLED = 'Build request'

const tasksList = {
  description: 'The builds running now, oldest first; an empty list when none',
  type: 'object',
  required: ['success', 'data'],
  properties: {
    success: { type: 'boolean', const: true },
    data: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['sessionId', 'title', 'stage', 'percentage', 'message', 'startedAt', 'waitingForApproval', 'gate', 'approvalId'],
        properties: {
          sessionId: { type: 'string' },
          title: { type: 'string', description: "The request's conversation title" },
          stage: { type: 'string', enum: [...STAGE_IDS], description: 'The latest stage reported' },
          percentage: { type: 'integer', minimum: 0, maximum: 100 },
          message: { type: 'string', description: 'The latest progress message' },
          startedAt: { type: 'string', format: 'date-time' },
          waitingForApproval: { type: 'boolean', description: 'Whether it waits at an approval gate' },
          gate: { type: ['string', 'null'], enum: [...GATE_KINDS, null], description: 'The gate it waits at' },
          approvalId: { type: ['string', 'null'], description: 'The pending approval request it waits on' },
        },
      },
    },
  },
} as const

/** Active Tasks on the Overseer page (D10): the running builds, for staff with architect.overseer. */
const tasksRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '',
    {
      preHandler: app.requirePermission('architect.overseer'),
      schema: {
        tags: ['architect'],
        summary: 'The builds running now (Active Tasks)',
        description: 'Needs the permission architect.overseer (the Overseer page shows them). Oldest first, with the gate each waits at.',
        security: sessionSecurity,
        response: { 200: tasksList, 401: notSignedInResponse, 403: forbiddenResponse, 500: errorResponse('Internal server error') },
      },
    },
    async () => {
      const running = await app.builds.running()
      return {
        success: true,
        data: running.map((build) => ({
          sessionId: build.sessionId,
          title: build.title ?? build.name ?? UNTITLED,
          stage: build.stage,
          percentage: build.percentage,
          message: build.message,
          startedAt: build.createdAt.toISOString(),
          waitingForApproval: build.waitingGate !== null,
          gate: build.waitingGate,
          approvalId: build.approvalId,
        })),
      }
    },
  )
}

export default tasksRoutes
