import type { Middleware } from '@reduxjs/toolkit'
import type { Socket } from 'socket.io-client'
import { API_BASE_URL } from '@/shared/config'
import { authToken } from '@/shared/lib/auth-token'
import {
  buildEventReceived,
  chatDeltaReceived,
  chatDoneReceived,
  previewEventReceived,
  progressFailed,
  progressReceived,
  progressSubscribed,
  progressStopped,
  progressTimedOut,
  progressUnsubscribed,
  socketConnected,
  socketDisconnected,
  socketOwnerChanged,
} from '@/shared/lib/socket'

export type SocketFactory = (token: string | null) => Promise<Socket>

/** socket.io-client is loaded only when the first subscription asks for it. */
const defaultFactory: SocketFactory = async (token) => {
  const { io } = await import(/* webpackChunkName: "socket" */ 'socket.io-client')
  return io(socketUrl(), {
    path: '/socket.io',
    withCredentials: true,
    transports: ['websocket', 'polling'],
    auth: token ? { token } : {},
  })
}

/** The socket server's origin: same-origin for a relative API base, else the API's own origin. */
export const socketUrl = (apiBase: string = API_BASE_URL): string =>
  /^https?:\/\//.test(apiBase) ? new URL(apiBase).origin : window.location.origin

const sessionIdOf = (payload: unknown, rooms: Set<string>): string | undefined => {
  if (typeof payload === 'object' && payload !== null && 'sessionId' in payload && typeof payload.sessionId === 'string') {
    return rooms.has(payload.sessionId) ? payload.sessionId : undefined
  }
  return rooms.size === 1 ? rooms.values().next().value : undefined
}

const joinedOf = (answer: unknown): boolean =>
  typeof answer === 'object' && answer !== null && 'ok' in answer && answer.ok === true

/**
 * Owns the single socket.io connection: turns `progress/subscribed` and `progress/unsubscribed`
 * intents into `subscribe:progress` / `unsubscribe:progress` emits, and server events (build
 * progress, a build's timeline steps, chat reply deltas) into actions after checking their shape. The socket never enters
 * state or actions. Dispatching `progress/subscribed` returns a promise of the server's answer
 * (true: joined), which `joinSession` waits for before a request that streams to the room.
 * `socket/ownerChanged` (someone signed in or out) closes the connection and forgets its rooms:
 * the server knows a connection by its handshake, so only a new one acts for the new owner.
 */
