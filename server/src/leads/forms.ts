import { errorResponse } from '../http/schemas'

/**
 * The largest contact or waitlist submission accepted: room for the longest message (5000
 * characters, up to 4 bytes each in UTF-8) and the other fields, well under the app's 64 KiB.
 */
export const FORM_BODY_LIMIT = 32 * 1024

/** The honeypot: hidden from people and assistive technology, so only bots fill it in. */
export const honeypotProperty = {
  type: 'string',
  maxLength: 1000,
  description: 'Leave empty (bot trap). When filled, the answer is the usual success and nothing is stored.',
} as const

/** A loose text field: the shared validator, not the schema, gives the messages the form shows. */
export const textProperty = (description: string) => ({ type: 'string', description }) as const

/** A success answer: `{ success: true, message }`. */
export const successResponse = (description: string) =>
  ({
    description,
    type: 'object',
    required: ['success', 'message'],
    properties: {
      success: { type: 'boolean', const: true },
      message: { type: 'string' },
    },
  }) as const

export const formBodyTooLargeResponse = errorResponse(`Request body too large (the limit is ${FORM_BODY_LIMIT / 1024} KiB)`)

/** The values of `options` for a description: "a, b or c". */
export const choices = (options: readonly { value: string }[]): string => {
  const values = options.map((option) => option.value)
  return values.length > 1 ? `${values.slice(0, -1).join(', ')} or ${values.at(-1)}` : (values[0] ?? '')
}
