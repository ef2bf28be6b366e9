import type { IncomingMessage, OutgoingHttpHeaders } from 'node:http'
import { createAdapter } from '@socket.io/redis-adapter'
import fp from 'fastify-plugin'
import { isAllowedOrigin } from '../../auth/http'
import { addressedTo } from '../../http/forwarded'
import { Server, type DefaultEventsMap, type Socket } from 'socket.io'
import { closeRedis, redisConnection, redisNames } from '../../lib/redis'
import { isSessionId, type ClientToServerEvents, type ServerToClientEvents, type SubscribeResult } from '@contracts/socket'

/** What the server remembers about a connection. */
export interface SocketData {
  /** The owner key of the connection's user or visitor, set when it subscribes; undefined: no identity. */
  ownerKey?: string | undefined
}

/** The room that receives a session's events: a build's progress, a chat reply's deltas. */
export const progressRoom = (sessionId: string): string => `build:${sessionId}`

export type OverseerServer = Server<ClientToServerEvents, ServerToClientEvents, DefaultEventsMap, SocketData>
export type OverseerSocket = Socket<ClientToServerEvents, ServerToClientEvents, DefaultEventsMap, SocketData>

/** Decides whether a connection may follow a build session's progress. */
export type SubscriptionPolicy = (socket: OverseerSocket, sessionId: string) => boolean | Promise<boolean>

declare module 'fastify' {
  interface FastifyInstance {
    io: OverseerServer
    canSubscribe: SubscriptionPolicy
  }
}

/** Adds headers (a cookie) to the answer to a new connection's first request. */
export type HandshakeHeaders = (headers: OutgoingHttpHeaders, request: IncomingMessage) => void

export interface SocketOptions {
  /**
   * Defaults to allowing every subscription: build sessions don't exist yet. The build
   * pipeline passes a policy that admits only the session's owner.
   */
  canSubscribe?: SubscriptionPolicy
  /** Called on every new connection's handshake, before any subscription: gives it an identity. */
  onHandshake?: HandshakeHeaders
}

export const allowAllSubscriptions: SubscriptionPolicy = () => true

/** Bounds the rooms one connection can make the server keep for it. */
const MAX_SUBSCRIPTIONS = 50

/**
 * socket.io on the app's own HTTP server at `/socket.io`. A browser page may connect only from
 * the site's own origin or one of ALLOWED_ORIGINS (a WebSocket is not bound by CORS, so the
 * handshake checks its Origin itself); clients that send no Origin (not browsers) may connect. With
 * REDIS_URL through the Redis adapter: an event emitted on any node (or by a worker, through
 * the Redis emitter) reaches the sockets of every node, and room lookups span all nodes.
 */
export default fp<SocketOptions>(
  async (app, { canSubscribe = allowAllSubscriptions, onHandshake }) => {
    const io: OverseerServer = new Server(app.server, {
      path: '/socket.io',
      serveClient: false,
      maxHttpBufferSize: 16 * 1024,
      allowRequest: (request, callback) => {
        const { host } = addressedTo(request, app.config.trustProxy)
        const allowed = isAllowedOrigin(request.headers.origin, host, app.config.allowedOrigins)
        // Debug only: anyone can send such handshakes, and each would be a line in the log.
        if (!allowed) app.log.debug({ origin: request.headers.origin }, 'socket.io: handshake from a foreign origin refused')
        callback(allowed ? null : 'Origin not allowed', allowed)
      },
    })
    if (onHandshake) io.engine.on('initial_headers', onHandshake)
    if (app.config.redisUrl) {
      const pub = redisConnection(app.config.redisUrl, 'overseer-socket-pub')
      const sub = redisConnection(app.config.redisUrl, 'overseer-socket-sub')
      io.adapter(createAdapter(pub, sub, { key: redisNames(app.config.redisPrefix).socketKey }))
      // After every preClose hook: builds still report while they drain.
      app.addHook('onClose', async () => {
        await closeRedis(sub)
        await closeRedis(pub)
      })
    }
    app.decorate('io', io)
    app.decorate('canSubscribe', canSubscribe)

    const subscribe = async (socket: OverseerSocket, sessionId: unknown): Promise<SubscribeResult> => {
      if (!isSessionId(sessionId)) return { ok: false, message: 'Invalid session id' }
      const room = progressRoom(sessionId)
      if (socket.rooms.has(room)) return { ok: true }
      if (socket.rooms.size > MAX_SUBSCRIPTIONS) return { ok: false, message: 'Too many subscriptions' }
      if (!(await app.canSubscribe(socket, sessionId))) return { ok: false, message: 'Not allowed' }
      await socket.join(room)
      return { ok: true }
    }

    const unsubscribe = async (socket: OverseerSocket, sessionId: unknown): Promise<SubscribeResult> => {
      if (!isSessionId(sessionId)) return { ok: false, message: 'Invalid session id' }
      await socket.leave(progressRoom(sessionId))
      return { ok: true }
    }

    type Ack = ((result: SubscribeResult) => void) | undefined

    const answer = (result: Promise<SubscribeResult>, ack: Ack): void => {
      void result
        .catch((err: unknown): SubscribeResult => {
          app.log.error({ err }, 'socket subscription failed')
          return { ok: false, message: 'Internal server error' }
        })
        // The client decides whether it wants an answer: without one the last argument is data.
        .then((value) => {
          if (typeof ack === 'function') ack(value)
        })
    }

    io.on('connection', (socket) => {
      socket.on('subscribe:progress', (sessionId, ack) => answer(subscribe(socket, sessionId), ack))
      socket.on('unsubscribe:progress', (sessionId, ack) => answer(unsubscribe(socket, sessionId), ack))
    })

    // Before the HTTP server closes, or open WebSockets would keep it from finishing.
    app.addHook('preClose', async () => {
      await io.close()
    })
  },
  { name: 'socket', dependencies: ['config'] },
)
