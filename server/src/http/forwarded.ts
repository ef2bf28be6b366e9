import type { IncomingMessage } from 'node:http'
import type { TLSSocket } from 'node:tls'

/** The last entry of a header a proxy may have appended to (`a, b` → `b`), as Fastify reads it. */
const lastEntry = (value: string | string[] | undefined): string | undefined => {
  const header = Array.isArray(value) ? value.at(-1) : value
  if (!header) return undefined
  const comma = header.lastIndexOf(',')
  return (comma === -1 ? header : header.slice(comma + 1)).trim() || undefined
}

/**
 * The host and scheme a raw request (a socket.io handshake, which never becomes a Fastify
 * request) was made to, read as Fastify reads `request.host` and `request.protocol`: the
 * X-Forwarded-Host and X-Forwarded-Proto of the nearest hop when TRUST_PROXY trusts it.
 */
export const addressedTo = (request: IncomingMessage, trustProxy: boolean | number): { host: string | undefined; protocol: string } => {
  const trusted = trustProxy === true || (typeof trustProxy === 'number' && trustProxy > 0)
  const forwardedHost = trusted ? lastEntry(request.headers['x-forwarded-host']) : undefined
  const forwardedProto = trusted ? lastEntry(request.headers['x-forwarded-proto']) : undefined
  const encrypted = (request.socket as Partial<TLSSocket> | undefined)?.encrypted === true
  return { host: forwardedHost ?? request.headers.host, protocol: forwardedProto ?? (encrypted ? 'https' : 'http') }
}
