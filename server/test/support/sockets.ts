import type { BuildEvent, BuildEventMessage } from '@contracts/buildEvents'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { io as connect, type ManagerOptions, type Socket } from 'socket.io-client'
import type { BuildMessageEvent, ProgressEvent } from '@contracts/socket'
import type { Headers } from './chat'

/** Where an app that listens (`listenOnLoopback`) answers. */
export const urlOf = (app: FastifyInstance): string => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`

/** Listens on a free loopback port, for socket.io clients; answers the app's URL. */
export const listenOnLoopback = async (app: FastifyInstance): Promise<string> => {
  await app.listen({ port: 0, host: '127.0.0.1' })
  return urlOf(app)
}

/**
 * A socket.io client of the server at `url` (an app or its URL), once connected: a refused
 * handshake rejects. `clients` collects it for the caller to disconnect after the tests.
 */
export const connectSocket = async (
  url: string | FastifyInstance,
  options: { headers?: Headers; auth?: Record<string, string>; transports?: ManagerOptions['transports'] } = {},
  clients?: Socket[],
): Promise<Socket> => {
  const client = connect(typeof url === 'string' ? url : urlOf(url), {
    path: '/socket.io',
    reconnection: false,
    extraHeaders: options.headers ?? {},
    ...(options.auth && { auth: options.auth }),
    ...(options.transports && { transports: options.transports }),
  })
  clients?.push(client)
  await new Promise<void>((resolve, reject) => {
    client.once('connect', resolve)
    client.once('connect_error', reject)
  })
  return client
}

/** Subscribes `socket` to the build of `sessionId` and records what the build sends, until it ends (100%, an error or a timeout). */
export const followBuild = async (socket: Socket, sessionId: string) => {
  expect(await socket.emitWithAck('subscribe:progress', sessionId)).toEqual({ ok: true })
  const progress: ProgressEvent[] = []
  const errors: BuildMessageEvent[] = []
  const timeouts: BuildMessageEvent[] = []
  const events: BuildEvent[] = []
  socket.on('build:event', (message: BuildEventMessage) => message.sessionId === sessionId && events.push(message.event))
  socket.on('progress', (event: ProgressEvent) => progress.push(event))
  socket.on('error', (event: BuildMessageEvent) => errors.push(event))
  socket.on('timeout', (event: BuildMessageEvent) => timeouts.push(event))
  const ended = new Promise<void>((resolve) => {
    socket.on('progress', (event: ProgressEvent) => event.percentage === 100 && resolve())
    socket.once('error', () => resolve())
    socket.once('timeout', () => resolve())
  })
  return { socket, progress, errors, timeouts, events, ended }
}
