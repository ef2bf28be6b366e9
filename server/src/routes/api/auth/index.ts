import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyPluginAsync } from 'fastify'
import { LoginBody, Me, SignedIn, SignedOut } from '@contracts/auth'
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, normalizeEmail } from '@contracts/leads'
import { REMEMBERED_SESSION_TTL_MS } from '../../../auth/authService'
import { clearSessionCookie, credentialOf, credentialsOf, isCrossSite, setSessionCookie } from '../../../auth/http'
import { AUTH_MESSAGES } from '../../../auth/messages'
import { PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES, PasswordHasherBusyError, passwordLength } from '../../../auth/password'
import { crossSiteResponse, notSignedInResponse, sessionSecurity } from '../../../auth/schemas'
import { HttpError, type FieldErrors } from '../../../http/httpError'
import { bodyErrorResponses, errorResponse } from '../../../http/schemas'

export const LOGIN_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
} as const

const validateLogin = ({ email = '', password = '' }: LoginBody): FieldErrors => {
  const errors: FieldErrors = {}
  const address = email.trim()
  if (!address) errors.email = LOGIN_MESSAGES.emailRequired
  else if (address.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(address)) errors.email = LOGIN_MESSAGES.emailInvalid
  // Short passwords are simply wrong (no account has one); long ones are refused unhashed.
  if (password === '') errors.password = PASSWORD_MESSAGES.required
  else if (passwordLength(password) > PASSWORD_MAX_LENGTH) errors.password = PASSWORD_MESSAGES.tooLong
  return errors
}

const REMEMBER_SECONDS = REMEMBERED_SESSION_TTL_MS / 1000

const authRoutes: FastifyPluginAsync = async (app) => {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>()

  routes.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in',
        description:
          'One generic 401 for an unknown e-mail, a wrong password or a disabled account. Failed attempts are ' +
          'limited per client IP and per account (429 with Retry-After).',
        body: LoginBody,
        response: {
          200: SignedIn,
          ...bodyErrorResponses,
          401: errorResponse('Invalid email or password'),
          403: crossSiteResponse,
          429: errorResponse('Too many failed sign-ins; see the Retry-After header'),
          503: errorResponse('Too many sign-ins at once; try again shortly'),
        },
      },
    },
    async (request, reply) => {
      // Login CSRF: another site must not sign a browser in to an account of its choosing.
      if (isCrossSite(request)) throw new HttpError(403, AUTH_MESSAGES.crossSite)
      const errors = validateLogin(request.body)
      if (Object.keys(errors).length > 0) throw HttpError.invalid(errors)
      const email = normalizeEmail(request.body.email ?? '')
      const { password = '', remember = false } = request.body

      const attempt = await app.loginLimiter.attempt(request.ip, email)
      if (!attempt.allowed) {
        request.log.warn({ email, retryAfter: attempt.retryAfterSeconds }, 'sign-in refused: too many failed attempts')
        reply.header('retry-after', String(attempt.retryAfterSeconds))
        throw new HttpError(429, AUTH_MESSAGES.tooManyAttempts(attempt.retryAfterSeconds))
      }

      let result: Awaited<ReturnType<typeof app.auth.signIn>>
      try {
        result = await app.auth.signIn(email, password, remember)
      } catch (error) {
        await attempt.abandoned()
        if (error instanceof PasswordHasherBusyError) throw new HttpError(503, AUTH_MESSAGES.busy)
        throw error
      }
      if (!result) {
        await attempt.failed()
        request.log.info({ email }, 'sign-in failed')
        throw new HttpError(401, AUTH_MESSAGES.invalidCredentials)
      }
      await attempt.succeeded()
      request.log.info({ userId: result.user.id }, 'signed in')

      // The browser's previous session (if any) ends: one cookie, one session.
      const previous = credentialOf(request)
      if (previous?.source === 'cookie') await app.auth.signOut(previous.token)

      setSessionCookie(request, reply, result.token, remember ? REMEMBER_SECONDS : undefined)
      return { success: true as const, data: { user: result.user, token: result.token } }
    },
  )

  routes.get(
    '/me',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        security: sessionSecurity,
        response: { 200: Me, 401: notSignedInResponse, 500: bodyErrorResponses[500] },
      },
    },
    async (request) => {
      if (!request.user) throw new HttpError(401, AUTH_MESSAGES.notSignedIn)
      return { success: true as const, data: request.user }
    },
  )

  routes.post(
    '/logout',
    {
      // Refuses a cookie-authenticated sign-out from another site (403), like any state change.
      preHandler: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Sign out',
        description: 'Revokes the session of the bearer token and/or the cookie, and clears the cookie.',
        security: sessionSecurity,
        response: { 200: SignedOut, 403: crossSiteResponse, 500: bodyErrorResponses[500] },
      },
    },
    async (request, reply) => {
      for (const credential of credentialsOf(request)) await app.auth.signOut(credential.token)
      clearSessionCookie(request, reply)
      return { success: true as const }
    },
  )
}

export default authRoutes
