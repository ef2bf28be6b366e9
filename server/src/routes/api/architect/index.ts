import type { FastifyPluginAsync } from 'fastify'
import { UserAnswer } from '@contracts/auth'
import { forbiddenResponse, notSignedInResponse, sessionSecurity } from '../../../auth/schemas'
import { bodyErrorResponses } from '../../../http/schemas'
import approvalsRoutes from './approvals'
import buildsRoutes from './builds'
import commandsRoutes from './commands'
import leadsRoutes from './leads'
import logsRoutes from './logs'
import questionsRoutes from './questions'
import tasksRoutes from './tasks'

/** The Architect Suite's API: every route checks its permission on the server. */
const architectRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/whoami',
    {
      preHandler: app.requirePermission('architect.access'),
      schema: {
        tags: ['architect'],
        summary: 'The signed-in staff member',
        description: 'Needs the permission architect.access.',
        security: sessionSecurity,
        response: {
          200: UserAnswer('The user, with roles and permissions'),
          401: notSignedInResponse,
          403: forbiddenResponse,
          500: bodyErrorResponses[500],
        },
      },
    },
    async (request) => ({ success: true, data: request.user }),
  )

  await app.register(leadsRoutes, { prefix: '/leads' })
  await app.register(logsRoutes, { prefix: '/logs' })
  await app.register(approvalsRoutes, { prefix: '/approvals' })
  await app.register(tasksRoutes, { prefix: '/tasks' })
  await app.register(buildsRoutes, { prefix: '/builds' })
  await app.register(commandsRoutes, { prefix: '/commands' })
  await app.register(questionsRoutes, { prefix: '/questions' })
}

export default architectRoutes
