/**
 * Live previews of delivered web apps and HTTP APIs: what POST/GET /api/overseer/builds/{sessionId}/preview
 * answer, and the `preview` events of the build's room.
 */
import type { Static } from 'typebox'
import * as Type from 'typebox/type'
import { PROJECT_KINDS } from './builds'

const oneOf = <T extends string>(values: readonly T[], description?: string) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], ...(description !== undefined && { description }) })

export const PREVIEW_STATUSES = ['starting', 'running', 'exited'] as const
export type PreviewStatus = (typeof PREVIEW_STATUSES)[number]

export const PREVIEW_ENDS = ['crashed', 'exited', 'idle', 'expired', 'stopped', 'replaced', 'limit', 'shutdown'] as const
export type PreviewEnd = (typeof PREVIEW_ENDS)[number]

/** One line of a preview's console: the app's output, a request the preview origin passed on, or what the preview itself says. */
export const ConsoleLine = Type.Object({
  at: Type.String({ format: 'date-time' }),
  stream: oneOf(['output', 'request', 'system'] as const, 'output: the app’s stdout and stderr; request: `GET /path → 200 (12 ms)`; system: the preview’s own lines'),
  text: Type.String(),
})
export type ConsoleLine = Static<typeof ConsoleLine>

export const PreviewSummary = Type.Object({
  id: Type.String({ format: 'uuid' }),
  sessionId: Type.String(),
  buildId: Type.String({ format: 'uuid' }),
  kind: oneOf(PROJECT_KINDS),
  status: oneOf(PREVIEW_STATUSES, 'starting until the app accepts connections; exited once it ended (`ended` says why)'),
  startedAt: Type.String({ format: 'date-time' }),
  /** When PREVIEW_MAX_MS ends it. */
  expiresAt: Type.String({ format: 'date-time' }),
  /** When it stops unless a request comes first (PREVIEW_IDLE_MS). */
  idleUntil: Type.String({ format: 'date-time' }),
  routes: Type.Array(Type.String(), { description: 'The routes the build made, as `METHOD /path` (`:id` for a record’s id), read from its resources; empty when it made none of its own' }),
  ended: Type.Optional(
    Type.Object({
      reason: oneOf(PREVIEW_ENDS),
      message: Type.String(),
      exitCode: Type.Union([Type.Integer(), Type.Null()]),
    }),
  ),
})
export type PreviewSummary = Static<typeof PreviewSummary>

export const PreviewView = Type.Object({ ...PreviewSummary.properties, console: Type.Array(ConsoleLine) })
export type PreviewView = Static<typeof PreviewView>

/** POST …/preview: the link that opens it (on the preview origin), until it expires, and the preview. */
export const PreviewOpened = Type.Object({
  success: Type.Literal(true),
  url: Type.String({ description: 'Opens the preview on the preview origin (sets its cookie, then goes to `/`); valid until expiresAt, for this preview only' }),
  expiresAt: Type.String({ format: 'date-time' }),
  data: PreviewView,
})
export type PreviewOpened = Static<typeof PreviewOpened>

export const PreviewFound = Type.Object({ success: Type.Literal(true), data: Type.Union([PreviewView, Type.Null()], { description: 'null: no preview of this build (none was started, or it was stopped)' }) })
export type PreviewFound = Static<typeof PreviewFound>

export const PreviewBody = Type.Object(
  { restart: Type.Optional(Type.Boolean({ description: 'Start it afresh even when it runs' })) },
  { additionalProperties: false },
)
export type PreviewBody = Static<typeof PreviewBody>

/** A `preview` event: its status changed (started listening, ended), or new console lines. */
export const PreviewEventMessage = Type.Union([
  Type.Object({ sessionId: Type.String(), type: Type.Literal('status'), preview: PreviewSummary }),
  Type.Object({ sessionId: Type.String(), type: Type.Literal('console'), lines: Type.Array(ConsoleLine) }),
])
export type PreviewEventMessage = Static<typeof PreviewEventMessage>

export const PREVIEW_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const
export type PreviewMethod = (typeof PREVIEW_METHODS)[number]
/** A request body the API console sends, at most (characters). */
export const PREVIEW_REQUEST_BODY_MAX = 65_536

/** POST …/preview/requests: one request to the running app, from the API console. */
export const PreviewRequestBody = Type.Object(
  {
    method: oneOf(PREVIEW_METHODS),
    path: Type.String({ minLength: 1, maxLength: 2_000, pattern: '^/', description: 'The path and query, from `/`' }),
    body: Type.Optional(Type.String({ maxLength: PREVIEW_REQUEST_BODY_MAX, description: 'JSON text, sent with `content-type: application/json`' })),
  },
  { additionalProperties: false },
)
export type PreviewRequestBody = Static<typeof PreviewRequestBody>

export const PreviewResponse = Type.Object({
  success: Type.Literal(true),
  data: Type.Object({
    status: Type.Integer(),
    headers: Type.Record(Type.String(), Type.String()),
    body: Type.String({ description: 'As text, at most 256 KiB (`truncated` says when it was cut)' }),
    truncated: Type.Boolean(),
    durationMs: Type.Integer({ minimum: 0 }),
  }),
})
export type PreviewResponse = Static<typeof PreviewResponse>

/** What the API console shows of one answer of the running app. */
export type PreviewAnswer = PreviewResponse['data']
