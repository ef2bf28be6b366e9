import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { SuccessMessage } from '@contracts/common'
import { cleanWaitlist, validateWaitlist } from '@contracts/leads'
import { WaitlistBody } from '@contracts/leads/schemas'
import { HttpError } from '../../../http/httpError'
import { bodyErrorResponses, rateLimitedResponse } from '../../../http/schemas'
import { FORM_BODY_LIMIT, formBodyTooLargeResponse } from '../../../leads/forms'
import { formRateLimit } from '../../../plugins/external/rateLimit'

export const WAITLIST_JOINED_MESSAGE = "You've been added to our waitlist! We'll notify you when early access is available."

const waitlistRoutes: FastifyPluginAsync = async (app) => {
  const signups = app.waitlistRepository

  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/join',
    {
      bodyLimit: FORM_BODY_LIMIT,
      config: { rateLimit: formRateLimit(app.config) },
      schema: {
        tags: ['leads'],
        summary: 'Join the waitlist',
        description:
          'Joining records the time of consent (privacy policy and early-access e-mails). Idempotent: an address already on the list, in any letter case, gets the same answer and its first signup is kept unchanged. Answers 400 with a message per invalid field (the same rules and messages as the waitlist form).',
        body: WaitlistBody,
        response: {
          200: SuccessMessage('On the waitlist (also when the address already was)'),
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
