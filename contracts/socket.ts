/**
 * The socket.io events between the server and the SPA: their payloads as schemas, the types of
 * both ends derived from them. The server sends the events; the SPA checks each one it receives.
 */
import type { Static } from 'typebox'
import * as Type from 'typebox/type'
import { ClarificationQuestion, type BuildEventMessage } from './buildEvents'
import type { PreviewEventMessage } from './preview'

const SESSION_ID = /^[A-Za-z0-9_-]{1,100}$/

/** A build session id: 1–100 letters, digits, `-` or `_` (a UUID fits). */
export const SessionId = Type.String({ pattern: SESSION_ID.source })

export const isSessionId = (value: unknown): value is string => typeof value === 'string' && SESSION_ID.test(value)

/** A build stage's progress, as the SPA needs it (an older sender may leave out the session). */
export const BuildProgress = Type.Object({
  stage: Type.String(),
  message: Type.String(),
  percentage: Type.Number(),
})
export type BuildProgress = Static<typeof BuildProgress>

/** A build stage's progress, sent to the room of the build's session. */
export const ProgressEvent = Type.Object({ sessionId: Type.String(), ...BuildProgress.properties })
export type ProgressEvent = Static<typeof ProgressEvent>

/** What a build's failure or time-out says. */
export const SocketMessage = Type.Object({ message: Type.String() })
export type SocketMessage = Static<typeof SocketMessage>

/** A build's failure (`error`), time-out (`timeout`), or stop by its owner (`stopped`). */
export const BuildMessageEvent = Type.Object({ sessionId: Type.String(), message: Type.String() })
export type BuildMessageEvent = Static<typeof BuildMessageEvent>

/** The questions a build asks its requester before it goes on. */
export const ClarificationEvent = Type.Object({ sessionId: Type.String(), questions: Type.Array(ClarificationQuestion) })
export type ClarificationEvent = Static<typeof ClarificationEvent>

/** A piece of a chat reply as it is generated, sent to the room of the request's session. */
export const ChatDeltaEvent = Type.Object({
  sessionId: Type.String(),
  conversationId: Type.String(),
  /** The next piece of the reply's Markdown; the pieces in order make the whole reply. */
  delta: Type.String(),
})
export type ChatDeltaEvent = Static<typeof ChatDeltaEvent>

/** A chat reply has ended: completed (possibly stopped by its owner) or failed (`message` says why). */
export const ChatDoneEvent = Type.Object({
  sessionId: Type.String(),
  conversationId: Type.String(),
  status: Type.Union([Type.Literal('completed'), Type.Literal('error')]),
  stopped: Type.Boolean(),
  message: Type.Optional(Type.String()),
})
export type ChatDoneEvent = Static<typeof ChatDoneEvent>

/** The answer to a subscription. */
export const SubscribeResult = Type.Union([
  Type.Object({ ok: Type.Literal(true) }),
  Type.Object({ ok: Type.Literal(false), message: Type.String() }),
])
export type SubscribeResult = Static<typeof SubscribeResult>

/** What a client may send. Payloads are untrusted, so they arrive as `unknown`. */
export interface ClientToServerEvents {
  'subscribe:progress': (sessionId: unknown, ack?: (result: SubscribeResult) => void) => void
  'unsubscribe:progress': (sessionId: unknown, ack?: (result: SubscribeResult) => void) => void
}

export interface ServerToClientEvents {
  progress: (event: ProgressEvent) => void
  error: (event: BuildMessageEvent) => void
  timeout: (event: BuildMessageEvent) => void
  'chat:delta': (event: ChatDeltaEvent) => void
  'chat:done': (event: ChatDoneEvent) => void
  /** The owner stopped the build (`message`: 'Build stopped.'); no archive follows. */
  stopped: (event: BuildMessageEvent) => void
  /** A step of the build, as stored on its timeline (ids increase by one; GET …/events?after=N has what was missed). */
  'build:event': (event: BuildEventMessage) => void
  /** The build asks its requester these questions and waits for the answers (POST /api/overseer/builds/{sessionId}/answers). */
  clarification: (event: ClarificationEvent) => void
  /** A live preview of the build changed status, or its app wrote to its console. */
  preview: (event: PreviewEventMessage) => void
}
