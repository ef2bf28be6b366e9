import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import * as Type from 'typebox/type'
import {
  BuildFailure,
  BuildSuspended,
  ChatBody,
  ChatConflict,
  ChatRateLimited,
  chatSecurity,
  type ConversationBuild,
  ConversationDetail,
  ConversationNotFound,
  ConversationParams,
  CrossSiteRefused,
  HISTORY_PAGE_SIZE,
  HistoryPage,
  HistoryQuery,
  ModelList,
  OWNER_NOTE,
  ProviderError,
} from '@contracts/chat'
import { ChatOrBuildReply } from '@contracts/sessions'
import type { Conversation } from '../../../chat/conversationRepository'
import { ownerOfRequest, type Owner } from '../../../sessions/owner'
import { acceptChatMessage } from '../../../chat/request'
import { CHAT_MESSAGES, chatBodyValidator, isUuid } from '../../../chat/validation'
import { HttpError } from '../../../http/httpError'
import { bodyErrorResponses, errorResponse, orInternalError, rateLimitedResponse } from '../../../http/schemas'
import { Deleted, UNDO_WINDOW_SECONDS } from '@contracts/conversationTools'
import conversationToolsRoutes, { conversationWriteLimit } from './conversationTools'
import ratingRoutes from './ratings'
import type { ReplyRatingValue } from '@contracts/questions'
import { createQuestionRepository as questionsIn } from '../../../questions/questionRepository'
import { sendBuildOutcome } from '../builds/outcome'

/** Room for 100 messages of typical length; a longer conversation continues by `conversationId`. */
export const CHAT_BODY_LIMIT = 1024 * 1024

const TAGS = ['chat']

type Ratings = ReadonlyMap<string, { position: number; rating: ReplyRatingValue; comment: string | null }[]>

const itemOf = (conversation: Conversation, builds: ReadonlyMap<string, ConversationBuild[]>, ratings: Ratings) => {
  const last = conversation.messages.at(-1)
  const answered = last?.role === 'assistant'
  const turns = answered ? conversation.messages.slice(0, -1) : conversation.messages
  return {
    id: conversation.id,
    date: conversation.updatedAt.toISOString(),
    createdAt: conversation.createdAt.toISOString(),
    status: conversation.status,
    title: conversation.title,
    messageCount: conversation.messageCount,
    messages: turns.map(({ role, content }) => ({ role, content })),
    response: answered ? last.content : '',
    model: conversation.model,
    stopped: answered ? last.stopped : false,
    ...(conversation.error !== null && { error: conversation.error }),
    ...(conversation.sharedAt && { sharedAt: conversation.sharedAt.toISOString() }),
    ...(builds.has(conversation.id) && { builds: builds.get(conversation.id) }),
    ...(ratings.has(conversation.id) && {
      ratings: ratings.get(conversation.id)?.map(({ position, rating, comment }) => ({ position, rating, ...(comment !== null && { comment }) })),
    }),
  }
}

/**
 * The assistant chat for ordinary (non-build) messages (spec sections 3 and 7):
 * send a message, stop a reply, list/search/open/delete the caller's history, list models.
 */
