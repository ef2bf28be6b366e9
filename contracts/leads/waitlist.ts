/**
 * Waitlist rules, shared by the client form (Yup) and `POST /api/waitlist/join`, so both give the
 * same answer with the same messages (spec section 5).
 */
import { compact, emailProblem, FORM_EMAIL_MESSAGES, LEAD_LIMITS, optionalChoice, textOf } from './fields'
import type { FieldErrors } from './newsletter'
import { findOption, LEAD_PRODUCTS, WAITLIST_PLANS, type LeadProduct, type WaitlistPlan } from './products'

export const WAITLIST_ROLES = [
  { value: 'developer', label: 'Developer' },
  { value: 'tech_lead', label: 'Tech Lead' },
  { value: 'architect', label: 'Software Architect' },
  { value: 'director', label: 'Engineering Director' },
  { value: 'cto', label: 'CTO' },
  { value: 'other', label: 'Other' },
] as const

export type WaitlistRole = (typeof WAITLIST_ROLES)[number]['value']

/** Answers to 'How did you hear about us?', sent as `source`. */
export const WAITLIST_SOURCES = [
  { value: 'search', label: 'Search engine' },
  { value: 'social', label: 'Social media' },
  { value: 'recommendation', label: 'Recommendation' },
  { value: 'conference', label: 'Conference or event' },
  { value: 'publication', label: 'Article or publication' },
  { value: 'other', label: 'Other' },
] as const

export type WaitlistSource = (typeof WAITLIST_SOURCES)[number]['value']

export const WAITLIST_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${LEAD_LIMITS.name} characters`,
  ...FORM_EMAIL_MESSAGES,
  companyRequired: 'Company or project name is required',
  companyTooLong: `Company or project name must be at most ${LEAD_LIMITS.company} characters`,
  roleRequired: 'Role is required',
  useCaseTooLong: `Use case must be at most ${LEAD_LIMITS.useCase} characters`,
  sourceUnknown: 'Please choose one of the listed options',
  planUnknown: 'Unknown plan',
  productUnknown: 'Unknown product',
} as const

/** A waitlist signup as stored: trimmed text; optional answers only when given. */
export interface WaitlistInput {
  name: string
  email: string
  company: string
  role: WaitlistRole
  useCase: string
  source?: WaitlistSource
  /** From the page's `?plan=`. */
  plan?: WaitlistPlan
  /** From the page's `?product=`. */
  product?: LeadProduct
}

export type WaitlistFields = Record<keyof WaitlistInput, unknown>

/** Validates a waitlist signup; returns a message per invalid field, empty when valid. */
export const validateWaitlist = (input: Partial<WaitlistFields>): FieldErrors<WaitlistInput> => {
  const name = textOf(input.name)
  const company = textOf(input.company)
  return compact({
    name: !name ? WAITLIST_MESSAGES.nameRequired : name.length > LEAD_LIMITS.name ? WAITLIST_MESSAGES.nameTooLong : undefined,
    email: emailProblem(input.email),
    company: !company
      ? WAITLIST_MESSAGES.companyRequired
      : company.length > LEAD_LIMITS.company
        ? WAITLIST_MESSAGES.companyTooLong
        : undefined,
    role: findOption(WAITLIST_ROLES, input.role) ? undefined : WAITLIST_MESSAGES.roleRequired,
    useCase: textOf(input.useCase).length > LEAD_LIMITS.useCase ? WAITLIST_MESSAGES.useCaseTooLong : undefined,
    source: optionalChoice(WAITLIST_SOURCES, input.source, WAITLIST_MESSAGES.sourceUnknown),
    plan: optionalChoice(WAITLIST_PLANS, input.plan, WAITLIST_MESSAGES.planUnknown),
    product: optionalChoice(LEAD_PRODUCTS, input.product, WAITLIST_MESSAGES.productUnknown),
  })
}

/**
 * The stored form of a signup `validateWaitlist` accepted. Throws if it was not valid, so nothing
 * unchecked reaches the database.
 */
export const cleanWaitlist = (input: Partial<WaitlistFields>): WaitlistInput => {
  const role = findOption(WAITLIST_ROLES, input.role)
  if (!role || Object.keys(validateWaitlist(input)).length > 0) throw new Error('cleanWaitlist needs a valid signup')
  const source = findOption(WAITLIST_SOURCES, input.source)
  const plan = findOption(WAITLIST_PLANS, input.plan)
  const product = findOption(LEAD_PRODUCTS, input.product)
  return {
    name: textOf(input.name),
    email: textOf(input.email),
    company: textOf(input.company),
    role: role.value,
    useCase: textOf(input.useCase),
    ...(source && { source: source.value }),
    ...(plan && { plan: plan.value }),
    ...(product && { product: product.value }),
  }
}
