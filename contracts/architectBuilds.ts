/**
 * The Builds page of the Architect Suite: every build, filtered, searched and paged, and one
 * build's summary with its stages, iterations and agent log entries (its trace also reads its
 * events from GET /api/overseer/builds/{sessionId}/events).
 */
import type { Static, TSchema } from 'typebox'
import * as Type from 'typebox/type'
import { BUILD_STATUSES, PROJECT_KINDS, STAGE_IDS } from './builds'
import { LogEntry } from './logs'

/** The Builds page shows 20 builds a page. */
export const BUILDS_PAGE_SIZE = 20 as const
/** The longest title search the server accepts. */
export const BUILD_SEARCH_MAX = 200
/** The furthest page asked for. */
export const BUILDS_PAGE_MAX = 100_000
/** A build's trace lists at most this many of its log entries (the latest). */
export const BUILD_LOG_ENTRIES_MAX = 500

/** Who asked for a build: an anonymous visitor, or a signed-in (staff) account. Never who. */
export const OWNER_KINDS = ['visitor', 'staff'] as const
export type OwnerKind = (typeof OWNER_KINDS)[number]

const oneOf = <T extends string>(values: readonly T[], description?: string) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], ...(description && { description }) })
const Count = Type.Integer({ minimum: 0 })
const Nullable = <T extends TSchema>(schema: T, description: string) =>
  Type.Union([schema, Type.Null()], { description })

export const BuildListQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: BUILDS_PAGE_MAX, default: 1, description: `From 1; ${BUILDS_PAGE_SIZE} builds a page` })),
    status: Type.Optional(oneOf(BUILD_STATUSES, 'Only builds with this status; omit for all')),
    search: Type.Optional(
      Type.String({ maxLength: BUILD_SEARCH_MAX, description: "Matches anywhere in the build's title, ignoring case; blank matches all" }),
    ),
  },
  { additionalProperties: false },
)
export type BuildListQuery = Static<typeof BuildListQuery>

export const BuildSummary = Type.Object(
  {
    sessionId: Type.String({ description: 'The build’s address: /architect/builds/{sessionId}' }),
    ownerKind: oneOf(OWNER_KINDS, 'Who asked: an anonymous visitor, or a signed-in staff account (never which)'),
    title: Type.String({ description: "The first line of the build's request; else its conversation's title, its project's name, or 'Build request'" }),
    kind: Nullable(oneOf(PROJECT_KINDS), 'The project kind chosen at classification; null before it'),
    name: Nullable(Type.String(), "The project's name; null before classification"),
    status: oneOf(BUILD_STATUSES),
    model: Type.String(),
    stage: oneOf(STAGE_IDS, 'The latest stage reported'),
    startedAt: Type.String({ format: 'date-time' }),
    finishedAt: Nullable(Type.String({ format: 'date-time' }), 'Null while it runs'),
    durationMs: Type.Integer({ minimum: 0, description: 'From its start to its end; so far, while it runs' }),
    iterations: Type.Integer({ minimum: 0, description: 'Iterations of the development loop (a build without a model has one: its QA run)' }),
    promptTokens: Count,
    completionTokens: Count,
    tokens: Type.Integer({ minimum: 0, description: 'Prompt and completion tokens of all its stages' }),
    costUsd: Nullable(
      Type.Number({ minimum: 0 }),
      "US dollars: its tokens at its model's price per 1,000 tokens (OVERSEER_LLM_MODELS); 0 for overseer-local; null when the model has no known price",
    ),
  },
  { additionalProperties: false },
)
export type BuildSummary = Static<typeof BuildSummary>

export const BuildListPage = Type.Object(
  {
    success: Type.Literal(true),
    data: Type.Array(BuildSummary),
    pagination: Type.Object({
      page: Type.Integer(),
      pages: Type.Integer({ description: 'At least 1' }),
      total: Type.Integer({ description: 'Builds matching the filters' }),
      limit: Type.Unsafe<typeof BUILDS_PAGE_SIZE>({ type: 'integer', const: BUILDS_PAGE_SIZE }),
    }),
  },
  { description: 'A page of builds, newest first, with how many match' },
)
export type BuildListPage = Static<typeof BuildListPage>

export const BuildStageRecord = Type.Object(
  {
    stage: oneOf(STAGE_IDS),
    status: oneOf(['completed', 'error', 'timeout', 'stopped'] as const),
    startedAt: Type.String({ format: 'date-time' }),
    durationMs: Count,
    promptTokens: Count,
    completionTokens: Count,
  },
  { additionalProperties: false },
)
export type BuildStageRecord = Static<typeof BuildStageRecord>

export const BuildIterationRecord = Type.Object(
  {
    iteration: Type.Integer({ minimum: 1 }),
    filesChanged: Type.Array(Type.String()),
    passed: Count,
    failed: Count,
    failing: Type.Array(Type.String()),
    promptTokens: Count,
    completionTokens: Count,
    durationMs: Count,
  },
  { additionalProperties: false },
)
export type BuildIterationRecord = Static<typeof BuildIterationRecord>

export const BuildDetail = Type.Object(
  {
    success: Type.Literal(true),
    data: Type.Object(
      {
        build: BuildSummary,
        stages: Type.Array(BuildStageRecord, { description: 'Each stage it ran, in order, with its tokens' }),
        iterations: Type.Array(BuildIterationRecord, { description: 'Each iteration of its development loop, in order' }),
        logs: Type.Array(LogEntry, { description: `Its agent log entries, oldest first (the latest ${BUILD_LOG_ENTRIES_MAX})` }),
      },
      { additionalProperties: false },
    ),
  },
  { description: "One build's summary, stages, iterations and log entries" },
)
export type BuildDetail = Static<typeof BuildDetail>

export const ArchitectBuildParams = Type.Object({
  sessionId: Type.String({ pattern: '^[A-Za-z0-9_-]{1,100}$', description: 'The sessionId of the build request' }),
})
