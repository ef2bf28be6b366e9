import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyPluginAsync } from 'fastify'
import {
  CORRECTION_MESSAGES,
  CorrectionBody,
  CorrectionCreated,
  CorrectionParams,
  Corrections,
  CORRECTIONS_PER_MINUTE,
  DocsGaps,
  DocsSections,
  GAPS_LIMIT,
  QUESTION_MAX_LENGTH,
  QUESTIONS_PAGE_SIZE,
  QuestionsPage,
  QuestionsQuery,
} from '@contracts/questions'
import { AUTH_MESSAGES } from '../../../auth/messages'
import { forbiddenResponse, notSignedInResponse, sessionSecurity } from '../../../auth/schemas'
import { isUuid } from '../../../chat/validation'
import { perOwnerLimit } from '../../../sessions/owner'
import { HttpError } from '../../../http/httpError'
import { bodyErrorResponses, errorResponse, rateLimitedResponse } from '../../../http/schemas'
import { createQuestionRepository as questionsIn, questionSearch, type SectionRef, type StoredCorrection, type StoredQuestion } from '../../../questions/questionRepository'

const TAGS = ['architect']
const NEEDS = 'Needs the permission architect.questions.'

const questionJson = (item: StoredQuestion) => ({ ...item, askedAt: item.askedAt.toISOString() })
const correctionJson = (item: StoredCorrection) => ({
  ...item,
  createdAt: item.createdAt.toISOString(),
  undoneAt: item.undoneAt?.toISOString() ?? null,
})

/**
 * The Questions page: what visitors asked the assistant (no visitor identity), how it answered and
 * how they rated it; the docs' gaps; and staff's corrections, which the offline assistant uses for
 * the question and close paraphrases. Staff with architect.questions.
 */
