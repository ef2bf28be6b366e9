import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from '@fastify/type-provider-typebox'
import { BuildParams, chatSecurity, CrossSiteRefused, OWNER_NOTE } from '@contracts/chat'
import { PreviewBody, PreviewFound, PreviewOpened, PreviewRequestBody, PreviewResponse } from '@contracts/preview'
import { OPEN_PATH } from '../../../preview/origin'
import { PREVIEW_MESSAGES } from '../../../preview/service'
import { ownerOfRequest, perOwnerLimit } from '../../../sessions/owner'
import { HttpError } from '../../../http/httpError'
import { bodyErrorResponses, errorResponse, rateLimitedResponse } from '../../../http/schemas'

const TAGS = ['builds']

/** Previews opened per owner a minute, at most (each may start a process). */
const OPENS_PER_MINUTE = 20
/** API console requests per owner a minute, at most. */
const REQUESTS_PER_MINUTE = 120

/**
 * A delivered web app's or HTTP API's live preview (its own `npm start` in the sandbox, on the
 * preview origin): open it (a link), read it (status and console), stop it. Its owner's only.
 */
const previewRoutes: FastifyPluginAsync = async (app) => {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>()
  /** With REDIS_URL the previews run on the workers: one that does not answer is a 503, not a 500. */
  const reaching = async <T>(work: () => T | Promise<T>): Promise<T> => {
    try {
      return await work()
    } catch (error) {
      app.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'a preview agent did not answer')
      throw new HttpError(503, PREVIEW_MESSAGES.unreachable)
    }
  }

  routes.post(
    '/builds/:sessionId/preview',
    {
      preHandler: app.authenticate,
      config: { rateLimit: perOwnerLimit('preview-open', OPENS_PER_MINUTE) },
      schema: {
        tags: TAGS,
        summary: 'Preview a delivered web app or HTTP API, running',
        description: `Starts the project's own \`npm start\` in the sandbox (no network; it listens on a Unix socket passed as PORT) and answers with a link that opens it on the preview origin (PREVIEW_PORT or PREVIEW_ORIGIN, never the site's): the link sets that origin's cookie for this preview and is valid until \`expiresAt\`. A preview already running for the build is kept (a new link to it) unless \`restart\`. One preview per owner (a new one replaces the other), PREVIEW_MAX per server (429 when all are in use); it stops after PREVIEW_IDLE_MS without a request and after PREVIEW_MAX_MS in all. Its status and console lines go to the build's room as \`preview\` events. ${OWNER_NOTE} 20 a minute per caller.`,
        security: chatSecurity,
        params: BuildParams,
        body: Type.Optional(PreviewBody),
        response: {
          200: PreviewOpened,
          400: bodyErrorResponses[400],
          403: CrossSiteRefused,
          404: errorResponse('No build of the caller’s has this sessionId'),
          409: errorResponse(PREVIEW_MESSAGES.notRunnable),
          429: Type.Union([errorResponse(PREVIEW_MESSAGES.full(8)), rateLimitedResponse]),
          503: errorResponse(`${PREVIEW_MESSAGES.notHere} / ${PREVIEW_MESSAGES.unreachable}`),
        },
      },
    },
    async (request, reply) => {
      const previews = app.previews
      const owner = ownerOfRequest(request, reply, { create: false })
      if (!owner) throw new HttpError(404, PREVIEW_MESSAGES.notFound)
      const result = await reaching(() => previews.open(owner.key, request.params.sessionId, { restart: request.body?.restart === true }))
      if (result.kind === 'not-found') throw new HttpError(404, PREVIEW_MESSAGES.notFound)
      if (result.kind === 'refused') throw new HttpError(result.status, result.message)
      const origin = app.previewOrigin(request.headers.host)
      return {
        success: true as const,
        url: `${origin}${OPEN_PATH}?token=${result.token}`,
        expiresAt: result.preview.expiresAt,
        data: result.preview,
      }
    },
  )

  routes.post(
    '/builds/:sessionId/preview/requests',
    {
      preHandler: app.authenticate,
      config: { rateLimit: perOwnerLimit('preview-request', REQUESTS_PER_MINUTE) },
      schema: {
        tags: TAGS,
        summary: 'Send one request to a running preview (the API console)',
        description: `Sends \`method\` \`path\` (and \`body\`, as JSON) to the caller's running preview of this build and answers with the app's status, headers and body (at most 256 KiB, \`truncated\` when cut); the request shows in the preview's console. 404 when no preview of the build runs; 502 with why when the app does not answer. ${OWNER_NOTE} ${REQUESTS_PER_MINUTE} a minute per caller.`,
        security: chatSecurity,
        params: BuildParams,
        body: PreviewRequestBody,
        response: {
          200: PreviewResponse,
          400: bodyErrorResponses[400],
          403: CrossSiteRefused,
          404: errorResponse(PREVIEW_MESSAGES.notRunning),
          429: rateLimitedResponse,
          502: errorResponse('The app is not answering: why'),
        },
      },
    },
    async (request, reply) => {
      const previews = app.previews
      const owner = ownerOfRequest(request, reply, { create: false })
      let answer
      try {
        answer = owner ? await previews.request(owner.key, request.params.sessionId, request.body) : undefined
      } catch (error) {
        throw new HttpError(502, `The app is not answering: ${error instanceof Error ? error.message : String(error)}`)
      }
      if (!answer) throw new HttpError(404, PREVIEW_MESSAGES.notRunning)
      return { success: true as const, data: answer }
    },
  )

  routes.get(
    '/builds/:sessionId/preview',
    {
      preHandler: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'The preview of a build: its status and console',
        description: `The caller's preview of this build, running or the last one that ended (with why): a reloaded page finds it again. \`data: null\` when there is none. ${OWNER_NOTE}`,
        security: chatSecurity,
        params: BuildParams,
        response: { 200: PreviewFound, 400: bodyErrorResponses[400], 503: errorResponse(PREVIEW_MESSAGES.notHere) },
      },
    },
    async (request, reply) => {
      const previews = app.previews
      const owner = ownerOfRequest(request, reply, { create: false })
      return { success: true as const, data: (owner && (await reaching(() => previews.find(owner.key, request.params.sessionId)))) || null }
    },
  )

  routes.delete(
    '/builds/:sessionId/preview',
    {
      preHandler: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'Stop the preview of a build',
        description: `Stops the caller's preview of this build, its whole process tree. ${OWNER_NOTE}`,
        security: chatSecurity,
        params: BuildParams,
        response: {
          200: Type.Object({ success: Type.Literal(true) }),
          403: CrossSiteRefused,
          404: errorResponse(PREVIEW_MESSAGES.notRunning),
          503: errorResponse(PREVIEW_MESSAGES.notHere),
        },
      },
    },
    async (request, reply) => {
      const previews = app.previews
      const owner = ownerOfRequest(request, reply, { create: false })
      if (!owner || !(await reaching(() => previews.stop(owner.key, request.params.sessionId)))) throw new HttpError(404, PREVIEW_MESSAGES.notRunning)
      return { success: true as const }
    },
  )
}

export default previewRoutes
