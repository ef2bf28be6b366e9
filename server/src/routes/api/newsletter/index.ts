import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { SuccessMessage } from '@contracts/common'
import { validateNewsletter } from '@contracts/leads'
import { NewsletterBody } from '@contracts/leads/schemas'
import { HttpError } from '../../../http/httpError'
import { bodyErrorResponses, rateLimitedResponse } from '../../../http/schemas'
import { formRateLimit } from '../../../plugins/external/rateLimit'

export const SUBSCRIBED_MESSAGE = "Thanks for subscribing! You'll hear from us soon."

const newsletterRoutes: FastifyPluginAsync = async (app) => {
  const subscriptions = app.newsletterRepository

  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '',
    {
      config: { rateLimit: formRateLimit(app.config) },
      schema: {
        tags: ['leads'],
        summary: 'Subscribe to the newsletter',
        description: 'Idempotent: subscribing an address again answers the same and stores nothing new.',
        body: NewsletterBody,
        response: { 200: SuccessMessage('Subscribed, or already subscribed: the answer is the same'), ...bodyErrorResponses, 429: rateLimitedResponse },
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
