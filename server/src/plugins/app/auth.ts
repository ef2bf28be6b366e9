import cookie from '@fastify/cookie'
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify'
import fp from 'fastify-plugin'
import { AuthService } from '../../auth/authService'
import { ensureFirstAdmin } from '../../auth/firstAdmin'
import { credentialOf, isCrossSite, isStateChanging } from '../../auth/http'
import { LoginLimiter } from '../../limits/loginLimiter'
import { AUTH_MESSAGES } from '../../auth/messages'
import type { PasswordHasher } from '../../auth/password'
import type { Permission } from '../../auth/permissions'
import { UserService } from '../../auth/userService'
import type { AuthUser } from '../../auth/users'
import { HttpError } from '../../http/httpError'

declare module 'fastify' {
  interface FastifyInstance {
    /** Staff accounts: the service behind `npm run users` and the first admin. */
    users: UserService
    /** Sign-in, sessions, sign-out. */
    auth: AuthService
    loginLimiter: LoginLimiter
    /** A preHandler: sets `request.user` from the bearer token or session cookie, or leaves it null. */
    authenticate: preHandlerAsyncHookHandler
    /** A preHandler: 401 without a session, 403 without `permission`. */
    requirePermission(permission: Permission): preHandlerAsyncHookHandler
  }
  interface FastifyRequest {
    /** Set by `authenticate`; null when the request has no live session. */
    user: AuthUser | null
  }
}

/**
 * Sessions and permissions. Cookie-authenticated state-changing requests from
 * another site are refused (CSRF); bearer-token requests are not, since a browser never adds
 * that header across sites on its own.
 */
export default fp<{ passwords: PasswordHasher }>(
  async (app, { passwords }) => {
    await app.register(cookie)

    const users = new UserService(app.db, passwords)
    const auth = new AuthService(app.db, passwords)
    const loginLimiter = new LoginLimiter(app.config.loginLimits, app.limitCounter)

    app.decorate('users', users)
    app.decorate('auth', auth)
    app.decorate('loginLimiter', loginLimiter)
    app.decorateRequest('user', null)

    const authenticated = new WeakSet<FastifyRequest>()

    const authenticate: preHandlerAsyncHookHandler = async (request) => {
      if (authenticated.has(request)) return
      authenticated.add(request)
      const credential = credentialOf(request)
      if (!credential) return
      if (credential.source === 'cookie' && isStateChanging(request) && isCrossSite(request)) {
        throw new HttpError(403, AUTH_MESSAGES.crossSite)
      }
      request.user = (await auth.userForToken(credential.token)) ?? null
    }
    app.decorate('authenticate', authenticate)

    app.decorate('requirePermission', (permission: Permission): preHandlerAsyncHookHandler => async function (request, reply) {
      await authenticate.call(this, request, reply)
      if (!request.user) throw new HttpError(401, AUTH_MESSAGES.notSignedIn)
      if (!request.user.permissions.includes(permission)) throw new HttpError(403, AUTH_MESSAGES.forbidden)
    })

    await ensureFirstAdmin(users, app.config.admin, app.log)
  },
  { name: 'auth', dependencies: ['config', 'db', 'limits'] },
)
