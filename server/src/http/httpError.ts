import type { FieldErrors } from '../lib/errors'

export type { FieldErrors }

/** An error whose status and message are meant for the client, unlike an unexpected failure. */
export class HttpError extends Error {
  override name = 'HttpError'

  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
  ) {
    super(message)
  }

  /** A 400 carrying field errors; its message is the first field's, as the form shows it. */
  static invalid(errors: FieldErrors): HttpError {
    const [first] = Object.values(errors)
    return new HttpError(400, first ?? 'Invalid request', errors)
  }
}
