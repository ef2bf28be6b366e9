import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyError, FastifyReply, FastifyRequest, FastifySchemaValidationError } from 'fastify'
import fp from 'fastify-plugin'
import FindMyWay, { type HTTPMethod } from 'find-my-way'
import { HttpError } from '../../http/httpError'
import { DomainError, TooManyError, type DomainErrorCode, type FieldErrors } from '../../lib/errors'

interface ErrorBody {
  success: false
  message: string
  errors?: FieldErrors
}

const fieldOf = (issue: FastifySchemaValidationError, context: string | undefined): string => {
  const path = issue.instancePath.split('/').filter(Boolean)
  const { missingProperty, additionalProperty } = issue.params
  const child = typeof missingProperty === 'string' ? missingProperty : additionalProperty
  if (typeof child === 'string') path.push(child)
  return path.length > 0 ? path.join('.') : (context ?? 'body')
}

const fieldErrors = (error: FastifyError): FieldErrors => {
  const errors: FieldErrors = {}
  for (const issue of error.validation ?? []) {
    const field = fieldOf(issue, error.validationContext)
    errors[field] ??= issue.message ?? 'is invalid'
  }
  return errors
}

const kib = (bytes: number): string => `${Math.round(bytes / 1024)} KiB`

/** The HTTP status of each kind of domain error. */
const DOMAIN_STATUS: Record<DomainErrorCode, number> = { invalid: 400, forbidden: 403, not_found: 404, conflict: 409, too_many: 429 }

const statusOf = (error: FastifyError | HttpError | DomainError): number => {
  if (error instanceof DomainError) return DOMAIN_STATUS[error.code]
  const status = error.statusCode
  return status !== undefined && status >= 400 && status < 600 ? status : 500
}

const errorBody = (message: string): string => JSON.stringify({ success: false, message })

/** find-my-way's default `maxParamLength`, which the app keeps. */
const MAX_PARAM_LENGTH = 100
const PARAM_TOO_LONG = `A path parameter is too long (at most ${MAX_PARAM_LENGTH} characters)`

/**
 * Errors Fastify meets before a route is chosen (a malformed URL, a path parameter over the
 * router's 100-character limit), in the API's error shape.
 */
export const frameworkErrors = (error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void => {
  const [status, message] =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? [414, PARAM_TOO_LONG]
      : error.code === 'FST_ERR_BAD_URL'
        ? [400, 'Malformed URL']
        : [error.statusCode ?? 400, error.message]
  void reply.code(status).type('application/json; charset=utf-8').send(errorBody(message))
}

/**
 * What Node's HTTP parser refuses before Fastify sees a request (an unknown method, a malformed
 * request line, headers over the size limit, a body that did not arrive in time), in the API's
 * error shape; the connection is then closed, as Node does.
 */
export function clientErrorHandler(this: { log: { trace: (obj: object, msg: string) => void } }, error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const [status, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'The request did not arrive in time']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request headers are too large']
        : error.code === 'HPE_INVALID_METHOD'
          ? [400, 'Unknown HTTP method']
          : [400, 'Malformed HTTP request']
  this.log.trace({ err: error }, 'client error')
  // An answer already on its way (a 413 sent while the client still trickles its body) stays the answer.
  const answered = (socket as Socket & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage?.headersSent === true
  if (socket.writable && !answered) {
    const body = errorBody(message)
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    )
  }
  socket.destroy(error)
}

/**
 * One error handler for the whole app: the services' domain errors become their HTTP status, 4xx
 * answers keep their message (and field errors), 5xx answers hide internals and are logged with
 * the request id.
 */
export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError | HttpError | DomainError, request: FastifyRequest, reply: FastifyReply) => {
      const status = statusOf(error)
      let body: ErrorBody

      if (error instanceof DomainError || error instanceof HttpError) {
        if (error instanceof TooManyError) void reply.header('retry-after', String(error.retryAfterSeconds))
        body = { success: false, message: error.message, ...(error.errors && { errors: error.errors }) }
      } else if (error.validation) {
        body = { success: false, message: 'Invalid request', errors: fieldErrors(error) }
      } else if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        body = { success: false, message: `Request body is too large (the limit is ${kib(request.routeOptions.bodyLimit)})` }
      } else if (status < 500) {
        body = { success: false, message: error.message }
      } else {
        body = { success: false, message: 'Internal server error' }
      }

      if (status >= 500) request.log.error({ err: error }, 'request failed')
      return reply.code(status).send(body)
    })

    // Every route but catch-alls, so a known path asked with the wrong method is a 405, not a 404.
    const known = FindMyWay({ ignoreTrailingSlash: true })
    const methods = new Set<HTTPMethod>()
    app.addHook('onRoute', (route) => {
      if (route.url.includes('*')) return
      for (const name of [route.method].flat()) {
        const method = name.toUpperCase() as HTTPMethod
        methods.add(method)
        known.on(method, route.url, () => undefined)
      }
    })

    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?', 1)[0] ?? '/'
      // A path that only misses a route because a segment is over the router's limit (the SPA's
      // catch-all takes such GETs before Fastify can say 414) is a 414 all the same.
      const segments = pathname.split('/')
      if (segments.some((segment) => segment.length > MAX_PARAM_LENGTH)) {
        const shortened = segments.map((segment) => (segment.length > MAX_PARAM_LENGTH ? 'x' : segment)).join('/')
        if ([...methods].some((method) => known.find(method, shortened) !== null)) {
          return reply.code(414).send({ success: false, message: PARAM_TOO_LONG })
        }
      }
      const allowed = [...methods].filter((method) => method !== request.method && known.find(method, pathname) !== null)
      if (allowed.length > 0) {
        return reply
          .code(405)
          .header('allow', allowed.sort().join(', '))
          .send({ success: false, message: `Method ${request.method} is not allowed here; use ${allowed.sort().join(' or ')}` })
      }
      return reply.code(404).send({ success: false, message: 'Not found' })
    })
  },
  { name: 'errors' },
)
