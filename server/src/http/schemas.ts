import * as Type from 'typebox/type'
import { ErrorResponse } from '@contracts/common'

/** The body of every error answer: `{ success: false, message, errors? }`. */
export const errorResponse = ErrorResponse

/** The error answers any route with a JSON body can give, besides its own. */
export const bodyErrorResponses = {
  400: errorResponse('Invalid input; `errors` names each invalid field'),
  413: errorResponse('Request body too large'),
  415: errorResponse('Unsupported content type'),
  500: errorResponse('Internal server error'),
} as const

/**
 * A route's own 500 body (a build that failed), or that of any other 500: an unexpected failure
 * (a database gone) answers `Internal server error`, not a body the route's schema cannot write.
 */
export const orInternalError = <S extends Type.TSchema & { description?: string }>(schema: S) => Type.Union([schema, bodyErrorResponses[500]], { description: schema.description })

export const rateLimitedResponse = errorResponse('Too many requests; see the Retry-After header')
