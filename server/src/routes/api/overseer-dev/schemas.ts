import { MAX_MESSAGE_LENGTH, MAX_MESSAGES } from '../../../chat/validation'
import { errorResponse } from '../../../http/schemas'

/**
 * A signed-in user's credential, or none: anonymous visitors are known by the HttpOnly
 * `overseer_visitor` cookie (`__Host-overseer_visitor` over HTTPS), which these routes set.
 */
export const chatSecurity: Record<string, string[]>[] = [{ bearerAuth: [] }, { sessionCookie: [] }, {}]

export const OWNER_NOTE =
  'Conversations belong to the signed-in user (bearer token or session cookie), else to the anonymous visitor of the HttpOnly `overseer_visitor` cookie, set by these routes when missing; each owner sees only their own.'

const messageSchema = {
  type: 'object',
  required: ['role', 'content'],
  additionalProperties: false,
  properties: {
    role: { type: 'string', enum: ['user', 'assistant'] },
    content: { type: 'string', description: 'Markdown text' },
  },
} as const

const requestMessageSchema = {
  ...messageSchema,
  properties: {
    ...messageSchema.properties,
    content: { type: 'string', maxLength: MAX_MESSAGE_LENGTH, description: `At most ${MAX_MESSAGE_LENGTH.toLocaleString('en-US')} characters` },
  },
} as const

const uuid = { type: 'string', format: 'uuid' } as const

export const chatBody = {
  type: 'object',
  required: ['messages'],
  properties: {
    messages: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_MESSAGES,
      items: requestMessageSchema,
      description:
        "The conversation, oldest first; the last is the user's question and must not be blank. With `conversationId` only the last one is used: the stored conversation is the context.",
    },
    model: { type: 'string', description: 'A name from GET /api/overseer-dev/models; default: its `currentOverseerModel`' },
    sessionId: {
      ...uuid,
      description:
        'A new random UUID per message. Subscribe to it first (`subscribe:progress`) to receive `chat:delta` and `chat:done`; stop the reply with POST /api/overseer-dev/sessions/{sessionId}/stop.',
    },
    conversationId: { ...uuid, description: "Continue this conversation of the caller's (a follow-up); omit to start a new one" },
  },
} as const

const usageSchema = {
  type: 'object',
  required: ['promptTokens', 'completionTokens', 'totalTokens'],
  description: 'Counted with gpt-tokenizer (o200k_base); the prompt includes any system prompt',
  properties: {
    promptTokens: { type: 'integer' },
    completionTokens: { type: 'integer' },
    totalTokens: { type: 'integer' },
  },
} as const

export const chatReply = {
  description: 'The reply (also streamed to the session room as `chat:delta` events, then `chat:done`)',
  type: 'object',
  required: ['success', 'reply', 'conversationId', 'sessionId', 'model', 'status', 'stopped', 'usage'],
  properties: {
    success: { type: 'boolean', const: true },
    reply: { type: 'string', description: 'Markdown. A stopped reply is what was generated, then a note that it was stopped' },
    zipUrl: { type: 'string', description: 'Never set here: only build requests (POST /api/overseer/chat) produce files' },
    conversationId: { ...uuid, description: 'Send it back as `conversationId` to continue the conversation' },
    sessionId: uuid,
    model: { type: 'string' },
    status: { type: 'string', const: 'completed' },
    stopped: { type: 'boolean', description: 'True when the owner stopped the reply before it was complete' },
    usage: usageSchema,
  },
} as const

export const providerErrorResponse = (description: string) =>
  ({
    description,
    type: 'object',
    required: ['success', 'message', 'conversationId', 'status'],
    properties: {
      success: { type: 'boolean', const: false },
      message: { type: 'string' },
      conversationId: { ...uuid, description: 'The conversation, stored with status `error` and without a reply' },
      status: { type: 'string', const: 'error' },
    },
  }) as const

const historyItemProperties = {
  id: uuid,
  date: { type: 'string', format: 'date-time', description: 'The last activity (the latest message or reply)' },
  createdAt: { type: 'string', format: 'date-time' },
  status: { type: 'string', enum: ['completed', 'error', 'processing'] },
  title: { type: 'string', description: 'The first user message on one line (at most 200 characters)' },
  messageCount: { type: 'integer', description: 'Every stored message, the replies included' },
  messages: {
    type: 'array',
    items: messageSchema,
    description: 'The conversation up to its last question (earlier replies included); the last reply is `response`',
  },
  response: { type: 'string', description: "The last reply (Markdown); '' while processing or after an error" },
  model: { type: 'string', description: 'The model of the latest reply' },
  stopped: { type: 'boolean', description: 'The last reply was stopped by its owner' },
  error: { type: 'string', description: 'Why the last reply failed (status error)' },
} as const

