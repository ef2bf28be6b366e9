/**
 * The lead forms' requests. The bodies are loose on purpose: the rules in this folder (the same
 * the forms apply with Yup) give the messages the forms show, per field; the schemas bound the
 * work and document the fields.
 */
import type { Static } from 'typebox'
import * as Type from 'typebox/type'
import { CONTACT_SUBJECTS } from './contact'
import { choices, LEAD_PRODUCTS, WAITLIST_PLANS } from './products'
import { WAITLIST_ROLES, WAITLIST_SOURCES } from './waitlist'

/** The honeypot: hidden from people and assistive technology, so only bots fill it in. */
export const Honeypot = Type.String({
  maxLength: 1000,
  description: 'Leave empty (bot trap). When filled, the answer is the usual success and nothing is stored.',
})

const text = (description: string) => Type.Optional(Type.String({ description }))

export const NewsletterBody = Type.Object(
  {
    email: Type.Optional(Type.String({ maxLength: 1000, description: 'The address to subscribe' })),
    website: Type.Optional(Type.String({ maxLength: 1000, description: 'Leave empty (bot trap)' })),
  },
  { additionalProperties: false },
)
export type NewsletterBody = Static<typeof NewsletterBody>

export const ContactBody = Type.Object(
  {
    name: text('Required; at most 100 characters'),
    email: text('Required; a valid address, at most 254 characters'),
    company: text('Optional; at most 200 characters'),
    subject: text(`Required; one of ${choices(CONTACT_SUBJECTS)}`),
    message: text('Required; 10 to 5000 characters'),
    product: text(`Optional; what the message is about: ${choices(LEAD_PRODUCTS)}`),
    website: Type.Optional(Honeypot),
  },
  { additionalProperties: false },
)
export type ContactBody = Static<typeof ContactBody>

export const WaitlistBody = Type.Object(
  {
    name: text('Required; at most 100 characters'),
    email: text('Required; a valid address, at most 254 characters'),
    company: text('Required: company or project name, at most 200 characters'),
    role: text(`Required; one of ${choices(WAITLIST_ROLES)}`),
    useCase: text('Optional; at most 2000 characters'),
    source: text(`Optional answer to 'How did you hear about us?': ${choices(WAITLIST_SOURCES)}`),
    plan: text(`Optional; the plan the signup is for: ${choices(WAITLIST_PLANS)}`),
    product: text(`Optional; the product the signup is for: ${choices(LEAD_PRODUCTS)}`),
    website: Type.Optional(Honeypot),
  },
  { additionalProperties: false },
)
export type WaitlistBody = Static<typeof WaitlistBody>
