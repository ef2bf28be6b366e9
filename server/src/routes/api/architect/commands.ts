import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { CommandBody, CommandList, SentCommand } from '@contracts/commands'
import {
  architectCommands,
  cleanCommand,
  COMMAND_LOG_LEVEL,
  COMMANDS_LISTED,
  validateCommand,
} from '../../../architect/commands'
import { AUTH_MESSAGES } from '../../../auth/messages'
import { crossSiteResponse, forbiddenResponse, notSignedInResponse, sessionSecurity } from '../../../auth/schemas'
import { AGENT_MODULES } from '../../../pipeline/stages'
import { HttpError } from '../../../http/httpError'
import { bodyErrorResponses, errorResponse, rateLimitedResponse } from '../../../http/schemas'

/** Commands one user may send per minute. */
export const COMMANDS_PER_MINUTE = 30

/** Room for a 2,000-character command in JSON, escapes included. */
const COMMAND_BODY_LIMIT = 16 * 1024

/** Counted per signed-in user (the rate-limit hook runs after the permission check). */
const perUser = (request: FastifyRequest): string => `architect-command:${request.user?.id ?? request.ip}`

/** The Overseer page's command interface: commands are recorded and logged, never executed. */
const commandsRoutes: FastifyPluginAsync = async (app) => {
  const preHandler = app.requirePermission('architect.overseer')
  const routes = app.withTypeProvider<TypeBoxTypeProvider>()

  routes.post(
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
        body: CommandBody,
        response: {
          201: SentCommand,
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
      return reply.code(201).send({ success: true as const, data: recorded })
    },
  )

  routes.get(
    '',
    {
      preHandler,
      schema: {
        tags: ['architect'],
        summary: "The signed-in user's latest commands",
        description: `Needs the permission architect.overseer. The sender's own ${COMMANDS_LISTED} latest commands, newest first.`,
        security: sessionSecurity,
        response: {
          200: CommandList,
          401: notSignedInResponse,
          403: forbiddenResponse,
          500: errorResponse('Internal server error'),
        },
      },
    },
    async (request) => {
      const user = request.user
      if (!user) throw new HttpError(401, AUTH_MESSAGES.notSignedIn)
      return { success: true as const, data: await architectCommands.listOwn(app.db, user.id) }
    },
  )
}

export default commandsRoutes
