import type { FastifyPluginAsync } from 'fastify'
import { cleanContact, CONTACT_SUBJECTS, LEAD_PRODUCTS, validateContact } from '@contracts/leads'
import { HttpError } from '../../../http/httpError'
import { bodyErrorResponses, rateLimitedResponse } from '../../../http/schemas'
import { createContactRepository } from '../../../leads/contactRepository'
import {
  choices,
  FORM_BODY_LIMIT,
  formBodyTooLargeResponse,
  honeypotProperty,
  successResponse,
  textProperty,
} from '../../../leads/forms'
import { formRateLimit } from '../../../plugins/rateLimit'

export const CONTACT_SENT_MESSAGE = "Your message has been sent successfully. We'll be in touch soon!"

interface ContactBody {
  name?: string
  email?: string
  company?: string
  subject?: string
  message?: string
  product?: string
  website?: string
}

/** Loose on purpose: the shared validator, not the schema, gives the messages the form shows. */
const bodySchema = {
  type: 'object',
  properties: {
    name: textProperty('Required; at most 100 characters'),
    email: textProperty('Required; a valid address, at most 254 characters'),
    company: textProperty('Optional; at most 200 characters'),
    subject: textProperty(`Required; one of ${choices(CONTACT_SUBJECTS)}`),
    message: textProperty('Required; 10 to 5000 characters'),
    product: textProperty(`Optional; what the message is about: ${choices(LEAD_PRODUCTS)}`),
    website: honeypotProperty,
  },
  additionalProperties: false,
} as const

const contactRoutes: FastifyPluginAsync = async (app) => {
  const messages = createContactRepository(app.db)

  app.post<{ Body: ContactBody }>(
    '',
    {
      bodyLimit: FORM_BODY_LIMIT,
      config: { rateLimit: formRateLimit(app.config) },
      schema: {
        tags: ['leads'],
        summary: 'Send a contact message',
        description:
          'Text is trimmed before it is checked and stored. Answers 400 with a message per invalid field (the same rules and messages as the contact form).',
        body: bodySchema,
        response: {
          201: successResponse('Sent: the message is stored for the team'),
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
