import { mixed, object } from 'yup'
import {
  EMAIL_PATTERN,
  LEAD_LIMITS,
  WAITLIST_MESSAGES,
  WAITLIST_ROLES,
  WAITLIST_SOURCES,
  type WaitlistRole,
  type WaitlistSource,
  storableString,
} from '@/shared/lib/validation'

const ROLE_VALUES = WAITLIST_ROLES.map((role) => role.value)
const SOURCE_VALUES = WAITLIST_SOURCES.map((source) => source.value)

/** The client side of the shared waitlist rules (the server applies the same ones, with the same messages). */
export const waitlistSchema = object({
  name: storableString().trim().required(WAITLIST_MESSAGES.nameRequired).max(LEAD_LIMITS.name, WAITLIST_MESSAGES.nameTooLong),
  email: storableString()
    .trim()
    .required(WAITLIST_MESSAGES.emailRequired)
    .max(LEAD_LIMITS.email, WAITLIST_MESSAGES.emailTooLong)
    .matches(EMAIL_PATTERN, WAITLIST_MESSAGES.emailInvalid),
  company: storableString()
    .trim()
    .required(WAITLIST_MESSAGES.companyRequired)
    .max(LEAD_LIMITS.company, WAITLIST_MESSAGES.companyTooLong),
  role: mixed<WaitlistRole>().required(WAITLIST_MESSAGES.roleRequired).oneOf(ROLE_VALUES, WAITLIST_MESSAGES.roleRequired),
  useCase: storableString().trim().max(LEAD_LIMITS.useCase, WAITLIST_MESSAGES.useCaseTooLong),
  hear: mixed<WaitlistSource>().oneOf(SOURCE_VALUES, WAITLIST_MESSAGES.sourceUnknown),
})

export interface WaitlistValues {
  name: string
  email: string
  company: string
  role: WaitlistRole | ''
  useCase: string
  /** 'How did you hear about us?', sent as `source`. */
  hear: WaitlistSource | ''
  /** The honeypot. */
  website: string
}

export const EMPTY_WAITLIST_VALUES: WaitlistValues = {
  name: '',
  email: '',
  company: '',
  role: '',
  useCase: '',
  hear: '',
  website: '',
}

/** The order in which the form shows its fields (and focuses the first invalid one). */
export const WAITLIST_FIELDS = ['name', 'email', 'company', 'role', 'useCase', 'hear'] as const
