import { chmod, unlink } from 'node:fs/promises'
import { createConnection, createServer, type Server, type Socket } from 'node:net'
import path from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import { executeUserCommand, parseUserCommand, type UserCommand, type UserCommandResult } from '../auth/userCommands'
import { PasswordHasherBusyError } from '../auth/password'
import { UserCommandError, type UserErrorCode, type UserService } from '../auth/userService'

/**
 * The local-only control channel of a server on the embedded database: a Unix domain socket in
 * DATA_DIR, readable and writable by the server's user only (0600), through which `npm run
 * users` runs its commands in the process that holds the database.
 *
 * Protocol: the client sends one JSON object and a newline, the server answers one and closes.
 *   → {"type":"ping"}                       ← {"ok":true,"result":{"pid":123}}
 *   → {"type":"users","command":{…}}       ← {"ok":true,"result":{"message":"…","users":[…]}}
 *                                           ← {"ok":false,"error":{"code":"unknown_user","message":"…"}}
 */
export const SOCKET_FILE = 'overseer.sock'

export const socketPath = (dataDir: string): string => path.join(dataDir, SOCKET_FILE)

/** sun_path holds 108 bytes on Linux (104 on macOS), the terminating NUL included. */
const MAX_SOCKET_PATH_BYTES = 103

export type ControlRequest = { type: 'ping' } | { type: 'users'; command: UserCommand }

export type ControlErrorCode = UserErrorCode | 'bad_request' | 'busy' | 'internal'

export type ControlResponse =
  | { ok: true; result: { pid: number } | UserCommandResult }
  | { ok: false; error: { code: ControlErrorCode; message: string } }

const MAX_REQUEST_BYTES = 64 * 1024
const IDLE_TIMEOUT_MS = 120_000

export interface ControlChannel {
  readonly path: string
  close(): Promise<void>
}

const failure = (code: ControlErrorCode, message: string): ControlResponse => ({ ok: false, error: { code, message } })

const answer = async (line: string, users: UserService, log: FastifyBaseLogger): Promise<ControlResponse> => {
  let request: unknown
  try {
    request = JSON.parse(line)
  } catch {
    return failure('bad_request', 'The request is not JSON')
  }
  if (typeof request !== 'object' || request === null) return failure('bad_request', 'The request is not an object')
  const { type, command } = request as Record<string, unknown>
  if (type === 'ping') return { ok: true, result: { pid: process.pid } }
  if (type !== 'users') return failure('bad_request', 'Unknown request type')
  const parsed = parseUserCommand(command)
  if (!parsed) return failure('bad_request', 'Malformed users command')
  try {
    const result = await executeUserCommand(users, parsed)
    log.info({ command: parsed.name }, 'users command run through the control channel')
    return { ok: true, result }
  } catch (error) {
    if (error instanceof UserCommandError) return failure(error.code, error.message)
    if (error instanceof PasswordHasherBusyError) return failure('busy', 'The server is busy; try again in a moment')
    log.error({ err: error }, 'users command failed')
    return failure('internal', 'The command failed on the server; see its log')
  }
}

const serve = (socket: Socket, users: UserService, log: FastifyBaseLogger): void => {
  socket.setEncoding('utf8')
  socket.setTimeout(IDLE_TIMEOUT_MS, () => socket.destroy())
  socket.on('error', () => socket.destroy())
  let buffer = ''
  let handled = false
  socket.on('data', (chunk: string) => {
    if (handled) return
    buffer += chunk
    const end = buffer.indexOf('\n')
    if (end === -1 && Buffer.byteLength(buffer) <= MAX_REQUEST_BYTES) return
    handled = true
    const reply = end === -1 ? Promise.resolve(failure('bad_request', 'Request too large')) : answer(buffer.slice(0, end), users, log)
    void reply.then((response) => socket.end(`${JSON.stringify(response)}\n`))
  })
}

const listen = (server: Server, file: string): Promise<void> =>
  new Promise((resolve, reject) => {
    server.once('error', reject)
    // No moment with a socket others could open: the umask applies when the socket is bound.
    const umask = process.umask(0o177)
    try {
      server.listen(file, () => {
        server.off('error', reject)
        resolve()
      })
    } finally {
      process.umask(umask)
    }
  })

/**
 * Starts the channel in `dataDir`. The caller holds the data directory's lock, so a socket file
 * already there is left over from a server that crashed, and is replaced.
 */
export const startControlChannel = async ({
  dataDir,
  users,
  log,
}: {
  dataDir: string
  users: UserService
  log: FastifyBaseLogger
}): Promise<ControlChannel> => {
  const file = socketPath(dataDir)
  if (Buffer.byteLength(file) > MAX_SOCKET_PATH_BYTES) {
    throw new Error(`The control socket path ${file} is too long for a Unix socket: use a shorter DATA_DIR`)
  }
  await unlink(file).catch(() => {})
  const sockets = new Set<Socket>()
  const server = createServer((socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
    serve(socket, users, log)
  })
  await listen(server, file)
  await chmod(file, 0o600)
  return {
    path: file,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        for (const socket of sockets) socket.end()
      })
      await unlink(file).catch(() => {})
    },
  }
}

/** Sends one request and waits for the answer; rejects when nothing listens or it takes too long. */
export const sendControlRequest = (file: string, request: ControlRequest, timeoutMs: number): Promise<ControlResponse> =>
  new Promise((resolve, reject) => {
    const socket = createConnection(file)
    socket.setEncoding('utf8')
    let buffer = ''
    const timer = setTimeout(() => {
      socket.destroy()
      reject(new Error(`No answer on ${file} within ${Math.round(timeoutMs / 1000)} s`))
    }, timeoutMs)
    socket.on('connect', () => socket.write(`${JSON.stringify(request)}\n`))
    socket.on('data', (chunk: string) => {
      buffer += chunk
    })
    socket.on('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    socket.on('end', () => {
      clearTimeout(timer)
      try {
        resolve(JSON.parse(buffer.trim()) as ControlResponse)
      } catch {
        reject(new Error(`Unreadable answer on ${file}`))
      }
    })
  })

/** True when a server answers on the control socket. */
export const pingControl = async (file: string, timeoutMs = 2_000): Promise<boolean> => {
  try {
    const response = await sendControlRequest(file, { type: 'ping' }, timeoutMs)
    return response.ok
  } catch {
    return false
  }
}
