import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyPluginAsync } from 'fastify'
import { LOGS_PAGE_SIZE, LogsPage, LogsQuery, ModuleStatusList } from '@contracts/logs'
import { forbiddenResponse, notSignedInResponse, sessionSecurity } from '../../../auth/schemas'
import { createAgentLogRepository as agentLogsIn } from '../../../agentLogs/agentLogRepository'
import { createBuildRepository as buildsIn } from '../../../builds/buildRepository'
import { moduleStatuses } from '../../../pipeline/moduleStatus'
import { errorResponse } from '../../../http/schemas'

export { LOGS_PAGE_SIZE } from '@contracts/logs'

/** Agent logs for the Logs page, for staff with architect.logs. */
const logsRoutes: FastifyPluginAsync = async (app) => {
  const preHandler = app.requirePermission('architect.logs')
  const routes = app.withTypeProvider<TypeBoxTypeProvider>()

  routes.get(
    '/modules',
    {
      preHandler,
      schema: {
        tags: ['architect'],
        summary: 'Which agent modules are busy (the status tiles)',
        description:
          'Needs the permission architect.logs. Overseer Core, Clarification Loop, DevLoop Matrix and Assembly Agent, each active while a running build is in one of its stages, else idle.',
        security: sessionSecurity,
        response: { 200: ModuleStatusList, 401: notSignedInResponse, 403: forbiddenResponse, 500: errorResponse('Internal server error') },
      },
    },
    async () => {
      const running = await app.builds.running()
      return { success: true as const, data: moduleStatuses(running) }
    },
  )

  routes.get(
    '',
    {
      preHandler,
      schema: {
        tags: ['architect'],
        summary: 'Agent log entries, searched and filtered',
        description: 'Needs the permission architect.logs. Newest first, 20 a page.',
        security: sessionSecurity,
        querystring: LogsQuery,
        response: {
          200: LogsPage,
          400: errorResponse('Invalid query; `errors` names each invalid parameter'),
          401: notSignedInResponse,
          403: forbiddenResponse,
          500: errorResponse('Internal server error'),
        },
      },
    },
    async (request) => {
      // The schema's defaults are filled in before the handler runs; this one only satisfies the type.
      const { page = 1, module, level } = request.query
      const search = request.query.search?.trim() || undefined
      const { entries, total, totalCapped } = await agentLogsIn(app.db).list({
        search,
        module,
        level,
        limit: LOGS_PAGE_SIZE,
        offset: (page - 1) * LOGS_PAGE_SIZE,
      })
      const sessions = await buildsIn(app.db).sessionIdsOf(entries.flatMap((entry) => (entry.buildId ? [entry.buildId] : [])))
      return {
        success: true as const,
        data: entries.map((entry) => ({ ...entry, sessionId: entry.buildId ? (sessions.get(entry.buildId) ?? null) : null })),
        pagination: { page, pages: Math.max(1, Math.ceil(total / LOGS_PAGE_SIZE)), total, totalCapped, limit: LOGS_PAGE_SIZE },
      }
    },
  )
}

export default logsRoutes
