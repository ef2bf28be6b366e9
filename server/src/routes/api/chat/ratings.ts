import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { chatSecurity, CrossSiteRefused, Ok, OWNER_NOTE } from '@contracts/chat'
import { Rated, RATING_COMMENT_MAX_LENGTH, RATING_MESSAGES, RatingBody, RatingParams, RATINGS_PER_MINUTE } from '@contracts/questions'
import { createQuestionRepository as questionsIn } from '../../../questions/questionRepository'
import { ownerOfRequest, perOwnerLimit } from '../../../sessions/owner'
import { isUuid } from '../../../chat/validation'
import { HttpError } from '../../../http/httpError'
import { bodyErrorResponses, errorResponse, rateLimitedResponse } from '../../../http/schemas'

const TAGS = ['chat']

/** Ratings and their removal, counted per owner (else per IP), each route apart. */
const ratingLimit = perOwnerLimit('reply-ratings', RATINGS_PER_MINUTE)

const NOTE = `At most ${RATINGS_PER_MINUTE} a minute per owner. Only the reply of a question to the assistant can be rated (not a build's reply). ${OWNER_NOTE}`

const notRateable = () => new HttpError(404, RATING_MESSAGES.notRateable)

/** The owner's reply at the path's conversation and position, when the path can name one. */
const target = (request: FastifyRequest<{ Params: { id: string; position: number } }>, reply: FastifyReply) => {
  const owner = ownerOfRequest(request, reply, { create: false })
  const { id, position } = request.params
  if (!owner || !isUuid(id)) throw notRateable()
  return { ownerKey: owner.key, conversationId: id.toLowerCase(), position }
}

/** 'Helpful' or 'Not helpful', with an optional comment, on the caller's assistant replies. */
const ratingRoutes: FastifyPluginAsync = async (app) => {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>()

  routes.put(
    '/chat/history/:id/ratings/:position',
    {
      preHandler: app.authenticate,
      config: { rateLimit: ratingLimit },
      schema: {
        tags: TAGS,
        summary: 'Rate one of the assistant’s replies in the caller’s conversation',
        description: `'helpful' or 'not_helpful', with an optional comment (at most ${RATING_COMMENT_MAX_LENGTH} characters once trimmed); rating again replaces it. Staff see the question, the rating and the comment on the Questions page, never who asked. ${NOTE}`,
        security: chatSecurity,
        params: RatingParams,
        body: RatingBody,
        response: {
          200: Rated,
          ...bodyErrorResponses,
          400: errorResponse(`Invalid rating or comment: \`${RATING_MESSAGES.commentTooLong}\``),
          403: CrossSiteRefused,
          404: errorResponse(`\`${RATING_MESSAGES.notRateable}\`: no such reply of the caller’s`),
          429: rateLimitedResponse,
        },
      },
    },
    async (request, reply) => {
      const { ownerKey, conversationId, position } = target(request, reply)
      const comment = request.body.comment?.trim() || null
      if (comment !== null && comment.length > RATING_COMMENT_MAX_LENGTH) {
        throw new HttpError(400, RATING_MESSAGES.commentTooLong, { comment: RATING_MESSAGES.commentTooLong })
      }
      const { rating } = request.body
      if (!(await questionsIn(app.db).rate(ownerKey, conversationId, position, rating, comment))) throw notRateable()
      return { success: true as const, data: { position, rating, ...(comment !== null && { comment }) } }
    },
  )

  routes.delete(
    '/chat/history/:id/ratings/:position',
    {
      preHandler: app.authenticate,
      config: { rateLimit: ratingLimit },
      schema: {
        tags: TAGS,
        summary: 'Take back the caller’s rating of one of the assistant’s replies',
        description: `The reply is unrated again (its comment goes too). ${NOTE}`,
        security: chatSecurity,
        params: RatingParams,
        response: {
          200: Ok('Unrated'),
          403: CrossSiteRefused,
          404: errorResponse(`\`${RATING_MESSAGES.notRateable}\`: no such reply of the caller’s`),
          429: rateLimitedResponse,
        },
      },
    },
    async (request, reply) => {
      const { ownerKey, conversationId, position } = target(request, reply)
      if (!(await questionsIn(app.db).rate(ownerKey, conversationId, position, null, null))) throw notRateable()
      return { success: true as const }
    },
  )
}

export default ratingRoutes
