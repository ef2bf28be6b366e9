import { object, string } from 'yup'
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, NEWSLETTER_MESSAGES } from '@/shared/lib/validation'

/** The client side of the shared newsletter rules (the server applies the same ones). */
export const newsletterSchema = object({
  email: string()
    .trim()
    .required(NEWSLETTER_MESSAGES.emailRequired)
    .max(EMAIL_MAX_LENGTH, NEWSLETTER_MESSAGES.emailTooLong)
    .matches(EMAIL_PATTERN, NEWSLETTER_MESSAGES.emailInvalid),
})
