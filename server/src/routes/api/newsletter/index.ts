import type { FastifyPluginAsync } from 'fastify'
import { validateNewsletter } from '@contracts/leads'
import { HttpError } from '../../../http/httpError'
import { bodyErrorResponses, rateLimitedResponse } from '../../../http/schemas'
import { createNewsletterRepository } from '../../../leads/newsletterRepository'
import { formRateLimit } from '../../../plugins/rateLimit'

export const SUBSCRIBED_MESSAGE = "Thanks for subscribing! You'll hear from us soon."

interface NewsletterBody {
  email?: string
  /** A honeypot: hidden from people, so only bots fill it in. */
  website?: string
}

/** Loose on purpose: the shared validator, not the schema, gives the messages the form shows. */
const bodySchema = {
  type: 'object',
  properties: {
    email: { type: 'string', maxLength: 1000, description: 'The address to subscribe' },
    website: { type: 'string', maxLength: 1000, description: 'Leave empty (bot trap)' },
  },
  additionalProperties: false,
} as const

const subscribedSchema = {
  description: 'Subscribed, or already subscribed: the answer is the same',
  type: 'object',
  required: ['success', 'message'],
  properties: {
    success: { type: 'boolean', const: true },
    message: { type: 'string' },
  },
} as const

const newsletterRoutes: FastifyPluginAsync = async (app) => {
  const subscriptions = createNewsletterRepository(app.db)

  app.post<{ Body: NewsletterBody }>(
    '',
    {
      config: { rateLimit: formRateLimit(app.config) },
      schema: {
        tags: ['leads'],
        summary: 'Subscribe to the newsletter',
        description: 'Idempotent: subscribing an address again answers the same and stores nothing new.',
        body: bodySchema,
        response: { 200: subscribedSchema, ...bodyErrorResponses, 429: rateLimitedResponse },
      },
    },
    async (request) => {
      const { email = '', website = '' } = request.body
      const errors = validateNewsletter({ email })
      if (Object.keys(errors).length > 0) throw HttpError.invalid(errors)
      // A filled-in honeypot gets the answer a person would, so the bot learns nothing.
      if (website.trim() === '') await subscriptions.subscribe(email)
      return { success: true, message: SUBSCRIBED_MESSAGE }
    },
  )
}

export default newsletterRoutes
