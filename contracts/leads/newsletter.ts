/**
 * Newsletter rules, shared by the client form (Yup) and the server route so both give the
 * same answer and the same messages.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
export const EMAIL_MAX_LENGTH = 254

export const NEWSLETTER_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  emailTooLong: `Email must be at most ${EMAIL_MAX_LENGTH} characters`,
} as const

export interface NewsletterInput {
  email: string
}

export type FieldErrors<T> = Partial<Record<keyof T, string>>

/** Validates a newsletter subscription; returns field errors, empty when valid. */
export const validateNewsletter = (input: { email?: unknown }): FieldErrors<NewsletterInput> => {
  const email = typeof input.email === 'string' ? input.email.trim() : ''
  if (!email) return { email: NEWSLETTER_MESSAGES.emailRequired }
  if (email.length > EMAIL_MAX_LENGTH) return { email: NEWSLETTER_MESSAGES.emailTooLong }
  if (!EMAIL_PATTERN.test(email)) return { email: NEWSLETTER_MESSAGES.emailInvalid }
  return {}
}

/** The canonical form of an e-mail address for storage and duplicate checks. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase()
