import type { FastifyError, FastifyReply, FastifyRequest, FastifySchemaValidationError } from 'fastify'
import fp from 'fastify-plugin'
import { HttpError, type FieldErrors } from '../http/httpError'

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

const statusOf = (error: FastifyError | HttpError): number => {
  const status = error.statusCode
  return status !== undefined && status >= 400 && status < 600 ? status : 500
}

/**
 * One error handler for the whole app: 4xx answers keep their message (and field errors),
 * 5xx answers hide internals and are logged with the request id.
 */
export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply) => {
      const status = statusOf(error)
      let body: ErrorBody

      if (error instanceof HttpError) {
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

    app.setNotFoundHandler((_request, reply) => reply.code(404).send({ success: false, message: 'Not found' }))
  },
  { name: 'errors' },
)
