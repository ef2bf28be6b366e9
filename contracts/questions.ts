/**
 * What visitors ask the assistant, as the Questions page of the Architect Suite reads it, the
 * ratings visitors give replies, and the corrections staff make (issue 32).
 */
import type { Static, TSchema } from 'typebox'
import * as Type from 'typebox/type'

/** How a reply can be rated by its owner. */
export const REPLY_RATINGS = ['helpful', 'not_helpful'] as const
export type ReplyRatingValue = (typeof REPLY_RATINGS)[number]
/** The longest comment a rating may carry, in characters once trimmed. */
export const RATING_COMMENT_MAX_LENGTH = 1000
/** Ratings (and their removal) a minute per owner. */
export const RATINGS_PER_MINUTE = 30

/** Where a reply came from: a docs section, 'I don't know', a fixed reply (a greeting, the pricing note), or an external model. */
export const QUESTION_OUTCOMES = ['docs', 'unknown', 'reply', 'model'] as const
export type QuestionOutcome = (typeof QUESTION_OUTCOMES)[number]

/** The Questions page's filters: every question, those answered 'I don't know', those rated not helpful. */
export const QUESTION_FILTERS = ['all', 'unanswered', 'not-helpful'] as const
export type QuestionFilter = (typeof QUESTION_FILTERS)[number]

/** Questions (or groups) a page. */
export const QUESTIONS_PAGE_SIZE = 20 as const
/** The docs-gap view lists this many questions at most. */
export const GAPS_LIMIT = 20
/** Corrections a minute per staff member. */
export const CORRECTIONS_PER_MINUTE = 30
/** A corrected question, in characters once trimmed. */
export const QUESTION_MAX_LENGTH = 2000

const oneOf = <T extends string>(values: readonly T[], description?: string) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], ...(description && { description }) })
const nullable = <T extends TSchema>(schema: T, description: string) => Type.Union([schema, Type.Null()], { description })

export const ReplyRating = Type.Object(
  {
    position: Type.Integer({ minimum: 0, description: 'The rated reply, by its position in the conversation (from 0, in stored order)' }),
    rating: oneOf(REPLY_RATINGS),
    comment: Type.Optional(Type.String({ description: 'What the owner said about it, when they said something' })),
  },
  { additionalProperties: false },
)
export type ReplyRating = Static<typeof ReplyRating>

export const RatingParams = Type.Object({
  id: Type.String({ maxLength: 100, description: 'A conversation id (UUID)' }),
  position: Type.Integer({ minimum: 0, maximum: 1_000_000, description: 'The reply, by its position in the conversation (from 0)' }),
})

export const RatingBody = Type.Object(
  {
    rating: oneOf(REPLY_RATINGS, "'helpful' or 'not_helpful'"),
    comment: Type.Optional(Type.String({ maxLength: RATING_COMMENT_MAX_LENGTH * 2, description: `Optional, at most ${RATING_COMMENT_MAX_LENGTH} characters once trimmed; blank for none` })),
  },
  { additionalProperties: false },
)
export type RatingBody = Static<typeof RatingBody>

export const Rated = Type.Object({ success: Type.Literal(true), data: ReplyRating }, { description: 'The rating as stored' })
export type Rated = Static<typeof Rated>

/** What the server says about a rating that cannot be stored. */
export const RATING_MESSAGES = {
  notRateable: 'Only a reply of the assistant can be rated.',
  commentTooLong: `The comment can be at most ${RATING_COMMENT_MAX_LENGTH} characters.`,
} as const

/** The docs page and section a question was answered from. */
export const AnsweredFrom = Type.Object(
  {
    path: Type.String({ description: "The page's path ('/docs/guides/permission-controls')" }),
    title: Type.String({ description: "The page's title" }),
    anchor: nullable(Type.String(), "The section's anchor; null for the page's introduction"),
    heading: nullable(Type.String(), "The section's heading; null for the page's introduction"),
  },
  { additionalProperties: false },
)
export type AnsweredFrom = Static<typeof AnsweredFrom>

export const QuestionsQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1, description: `From 1; ${QUESTIONS_PAGE_SIZE} a page` })),
    search: Type.Optional(Type.String({ maxLength: 200, description: 'Words the question contains, every one, in any order: as typed, ignoring case, or in any form (approve finds approval), a word misspelt by one slip of typing read as the docs\' word; stop words (how, do) only when nothing else is searched; the first 12 words; blank matches all' })),
    filter: Type.Optional(oneOf(QUESTION_FILTERS, "'unanswered': answered 'I don't know'; 'not-helpful': rated not helpful; omit for all")),
    grouped: Type.Optional(Type.Boolean({ description: 'Similar questions (the same words, in any form and order, a word misspelt by one slip of typing read as the docs\' word) as one row with a count' })),
  },
  { additionalProperties: false },
)
export type QuestionsQuery = Static<typeof QuestionsQuery>

