import { mixed, object } from 'yup'
import {
  CONTACT_MESSAGES,
  CONTACT_SUBJECTS,
  EMAIL_PATTERN,
  LEAD_LIMITS,
  MESSAGE_MIN_LENGTH,
  type ContactSubject,
  storableString,
} from '@/shared/lib/validation'

const SUBJECT_VALUES = CONTACT_SUBJECTS.map((subject) => subject.value)

/** The client side of the shared contact rules (the server applies the same ones, with the same messages). */
export const contactSchema = object({
  name: storableString().trim().required(CONTACT_MESSAGES.nameRequired).max(LEAD_LIMITS.name, CONTACT_MESSAGES.nameTooLong),
  email: storableString()
    .trim()
    .required(CONTACT_MESSAGES.emailRequired)
    .max(LEAD_LIMITS.email, CONTACT_MESSAGES.emailTooLong)
    .matches(EMAIL_PATTERN, CONTACT_MESSAGES.emailInvalid),
  company: storableString().trim().max(LEAD_LIMITS.company, CONTACT_MESSAGES.companyTooLong),
  subject: mixed<ContactSubject>().required(CONTACT_MESSAGES.subjectRequired).oneOf(SUBJECT_VALUES, CONTACT_MESSAGES.subjectRequired),
  message: storableString()
    .trim()
    .required(CONTACT_MESSAGES.messageRequired)
    .min(MESSAGE_MIN_LENGTH, CONTACT_MESSAGES.messageTooShort)
    .max(LEAD_LIMITS.message, CONTACT_MESSAGES.messageTooLong),
})

export interface ContactValues {
  name: string
  email: string
  company: string
  subject: ContactSubject | ''
  message: string
  /** The honeypot. */
  website: string
}

/** The order in which the form shows its fields (and focuses the first invalid one). */
export const CONTACT_FIELDS = ['name', 'email', 'company', 'subject', 'message'] as const
