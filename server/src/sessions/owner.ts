import { createHash, randomBytes } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { HandshakeHeaders } from '../plugins/app/socket'
import { isCrossSite, isStateChanging, SECURE_SESSION_COOKIE, SESSION_COOKIE } from '../auth/http'
import { AUTH_MESSAGES } from '../auth/messages'
import { addressedTo } from '../http/forwarded'
import { ForbiddenError } from '../lib/errors'

/**
 * Who a conversation belongs to: the signed-in user, else an anonymous visitor known by a
 * random id in an HttpOnly cookie. The owner key is what the database keeps: `user:<id>`, or
 * `visitor:<SHA-256 of the cookie value>` (the cookie itself is never stored).
 */
export interface Owner {
  key: string
  kind: 'user' | 'visitor'
}

export const VISITOR_COOKIE = 'overseer_visitor'
/** Over HTTPS: the prefix makes browsers insist on Secure, Path=/ and no Domain. */
export const SECURE_VISITOR_COOKIE = `__Host-${VISITOR_COOKIE}`
/** 400 days, the longest a browser keeps a cookie. */
export const VISITOR_COOKIE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60

const VISITOR_TOKEN = /^[A-Za-z0-9_-]{43}$/

export const userOwnerKey = (userId: number): string => `user:${userId}`
export const visitorOwnerKey = (token: string): string => `visitor:${createHash('sha256').update(token, 'utf8').digest('hex')}`
/** Who an owner key belongs to, as staff pages may say it: a visitor, or a signed-in (staff) account; never which. */
export const ownerKindOfKey = (key: string): 'visitor' | 'staff' => (key.startsWith('visitor:') ? 'visitor' : 'staff')
export const isVisitorToken = (value: unknown): value is string => typeof value === 'string' && VISITOR_TOKEN.test(value)
/** 256 random bits, base64url. */
export const newVisitorToken = (): string => randomBytes(32).toString('base64url')

const visitorCookieName = (request: FastifyRequest): string => (request.protocol === 'https' ? SECURE_VISITOR_COOKIE : VISITOR_COOKIE)

/** HttpOnly, SameSite=Lax, Path=/, 400 days; Secure and `__Host-` over HTTPS. */
export const setVisitorCookie = (request: FastifyRequest, reply: FastifyReply, token: string): void => {
  void reply.setCookie(visitorCookieName(request), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: VISITOR_COOKIE_MAX_AGE_SECONDS,
  })
}

export interface ResolveOptions {
  /** Give a visitor without a cookie a new one (and so an owner); else such a request has none. */
  create: boolean
  /** Send the visitor cookie again (a new 400 days) even when the request had it. */
  refresh?: boolean
}

/**
 * The owner of a request that has been through `app.authenticate`. A state-changing request
 * identified by a cookie (the session's, which `authenticate` checks, or the visitor's) is refused
 * when a browser says it comes from another site.
 */
export const ownerOfRequest = (request: FastifyRequest, reply: FastifyReply, { create, refresh = false }: ResolveOptions): Owner | undefined => {
  if (request.user) return { key: userOwnerKey(request.user.id), kind: 'user' }
  if (isStateChanging(request) && isCrossSite(request)) throw new ForbiddenError(AUTH_MESSAGES.crossSite)
  const cookie = request.cookies[visitorCookieName(request)]
  if (isVisitorToken(cookie)) {
    if (refresh) setVisitorCookie(request, reply, cookie)
    return { key: visitorOwnerKey(cookie), kind: 'visitor' }
  }
  if (!create) return undefined
  const token = newVisitorToken()
  setVisitorCookie(request, reply, token)
  return { key: visitorOwnerKey(token), kind: 'visitor' }
}

/** What a socket.io connection's handshake carries: its cookies, and maybe `auth: { token }`. */
export interface Handshake {
  headers: Record<string, string | string[] | undefined>
  auth: Record<string, unknown>
}

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i

/**
 * The owner of a socket.io connection, from its handshake: a session token (the `auth.token`
 * the client passes, an Authorization header, or the session cookie) of a live session, else
 * the visitor cookie. Either cookie name is accepted: a socket's scheme is not known here.
 */
export const ownerOfHandshake = async (app: FastifyInstance, handshake: Handshake): Promise<Owner | undefined> => {
  const header = handshake.headers.cookie
  const cookies = typeof header === 'string' ? app.parseCookie(header) : {}
  const authorization = handshake.headers.authorization
  const tokens = [
    typeof handshake.auth.token === 'string' ? handshake.auth.token : undefined,
    typeof authorization === 'string' ? BEARER.exec(authorization)?.[1] : undefined,
    cookies[SECURE_SESSION_COOKIE],
    cookies[SESSION_COOKIE],
  ]
  for (const token of tokens) {
    if (!token) continue
    const user = await app.auth.userForToken(token)
    if (user) return { key: userOwnerKey(user.id), kind: 'user' }
  }
  for (const name of [SECURE_VISITOR_COOKIE, VISITOR_COOKIE]) {
    const value = cookies[name]
    if (isVisitorToken(value)) return { key: visitorOwnerKey(value), kind: 'visitor' }
  }
  return undefined
}

/**
 * Gives a socket.io connection that arrives with neither a session nor a visitor cookie a new
 * visitor in its handshake answer (Set-Cookie on the first polling response or on the WebSocket
 * upgrade), and makes the connection that visitor's. So the documented order (connect, subscribe,
 * then send the chat request with the cookies the connection was given) works for a client that
 * opens the socket first, not only for one that made a GET request before.
 */
export const visitorHandshake =
  (app: FastifyInstance): HandshakeHeaders =>
  (headers, request) => {
    const cookies = app.parseCookie(request.headers.cookie ?? '')
    const known = [SECURE_SESSION_COOKIE, SESSION_COOKIE].some((name) => cookies[name]) ||
      [SECURE_VISITOR_COOKIE, VISITOR_COOKIE].some((name) => isVisitorToken(cookies[name]))
    if (known) return
    const secure = addressedTo(request, app.config.trustProxy).protocol === 'https'
    const name = secure ? SECURE_VISITOR_COOKIE : VISITOR_COOKIE
    const token = newVisitorToken()
    headers['set-cookie'] = app.serializeCookie(name, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure,
      maxAge: VISITOR_COOKIE_MAX_AGE_SECONDS,
    })
    // The handshake the connection keeps (and `ownerOfHandshake` reads) now carries the cookie,
    // as every later request of this client will.
    request.headers.cookie = [request.headers.cookie, `${name}=${token}`].filter(Boolean).join('; ')
  }

/**
 * The owner key a request already has (after `app.authenticate`), without giving a visitor a
 * cookie or refusing anything: what a per-owner rate limit counts by.
 */
export const knownOwnerKey = (request: FastifyRequest): string | undefined => {
  if (request.user) return userOwnerKey(request.user.id)
  const cookie = request.cookies[visitorCookieName(request)]
  return isVisitorToken(cookie) ? visitorOwnerKey(cookie) : undefined
}

/**
 * A route's rate limit a minute, counted per owner (the visitor cookie's or the user's), else per
 * IP, under `name`. Its hook runs after `app.authenticate`, which knows the user.
 */
export const perOwnerLimit = (name: string, max: number) =>
  ({
    max,
    timeWindow: 60_000,
    hook: 'preHandler',
    keyGenerator: (request: FastifyRequest) => `${name}:${knownOwnerKey(request) ?? `ip:${request.ip}`}`,
  }) as const
