import { HttpError } from '../http/httpError'
import type { ChatMessage } from '../llm/types'
import { isRecord } from '@contracts/check'

export const MAX_MESSAGES = 100
export const MAX_MESSAGE_LENGTH = 16_000
export const MAX_MODEL_LENGTH = 200

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
  sessionTaken: 'This sessionId is already in use: generate a new one for each message',
  rateLimited: (seconds: number) => `Too many messages. Please wait ${seconds} seconds before sending another.`,
  replyNotFound: 'No reply is being generated for this session',
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
}

/** Checks a chat request body; every problem is a 400 with a message that says what to fix. */
export const parseChatInput = (body: unknown): ChatInput => {
  if (!isRecord(body)) throw new HttpError(400, CHAT_MESSAGES.malformed)
  const { messages, model, sessionId, conversationId } = body
  if (!Array.isArray(messages) || messages.length === 0) throw new HttpError(400, CHAT_MESSAGES.messagesMissing, { messages: CHAT_MESSAGES.messagesMissing })
  if (messages.length > MAX_MESSAGES) throw new HttpError(400, CHAT_MESSAGES.tooManyMessages, { messages: CHAT_MESSAGES.tooManyMessages })

  const parsed: ChatMessage[] = messages.map((message: unknown, index) => {
    if (!isRecord(message) || (message.role !== 'user' && message.role !== 'assistant')) {
      throw new HttpError(400, CHAT_MESSAGES.role(index), { [`messages.${index}.role`]: CHAT_MESSAGES.role(index) })
    }
    if (typeof message.content !== 'string') {
      throw new HttpError(400, CHAT_MESSAGES.content(index), { [`messages.${index}.content`]: CHAT_MESSAGES.content(index) })
    }
    if (message.content.length > MAX_MESSAGE_LENGTH) {
      const text = CHAT_MESSAGES.tooLong(index, message.content.length)
      throw new HttpError(400, text, { [`messages.${index}.content`]: text })
    }
    return { role: message.role, content: message.content }
  })

  const last = parsed.at(-1) as ChatMessage
  if (last.role !== 'user') throw new HttpError(400, CHAT_MESSAGES.lastNotUser, { messages: CHAT_MESSAGES.lastNotUser })
  if (last.content.trim() === '') throw new HttpError(400, CHAT_MESSAGES.blank, { [`messages.${parsed.length - 1}.content`]: CHAT_MESSAGES.blank })

  if (model !== undefined && (typeof model !== 'string' || model.trim() === '' || model.length > MAX_MODEL_LENGTH)) {
    throw new HttpError(400, CHAT_MESSAGES.model, { model: CHAT_MESSAGES.model })
  }
  if (sessionId !== undefined && !isUuid(sessionId)) throw new HttpError(400, CHAT_MESSAGES.sessionId, { sessionId: CHAT_MESSAGES.sessionId })
  if (conversationId !== undefined && conversationId !== null && !isUuid(conversationId)) {
    throw new HttpError(400, CHAT_MESSAGES.conversationId, { conversationId: CHAT_MESSAGES.conversationId })
  }
  return {
    messages: parsed,
    model: typeof model === 'string' ? model.trim() : undefined,
    sessionId,
    conversationId: typeof conversationId === 'string' ? conversationId.toLowerCase() : undefined,
  }
}
