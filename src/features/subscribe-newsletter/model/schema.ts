import { object } from 'yup'
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, NEWSLETTER_MESSAGES, storableString } from '@/shared/lib/validation'

/** The client side of the shared newsletter rules (the server applies the same ones). */
export const newsletterSchema = object({
  email: storableString()
    .trim()
    .required(NEWSLETTER_MESSAGES.emailRequired)
    .max(EMAIL_MAX_LENGTH, NEWSLETTER_MESSAGES.emailTooLong)
    .matches(EMAIL_PATTERN, NEWSLETTER_MESSAGES.emailInvalid),
})
