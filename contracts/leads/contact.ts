/**
 * Contact form rules, shared by the client form (Yup) and `POST /api/contact`, so both give the
 * same answer with the same messages (spec section 5).
 */
import { compact, emailProblem, FORM_EMAIL_MESSAGES, LEAD_LIMITS, MESSAGE_MIN_LENGTH, optionalChoice, textOf } from './fields'
import type { FieldErrors } from './newsletter'
import { findOption, LEAD_PRODUCTS, type LeadProduct } from './products'

export const CONTACT_SUBJECTS = [
  { value: 'overseer_info', label: 'Overseer information' },
  { value: 'waitlist', label: 'Waitlist' },
  { value: 'technical', label: 'Technical support' },
  { value: 'demo', label: 'Request a demo' },
  { value: 'careers', label: 'Careers' },
] as const

export type ContactSubject = (typeof CONTACT_SUBJECTS)[number]['value']

export const CONTACT_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${LEAD_LIMITS.name} characters`,
  ...FORM_EMAIL_MESSAGES,
  companyTooLong: `Company must be at most ${LEAD_LIMITS.company} characters`,
  subjectRequired: 'Please select a subject',
  messageRequired: 'Message is required',
  messageTooShort: `Message must be at least ${MESSAGE_MIN_LENGTH} characters`,
  messageTooLong: `Message must be at most ${LEAD_LIMITS.message} characters`,
  productUnknown: 'Unknown product',
} as const

/** A contact message as stored: trimmed text, an empty company when none was given. */
export interface ContactInput {
  name: string
  email: string
  company: string
  subject: ContactSubject
  message: string
  /** What the message is about, from the page's `?product=`. */
  product?: LeadProduct
}

export type ContactFields = Record<keyof ContactInput, unknown>

/** Validates a contact message; returns a message per invalid field, empty when valid. */
export const validateContact = (input: Partial<ContactFields>): FieldErrors<ContactInput> => {
  const name = textOf(input.name)
  const company = textOf(input.company)
  const message = textOf(input.message)
  return compact({
    name: !name ? CONTACT_MESSAGES.nameRequired : name.length > LEAD_LIMITS.name ? CONTACT_MESSAGES.nameTooLong : undefined,
    email: emailProblem(input.email),
    company: company.length > LEAD_LIMITS.company ? CONTACT_MESSAGES.companyTooLong : undefined,
    subject: findOption(CONTACT_SUBJECTS, input.subject) ? undefined : CONTACT_MESSAGES.subjectRequired,
    message: !message
      ? CONTACT_MESSAGES.messageRequired
      : message.length < MESSAGE_MIN_LENGTH
        ? CONTACT_MESSAGES.messageTooShort
        : message.length > LEAD_LIMITS.message
          ? CONTACT_MESSAGES.messageTooLong
          : undefined,
    product: optionalChoice(LEAD_PRODUCTS, input.product, CONTACT_MESSAGES.productUnknown),
  })
}

/**
 * The stored form of a message `validateContact` accepted: trimmed, the product only when given.
 * Throws if it was not valid, so nothing unchecked reaches the database.
 */
export const cleanContact = (input: Partial<ContactFields>): ContactInput => {
  const subject = findOption(CONTACT_SUBJECTS, input.subject)
  if (!subject || Object.keys(validateContact(input)).length > 0) throw new Error('cleanContact needs a valid message')
  const product = findOption(LEAD_PRODUCTS, input.product)
  return {
    name: textOf(input.name),
    email: textOf(input.email),
    company: textOf(input.company),
    subject: subject.value,
    message: textOf(input.message),
    ...(product && { product: product.value }),
  }
}
