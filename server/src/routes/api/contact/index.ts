import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { SuccessMessage } from '@contracts/common'
import { cleanContact, validateContact } from '@contracts/leads'
import { ContactBody } from '@contracts/leads/schemas'
import { HttpError } from '../../../http/httpError'
import { bodyErrorResponses, rateLimitedResponse } from '../../../http/schemas'
import { FORM_BODY_LIMIT, formBodyTooLargeResponse } from '../../../leads/forms'
import { formRateLimit } from '../../../plugins/external/rateLimit'

export const CONTACT_SENT_MESSAGE = "Your message has been sent successfully. We'll be in touch soon!"

const contactRoutes: FastifyPluginAsync = async (app) => {
  const messages = app.contactRepository

  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '',
    {
      bodyLimit: FORM_BODY_LIMIT,
      config: { rateLimit: formRateLimit(app.config) },
      schema: {
        tags: ['leads'],
        summary: 'Send a contact message',
        description:
          'Text is trimmed before it is checked and stored. Answers 400 with a message per invalid field (the same rules and messages as the contact form).',
        body: ContactBody,
        response: {
          201: SuccessMessage('Sent: the message is stored for the team'),
          ...bodyErrorResponses,
          413: formBodyTooLargeResponse,
          429: rateLimitedResponse,
        },
      },
    },
    async (request, reply) => {
      const { website = '', ...fields } = request.body
      const errors = validateContact(fields)
      if (Object.keys(errors).length > 0) throw HttpError.invalid(errors)
      // A filled-in honeypot gets the answer a person would, so the bot learns nothing.
      if (website.trim() === '') await messages.create(cleanContact(fields))
      return reply.code(201).send({ success: true, message: CONTACT_SENT_MESSAGE })
    },
  )
}

export default contactRoutes
