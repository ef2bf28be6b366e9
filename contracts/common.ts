/** Shapes every part of the API shares: the error answer and the plain success answer. */
import type { Static } from 'typebox'
import * as Type from 'typebox/type'

const ErrorBody = Type.Object({
  success: Type.Literal(false),
  message: Type.String(),
  errors: Type.Optional(Type.Object({}, { description: 'A message per invalid field', additionalProperties: Type.String() })),
})
export type ErrorBody = Static<typeof ErrorBody>

/** The body of every error answer, `{ success: false, message, errors? }`, described for one status. */
export const ErrorResponse = (description: string) => ({ ...ErrorBody, description })

const SuccessBody = Type.Object({ success: Type.Literal(true), message: Type.String() })
export type SuccessBody = Static<typeof SuccessBody>

/** A success answer, `{ success: true, message }`, described for one status. */
export const SuccessMessage = (description: string) => ({ ...SuccessBody, description })