const historyItemRequired = ['id', 'date', 'createdAt', 'status', 'title', 'messageCount', 'messages', 'response', 'model', 'stopped'] as const

export const historyItem = {
  type: 'object',
  required: [...historyItemRequired],
  properties: historyItemProperties,
} as const

export const historyQuery = {
  type: 'object',
  properties: {
    page: { type: 'integer', minimum: 1, maximum: 1_000_000, default: 1 },
    limit: { type: 'integer', minimum: 1, maximum: 50, default: 5 },
    search: {
      type: 'string',
      maxLength: 500,
      description:
        'Words (all must occur, in any form: "deploying" finds "deployed"), "quoted phrases", `or`, and `-word` to exclude; matched against titles, messages and replies and ranked by relevance, then newest. Blank lists everything.',
    },
  },
  additionalProperties: false,
} as const

export const historyPage = {
  description: "A page of the caller's conversations, newest first (best match first when searching)",
  type: 'object',
  required: ['success', 'data', 'pagination'],
  properties: {
    success: { type: 'boolean', const: true },
    data: { type: 'array', items: historyItem },
    pagination: {
      type: 'object',
      required: ['page', 'pages', 'total', 'limit'],
      properties: {
        page: { type: 'integer' },
        pages: { type: 'integer', description: 'At least 1' },
        total: { type: 'integer', description: 'Conversations in all pages' },
        limit: { type: 'integer' },
      },
    },
    search: { type: 'string', description: 'The search applied (trimmed), when there was one' },
  },
} as const

export const conversationDetail = {
  description: 'One of the caller’s conversations',
  type: 'object',
  required: ['success', 'data'],
  properties: {
    success: { type: 'boolean', const: true },
    data: {
      type: 'object',
      required: [...historyItemRequired, 'usage'],
      properties: { ...historyItemProperties, usage: { ...usageSchema, description: 'Summed over every reply' } },
    },
  },
} as const

export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 100, description: 'A conversation id (UUID)' } },
} as const

export const sessionParams = {
  type: 'object',
  required: ['sessionId'],
  properties: { sessionId: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,100}$', description: 'The sessionId of the chat request' } },
} as const

export const okResponse = (description: string) =>
  ({
    description,
    type: 'object',
    required: ['success'],
    properties: { success: { type: 'boolean', const: true } },
  }) as const

export const stopResponse = {
  description: 'Stopped (`stopped: true`; the chat request then answers with what was generated), or already finished (`stopped: false`)',
  type: 'object',
  required: ['success', 'stopped'],
  properties: { success: { type: 'boolean', const: true }, stopped: { type: 'boolean' } },
} as const

const modelSchema = {
  type: 'object',
  required: ['description', 'costPer1kTokens', 'capabilities', 'provider', 'source'],
  properties: {
    description: { type: 'string' },
    costPer1kTokens: { type: ['number', 'null'], description: 'US dollars per 1,000 tokens; null when unknown' },
    capabilities: { type: 'array', items: { type: 'string' } },
    provider: { type: 'string', description: "Who serves it: 'Overseer Labs' for overseer-local" },
    source: { type: 'string', enum: ['local', 'openai-compatible'] },
    pricingUrl: { type: 'string', description: "The provider's public pricing page, when known" },
  },
} as const

export const modelsResponse = {
  description: 'The models the chat offers, by name; overseer-local is always there',
  type: 'object',
  required: ['success', 'data'],
  properties: {
    success: { type: 'boolean', const: true },
    data: {
      type: 'object',
      required: ['models', 'currentOverseerModel'],
      properties: {
        models: { type: 'object', additionalProperties: modelSchema },
        currentOverseerModel: { type: 'string', description: 'The default: OVERSEER_DEFAULT_MODEL when listed, else overseer-local' },
      },
    },
  },
} as const

export const notFoundResponse = errorResponse('No such conversation of the caller’s (another owner’s looks the same)')
export const crossSiteChatResponse = errorResponse('Cross-site request refused (a cookie-identified request from another site)')
export const conflictResponse = errorResponse('The sessionId is in use, or the conversation is still answering')
export const chatRateLimited = errorResponse('Too many messages from this owner or IP; see the Retry-After header (seconds)')
