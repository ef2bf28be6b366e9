/** Messages per field, as a form shows them next to its inputs. */
export type FieldErrors = Record<string, string>

/** What kind of refusal a domain error is; the error handler turns each into its HTTP status. */
export type DomainErrorCode = 'invalid' | 'forbidden' | 'not_found' | 'conflict' | 'too_many'

/**
 * A refusal of the domain's, whose message is meant for the person who asked (nothing internal
 * in it). Services throw these and know nothing of HTTP; one error handler maps them to statuses.
 */
export class DomainError extends Error {
  override name = 'DomainError'

  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly errors?: FieldErrors,
  ) {
    super(message)
  }
}

/** The request is malformed or breaks a rule: `errors` says which field, when one does. */
export class InvalidError extends DomainError {
  constructor(message: string, errors?: FieldErrors) {
    super('invalid', message, errors)
  }
}

/** The asker may not do this. */
export class ForbiddenError extends DomainError {
  constructor(message: string) {
    super('forbidden', message)
  }
}

/** Nothing of the asker's by that name or id. */
export class NotFoundError extends DomainError {
  constructor(message: string) {
    super('not_found', message)
  }
}

/** It clashes with what exists or is under way (a busy session, a taken id). */
export class ConflictError extends DomainError {
  constructor(message: string) {
    super('conflict', message)
  }
}

/** Over a rate limit; `retryAfterSeconds` says when to try again. */
export class TooManyError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('too_many', message)
  }
}