export const AskedQuestion = Type.Object(
  {
    question: Type.String(),
    askedAt: Type.String({ format: 'date-time', description: 'When it was asked (the latest, for a group)' }),
    count: Type.Integer({ minimum: 1, description: 'How many times it was asked (1 unless grouped)' }),
    outcome: oneOf(QUESTION_OUTCOMES, "How it was answered (the latest, for a group): 'docs', 'unknown' (I don't know), 'reply' (a fixed reply), 'model' (an external model)"),
    answeredFrom: nullable(AnsweredFrom, "The docs section the answer came from; null for 'I don't know', a fixed reply or an external model"),
    model: Type.String(),
    rating: nullable(oneOf(REPLY_RATINGS), 'How its asker rated the reply (the latest rating, for a group), if they did'),
    comment: nullable(Type.String(), "The rating's comment, if any"),
    notHelpful: Type.Integer({ minimum: 0, description: 'How many of its answers were rated not helpful' }),
    corrected: Type.Boolean({ description: 'A correction is in force for it' }),
  },
  { additionalProperties: false },
)
export type AskedQuestion = Static<typeof AskedQuestion>

export const QuestionsPage = Type.Object(
  {
    success: Type.Literal(true),
    data: Type.Array(AskedQuestion),
    pagination: Type.Object({
      page: Type.Integer(),
      pages: Type.Integer({ description: 'At least 1' }),
      total: Type.Integer({ description: 'Questions (or groups) matching' }),
      limit: Type.Integer(),
    }),
  },
  { description: 'A page of the questions visitors asked, newest first; no visitor identity' },
)
export type QuestionsPage = Static<typeof QuestionsPage>

export const DocsGap = Type.Object(
  {
    question: Type.String({ description: 'The latest wording of the question' }),
    count: Type.Integer({ minimum: 1, description: "How many times it was answered 'I don't know' or rated not helpful" }),
    unanswered: Type.Integer({ minimum: 0 }),
    notHelpful: Type.Integer({ minimum: 0 }),
    lastAskedAt: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false },
)
export type DocsGap = Static<typeof DocsGap>

export const DocsGaps = Type.Object(
  { success: Type.Literal(true), data: Type.Array(DocsGap) },
  { description: `The ${GAPS_LIMIT} questions most often answered 'I don't know' or rated not helpful, with no correction in force: what the docs should say` },
)
export type DocsGaps = Static<typeof DocsGaps>

export const DocsSection = Type.Object(
  {
    path: Type.String(),
    title: Type.String({ description: "The page's title" }),
    anchor: nullable(Type.String(), "null for the page's introduction"),
    heading: nullable(Type.String(), "null for the page's introduction"),
  },
  { additionalProperties: false },
)
export type DocsSection = Static<typeof DocsSection>

export const DocsSections = Type.Object(
  { success: Type.Literal(true), data: Type.Array(DocsSection) },
  { description: "Every docs page's sections, in the docs' order: what a correction can point to" },
)
export type DocsSections = Static<typeof DocsSections>

export const CorrectionBody = Type.Object(
  {
    question: Type.String({ minLength: 1, maxLength: QUESTION_MAX_LENGTH * 2, description: `The question as asked, at most ${QUESTION_MAX_LENGTH} characters once trimmed` }),
    answer: nullable(
      Type.Object(
        {
          path: Type.String({ maxLength: 300, description: 'A docs page (GET /api/architect/questions/sections)' }),
          anchor: nullable(Type.String({ maxLength: 300 }), "One of its sections; null for the page's introduction"),
        },
        { additionalProperties: false },
      ),
      'Where the answer is; null: the docs do not cover it (the assistant says it does not know)',
    ),
  },
  { additionalProperties: false },
)
export type CorrectionBody = Static<typeof CorrectionBody>

export const Correction = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    question: Type.String(),
    answer: nullable(AnsweredFrom, 'Where the answer is; null: not covered by the docs'),
    createdAt: Type.String({ format: 'date-time' }),
    createdBy: Type.String({ description: 'The e-mail address of the staff member who made it' }),
    undoneAt: nullable(Type.String({ format: 'date-time' }), 'When it was undone; null while in force'),
    undoneBy: nullable(Type.String(), 'Who undid it'),
  },
  { additionalProperties: false },
)
export type Correction = Static<typeof Correction>

export const CorrectionCreated = Type.Object({ success: Type.Literal(true), data: Correction }, { description: 'The correction, in force' })
export const Corrections = Type.Object(
  { success: Type.Literal(true), data: Type.Array(Correction) },
  { description: 'Every correction, newest first, those undone included (with who undid them)' },
)
export type Corrections = Static<typeof Corrections>
export const CorrectionParams = Type.Object({ id: Type.String({ maxLength: 100, description: 'A correction id (UUID)' }) })

/** What the server says about a correction it cannot make or undo. */
export const CORRECTION_MESSAGES = {
  questionRequired: 'Enter the question.',
  questionTooLong: `The question can be at most ${QUESTION_MAX_LENGTH} characters.`,
  unknownSection: 'That docs page or section does not exist.',
  notFound: 'Correction not found.',
  alreadyUndone: 'This correction was already undone.',
} as const
