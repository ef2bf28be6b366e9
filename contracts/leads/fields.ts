import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from './newsletter'

/**
 * Length caps of the contact and waitlist fields, applied to the trimmed text. The forms show
 * the same messages as the server, which refuses longer values.
 */
export const LEAD_LIMITS = {
  name: 100,
  email: EMAIL_MAX_LENGTH,
  company: 200,
  message: 5000,
  useCase: 2000,
} as const

/** The contact form's minimum message length (spec section 9). */
export const MESSAGE_MIN_LENGTH = 10

/** The e-mail messages of the contact and waitlist forms (the newsletter's differ slightly). */
export const FORM_EMAIL_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email',
  emailTooLong: `Email must be at most ${LEAD_LIMITS.email} characters`,
} as const

/** A submitted value as trimmed text; anything that is not a string counts as empty. */
export const textOf = (value: unknown): string => (typeof value === 'string' ? value.trim() : '')

/** The first problem with a form e-mail address, or undefined. */
export const emailProblem = (value: unknown): string | undefined => {
  const email = textOf(value)
  if (!email) return FORM_EMAIL_MESSAGES.emailRequired
  if (email.length > LEAD_LIMITS.email) return FORM_EMAIL_MESSAGES.emailTooLong
  if (!EMAIL_PATTERN.test(email)) return FORM_EMAIL_MESSAGES.emailInvalid
  return undefined
}

/** Drops the fields without a problem, so an empty object means valid. */
export const compact = <K extends string>(errors: Record<K, string | undefined>): Partial<Record<K, string>> => {
  const result: Partial<Record<K, string>> = {}
  for (const key of Object.keys(errors) as K[]) {
    const message = errors[key]
    if (message !== undefined) result[key] = message
  }
  return result
}

/** An optional choice: absent or empty is fine, anything else must be one of `options`. */
export const optionalChoice = (options: readonly { value: string }[], value: unknown, message: string): string | undefined =>
  value === undefined || value === '' || (typeof value === 'string' && options.some((option) => option.value === value))
    ? undefined
    : message
