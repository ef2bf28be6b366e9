/** Who wrote a chat turn. */
export type ChatRole = 'user' | 'assistant'

export interface ChatMessage {
  role: ChatRole
  content: string
}

/** A message as a model receives it: the chat's turns, plus a system prompt. */
export interface PromptMessage {
  role: 'system' | ChatRole
  content: string
}

/** A model as `GET /api/overseer-dev/models` lists it. */
export interface ModelInfo {
  description: string
  /** US dollars per 1,000 tokens; null when unknown (a self-hosted model, or no price configured). */
  costPer1kTokens: number | null
  capabilities: string[]
  provider: string
  /** `local` (answered in this server) or `openai-compatible`. */
  source: 'local' | 'openai-compatible'
  /** The provider's public pricing page, when known. */
  pricingUrl?: string
}

export interface CompletionRequest {
  model: string
  /** The conversation so far, oldest first; the last one is the user's question. */
  messages: ChatMessage[]
  /** A system prompt of the caller's (a build stage) instead of the provider's own docs grounding. */
  system?: string
  /** The longest reply wanted (`max_tokens`); when set, the provider is also asked to report usage. */
  maxTokens?: number
}

/** Tokens as the provider counted them. */
export interface ReportedUsage {
  promptTokens: number
  completionTokens: number
}

/** Where a provider logs (a request's logger, so lines carry its request id). */
export interface ProviderLog {
  warn(details: object, message: string): void
}

export interface CompletionOptions {
  /** Aborted when the owner stops the reply: the provider returns what it has, `stopped: true`. */
  signal: AbortSignal
  /** Each piece of the reply as it is produced, in order; their concatenation is the reply. */
  onDelta: (delta: string) => void
  log?: ProviderLog
}

/**
 * Where a reply came from: a docs section, 'I don't know', a fixed reply (a greeting, the pricing
 * note) of the offline assistant; an external model names none ('model').
 */
export type ReplySource =
  | { kind: 'docs'; path: string; title: string; anchor: string | null; heading: string | null }
  | { kind: 'unknown' }
  | { kind: 'reply' }
  | { kind: 'model' }

export interface Completion {
  /** The reply (what was produced before a stop, when stopped). */
  content: string
  /** Where it came from, when the engine says (the offline assistant does); else an external model's. */
  source?: ReplySource
  stopped: boolean
  /** The messages the model was actually given (system prompt included), for counting tokens. */
  prompt: PromptMessage[]
  /** The provider's own token count, when it reported one. */
  usage?: ReportedUsage
}

/** A function the model may call (OpenAI's `tools` entry): its parameters are a JSON Schema. */
export interface ToolDefinition {
  type: 'function'
  function: {
    name: string
    description: string
    parameters: JsonSchema
  }
}

/** The JSON Schema subset tool parameters use. */
export interface JsonSchema {
  type: 'object' | 'string' | 'number' | 'integer' | 'boolean' | 'array'
  description?: string
  properties?: Record<string, JsonSchema>
  required?: string[]
  additionalProperties?: boolean
  items?: JsonSchema
}

/** A call the model made: `arguments` is the JSON text it wrote (unchecked). */
export interface ToolCall {
  id: string
  name: string
  arguments: string
}

/** A message of a conversation with tools: the model's calls, and each call's result. */
export type ToolChatMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string; toolCalls?: ToolCall[] }
  | { role: 'tool'; toolCallId: string; content: string }

export interface ToolCompletionRequest {
  model: string
  messages: ToolChatMessage[]
  tools: readonly ToolDefinition[]
  /** The longest answer wanted (`max_tokens`). */
  maxTokens?: number
  /** Asks for a streamed answer (the default); a plain JSON answer is read either way. */
  stream?: boolean
}

export interface ToolCompletionOptions {
  /** Aborted when the build stops: the provider returns what it has, `stopped: true`. */
  signal: AbortSignal
  log?: ProviderLog
}

export interface ToolCompletion {
  /** The text the model wrote besides its calls (often empty). */
  content: string
  toolCalls: ToolCall[]
  /** `stop`, `tool_calls`, `length` (cut at max_tokens): as the provider said, when it did. */
  finishReason?: string
  stopped: boolean
  /** The provider's own token count, when it reported one. */
  usage?: ReportedUsage
}

/** A provider that can hold a conversation with tools (OpenAI's chat completions with `tools`). */
export interface ToolChatClient {
  completeWithTools(request: ToolCompletionRequest, options: ToolCompletionOptions): Promise<ToolCompletion>
}

/** One engine behind the chat: the offline docs assistant, or an OpenAI-compatible API. */
export interface ChatProvider {
  readonly id: string
  /** The models it serves, by name. May ask a remote API (cached). */
  models(): Promise<Record<string, ModelInfo>>
  complete(request: CompletionRequest, options: CompletionOptions): Promise<Completion>
  /** A turn of a conversation with tools, when the provider can hold one (the offline engine cannot). */
  completeWithTools?: ToolChatClient['completeWithTools']
}

/**
 * A provider's failure, already phrased for the client: `status` is the HTTP status the chat
 * endpoint answers with (the client shows 'Backend error: {status}').
 */
export class ProviderError extends Error {
  override name = 'ProviderError'

  constructor(
    readonly status: 502 | 503 | 504,
    message: string,
    readonly details: { providerStatus?: number; retryAfterSeconds?: number; cause?: unknown } = {},
  ) {
    super(message)
  }
}
