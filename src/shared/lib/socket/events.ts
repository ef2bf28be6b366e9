import { createAction } from '@reduxjs/toolkit'

import type { BuildEventMessage } from '@contracts/buildEvents'
import type { BuildProgress, ChatDeltaEvent, ChatDoneEvent, SocketMessage } from '@contracts/socket'
import type { PreviewEventMessage } from '@contracts/preview'

/** A build-progress event as the server sends it (the session may be left out). */
export type ProgressEvent = BuildProgress
export type SocketMessageEvent = SocketMessage
export type { BuildEventMessage, ChatDeltaEvent, ChatDoneEvent, PreviewEventMessage }

/**
 * Intents for the socket middleware (it turns them into emits) and the events it dispatches
 * from the server. The socket itself never enters state or actions.
 */
export const progressSubscribed = createAction<{ sessionId: string }>('progress/subscribed')
export const progressUnsubscribed = createAction<{ sessionId: string }>('progress/unsubscribed')
/**
 * The connection acts for someone else now (a sign-in or sign-out in this tab): the socket
 * middleware closes it and drops its rooms; the next subscription opens a new one, whose handshake
 * carries the new owner's cookie and token. What was followed on the old one is no longer reported.
 */
export const socketOwnerChanged = createAction('socket/ownerChanged')
export const socketConnected = createAction('socket/connected')
export const socketDisconnected = createAction<{ reason: string }>('socket/disconnected')
export const progressReceived = createAction<ProgressEvent & { sessionId: string }>('progress/received')
export const progressFailed = createAction<SocketMessageEvent & { sessionId: string }>('progress/failed')
export const progressTimedOut = createAction<SocketMessageEvent & { sessionId: string }>('progress/timedOut')
/** Its owner stopped the build (`stopped` event). */
export const progressStopped = createAction<SocketMessageEvent & { sessionId: string }>('progress/stopped')

/** A step of a followed build (`build:event`), as its timeline stores it. */
export const buildEventReceived = createAction<BuildEventMessage>('build/eventReceived')

export const chatDeltaReceived = createAction<ChatDeltaEvent>('chat/deltaReceived')
export const chatDoneReceived = createAction<ChatDoneEvent>('chat/doneReceived')

/** A followed build's live preview changed status, or its app wrote to its console (`preview`). */
export const previewEventReceived = createAction<PreviewEventMessage>('preview/eventReceived')

/** How long a sender waits for the server to confirm a subscription before it goes on without. */
export const JOIN_TIMEOUT_MS = 1500

/**
 * Subscribes to a session's room and resolves once the server has answered (true: joined), or
 * false when it refused, or did not answer within `timeoutMs` (no socket: the HTTP reply still
 * comes). The socket middleware answers the `progress/subscribed` intent with that promise.
 */
export const joinSession = (
  dispatch: (action: ReturnType<typeof progressSubscribed>) => unknown,
  sessionId: string,
  timeoutMs: number = JOIN_TIMEOUT_MS,
): Promise<boolean> => {
  const answer: unknown = dispatch(progressSubscribed({ sessionId }))
  if (!(answer instanceof Promise)) return Promise.resolve(false)
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs)
  })
  return Promise.race([answer.then((joined: unknown) => joined === true), timeout]).finally(() => clearTimeout(timer))
}
