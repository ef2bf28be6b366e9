import type { FastifyReply, FastifyRequest } from 'fastify'

export const SESSION_COOKIE = 'overseer_session'
/** Over HTTPS: the prefix makes browsers insist on Secure, Path=/ and no Domain. */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

export const isStateChanging = (request: FastifyRequest): boolean => UNSAFE_METHODS.has(request.method)

/** Honours TRUST_PROXY through request.protocol. */
export const sessionCookieName = (request: FastifyRequest): string =>
  request.protocol === 'https' ? SECURE_SESSION_COOKIE : SESSION_COOKIE

export interface Credential {
  token: string
  source: 'bearer' | 'cookie'
}

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i

/** The bearer token when the request has one; else the session cookie (only the one for its scheme). */
export const credentialOf = (request: FastifyRequest): Credential | undefined => {
  const bearer = BEARER.exec(request.headers.authorization ?? '')?.[1]
  if (bearer) return { token: bearer, source: 'bearer' }
  const cookie = request.cookies[sessionCookieName(request)]
  return cookie ? { token: cookie, source: 'cookie' } : undefined
}

/** Every credential the request carries (logout ends them all). */
export const credentialsOf = (request: FastifyRequest): Credential[] => {
  const bearer = BEARER.exec(request.headers.authorization ?? '')?.[1]
  const cookie = request.cookies[sessionCookieName(request)]
  return [
    ...(bearer ? [{ token: bearer, source: 'bearer' as const }] : []),
    ...(cookie && cookie !== bearer ? [{ token: cookie, source: 'cookie' as const }] : []),
  ]
}

/** `host[:port]` with the scheme's default port dropped, lower-case; undefined when unparseable. */
const normalHost = (scheme: string, host: string): string | undefined => {
  try {
    return new URL(`${scheme}://${host}`).host.toLowerCase()
  } catch {
    return undefined
  }
}

/** The scheme and normalised host of an Origin header; undefined for `null` or garbage. */
const parseOrigin = (origin: string): { scheme: string; host: string } | undefined => {
  try {
    const url = new URL(origin)
    const scheme = url.protocol.replace(':', '')
    const host = normalHost(scheme, url.host)
    return host === undefined ? undefined : { scheme, host }
  } catch {
    return undefined
  }
}

/**
 * Whether a page of `origin` may use the site at `host` (the Host the request was addressed to,
 * after a trusted proxy's X-Forwarded-Host): no Origin (not a browser), the same host, or one of
 * `extraOrigins` (exact origins, `https://host[:port]`).
 */
export const isAllowedOrigin = (origin: string | undefined, host: string | undefined, extraOrigins: readonly string[]): boolean => {
  if (origin === undefined) return true
  if (extraOrigins.includes(origin)) return true
  const from = parseOrigin(origin)
  return from !== undefined && host !== undefined && normalHost(from.scheme, host) === from.host
}

/**
 * True when a browser says the request comes from another site: `Sec-Fetch-Site: cross-site`,
 * or an Origin whose host differs from the request's Host (an opaque `null` Origin included).
 * Requests without either header (curl, old browsers) are not refused.
 */
export const isCrossSite = (request: FastifyRequest): boolean => {
  if (request.headers['sec-fetch-site'] === 'cross-site') return true
  const origin = request.headers.origin
  if (origin === undefined) return false
  const from = parseOrigin(origin)
  const ownHost = normalHost(request.protocol, request.host)
  return from === undefined || ownHost === undefined || from.host !== ownHost
}

/** HttpOnly, SameSite=Lax, Path=/; Secure and `__Host-` over HTTPS; Max-Age only when remembered. */
export const setSessionCookie = (request: FastifyRequest, reply: FastifyReply, token: string, maxAgeSeconds?: number): void => {
  void reply.setCookie(sessionCookieName(request), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    ...(maxAgeSeconds !== undefined && { maxAge: maxAgeSeconds }),
  })
}

export const clearSessionCookie = (request: FastifyRequest, reply: FastifyReply): void => {
  void reply.clearCookie(sessionCookieName(request), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
  })
}
