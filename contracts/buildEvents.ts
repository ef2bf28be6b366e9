/**
 * A build's timeline: every step its stages take, recorded in order as it happens. The server
 * stores each event, sends it to the build's room as `build:event`, and answers
 * GET /api/overseer/builds/{sessionId}/events?after=N; the chat and the staff trace draw them.
 */
import type { Static } from 'typebox'
import * as Type from 'typebox/type'
import { GATE_KINDS, STAGE_IDS } from './builds'

const oneOf = <T extends string>(values: readonly T[], options: { description?: string } = {}) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], ...options })

/** The most events one page of GET …/events answers. */
export const EVENTS_PAGE_MAX = 500
/** How much of a test run's output an event keeps (its tail). */
export const EVENT_OUTPUT_CHARS = 4_000
/** How much of a file's diff an event keeps; a longer diff is cut and says so. */
export const EVENT_DIFF_CHARS = 20_000

const Stage = oneOf(STAGE_IDS)
const Count = Type.Integer({ minimum: 0 })

/** A question the clarification asks, with the answers it suggests. */
export const ClarificationQuestion = Type.Object({
  question: Type.String({ minLength: 1, maxLength: 300 }),
  suggestions: Type.Array(Type.String({ minLength: 1, maxLength: 120 }), { minItems: 2, maxItems: 4 }),
})
export type ClarificationQuestion = Static<typeof ClarificationQuestion>

/** What happened, one kind per step. */
export const BuildEventDetail = Type.Union([
  /** The build waits for a free place (BUILD_CONCURRENCY): `ahead` builds start before it. A new event each time its place moves. */
  Type.Object({ type: Type.Literal('queued'), ahead: Count }),
  Type.Object({ type: Type.Literal('stage_started') }),
  Type.Object({
    type: Type.Literal('stage_ended'),
    status: oneOf(['completed', 'error', 'timeout', 'stopped'] as const),
    summary: Type.String(),
    promptTokens: Count,
    completionTokens: Count,
  }),
  Type.Object({ type: Type.Literal('clarification_asked'), questions: Type.Array(ClarificationQuestion) }),
  Type.Object({
    type: Type.Literal('clarification_answered'),
    /** The answers, one per question; none when the requester chose 'Just build it'. */
    answers: Type.Array(Type.String()),
    skipped: Type.Boolean(),
    /** What the build assumes where nothing was answered. */
    assumptions: Type.Array(Type.String()),
  }),
  Type.Object({ type: Type.Literal('gate_waiting'), gate: oneOf(GATE_KINDS) }),
  Type.Object({ type: Type.Literal('gate_passed'), gate: oneOf(GATE_KINDS) }),
  Type.Object({ type: Type.Literal('model_call'), model: Type.String(), promptTokens: Count, completionTokens: Count }),
  Type.Object({
    type: Type.Literal('file_written'),
    path: Type.String(),
    bytes: Count,
    /** A unified diff against the file before (every line added for a new file). */
    diff: Type.String(),
    /** Who wrote it: a model through write_file, or the offline engine. */
    by: oneOf(['model', 'engine'] as const),
  }),
  Type.Object({ type: Type.Literal('file_read'), path: Type.String() }),
  Type.Object({ type: Type.Literal('file_deleted'), path: Type.String() }),
  Type.Object({ type: Type.Literal('files_listed'), count: Count }),
  Type.Object({
    type: Type.Literal('tests_run'),
    passed: Count,
    failed: Count,
    failing: Type.Array(Type.String()),
    /** The tail of the output. */
    output: Type.String(),
  }),
  Type.Object({ type: Type.Literal('tests_not_run'), reason: Type.String() }),
  Type.Object({ type: Type.Literal('finished'), summary: Type.String() }),
  Type.Object({ type: Type.Literal('error'), message: Type.String() }),
  /**
   * A run that goes on from the build's last checkpoint: after its process died (`interrupted`), or
   * because its owner retries the stage that failed (`retry`). `attempt`: how many times the stage has started.
   */
  Type.Object({ type: Type.Literal('resumed'), reason: oneOf(['interrupted', 'retry'] as const), attempt: Type.Integer({ minimum: 1, description: "Retry: the stage's attempt (2 after one that failed); interrupted: the build's attempt since its request, answers or retry" }) }),
])
export type BuildEventDetail = Static<typeof BuildEventDetail>
export type BuildEventType = BuildEventDetail['type']

const EventCommon = Type.Object({
  /** 1, 2, …: one more than the build's previous event. */
  id: Type.Integer({ minimum: 1 }),
  at: Type.String({ format: 'date-time' }),
  stage: Stage,
  /** How long the step took, when it took time (a model call, a test run, a stage). */
  durationMs: Type.Optional(Count),
})

/** One step of a build, as stored and sent: each kind's fields with the common ones (one object per kind, for the serializer). */
export type BuildEvent = Static<typeof EventCommon> & BuildEventDetail
export const BuildEvent = Type.Unsafe<BuildEvent>(Type.Union(BuildEventDetail.anyOf.map((detail) => Type.Object({ ...EventCommon.properties, ...detail.properties }))))

/** `build:event`, to the build's room as each step is recorded. */
export const BuildEventMessage = Type.Object({ sessionId: Type.String(), event: BuildEvent })
export interface BuildEventMessage {
  sessionId: string
  event: BuildEvent
}

export const BuildEventsQuery = Type.Object({
  after: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_147_483_647, description: 'The last event id the caller has; default 0 (from the first)' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: EVENTS_PAGE_MAX, description: `At most ${EVENTS_PAGE_MAX}; default ${EVENTS_PAGE_MAX}` })),
})
export type BuildEventsQuery = Static<typeof BuildEventsQuery>

/** A page of a build's events, oldest first. */
export const BuildEventsPage = Type.Object({
  success: Type.Literal(true),
  data: Type.Object({
    events: Type.Array(BuildEvent),
    /** Whether events after the last of this page exist (ask again with its id as `after`). */
    more: Type.Boolean(),
  }),
})
export type BuildEventsPage = Static<typeof BuildEventsPage>
