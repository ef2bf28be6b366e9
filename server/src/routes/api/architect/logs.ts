import type { FastifyPluginAsync } from 'fastify'
import { forbiddenResponse, notSignedInResponse, sessionSecurity } from '../../../auth/schemas'
import { agentLogRepository, LOG_COUNT_CAP } from '../../../builds/agentLogRepository'
import { moduleStatuses, STATUS_TILE_MODULES } from '../../../builds/moduleStatus'
import { AGENT_MODULE_IDS, AGENT_MODULES, LOG_LEVELS, type AgentModule, type LogLevel } from '../../../builds/stages'
import { errorResponse } from '../../../http/schemas'

/** The Logs page shows 20 entries a page ('Showing 20 of N logs'). */
export const LOGS_PAGE_SIZE = 20

interface LogsQuery {
  page: number
  search?: string
  module?: AgentModule
  level?: LogLevel
}

const logsQuery = {
  type: 'object',
  properties: {
    page: { type: 'integer', minimum: 1, maximum: 1_000_000, default: 1, description: 'From 1; 20 entries a page' },
    search: { type: 'string', maxLength: 200, description: 'Matches anywhere in the message, ignoring case; blank matches all' },
    module: {
      type: 'string',
      enum: AGENT_MODULE_IDS,
      description: `The agent module: ${AGENT_MODULE_IDS.map((id) => `${id} (${AGENT_MODULES[id]})`).join(', ')}; omit for all`,
    },
    level: { type: 'string', enum: [...LOG_LEVELS], description: 'Omit for all levels' },
  },
  additionalProperties: false,
} as const

const logsPage = {
  description: 'A page of entries, newest first, with how many match in total',
  type: 'object',
  required: ['success', 'data', 'pagination'],
  properties: {
    success: { type: 'boolean', const: true },
    data: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'timestamp', 'level', 'source', 'module', 'message', 'buildId'],
        properties: {
          id: { type: 'integer' },
          timestamp: { type: 'string', format: 'date-time' },
          level: { type: 'string', enum: [...LOG_LEVELS] },
          source: { type: 'string', description: "The module's name, as the page shows it ('Overseer Core')" },
          module: { type: 'string', description: 'The module id (the `module` filter)' },
          message: { type: 'string' },
          buildId: { type: ['string', 'null'], description: 'The build the entry belongs to, if any' },
        },
      },
    },
    pagination: {
      type: 'object',
      required: ['page', 'pages', 'total', 'totalCapped', 'limit'],
      properties: {
        page: { type: 'integer' },
        pages: { type: 'integer', description: 'At least 1; counted from `total`' },
        total: { type: 'integer', description: `Entries matching the filters, counted up to ${LOG_COUNT_CAP}` },
        totalCapped: { type: 'boolean', description: `True when more than ${LOG_COUNT_CAP} entries match (show '${LOG_COUNT_CAP.toLocaleString('en-US')}+')` },
        limit: { type: 'integer', const: LOGS_PAGE_SIZE },
      },
    },
  },
} as const

const moduleStatusList = {
  description: "The Logs page's four status tiles, in the page's order",
  type: 'object',
  required: ['success', 'data'],
  properties: {
    success: { type: 'boolean', const: true },
    data: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['module', 'name', 'active'],
        properties: {
          module: { type: 'string', enum: [...STATUS_TILE_MODULES], description: 'The module id' },
          name: { type: 'string', description: "As the page shows it ('Overseer Core')" },
          active: {
            type: 'boolean',
            description: "True while a running build is in one of the module's stages (Overseer Core: classification, delivery, or waiting at an approval gate)",
          },
        },
      },
    },
  },
} as const

/** Agent logs for the Logs page (D10), for staff with architect.logs. */
const logsRoutes: FastifyPluginAsync = async (app) => {
  const preHandler = app.requirePermission('architect.logs')

  app.get(
    '/modules',
    {
      preHandler,
      schema: {
        tags: ['architect'],
        summary: 'Which agent modules are busy (the status tiles)',
        description:
          'Needs the permission architect.logs. Overseer Core, Clarification Loop, DevLoop Matrix and Assembly Agent, each active while a running build is in one of its stages, else idle.',
        security: sessionSecurity,
        response: { 200: moduleStatusList, 401: notSignedInResponse, 403: forbiddenResponse, 500: errorResponse('Internal server error') },
      },
    },
    async () => {
      const running = await app.builds.running()
      return { success: true, data: moduleStatuses(running) }
    },
  )

  app.get<{ Querystring: LogsQuery }>(
    '',
    {
      preHandler,
      schema: {
        tags: ['architect'],
        summary: 'Agent log entries, searched and filtered',
        description: 'Needs the permission architect.logs. Newest first, 20 a page.',
        security: sessionSecurity,
        querystring: logsQuery,
        response: {
          200: logsPage,
          400: errorResponse('Invalid query; `errors` names each invalid parameter'),
          401: notSignedInResponse,
          403: forbiddenResponse,
          500: errorResponse('Internal server error'),
        },
      },
    },
    async (request) => {
      const { page, module, level } = request.query
      const search = request.query.search?.trim() || undefined
      const { entries, total, totalCapped } = await agentLogRepository.list(app.db, {
        search,
        module,
        level,
        limit: LOGS_PAGE_SIZE,
        offset: (page - 1) * LOGS_PAGE_SIZE,
      })
      return { success: true, data: entries, pagination: { page, pages: Math.max(1, Math.ceil(total / LOGS_PAGE_SIZE)), total, totalCapped, limit: LOGS_PAGE_SIZE } }
    },
  )
}

export default logsRoutes
