import type { FastifyPluginAsync } from 'fastify'
import { TaskList } from '@contracts/tasks'
import { forbiddenResponse, notSignedInResponse, sessionSecurity } from '../../../auth/schemas'
import { errorResponse } from '../../../http/schemas'

/** A task's title when its conversation was deleted while it ran. */
const UNTITLED = 'Build request'

/** Active Tasks on the Overseer page: the running builds, for staff with architect.overseer. */
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
        response: { 200: TaskList, 401: notSignedInResponse, 403: forbiddenResponse, 500: errorResponse('Internal server error') },
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
