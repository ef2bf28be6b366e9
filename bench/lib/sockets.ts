/** Many socket.io clients in the bench process: connect them, subscribe them, record what they receive. */
import { readFileSync } from 'node:fs'
import { io, type Socket } from 'socket.io-client'

export interface ReceivedEvent {
  event: 'progress' | 'error' | 'timeout'
  sessionId: string
  stage?: string
  percentage?: number
  /** Wall-clock time of receipt in ms with sub-ms precision (comparable with the server's Date). */
  receivedAt: number
}

export interface Client {
  socket: Socket
  cookie: string
  /** Time from io() to `connect`, ms; null when it did not connect. */
  connectMs: number | null
  connectError?: string
  received: ReceivedEvent[]
}

/** Wall-clock now with the monotonic clock's precision. */
export const wallNow = (): number => performance.timeOrigin + performance.now()

const connectOne = (url: string, cookie: string, timeoutMs: number): Promise<Client> =>
  new Promise((resolve) => {
    const started = performance.now()
    const socket = io(url, {
      path: '/socket.io',
      transports: ['websocket'],
      // Node's WebSocket client sends these headers on the upgrade, as a browser sends its cookies.
      extraHeaders: { cookie },
      reconnection: false,
      forceNew: true,
      timeout: timeoutMs,
    })
    const client: Client = { socket, cookie, connectMs: null, received: [] }
    const record = (event: ReceivedEvent['event']) => (payload: unknown) => {
      const receivedAt = wallNow()
      const data = (typeof payload === 'object' && payload !== null ? payload : {}) as Record<string, unknown>
      client.received.push({
        event,
        sessionId: String(data.sessionId),
        ...(typeof data.stage === 'string' && { stage: data.stage }),
        ...(typeof data.percentage === 'number' && { percentage: data.percentage }),
        receivedAt,
      })
    }
    socket.on('progress', record('progress'))
    socket.on('error', record('error'))
    socket.on('timeout', record('timeout'))
    socket.once('connect', () => {
      client.connectMs = performance.now() - started
      resolve(client)
    })
    socket.once('connect_error', (error: Error) => {
      client.connectError = error.message
      resolve(client)
    })
  })

/**
 * Connects one client per cookie, at most `concurrency` handshakes in flight; resolves with every
 * client (failed ones carry connectError) and the time until the last one settled.
 */
export const connectClients = async (
  url: string,
  cookies: string[],
  { concurrency, timeoutMs }: { concurrency: number; timeoutMs: number },
): Promise<{ clients: Client[]; totalMs: number }> => {
  const started = performance.now()
  const clients: Client[] = new Array<Client>(cookies.length)
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < cookies.length) {
      const index = next
      next += 1
      clients[index] = await connectOne(url, cookies[index] as string, timeoutMs)
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, cookies.length) }, worker))
  return { clients, totalMs: performance.now() - started }
}

/** `subscribe:progress` with its ack; resolves with the time to the ack and what it said. */
export const subscribe = async (client: Client, sessionId: string, timeoutMs: number): Promise<{ ms: number; ok: boolean; message?: string }> => {
  const started = performance.now()
  try {
    const result = (await client.socket.timeout(timeoutMs).emitWithAck('subscribe:progress', sessionId)) as { ok?: unknown; message?: unknown }
    return { ms: performance.now() - started, ok: result.ok === true, ...(typeof result.message === 'string' && { message: result.message }) }
  } catch (error) {
    return { ms: performance.now() - started, ok: false, message: error instanceof Error ? error.message : String(error) }
  }
}

/** The open-files limit of this process (each socket is a descriptor here and one in the server). */
export const openFilesLimit = (): string => {
  const line = readFileSync('/proc/self/limits', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('Max open files'))
  return line ? line.replace(/\s+/g, ' ').replace('Max open files ', '').trim() : 'unknown'
}
