import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { chatSecurity, CrossSiteRefused, OWNER_NOTE, SessionParams, StopReply } from '@contracts/chat'
import { SessionState } from '@contracts/sessions'
import { ownerOfRequest, type Owner } from '../../../sessions/owner'
import { CHAT_MESSAGES } from '../../../chat/validation'
import { HttpError } from '../../../http/httpError'
import { bodyErrorResponses, errorResponse } from '../../../http/schemas'

const TAGS = ['chat']

/**
 * A realtime session of the caller's, at /api/overseer-dev/sessions: a chat reply's or a build's
 * (its `sessionId`). Found again after a reload, and stopped, whichever it is.
 */
const sessionRoutes: FastifyPluginAsync = async (app) => {
  const ownerOf = (request: FastifyRequest, reply: FastifyReply, create: boolean): Owner | undefined =>
    ownerOfRequest(request, reply, { create })
  const routes = app.withTypeProvider<TypeBoxTypeProvider>()

  routes.post(
    '/:sessionId/stop',
    {
      preHandler: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'Stop a reply being generated, or a running build',
        description: `A chat reply stops where it is (the chat request answers with what was generated). A build (POST /api/overseer/chat) stops at once, its sandboxed test runs killed: a \`stopped\` event goes to the session's room, the build ends with status \`stopped\` and no archive, and the build request answers \`{ reply: 'Build stopped.', stopped: true }\`, which the conversation keeps. With REDIS_URL the stop reaches the build wherever it runs. For a build the answer comes once it has ended, with its \`status\` and \`message\`: a stop after its last stage finds it \`completed\` (\`stopped: false\`); a build whose server process is gone (it crashed) is marked interrupted, with an \`error\` event, and answers \`status: 'error'\` (\`stopped: false\`); a build not seen to end within 30 s of the stop (its server process did not answer, or Redis could not be reached) answers 503, and the stop can be asked again. Only the owner of the session can stop it; for anyone else the session does not exist. ${OWNER_NOTE}`,
        security: chatSecurity,
        params: SessionParams,
        response: {
          200: StopReply,
          400: bodyErrorResponses[400],
          403: CrossSiteRefused,
          404: errorResponse(CHAT_MESSAGES.replyNotFound),
          503: errorResponse(CHAT_MESSAGES.stopUnconfirmed),
        },
      },
    },
    async (request, reply) => {
      const owner = ownerOf(request, reply, false)
      const { sessionId } = request.params
      const chat = owner ? await app.chat.stop(owner.key, sessionId) : 'not-found'
      if (chat === 'stopped') return { success: true as const, stopped: true }
      const build = owner ? await app.builds.stop(owner.key, sessionId) : ({ kind: 'not-found' } as const)
      if (build.kind === 'stopped') return { success: true as const, stopped: true, status: 'stopped' as const, message: build.message }
      if (build.kind === 'ended') return { success: true as const, stopped: false, status: build.status, message: build.message }
      if (build.kind === 'unconfirmed') throw new HttpError(503, CHAT_MESSAGES.stopUnconfirmed)
      if (chat === 'not-found') throw new HttpError(404, CHAT_MESSAGES.replyNotFound)
      return { success: true as const, stopped: false }
    },
  )

  routes.get(
    '/:sessionId',
    {
      preHandler: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'What a session of the caller’s wrote to',
        description: `The kind of request a \`sessionId\` was used for (a chat reply or a build) and the conversation its question was stored in: a client that reloaded while a reply or a build was on its way finds the conversation again (GET /api/overseer-dev/chat/history/{id}; a build's progress with GET /api/overseer/builds/{sessionId}) and joins the session's room again for what follows. ${OWNER_NOTE}`,
        security: chatSecurity,
        params: SessionParams,
        response: { 200: SessionState, 400: bodyErrorResponses[400], 404: errorResponse(CHAT_MESSAGES.sessionNotFound) },
      },
    },
    async (request, reply) => {
      const owner = ownerOf(request, reply, false)
      const { sessionId } = request.params
      const session = owner ? await app.sessionOwners.find(sessionId) : undefined
      if (!owner || !session || session.ownerKey !== owner.key) throw new HttpError(404, CHAT_MESSAGES.sessionNotFound)
      return { success: true as const, data: { sessionId, kind: session.kind, conversationId: session.conversationId } }
    },
  )
}

export default sessionRoutes
