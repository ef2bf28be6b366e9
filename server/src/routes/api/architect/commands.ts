import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import {
  architectCommands,
  cleanCommand,
  COMMAND_LOG_LEVEL,
  COMMAND_MAX_LENGTH,
  COMMANDS_LISTED,
  validateCommand,
} from '../../../architect/commands'
import { AUTH_MESSAGES } from '../../../auth/messages'
import { crossSiteResponse, forbiddenResponse, notSignedInResponse, sessionSecurity } from '../../../auth/schemas'
import { AGENT_MODULES } from '../../../builds/stages'
import { HttpError } from '../../../http/httpError'
import { bodyErrorResponses, errorResponse, rateLimitedResponse } from '../../../http/schemas'

/** Commands one user may send per minute. */
export const COMMANDS_PER_MINUTE = 30

/** Room for a 2,000-character command in JSON, escapes included. */
const COMMAND_BODY_LIMIT = 16 * 1024

interface CommandBody {
  command?: string
}

const commandSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'command', 'createdAt', 'author'],
  properties: {
    id: { type: 'integer' },
    command: { type: 'string', description: 'As stored: trimmed' },
    createdAt: { type: 'string', format: 'date-time' },
    author: { type: 'string', description: "The sender's e-mail" },
  },
} as const

/** Loose on purpose: the handler gives the messages the command box shows. */
const commandBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    command: { type: 'string', description: `Required; 1 to ${COMMAND_MAX_LENGTH} characters once trimmed` },
  },
} as const

/** Counted per signed-in user (the rate-limit hook runs after the permission check). */
const perUser = (request: FastifyRequest): string => `architect-command:${request.user?.id ?? request.ip}`

/** The Overseer page's command interface (D10): commands are recorded and logged, never executed. */
const commandsRoutes: FastifyPluginAsync = async (app) => {
  const preHandler = app.requirePermission('architect.overseer')

  app.post<{ Body: CommandBody }>(
    '',
    {
      preHandler,
      bodyLimit: COMMAND_BODY_LIMIT,
      config: { rateLimit: { max: COMMANDS_PER_MINUTE, timeWindow: 60_000, hook: 'preHandler', keyGenerator: perUser } },
      schema: {
        tags: ['architect'],
        summary: 'Send a command from the Overseer page',
        description:
          `Needs the permission architect.overseer. Nothing executes the command: it is stored for the sender's list and written to the agent log ` +
          `(${AGENT_MODULES['overseer-core']}, level ${COMMAND_LOG_LEVEL}) with the sender's e-mail. At most ${COMMANDS_PER_MINUTE} a minute per user.`,
        security: sessionSecurity,
        body: commandBody,
        response: {
          201: {
            description: 'Recorded and logged',
            type: 'object',
            required: ['success', 'data'],
            properties: { success: { type: 'boolean', const: true }, data: commandSchema },
          },
          ...bodyErrorResponses,
          400: errorResponse('Invalid command; `errors.command` says why'),
          401: notSignedInResponse,
          403: { ...forbiddenResponse, description: `${forbiddenResponse.description}, or ${crossSiteResponse.description}` },
          429: rateLimitedResponse,
        },
      },
    },
    async (request, reply) => {
      const user = request.user
      if (!user) throw new HttpError(401, AUTH_MESSAGES.notSignedIn)
      const command = cleanCommand(request.body.command ?? '')
      const errors = validateCommand(command)
      if (Object.keys(errors).length > 0) throw HttpError.invalid(errors)
      const recorded = await architectCommands.record(app.db, user, command)
      return reply.code(201).send({ success: true, data: recorded })
    },
  )

  app.get(
    '',
    {
      preHandler,
      schema: {
        tags: ['architect'],
        summary: "The signed-in user's latest commands",
        description: `Needs the permission architect.overseer. The sender's own ${COMMANDS_LISTED} latest commands, newest first.`,
        security: sessionSecurity,
        response: {
          200: {
            description: 'Newest first; an empty list when none',
            type: 'object',
            required: ['success', 'data'],
            properties: { success: { type: 'boolean', const: true }, data: { type: 'array', items: commandSchema } },
          },
          401: notSignedInResponse,
          403: forbiddenResponse,
          500: errorResponse('Internal server error'),
        },
      },
    },
    async (request) => {
      const user = request.user
      if (!user) throw new HttpError(401, AUTH_MESSAGES.notSignedIn)
      return { success: true, data: await architectCommands.listOwn(app.db, user.id) }
    },
  )
}

export default commandsRoutes
