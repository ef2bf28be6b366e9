import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'

/** Short enough for a log line and free of characters that could forge one. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/

export const REQUEST_ID_HEADER = 'x-request-id'

/** Keeps a caller's (a proxy's) request id when it is a safe token, else makes a fresh UUID. */
export const genReqId = (req: IncomingMessage): string => {
  const incoming = req.headers[REQUEST_ID_HEADER]
  return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID()
}
