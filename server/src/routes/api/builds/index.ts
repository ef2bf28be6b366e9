import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import {
  AnswersBody,
  BuildFailure,
  BuildSuspended,
  BuildParams,
  BuildState,
  BuildFile,
  BuildFileParams,
  ChatBody,
  ChatConflict,
  ChatRateLimited,
  chatSecurity,
  CrossSiteRefused,
  DownloadParams,
  OWNER_NOTE,
  TokenUsageHistory,
} from '@contracts/chat'
import { BuildOutcomeReply } from '@contracts/sessions'
import { BuildEventsPage, BuildEventsQuery, EVENTS_PAGE_MAX } from '@contracts/buildEvents'
import { createBuildEventRepository as eventsIn } from '../../../timeline/eventRepository'
import { forbiddenResponse, notSignedInResponse, sessionSecurity } from '../../../auth/schemas'
import { zipUrlOf } from '../../../builds/reply'
import { CLARIFICATION_MESSAGES } from '../../../pipeline/clarify'
import { hasArchive, RETRY_MESSAGES } from '../../../builds/service'
import { ownerOfRequest } from '../../../sessions/owner'
import { acceptChatMessage, countChatMessage } from '../../../chat/request'
import { chatBodyValidator, isUuid } from '../../../chat/validation'
import { ARCHIVE_RESPONSE, sendArchive } from '../../../http/archive'
import { HttpError } from '../../../http/httpError'
import { bodyErrorResponses, errorResponse, orInternalError } from '../../../http/schemas'
import { createBuildRepository as buildsIn } from '../../../builds/buildRepository'
import { CHAT_BODY_LIMIT } from '../chat'
import { sendBuildOutcome } from './outcome'
import previewRoutes from './preview'

const TAGS = ['builds']

export const BUILD_NOT_FOUND = 'Build not found'
export const ARCHIVE_NOT_FOUND = 'Archive not found'
export const FILE_NOT_FOUND = 'File not found'

/**
 * Build requests (spec sections 5 and 7): run the pipeline, follow a build, download its
 * archive, and the token usage history for staff.
 */