export const createSocketMiddleware = (factory: SocketFactory = defaultFactory): Middleware => {
  return (api) => {
    const rooms = new Set<string>()
    /** Resolves the promise of each subscription the server has not answered yet. */
    const waiting = new Map<string, Array<(joined: boolean) => void>>()
    let connection: Promise<Socket> | null = null
    /** Counts the connections opened: the handlers of a closed one are deaf. */
    let generation = 0

    const settle = (sessionId: string, joined: boolean) => {
      for (const resolve of waiting.get(sessionId) ?? []) resolve(joined)
      waiting.delete(sessionId)
    }

    const join = (socket: Socket, sessionId: string) =>
      socket.emit('subscribe:progress', sessionId, (answer: unknown) => settle(sessionId, joinedOf(answer)))

    const connect = (): Promise<Socket> => {
      if (connection) return connection
      const mine = ++generation
      const current = () => mine === generation
      const opening = Promise.all([
        factory(authToken.get()),
        import(/* webpackChunkName: "socket" */ '@/shared/lib/socket-events'),
      ]).then(([socket, { isBuildEventMessage, isChatDeltaEvent, isChatDoneEvent, isPreviewEventMessage, isProgressEvent, isSocketMessageEvent }]) => {
        socket.on('connect', () => {
          if (!current()) return
          api.dispatch(socketConnected())
          // Rooms are per connection: join them again after a reconnect.
          for (const room of rooms) join(socket, room)
        })
        socket.on('disconnect', (reason: string) => {
          if (current()) api.dispatch(socketDisconnected({ reason }))
        })
        socket.on('progress', (payload: unknown) => {
          const sessionId = current() ? sessionIdOf(payload, rooms) : undefined
          if (sessionId && isProgressEvent(payload)) {
            api.dispatch(
              progressReceived({ sessionId, stage: payload.stage, message: payload.message, percentage: payload.percentage }),
            )
          }
        })
        // A step of a followed build, for its timeline (the slice drops a repeat and notes a gap).
        socket.on('build:event', (payload: unknown) => {
          if (current() && isBuildEventMessage(payload) && rooms.has(payload.sessionId)) {
            api.dispatch(buildEventReceived({ sessionId: payload.sessionId, event: payload.event }))
          }
        })
        // A followed build's live preview: its status, and its console as it comes.
        socket.on('preview', (payload: unknown) => {
          if (current() && isPreviewEventMessage(payload) && rooms.has(payload.sessionId)) api.dispatch(previewEventReceived(payload))
        })
        socket.on('chat:delta', (payload: unknown) => {
          if (current() && isChatDeltaEvent(payload) && rooms.has(payload.sessionId)) {
            const { sessionId, conversationId, delta } = payload
            api.dispatch(chatDeltaReceived({ sessionId, conversationId, delta }))
          }
        })
        socket.on('chat:done', (payload: unknown) => {
          if (current() && isChatDoneEvent(payload) && rooms.has(payload.sessionId)) {
            const { sessionId, conversationId, status, stopped, message } = payload
            api.dispatch(chatDoneReceived({ sessionId, conversationId, status, stopped, ...(message !== undefined && { message }) }))
          }
        })
        // A build's end with a message: failed, timed out, or stopped by its owner.
        for (const [event, ended] of [
          ['error', progressFailed],
          ['timeout', progressTimedOut],
          ['stopped', progressStopped],
        ] as const) {
          socket.on(event, (payload: unknown) => {
            const sessionId = current() ? sessionIdOf(payload, rooms) : undefined
            if (sessionId && isSocketMessageEvent(payload)) api.dispatch(ended({ sessionId, message: payload.message }))
          })
        }
        // Opened for an owner who has gone since: closed at once.
        if (!current()) {
          socket.disconnect()
          return socket
        }
        // Already connected by the time the handlers are in place: say so, as `connect` would have.
        if (socket.connected) api.dispatch(socketConnected())
        return socket
      })
      connection = opening
      // A socket that could not be opened is tried again by the next subscription.
      opening.catch(() => {
        if (connection === opening) connection = null
      })
      return opening
    }

    /**
     * Closes the connection and forgets its rooms. A page that had a connection gets a new one at
     * once, so that the new owner's first request finds it ready (a subscription waits only so long
     * for the server's answer); one that had none opens it with its first subscription.
     */
    const reset = () => {
      const closing = connection
      connection = null
      generation += 1
      rooms.clear()
      for (const sessionId of [...waiting.keys()]) settle(sessionId, false)
      if (!closing) return
      void closing.then(
        (socket) => {
          // Its handlers are deaf now: say here that it is gone (the tracker shows 'Connecting...').
          if (socket.connected) api.dispatch(socketDisconnected({ reason: 'owner changed' }))
          socket.disconnect()
        },
        () => undefined,
      )
      void connect().catch(() => undefined)
    }

    return (next) => (action) => {
      if (progressSubscribed.match(action)) {
        const { sessionId } = action.payload
        rooms.add(sessionId)
        const joined = new Promise<boolean>((resolve) => waiting.set(sessionId, [...(waiting.get(sessionId) ?? []), resolve]))
        // Not connected yet: the `connect` handler joins every room.
        void connect().then(
          (socket) => {
            if (socket.connected && rooms.has(sessionId)) join(socket, sessionId)
          },
          () => settle(sessionId, false),
        )
        next(action)
        return joined
      } else if (progressUnsubscribed.match(action)) {
        const { sessionId } = action.payload
        settle(sessionId, false)
        if (rooms.delete(sessionId) && connection) {
          void connection.then((socket) => socket.emit('unsubscribe:progress', sessionId))
        }
      } else if (socketOwnerChanged.match(action)) {
        reset()
      }
      return next(action)
    }
  }
}
