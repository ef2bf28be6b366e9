export type {
  BuildMessageEvent,
  ChatDeltaEvent,
  ChatDoneEvent,
  ClientToServerEvents,
  ProgressEvent,
  ServerToClientEvents,
  SubscribeResult,
} from '@contracts/socket'
export { isSessionId } from '@contracts/socket'

/** What the server remembers about a connection. */
export interface SocketData {
  /** The owner key of the connection's user or visitor, set when it subscribes; undefined: no identity. */
  ownerKey?: string | undefined
}

/** The room that receives a session's events: a build's progress, a chat reply's deltas. */
export const progressRoom = (sessionId: string): string => `build:${sessionId}`
