import type { FastifySchemaCompiler } from 'fastify'
import type { TSchema } from 'typebox'
import { Compile } from 'typebox/compile'
import { MAX_MESSAGE_LENGTH, MAX_MESSAGES, MAX_MODEL_LENGTH, type ChatBody } from '@contracts/chat'
import { isRecord } from '@contracts/check'
import { HttpError } from '../http/httpError'
import type { ChatMessage } from '../llm/types'
import { inputProblem } from '../plugins/app/input'

export { MAX_MESSAGE_LENGTH, MAX_MESSAGES, MAX_MODEL_LENGTH } from '@contracts/chat'

/** What the chat endpoints answer for bad input; the client shows them as they are. */
export const CHAT_MESSAGES = {
  malformed: 'Invalid request: expected a JSON object with `messages` (a list of {role, content}) and `model`',
  messagesMissing: 'messages must be a non-empty list of {role, content}',
  tooManyMessages: `Too many messages: at most ${MAX_MESSAGES} per request (continue a stored conversation with conversationId instead)`,
  role: (index: number) => `messages[${index}].role must be 'user' or 'assistant'`,
  content: (index: number) => `messages[${index}].content must be a string`,
  tooLong: (index: number, length: number) =>
    `Message ${index + 1} is too long: ${length.toLocaleString('en-US')} characters, at most ${MAX_MESSAGE_LENGTH.toLocaleString('en-US')}`,
  lastNotUser: 'The last message must be the user’s question',
  blank: 'Message cannot be empty',
  model: 'model must be a model name from GET /api/overseer-dev/models',
  unknownModel: (name: string) => `Unknown model: ${name}`,
  sessionId: 'sessionId must be a UUID',
  conversationId: 'conversationId must be a UUID',
  conversationNotFound: 'Conversation not found',
  conversationBusy: 'This conversation is still answering a message. Wait for it, or stop it first.',
  sessionBusy: 'A reply is already being generated for this sessionId',
  stopUnconfirmed: 'The stop could not be confirmed: the server running the build did not answer in time. Try again.',
  sessionTaken: 'This sessionId is already in use: generate a new one for each message',
  rateLimited: (seconds: number) => `Too many messages. Please wait ${seconds} seconds before sending another.`,
  replyNotFound: 'No reply is being generated for this session',
  replaceFrom: 'replaceFrom must be the position of a user message in the conversation (an integer from 0)',
  replaceFromWithoutConversation: 'replaceFrom needs the conversationId of the conversation to edit',
  notUserMessage: (position: number) => `There is no user message at position ${position} of this conversation`,
  sessionNotFound: 'No such session of yours',
} as const

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value)

export interface ChatInput {
  messages: ChatMessage[]
  /** Undefined: the current default model. */
  model: string | undefined
  /** Undefined when the client sent none (a random one is used; nothing can follow it then). */
  sessionId: string | undefined
  conversationId: string | undefined
  /** Edit and resend (or regenerate): the stored user message this question replaces, with every later turn. */
  replaceFrom: number | undefined
}

/**
 * The first problem of a chat request body, with a message that says what to fix, in the order a
 * reader fixes them; undefined when there is none.
 */
const problemOf = (body: unknown): HttpError | undefined => {
  if (!isRecord(body)) return new HttpError(400, CHAT_MESSAGES.malformed)
  const { messages, model, sessionId, conversationId, replaceFrom } = body
  if (!Array.isArray(messages) || messages.length === 0) return new HttpError(400, CHAT_MESSAGES.messagesMissing, { messages: CHAT_MESSAGES.messagesMissing })
  if (messages.length > MAX_MESSAGES) return new HttpError(400, CHAT_MESSAGES.tooManyMessages, { messages: CHAT_MESSAGES.tooManyMessages })

  for (const [index, message] of (messages as unknown[]).entries()) {
    if (!isRecord(message) || (message.role !== 'user' && message.role !== 'assistant')) {
      return new HttpError(400, CHAT_MESSAGES.role(index), { [`messages.${index}.role`]: CHAT_MESSAGES.role(index) })
    }
    if (typeof message.content !== 'string') {
      return new HttpError(400, CHAT_MESSAGES.content(index), { [`messages.${index}.content`]: CHAT_MESSAGES.content(index) })
    }
    if (message.content.length > MAX_MESSAGE_LENGTH) {
      const text = CHAT_MESSAGES.tooLong(index, message.content.length)
      return new HttpError(400, text, { [`messages.${index}.content`]: text })
    }
  }

  const last = messages.at(-1) as ChatMessage
  if (last.role !== 'user') return new HttpError(400, CHAT_MESSAGES.lastNotUser, { messages: CHAT_MESSAGES.lastNotUser })
  if (last.content.trim() === '') return new HttpError(400, CHAT_MESSAGES.blank, { [`messages.${messages.length - 1}.content`]: CHAT_MESSAGES.blank })

  if (model !== undefined && (typeof model !== 'string' || model.trim() === '' || model.length > MAX_MODEL_LENGTH)) {
    return new HttpError(400, CHAT_MESSAGES.model, { model: CHAT_MESSAGES.model })
  }
  if (sessionId !== undefined && !isUuid(sessionId)) return new HttpError(400, CHAT_MESSAGES.sessionId, { sessionId: CHAT_MESSAGES.sessionId })
  if (conversationId !== undefined && conversationId !== null && !isUuid(conversationId)) {
    return new HttpError(400, CHAT_MESSAGES.conversationId, { conversationId: CHAT_MESSAGES.conversationId })
  }
  if (replaceFrom !== undefined) {
    if (typeof replaceFrom !== 'number' || !Number.isInteger(replaceFrom) || replaceFrom < 0 || replaceFrom > 1_000_000) {
      return new HttpError(400, CHAT_MESSAGES.replaceFrom, { replaceFrom: CHAT_MESSAGES.replaceFrom })
    }
    if (conversationId === undefined || conversationId === null) {
      return new HttpError(400, CHAT_MESSAGES.replaceFromWithoutConversation, { replaceFrom: CHAT_MESSAGES.replaceFromWithoutConversation })
    }
  }
  return undefined
}

/** Why a body the schema refused is refused: the rules every input follows first (as for a body it accepts), then the chat's own. */
const refusalOf = (body: unknown): HttpError => {
  const input = inputProblem(body, 'body')
  if (input) return HttpError.invalid({ [input.field]: input.message })
  return problemOf(body) ?? new HttpError(400, CHAT_MESSAGES.malformed)
}

/**
 * The chat endpoints' body validator: the contract's schema, checked as it is (nothing coerced: a
 * number is not a message), and a body it refuses answered with the message of its first problem.
 */
export const chatBodyValidator: FastifySchemaCompiler<TSchema> = ({ schema }) => {
  const validator = Compile(schema)
  return (body: unknown) => (validator.Check(body) ? true : { error: refusalOf(body) })
}

/**
 * A body the schema accepted, checked for what JSON Schema cannot say (the last message is a
 * question that is not blank), as what the services take.
 */
export const parseChatInput = (body: ChatBody): ChatInput => {
  const problem = problemOf(body)
  if (problem) throw problem
  const { messages, model, sessionId, conversationId, replaceFrom } = body
  return {
    messages: messages.map(({ role, content }) => ({ role, content })),
    model: model?.trim(),
    sessionId,
    conversationId: conversationId?.toLowerCase() ?? undefined,
    replaceFrom,
  }
}
