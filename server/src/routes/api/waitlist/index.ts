import type { FastifyPluginAsync } from 'fastify'
import {
  cleanWaitlist,
  LEAD_PRODUCTS,
  validateWaitlist,
  WAITLIST_PLANS,
  WAITLIST_ROLES,
  WAITLIST_SOURCES,
} from '@contracts/leads'
import { HttpError } from '../../../http/httpError'
import { bodyErrorResponses, rateLimitedResponse } from '../../../http/schemas'
import {
  choices,
  FORM_BODY_LIMIT,
  formBodyTooLargeResponse,
  honeypotProperty,
  successResponse,
  textProperty,
} from '../../../leads/forms'
import { createWaitlistRepository } from '../../../leads/waitlistRepository'
import { formRateLimit } from '../../../plugins/rateLimit'

export const WAITLIST_JOINED_MESSAGE = "You've been added to our waitlist! We'll notify you when early access is available."

interface JoinBody {
  name?: string
  email?: string
  company?: string
  role?: string
  useCase?: string
  source?: string
  plan?: string
  product?: string
  website?: string
}

/** Loose on purpose: the shared validator, not the schema, gives the messages the form shows. */
const bodySchema = {
  type: 'object',
  properties: {
    name: textProperty('Required; at most 100 characters'),
    email: textProperty('Required; a valid address, at most 254 characters'),
    company: textProperty('Required: company or project name, at most 200 characters'),
    role: textProperty(`Required; one of ${choices(WAITLIST_ROLES)}`),
    useCase: textProperty('Optional; at most 2000 characters'),
    source: textProperty(`Optional answer to 'How did you hear about us?': ${choices(WAITLIST_SOURCES)}`),
    plan: textProperty(`Optional; the plan the signup is for: ${choices(WAITLIST_PLANS)}`),
    product: textProperty(`Optional; the product the signup is for: ${choices(LEAD_PRODUCTS)}`),
    website: honeypotProperty,
  },
  additionalProperties: false,
} as const

const waitlistRoutes: FastifyPluginAsync = async (app) => {
  const signups = createWaitlistRepository(app.db)

  app.post<{ Body: JoinBody }>(
    '/join',
    {
      bodyLimit: FORM_BODY_LIMIT,
      config: { rateLimit: formRateLimit(app.config) },
      schema: {
        tags: ['leads'],
        summary: 'Join the waitlist',
        description:
          'Joining records the time of consent (privacy policy and early-access e-mails). Idempotent: an address already on the list, in any letter case, gets the same answer and its first signup is kept unchanged. Answers 400 with a message per invalid field (the same rules and messages as the waitlist form).',
        body: bodySchema,
        response: {
          200: successResponse('On the waitlist (also when the address already was)'),
          ...bodyErrorResponses,
          413: formBodyTooLargeResponse,
          429: rateLimitedResponse,
        },
      },
    },
    async (request) => {
      const { website = '', ...fields } = request.body
      const errors = validateWaitlist(fields)
      if (Object.keys(errors).length > 0) throw HttpError.invalid(errors)
      // A filled-in honeypot gets the answer a person would, so the bot learns nothing.
      if (website.trim() === '') await signups.join(cleanWaitlist(fields))
      return { success: true, message: WAITLIST_JOINED_MESSAGE }
    },
  )
}

export default waitlistRoutes