const buildRoutes: FastifyPluginAsync = async (app) => {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>()
  await app.register(previewRoutes)

  routes.post(
    '/chat',
    {
      bodyLimit: CHAT_BODY_LIMIT,
      preHandler: app.authenticate,
      // The same rules and messages as POST /api/overseer-dev/chat.
      validatorCompiler: chatBodyValidator,
      schema: {
        tags: TAGS,
        summary: 'Build a starter project from a request',
        description: `Stores the request as a conversation (processing), runs the stages classification, clarification, market_analysis, structuring, development, assembly and delivery, sending \`progress\` events to the sessionId's room, and answers when the build is done: the reply (completed) and the archive's zipUrl, or the failure (status error, no reply, no archive) after an \`error\` or \`timeout\` event. With \`replaceFrom\` (and \`conversationId\`) the build replaces a user message of the conversation and every later turn, as an edit or a regenerate. Its owner can stop it with POST /api/overseer-dev/sessions/{sessionId}/stop (a \`stopped\` event, no archive). At most BUILD_CONCURRENCY builds run at once: a build waits its turn with \`progress\` 'Queued: 3 builds ahead' (again as its place moves); an owner may have BUILD_QUEUE_PER_OWNER builds waiting or running (one more: 429). ${OWNER_NOTE} Rate limited like chat messages (one budget).`,
        security: chatSecurity,
        body: ChatBody,
        response: {
          200: BuildOutcomeReply,
          ...bodyErrorResponses,
          400: errorResponse('Invalid request: the same checks as POST /api/overseer-dev/chat'),
          403: CrossSiteRefused,
          404: errorResponse('conversationId is not one of the caller’s conversations'),
          409: ChatConflict,
          429: errorResponse(
            'Too many messages from this owner or IP, or the caller already has BUILD_QUEUE_PER_OWNER builds waiting or running (nothing stored); see the Retry-After header (seconds)',
          ),
          500: orInternalError(BuildFailure('A stage failed (an `error` event was sent), or the build could not be stored')),
          504: BuildFailure('A stage did not finish within BUILD_STAGE_TIMEOUT_MS (a `timeout` event was sent)'),
          503: BuildSuspended,
        },
      },
    },
    async (request, reply) => {
      const { owner, input } = await acceptChatMessage(app, request, reply)
      const result = await app.builds.start(owner.key, input)
      return sendBuildOutcome(result, request, reply)
    },
  )

  routes.get(
    '/builds/:sessionId',
    {
      preHandler: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'The current state of one of the caller’s builds',
        description: `For a client that missed progress events (a reconnect): the latest stage, percentage and message, and zipUrl once done. ${OWNER_NOTE}`,
        security: chatSecurity,
        params: BuildParams,
        response: { 200: BuildState, 400: bodyErrorResponses[400], 404: errorResponse('No build of the caller’s has this sessionId') },
      },
    },
    async (request, reply) => {
      const owner = ownerOfRequest(request, reply, { create: false })
      const build = owner ? await app.builds.stateWithDetails(owner.key, request.params.sessionId) : undefined
      if (!build) throw new HttpError(404, BUILD_NOT_FOUND)
      const { iterations, tests, files } = build.details
      return {
        success: true as const,
        data: {
          sessionId: build.sessionId,
          status: build.status,
          stage: build.stage,
          percentage: build.percentage,
          message: build.message,
          ...(build.error !== null && { error: build.error }),
          ...(build.status === 'error' && build.retryStage && { retryStage: build.retryStage }),
          ...(build.kind !== null && { kind: build.kind }),
          ...(build.clarification && { questions: build.clarification.questions.map(({ question, suggestions }) => ({ question, suggestions })) }),
          ...(build.name !== null && { name: build.name }),
          ...(hasArchive(build) && { zipUrl: zipUrlOf(build.id) }),
          conversationId: build.conversationId,
          model: build.model,
          createdAt: build.createdAt.toISOString(),
          updatedAt: build.updatedAt.toISOString(),
          iterations,
          ...(tests && { tests: tests.ran ? { ran: true as const, passed: tests.passed, failed: tests.failed, failing: tests.failing, durationMs: tests.durationMs } : tests }),
          ...(files && { files }),
        },
      }
    },
  )

  routes.post(
    '/builds/:sessionId/answers',
    {
      preHandler: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'Answer the questions a build asks, or skip them',
        description: `A build whose request was too vague to build well asks its requester 1 to 3 questions (the build request's \`questions\`, a \`clarification\` event, and the build's state while it waits) and waits, holding no process, for CLARIFICATION_TIMEOUT_MS (default 24 hours; then it is stopped with the reason). \`{answers}\` (one per question, in order; blank: not answered) or \`{skip: true}\` ('Just build it') becomes a message of its conversation, and the build goes on from its classification with them, sending progress to the same room; the answer is the build's, as POST /api/overseer/chat answers. Only the build's owner can answer; 409 when the build asks nothing (never asked, already answered, or ended). Counted in the chat messages' rate limit. ${OWNER_NOTE}`,
        security: chatSecurity,
        params: BuildParams,
        body: AnswersBody,
        response: {
          200: BuildOutcomeReply,
          400: bodyErrorResponses[400],
          403: CrossSiteRefused,
          404: errorResponse('No build of the caller’s has this sessionId'),
          409: errorResponse(CLARIFICATION_MESSAGES.nothingAsked),
          429: ChatRateLimited,
          500: orInternalError(BuildFailure('A stage failed (an `error` event was sent), or the build could not be stored')),
          504: BuildFailure('A stage did not finish within BUILD_STAGE_TIMEOUT_MS (a `timeout` event was sent)'),
          503: BuildSuspended,
        },
      },
    },
    async (request, reply) => {
      const owner = ownerOfRequest(request, reply, { create: false })
      if (!owner) throw new HttpError(404, BUILD_NOT_FOUND)
      await countChatMessage(app, request, owner)
      const given = 'skip' in request.body ? { skip: true as const } : { answers: request.body.answers }
      const result = await app.builds.reply(owner.key, request.params.sessionId, given)
      if (result.kind === 'not-found') throw new HttpError(404, BUILD_NOT_FOUND)
      if (result.kind === 'nothing-asked') throw new HttpError(409, CLARIFICATION_MESSAGES.nothingAsked)
      return sendBuildOutcome(result, request, reply)
    },
  )

  routes.post(
    '/builds/:sessionId/retry',
    {
      preHandler: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'Retry a failed build from the stage that failed',
        description: `A build that failed at a stage (its development loop spent its budget, a stage timed out, a provider failed, or its server process stopped more than BUILD_MAX_ATTEMPTS times) can be retried from that stage: its failure's \`retryStage\` (and the build's state) says which. A new attempt of the same build starts from the checkpoint before that stage, with its own progress (\`Retrying from development...\`) and timeline events in the same room; its reply replaces the failure in the conversation, and the answer is the build's, as POST /api/overseer/chat answers. Only the build's owner can retry it; 409 (with why) for a build that is running, was delivered, stopped, denied at a gate, or is not its conversation's last request. Counted in the chat messages' rate limit. ${OWNER_NOTE}`,
        security: chatSecurity,
        params: BuildParams,
        response: {
          200: BuildOutcomeReply,
          400: bodyErrorResponses[400],
          403: CrossSiteRefused,
          404: errorResponse('No build of the caller’s has this sessionId'),
          409: errorResponse(RETRY_MESSAGES.stopped),
          429: ChatRateLimited,
          500: orInternalError(BuildFailure('A stage failed again (an `error` event was sent), or the build could not be stored')),
          503: BuildSuspended,
          504: BuildFailure('A stage did not finish within BUILD_STAGE_TIMEOUT_MS (a `timeout` event was sent)'),
        },
      },
    },
    async (request, reply) => {
      const owner = ownerOfRequest(request, reply, { create: false })
      if (!owner) throw new HttpError(404, BUILD_NOT_FOUND)
      await countChatMessage(app, request, owner)
      const result = await app.builds.retry(owner.key, request.params.sessionId)
      if (result.kind === 'not-found') throw new HttpError(404, BUILD_NOT_FOUND)
      if (result.kind === 'refused') throw new HttpError(409, result.message)
      return sendBuildOutcome(result, request, reply)
    },
  )

  routes.get(
    '/builds/:sessionId/events',
    {
      preHandler: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'The timeline of a build: its steps after an id',
        description: `Every step of the build in order (stages, model calls, files written with their diffs, test runs, gates, clarification), each with an id one more than the last: a client that reconnects asks for those after the last id it has, and the \`build:event\` events of the room continue from there. For the build's owner, and for staff with the permission architect.overseer. ${OWNER_NOTE}`,
        security: chatSecurity,
        params: BuildParams,
        querystring: BuildEventsQuery,
        response: { 200: BuildEventsPage, 400: bodyErrorResponses[400], 404: errorResponse('No build of the caller’s has this sessionId (staff: no build has it)') },
      },
    },
    async (request, reply) => {
      const { sessionId } = request.params
      const staff = request.user?.permissions.includes('architect.overseer') === true
      const owner = staff ? undefined : ownerOfRequest(request, reply, { create: false })
      const build = staff ? await buildsIn(app.db).findBySession(sessionId) : owner ? await app.builds.state(owner.key, sessionId) : undefined
      if (!build) {
        // The caller's build request has claimed the session but not stored its build yet: nothing has happened so far.
        const session = owner ? await app.sessionOwners.find(sessionId) : undefined
        if (owner && session?.ownerKey === owner.key && session.kind === 'build') return { success: true as const, data: { events: [], more: false } }
        throw new HttpError(404, BUILD_NOT_FOUND)
      }
      const page = await eventsIn(app.db).after(build.id, request.query.after ?? 0, request.query.limit ?? EVENTS_PAGE_MAX)
      return { success: true as const, data: page }
    },
  )

  routes.get(
    '/builds/:sessionId/files/*',
    {
      preHandler: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'One delivered file of one of the caller’s builds',
        description: `A file of the completed build's project, as listed in its \`files\`, for reading without the archive. Only generated paths exist; gone with the conversation. ${OWNER_NOTE}`,
        security: chatSecurity,
        params: BuildFileParams,
        response: { 200: BuildFile, 400: bodyErrorResponses[400], 404: errorResponse('No such file in a completed build of the caller’s') },
      },
    },
    async (request, reply) => {
      const owner = ownerOfRequest(request, reply, { create: false })
      const file = owner ? await app.builds.file(owner.key, request.params.sessionId, request.params['*']) : undefined
      if (!file) throw new HttpError(404, FILE_NOT_FOUND)
      return { success: true as const, data: file }
    },
  )

  // The archive is a stream, which the type provider's JSON answers cannot describe.
  app.get<{ Params: DownloadParams }>(
    '/downloads/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'Download a build’s archive',
        description: `The zip of a completed build, as an attachment named after the project. Only its owner may download it; for anyone else it does not exist. ${OWNER_NOTE}`,
        security: chatSecurity,
        params: DownloadParams,
        response: {
          200: ARCHIVE_RESPONSE,
          404: errorResponse('No completed build of the caller’s has this id'),
        },
      },
    },
    async (request, reply) => {
      const owner = ownerOfRequest(request, reply, { create: false })
      const id = request.params.id
      const archive = owner && isUuid(id) ? await app.builds.archive(owner.key, id.toLowerCase()) : undefined
      if (!archive) throw new HttpError(404, ARCHIVE_NOT_FOUND)
      return sendArchive(reply, archive)
    },
  )

  routes.get(
    '/token-usage-history',
    {
      preHandler: app.requirePermission('architect.overseer'),
      schema: {
        tags: ['architect'],
        summary: 'Total tokens per pipeline iteration',
        description: 'Needs the permission architect.overseer. Every build is one iteration; its total is the tokens of all its stages.',
        security: sessionSecurity,
        response: { 200: TokenUsageHistory, 401: notSignedInResponse, 403: forbiddenResponse, 500: bodyErrorResponses[500] },
      },
    },
    async () => {
      return buildsIn(app.db).tokenHistory()
    },
  )
}

export default buildRoutes
