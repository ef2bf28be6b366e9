/** A build stage's progress, sent to the room of the build's session. */
export interface ProgressEvent {
  sessionId: string
  stage: string
  message: string
  percentage: number
}

/** A build's failure (`error`) or time-out (`timeout`). */
export interface BuildMessageEvent {
  sessionId: string
  message: string
}

/** A piece of a chat reply as it is generated (issue 5), sent to the room of the request's session. */
export interface ChatDeltaEvent {
  sessionId: string
  conversationId: string
  /** The next piece of the reply's Markdown; the pieces in order make the whole reply. */
  delta: string
}

/** A chat reply has ended: completed (possibly stopped by its owner) or failed (`message` says why). */
export interface ChatDoneEvent {
  sessionId: string
  conversationId: string
  status: 'completed' | 'error'
  stopped: boolean
  message?: string
}

/** What the server remembers about a connection. */
export interface SocketData {
  /** The owner key of the connection's user or visitor, set when it subscribes; undefined: no identity. */
  ownerKey?: string | undefined
}

export type SubscribeResult = { ok: true } | { ok: false; message: string }

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
}

const SESSION_ID = /^[A-Za-z0-9_-]{1,100}$/

/** A build session id: 1–100 letters, digits, `-` or `_` (a UUID fits). */
export const isSessionId = (value: unknown): value is string => typeof value === 'string' && SESSION_ID.test(value)

/** The room that receives a session's events: a build's progress, a chat reply's deltas. */
export const progressRoom = (sessionId: string): string => `build:${sessionId}`