const questionsRoutes: FastifyPluginAsync = async (app) => {
  const preHandler = app.requirePermission('architect.questions')
  const routes = app.withTypeProvider<TypeBoxTypeProvider>()
  // Per staff member (the permission check knows the user), else per IP.
  const correctionLimit = perOwnerLimit('corrections', CORRECTIONS_PER_MINUTE)

  /** The staff member acting (the permission check ran first). */
  const staffOf = (user: { id: number; email: string } | null | undefined) => {
    if (!user) throw new HttpError(401, AUTH_MESSAGES.notSignedIn)
    return { id: user.id, email: user.email }
  }

  routes.get(
    '',
    {
      preHandler,
      schema: {
        tags: TAGS,
        summary: 'The questions visitors asked the assistant',
        description: `${NEEDS} Newest first, ${QUESTIONS_PAGE_SIZE} a page: the question, when, where the answer came from (a docs section, 'I don't know', a fixed reply or an external model), its rating and comment. \`grouped\`: similar questions as one row with a count. No visitor identity; a question goes with its conversation (deletion, retention).`,
        security: sessionSecurity,
        querystring: QuestionsQuery,
        response: { 200: QuestionsPage, 400: errorResponse('Invalid query; `errors` names each invalid parameter'), 401: notSignedInResponse, 403: forbiddenResponse },
      },
    },
    async (request) => {
      const { page = 1, filter = 'all', grouped = false } = request.query
      const text = request.query.search?.trim()
      const search = text ? questionSearch(text, (question) => app.assistantCorrections.assistant.read(question)) : undefined
      const { items, total } = await questionsIn(app.db).list({ page, filter, grouped, ...(search && { search }) })
      return {
        success: true as const,
        data: items.map(questionJson),
        pagination: { page, pages: Math.max(1, Math.ceil(total / QUESTIONS_PAGE_SIZE)), total, limit: QUESTIONS_PAGE_SIZE },
      }
    },
  )

  routes.get(
    '/gaps',
    {
      preHandler,
      schema: {
        tags: TAGS,
        summary: 'What the docs should say: the questions most often not answered well',
        description: `${NEEDS} The ${GAPS_LIMIT} questions (similar ones together) most often answered 'I don't know' or rated not helpful, without a correction in force, most frequent first.`,
        security: sessionSecurity,
        response: { 200: DocsGaps, 401: notSignedInResponse, 403: forbiddenResponse },
      },
    },
    async () => {
      const gaps = await questionsIn(app.db).gaps()
      return { success: true as const, data: gaps.map((gap) => ({ ...gap, lastAskedAt: gap.lastAskedAt.toISOString() })) }
    },
  )

  routes.get(
    '/sections',
    {
      preHandler,
      schema: {
        tags: TAGS,
        summary: 'The docs sections a correction can point to',
        description: `${NEEDS} Every page's sections, in the docs' order; a page's introduction has the anchor null.`,
        security: sessionSecurity,
        response: { 200: DocsSections, 401: notSignedInResponse, 403: forbiddenResponse },
      },
    },
    async () => ({ success: true as const, data: app.assistantCorrections.assistant.sections() }),
  )

  routes.get(
    '/corrections',
    {
      preHandler,
      schema: {
        tags: TAGS,
        summary: 'Every correction, and who made or undid it',
        description: `${NEEDS} Newest first; undone ones stay listed with who undid them and when.`,
        security: sessionSecurity,
        response: { 200: Corrections, 401: notSignedInResponse, 403: forbiddenResponse },
      },
    },
    async () => ({ success: true as const, data: (await questionsIn(app.db).corrections()).map(correctionJson) }),
  )

  routes.post(
    '/corrections',
    {
      preHandler,
      config: { rateLimit: correctionLimit },
      schema: {
        tags: TAGS,
        summary: 'Correct how the assistant answers a question',
        description: `${NEEDS} The docs page and section that answer the question, or \`answer: null\`: the docs do not cover it. The offline assistant answers the question and close paraphrases so from now on (other server processes within 5 seconds); a correction in force for the same question (the same words in any form and order, a misspelt word read as the docs' word) is undone by it. Recorded with who made it. At most ${CORRECTIONS_PER_MINUTE} a minute.`,
        security: sessionSecurity,
        body: CorrectionBody,
        response: {
          201: CorrectionCreated,
          ...bodyErrorResponses,
          400: errorResponse(`Invalid correction: \`${CORRECTION_MESSAGES.questionRequired}\`, \`${CORRECTION_MESSAGES.questionTooLong}\` or \`${CORRECTION_MESSAGES.unknownSection}\``),
          401: notSignedInResponse,
          403: forbiddenResponse,
          429: rateLimitedResponse,
        },
      },
    },
    async (request, reply) => {
      const staff = staffOf(request.user)
      const question = request.body.question.trim().replace(/\s+/g, ' ')
      if (!question) throw new HttpError(400, CORRECTION_MESSAGES.questionRequired, { question: CORRECTION_MESSAGES.questionRequired })
      if (question.length > QUESTION_MAX_LENGTH) throw new HttpError(400, CORRECTION_MESSAGES.questionTooLong, { question: CORRECTION_MESSAGES.questionTooLong })
      let answer: SectionRef | null = null
      if (request.body.answer) {
        const { path, anchor } = request.body.answer
        const section = app.assistantCorrections.assistant.sections().find((candidate) => candidate.path === path && candidate.anchor === anchor)
        if (!section) throw new HttpError(400, CORRECTION_MESSAGES.unknownSection, { answer: CORRECTION_MESSAGES.unknownSection })
        answer = section
      }
      const read = app.assistantCorrections.assistant.read(question)
      const correction = await app.db.transaction((tx) => questionsIn(tx).correct(staff, { question, read }, answer))
      app.assistantCorrections.invalidate()
      return reply.code(201).send({ success: true as const, data: correctionJson(correction) })
    },
  )

  routes.delete(
    '/corrections/:id',
    {
      preHandler,
      config: { rateLimit: correctionLimit },
      schema: {
        tags: TAGS,
        summary: 'Undo a correction',
        description: `${NEEDS} The assistant answers the question from the docs again. The correction stays listed, with who undid it and when.`,
        security: sessionSecurity,
        params: CorrectionParams,
        response: {
          200: CorrectionCreated,
          401: notSignedInResponse,
          403: forbiddenResponse,
          404: errorResponse(CORRECTION_MESSAGES.notFound),
          409: errorResponse(CORRECTION_MESSAGES.alreadyUndone),
          429: rateLimitedResponse,
        },
      },
    },
    async (request) => {
      const staff = staffOf(request.user)
      const { id } = request.params
      if (!isUuid(id)) throw new HttpError(404, CORRECTION_MESSAGES.notFound)
      const undone = await questionsIn(app.db).undo(staff, id.toLowerCase())
      if (undone === 'not-found') throw new HttpError(404, CORRECTION_MESSAGES.notFound)
      if (undone === 'already-undone') throw new HttpError(409, CORRECTION_MESSAGES.alreadyUndone)
      app.assistantCorrections.invalidate()
      return { success: true as const, data: correctionJson(undone) }
    },
  )
}

export default questionsRoutes
