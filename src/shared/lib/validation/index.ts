export {
  EMAIL_PATTERN,
  EMAIL_MAX_LENGTH,
  NEWSLETTER_MESSAGES,
  validateNewsletter,
  normalizeEmail,
} from './newsletter'
export type { NewsletterInput, FieldErrors } from './newsletter'
export { LEAD_LIMITS, MESSAGE_MIN_LENGTH } from './fields'
export { LEAD_PRODUCTS, WAITLIST_PLANS, findOption, labelOf } from './products'
export type { LeadProduct, WaitlistPlan, LeadOption } from './products'
export { CONTACT_SUBJECTS, CONTACT_MESSAGES, validateContact, cleanContact } from './contact'
export type { ContactSubject, ContactInput } from './contact'
export { WAITLIST_ROLES, WAITLIST_SOURCES, WAITLIST_MESSAGES, validateWaitlist, cleanWaitlist } from './waitlist'
export type { WaitlistRole, WaitlistSource, WaitlistInput } from './waitlist'
export { TEXT_MESSAGES, isStorableText } from './text'
export { storableString } from './storableString'