const chatRoutes: FastifyPluginAsync = async (app) => {
  /** The caller; GET routes give a new visitor its cookie, so its socket has an identity early. */
  const ownerOf = (request: FastifyRequest, reply: FastifyReply, create: boolean): Owner | undefined =>
    ownerOfRequest(request, reply, { create })
  const routes = app.withTypeProvider<TypeBoxTypeProvider>()

  routes.post(
    '/chat',
    {
      bodyLimit: CHAT_BODY_LIMIT,
      preHandler: app.authenticate,
      // Each problem gets its own message, and nothing is coerced (a number is not a message).
      validatorCompiler: chatBodyValidator,
      schema: {
        tags: TAGS,
        summary: 'Send a message to the assistant',
        description: `Stores the question, asks the model and stores the reply (status completed), or stores the failure (status error, no reply). In a conversation whose build delivered a project, a message that asks to change it ('add a fines collection', 'now with dark mode') or for a new project is handed on to the builder and answered as POST /api/overseer/chat answers (its \`progress\` events go to the sessionId's room); a question stays a question. ${OWNER_NOTE} Rate limited per owner (RATE_LIMIT_CHAT a minute) and per IP (RATE_LIMIT_CHAT_IP).`,
        security: chatSecurity,
        body: ChatBody,
        response: {
          200: ChatOrBuildReply,
          ...bodyErrorResponses,
          400: errorResponse('Invalid message: malformed body, blank question, a message over 16,000 characters, too many messages, or `Unknown model: {name}`'),
          403: CrossSiteRefused,
          404: errorResponse('conversationId is not one of the caller’s conversations'),
          409: ChatConflict,
          429: ChatRateLimited,
          500: orInternalError(BuildFailure('A message handed on to the builder: a stage failed (an `error` event was sent), or the build could not be stored')),
          502: ProviderError('The model provider failed or refused the request'),
          503: Type.Union([ProviderError('The model provider is rate limiting (see Retry-After)'), BuildSuspended]),
          504: Type.Union([
            ProviderError('The model provider did not answer in time'),
            BuildFailure('A message handed on to the builder: a stage did not finish within BUILD_STAGE_TIMEOUT_MS (a `timeout` event was sent)'),
          ]),
        },
      },
    },
    async (request, reply) => {
      const { owner, input } = await acceptChatMessage(app, request, reply)
      // A change to the project this conversation delivered (or a new one) is the builder's.
      if (await app.builds.takesOver(owner.key, input)) return sendBuildOutcome(await app.builds.start(owner.key, input), request, reply)
      const result = await app.chat.send(owner.key, input, request.log)
      if (result.kind === 'failed') {
        const { error } = result
        request.log.warn(
          { err: error.details.cause, providerStatus: error.details.providerStatus, status: error.status, conversationId: result.conversationId },
          `chat provider failed: ${error.message}`,
        )
        if (error.details.retryAfterSeconds !== undefined) void reply.header('retry-after', String(error.details.retryAfterSeconds))
        return reply.code(error.status).send({ success: false as const, message: error.message, conversationId: result.conversationId, status: 'error' as const })
      }
      return {
        success: true as const,
        reply: result.reply,
        conversationId: result.conversationId,
        sessionId: result.sessionId,
        model: result.model,
        status: 'completed' as const,
        stopped: result.stopped,
        usage: result.usage,
      }
    },
  )

  routes.get(
    '/chat/history',
    {
      preHandler: app.authenticate,
      schema: {
        tags: TAGS,
        summary: "The caller's conversations, a page at a time, optionally searched",
        description: OWNER_NOTE,
        security: chatSecurity,
        querystring: HistoryQuery,
        response: { 200: HistoryPage, 400: bodyErrorResponses[400] },
      },
    },
    async (request, reply) => {
      // The schema's defaults are filled in before the handler runs; these only satisfy the type.
      const { page = 1, limit = HISTORY_PAGE_SIZE } = request.query
      const search = request.query.search?.trim() || undefined
      const owner = ownerOf(request, reply, true) as Owner
      const { items, total } = await app.chat.history(owner.key, { page, limit, ...(search !== undefined && { search }) })
      const builds = await app.builds.ofConversations(items.map((item) => item.id))
      const ratings = await questionsIn(app.db).ratingsOf(items.map((item) => item.id))
      return {
        success: true as const,
        data: items.map((item) => itemOf(item, builds, ratings)),
        pagination: { page, pages: Math.max(1, Math.ceil(total / limit)), total, limit },
        ...(search !== undefined && { search }),
      }
    },
  )

  routes.get(
    '/chat/history/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'One of the caller’s conversations, with its token usage',
        description: OWNER_NOTE,
        security: chatSecurity,
        params: ConversationParams,
        response: { 200: ConversationDetail, 404: ConversationNotFound },
      },
    },
    async (request, reply) => {
      const owner = ownerOf(request, reply, false)
      const id = request.params.id
      const conversation = owner && isUuid(id) ? await app.chat.conversation(owner.key, id.toLowerCase()) : undefined
      if (!conversation) throw new HttpError(404, CHAT_MESSAGES.conversationNotFound)
      const replies = conversation.messages.filter((message) => message.role === 'assistant')
      const promptTokens = replies.reduce((sum, message) => sum + (message.promptTokens ?? 0), 0)
      const completionTokens = replies.reduce((sum, message) => sum + (message.completionTokens ?? 0), 0)
      return {
        success: true as const,
        data: { ...itemOf(conversation, await app.builds.ofConversations([conversation.id]), await questionsIn(app.db).ratingsOf([conversation.id])), usage: { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens } },
      }
    },
  )

  routes.delete(
    '/chat/history/:id',
    {
      preHandler: app.authenticate,
      config: { rateLimit: conversationWriteLimit },
      schema: {
        tags: TAGS,
        summary: 'Delete one of the caller’s conversations',
        description: `Also stops its reply if one is being generated. It is gone from the history, search, its share link and its builds' downloads at once; POST /api/overseer-dev/chat/history/{id}/restore puts it back within ${UNDO_WINDOW_SECONDS} seconds, after which the deletion is final. ${OWNER_NOTE}`,
        security: chatSecurity,
        params: ConversationParams,
        response: { 200: Deleted, 403: CrossSiteRefused, 404: ConversationNotFound, 429: rateLimitedResponse },
      },
    },
    async (request, reply) => {
      const owner = ownerOf(request, reply, false)
      const id = request.params.id
      const deleted = owner && isUuid(id) ? await app.chat.delete(owner.key, id.toLowerCase()) : false
      if (!deleted) throw new HttpError(404, CHAT_MESSAGES.conversationNotFound)
      // Its build's preview, if one runs, goes with it.
      // (A worker that does not answer stops it at its idle limit: the deletion stands.)
      if (owner) {
        await app.previews.stopConversation(owner.key, id.toLowerCase()).catch((error: unknown) => {
          request.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'the preview of a deleted conversation could not be stopped')
        })
      }
      return { success: true as const }
    },
  )

  routes.get(
    '/models',
    {
      preHandler: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'The models the assistant can use',
        description:
          'overseer-local (offline, answers from the docs) always; an OpenAI-compatible provider’s models when OVERSEER_LLM_BASE_URL is set (OVERSEER_LLM_MODELS, else its own list). Also gives a new visitor its cookie.',
        response: { 200: ModelList },
      },
    },
    async (request, reply) => {
      ownerOf(request, reply, true)
      const models = await app.chatModels.list()
      return { success: true as const, data: { models, currentOverseerModel: await app.chatModels.current(models) } }
    },
  )

  await app.register(conversationToolsRoutes)
  await app.register(ratingRoutes)
}

export default chatRoutes
