import { setTimeout as sleep } from 'node:timers/promises'
import type { LlmConfig } from '../../config'
import {
  ProviderError,
  type ChatMessage,
  type ChatProvider,
  type Completion,
  type CompletionOptions,
  type CompletionRequest,
  type ModelInfo,
  type PromptMessage,
  type ProviderLog,
  type ReportedUsage,
  type ToolCall,
  type ToolCompletion,
  type ToolCompletionOptions,
  type ToolCompletionRequest,
} from '../types'
import { SseParser } from './sse'
import { ToolCallAssembler, toolCallsOf, wireMessages } from './toolCalls'

export const PROVIDER_MESSAGES = {
  timeout: 'The model provider did not answer in time. Please try again.',
  unreachable: 'Could not reach the model provider. Please try again later.',
  busy: 'The model provider is busy (rate limited). Please try again in a moment.',
  failed: (status: number) => `The model provider failed (HTTP ${status}). Please try again later.`,
  rejected: (status: number) => `The model provider refused the request (HTTP ${status}).`,
  unreadable: 'The model provider sent an answer that could not be read.',
  interrupted: 'The model provider stopped answering in the middle of the reply. Please try again.',
  streamError: (message: string) => `The model provider reported an error: ${message}`,
} as const

export interface OpenAiProviderOptions extends LlmConfig {
  /** Attempts for one reply, the first included, when the provider answers 429 or 5xx or can't be reached. */
  maxAttempts?: number
  /** The wait before the second attempt; doubled for each further one (when there is no Retry-After). */
  backoffMs?: number
  /** The longest Retry-After honoured; a longer one fails at once (the client may retry later). */
  maxRetryAfterMs?: number
  /** How long the provider's model list is kept, and how long a failed fetch of it is remembered. */
  modelsCacheMs?: number
  modelsFailureCacheMs?: number
  /** The system prompt for a conversation (grounding in the docs); none when undefined. */
  systemPrompt?: (messages: readonly ChatMessage[]) => string | undefined
  /** Retries are logged here when the request gives no log of its own. */
  log?: ProviderLog
  fetch?: typeof fetch
}

/** The conversation sent to the provider is cut to its latest messages within this many characters. */
const HISTORY_CHAR_BUDGET = 100_000
const MODELS_TIMEOUT_MS = 3_000
/** How much of an error body is read for the log. */
const ERROR_BODY_LIMIT = 2_000

const OPENAI_PRICING = 'https://openai.com/api/pricing/'

class AttemptAbort extends Error {
  constructor(readonly reason: 'timeout' | 'stopped') {
    super(reason)
  }
}

/** Seconds (`120`) or an HTTP date; undefined when absent or unreadable. */
export const parseRetryAfter = (value: string | null, now = Date.now()): number | undefined => {
  if (!value) return undefined
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

/** The latest messages that fit the budget; the last (the question) always. */
export const trimHistory = <T extends { content: string }>(messages: readonly T[], budget = HISTORY_CHAR_BUDGET): T[] => {
  const kept: T[] = []
  let used = 0
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const message = messages[i] as T
    used += message.content.length
    if (kept.length > 0 && used > budget) break
    kept.unshift(message)
  }
  return kept
}

interface ChatChunk {
  choices?: { delta?: { content?: unknown; tool_calls?: unknown }; message?: { content?: unknown; tool_calls?: unknown }; finish_reason?: unknown }[]
  error?: { message?: unknown } | string
  usage?: { prompt_tokens?: unknown; completion_tokens?: unknown } | null
}

/**
 * What one attempt reads an answer into: each chunk of a stream, or the whole JSON answer of a
 * server that does not stream. Errors and usage are read by the attempt itself.
 */
interface AnswerReader {
  chunk(chunk: ChatChunk): void
  /** False when the answer is not of the shape expected. */
  whole(answer: ChatChunk): boolean
}

type AttemptOutcome =
  | { kind: 'done'; stopped: boolean; usage?: ReportedUsage }
  | { kind: 'failed'; error: ProviderError; retryable: boolean; retryAfterMs?: number }

/** Reads a plain reply, passing each piece on as it comes. */
const textReader = (onDelta: (delta: string) => void): AnswerReader & { content: string } => {
  const reader = {
    content: '',
    chunk: (chunk: ChatChunk) => {
      const delta = chunk.choices?.[0]?.delta?.content
      if (typeof delta === 'string' && delta) {
        reader.content += delta
        onDelta(delta)
      }
    },
    whole: (answer: ChatChunk) => {
      const text = answer.choices?.[0]?.message?.content
      if (typeof text !== 'string') return false
      reader.content = text
      if (text) onDelta(text)
      return true
    },
  }
  return reader
}

/** Reads an answer of a conversation with tools: its text, its calls and why it ended. */
const toolReader = (): AnswerReader & { answer(): Omit<ToolCompletion, 'stopped' | 'usage'> } => {
  let content = ''
  let finishReason: string | undefined
  const streamedCalls = new ToolCallAssembler()
  let wholeCalls: ToolCall[] | undefined
  const finished = (value: unknown): void => {
    if (typeof value === 'string' && value) finishReason = value
  }
  return {
    chunk: (chunk) => {
      const choice = chunk.choices?.[0]
      const delta = choice?.delta?.content
      if (typeof delta === 'string') content += delta
      streamedCalls.push(choice?.delta?.tool_calls)
      finished(choice?.finish_reason)
    },
    whole: (answer) => {
      const choice = answer.choices?.[0]
      const message = choice?.message
      if (!message) return false
      // With tool calls, OpenAI sends `content: null`.
      if (message.content !== undefined && message.content !== null && typeof message.content !== 'string') return false
      content = message.content ?? ''
      wholeCalls = toolCallsOf(message.tool_calls)
      finished(choice.finish_reason)
      return true
    },
    answer: () => ({ content, toolCalls: wholeCalls ?? streamedCalls.calls(), ...(finishReason && { finishReason }) }),
  }
}

/** The usage a chunk reports (the last one of a stream, or a whole JSON answer), when well formed. */
const usageOf = (chunk: ChatChunk): ReportedUsage | undefined => {
  const promptTokens = chunk.usage?.prompt_tokens
  const completionTokens = chunk.usage?.completion_tokens
  const count = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
  return count(promptTokens) && count(completionTokens) ? { promptTokens, completionTokens } : undefined
}

const errorMessageOf = (chunk: ChatChunk): string | undefined => {
  if (chunk.error === undefined) return undefined
  if (typeof chunk.error === 'string') return chunk.error
  return typeof chunk.error.message === 'string' ? chunk.error.message : 'unknown error'
}

/**
 * An OpenAI-compatible chat API (`POST {baseUrl}/chat/completions`, streamed as server-sent
 * events): OpenAI, Ollama, vLLM, LM Studio. Chat replies, and turns of a conversation with tools
 * (the development loop's). Retries 429 and 5xx answers and unreachable
 * servers with exponential backoff (honouring Retry-After), times out a provider that goes
 * quiet, and turns every failure into a ProviderError the client can show.
 */
export class OpenAiProvider implements ChatProvider {
  readonly id = 'openai-compatible'
  private modelCache: { at: number; ok: boolean; models: Record<string, ModelInfo> } | undefined
  private modelFetch: Promise<Record<string, ModelInfo>> | undefined
  private readonly fetch: typeof fetch

  constructor(private readonly options: OpenAiProviderOptions) {
    this.fetch = options.fetch ?? globalThis.fetch
  }

  private info(name: string, costPer1kTokens: number | null): ModelInfo {
    const openAi = new URL(this.options.baseUrl).host === 'api.openai.com'
    return {
      description: `${name}, served by ${this.options.providerName} through its OpenAI-compatible API. Answers are grounded in the Overseer documentation.`,
      costPer1kTokens,
      capabilities: ['chat', 'streaming', 'documentation answers'],
      provider: this.options.providerName,
      source: 'openai-compatible',
      ...(openAi && { pricingUrl: OPENAI_PRICING }),
    }
  }

  private headers(): Record<string, string> {
    return {
      'content-type': 'application/json',
      accept: 'text/event-stream, application/json',
      ...(this.options.apiKey && { authorization: `Bearer ${this.options.apiKey}` }),
    }
  }

  /** OVERSEER_LLM_MODELS, else the provider's `/models` (cached; none while it can't be reached). */
  async models(): Promise<Record<string, ModelInfo>> {
    if (this.options.models) {
      return Object.fromEntries(this.options.models.map((model) => [model.name, this.info(model.name, model.costPer1kTokens)]))
    }
    const cache = this.modelCache
    const now = Date.now()
    if (cache) {
      const ttl = cache.ok ? (this.options.modelsCacheMs ?? 60_000) : (this.options.modelsFailureCacheMs ?? 15_000)
      if (now - cache.at < ttl) return cache.models
    }
    this.modelFetch ??= this.fetchModels().finally(() => {
      this.modelFetch = undefined
    })
    return this.modelFetch
  }

  private async fetchModels(): Promise<Record<string, ModelInfo>> {
    try {
      const response = await this.fetch(`${this.options.baseUrl}/models`, {
        headers: this.headers(),
        signal: AbortSignal.timeout(Math.min(MODELS_TIMEOUT_MS, this.options.timeoutMs)),
      })
      if (!response.ok) throw new Error(`HTTP ${response.status}`)
      const body = (await response.json()) as { data?: { id?: unknown }[] }
      const ids = (body.data ?? []).map((entry) => entry.id).filter((id): id is string => typeof id === 'string' && id.length > 0)
      const models = Object.fromEntries(ids.slice(0, 200).map((id) => [id, this.info(id, null)]))
      this.modelCache = { at: Date.now(), ok: true, models }
      return models
    } catch (err) {
      this.options.log?.warn({ err }, 'could not list the OpenAI-compatible provider models')
      this.modelCache = { at: Date.now(), ok: false, models: {} }
      return {}
    }
  }

  private prompt(messages: readonly ChatMessage[], own?: string): PromptMessage[] {
    const history = trimHistory(messages)
    const system = own ?? this.options.systemPrompt?.(messages)
    return [...(system ? [{ role: 'system' as const, content: system }] : []), ...history]
  }

  async complete(request: CompletionRequest, options: CompletionOptions): Promise<Completion> {
    const prompt = this.prompt(request.messages, request.system)
    const body = JSON.stringify({
      model: request.model,
      messages: prompt,
      stream: true,
      ...(request.maxTokens !== undefined && { max_tokens: request.maxTokens, stream_options: { include_usage: true } }),
    })
    let reader = textReader(options.onDelta)
    const result = await this.post(body, options.signal, options.log, () => (reader = textReader(options.onDelta)))
    return { content: reader.content, stopped: result.stopped, prompt, ...(result.usage && { usage: result.usage }) }
  }

  /**
   * One turn of a conversation with tools (`tools`, `tool_choice: 'auto'`): the model's text and
   * its tool calls, streamed (the calls' pieces put together) or not, with the usage the provider
   * reports. Retries, timeouts, a stop and errors as for a chat reply.
   */
  async completeWithTools(request: ToolCompletionRequest, options: ToolCompletionOptions): Promise<ToolCompletion> {
    const stream = request.stream ?? true
    const body = JSON.stringify({
      model: request.model,
      messages: wireMessages(request.messages),
      tools: request.tools,
      tool_choice: 'auto',
      stream,
      ...(stream && { stream_options: { include_usage: true } }),
      ...(request.maxTokens !== undefined && { max_tokens: request.maxTokens }),
    })
    let reader = toolReader()
    const result = await this.post(body, options.signal, options.log, () => (reader = toolReader()))
    return { ...reader.answer(), stopped: result.stopped, ...(result.usage && { usage: result.usage }) }
  }

  /**
   * Sends `body` to `/chat/completions`, each attempt read by a fresh reader: retries 429, 5xx
   * and unreachable servers with exponential backoff (honouring Retry-After), else throws the
   * ProviderError. `stopped` when `signal` aborted it.
   */
  private async post(body: string, signal: AbortSignal, ownLog: ProviderLog | undefined, reader: () => AnswerReader): Promise<{ stopped: boolean; usage?: ReportedUsage }> {
    const maxAttempts = Math.max(1, this.options.maxAttempts ?? 3)
    const log = ownLog ?? this.options.log
    for (let attempt = 1; ; attempt += 1) {
      const outcome = await this.attempt(body, signal, reader())
      if (outcome.kind === 'done') return { stopped: outcome.stopped, ...(outcome.usage && { usage: outcome.usage }) }
      const { error, retryAfterMs } = outcome
      if (attempt >= maxAttempts || !outcome.retryable) throw error
      const wait = retryAfterMs ?? (this.options.backoffMs ?? 500) * 2 ** (attempt - 1)
      if (wait > (this.options.maxRetryAfterMs ?? 10_000)) throw error
      log?.warn({ attempt, waitMs: wait, providerStatus: error.details.providerStatus, reason: error.message }, 'chat provider failed; retrying')
      try {
        await sleep(wait, undefined, { signal })
      } catch {
        return { stopped: true }
      }
    }
  }

  /** One request to the provider, read by `reader`: done, or the error and whether another attempt may help. */
  private async attempt(body: string, signal: AbortSignal, reader: AnswerReader): Promise<AttemptOutcome> {
    if (signal.aborted) return { kind: 'done', stopped: true }
    const controller = new AbortController()
    const { timeoutMs } = this.options
    let timer: NodeJS.Timeout | undefined
    const arm = (): void => {
      clearTimeout(timer)
      timer = setTimeout(() => controller.abort(new AttemptAbort('timeout')), timeoutMs)
    }
    const onStop = (): void => controller.abort(new AttemptAbort('stopped'))
    signal.addEventListener('abort', onStop, { once: true })
    const abortReason = (): 'timeout' | 'stopped' | undefined =>
      controller.signal.reason instanceof AttemptAbort ? controller.signal.reason.reason : undefined

    let usage: ReportedUsage | undefined
    try {
      arm()
      let response: Response
      try {
        response = await this.fetch(`${this.options.baseUrl}/chat/completions`, {
          method: 'POST',
          headers: this.headers(),
          body,
          signal: controller.signal,
        })
      } catch (cause) {
        const reason = abortReason()
        if (reason === 'stopped') return { kind: 'done', stopped: true }
        if (reason === 'timeout') return { kind: 'failed', error: new ProviderError(504, PROVIDER_MESSAGES.timeout, { cause }), retryable: false }
        return { kind: 'failed', error: new ProviderError(502, PROVIDER_MESSAGES.unreachable, { cause }), retryable: true }
      }

      if (!response.ok) {
        const status = response.status
        const detail = await response.text().then(
          (text) => text.slice(0, ERROR_BODY_LIMIT),
          () => '',
        )
        const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'))
        if (status === 429) {
          const error = new ProviderError(503, PROVIDER_MESSAGES.busy, {
            providerStatus: status,
            retryAfterSeconds: Math.max(1, Math.ceil((retryAfterMs ?? 1000) / 1000)),
            cause: detail,
          })
          return { kind: 'failed', error, retryable: true, ...(retryAfterMs !== undefined && { retryAfterMs }) }
        }
        if (status >= 500) {
          const error = new ProviderError(502, PROVIDER_MESSAGES.failed(status), { providerStatus: status, cause: detail })
          return { kind: 'failed', error, retryable: true, ...(retryAfterMs !== undefined && { retryAfterMs }) }
        }
        return { kind: 'failed', error: new ProviderError(502, PROVIDER_MESSAGES.rejected(status), { providerStatus: status, cause: detail }), retryable: false }
      }

      arm()
      const type = response.headers.get('content-type') ?? ''
      if (!type.includes('text/event-stream')) {
        // A server that ignores `stream: true` answers with one JSON body.
        let chunk: ChatChunk
        try {
          chunk = (await response.json()) as ChatChunk
        } catch (cause) {
          const reason = abortReason()
          if (reason === 'stopped') return { kind: 'done', stopped: true }
          if (reason === 'timeout') return { kind: 'failed', error: new ProviderError(504, PROVIDER_MESSAGES.timeout, { cause }), retryable: false }
          return { kind: 'failed', error: new ProviderError(502, PROVIDER_MESSAGES.unreadable, { cause }), retryable: false }
        }
        const problem = errorMessageOf(chunk)
        if (problem) return { kind: 'failed', error: new ProviderError(502, PROVIDER_MESSAGES.streamError(problem)), retryable: false }
        if (!reader.whole(chunk)) return { kind: 'failed', error: new ProviderError(502, PROVIDER_MESSAGES.unreadable), retryable: false }
        usage = usageOf(chunk)
        return { kind: 'done', stopped: false, ...(usage && { usage }) }
      }

      const parser = new SseParser()
      const handle = (events: string[]): 'done' | ProviderError | undefined => {
        for (const data of events) {
          if (data.trim() === '[DONE]') return 'done'
          let chunk: ChatChunk
          try {
            chunk = JSON.parse(data) as ChatChunk
          } catch {
            return new ProviderError(502, PROVIDER_MESSAGES.unreadable)
          }
          const problem = errorMessageOf(chunk)
          if (problem) return new ProviderError(502, PROVIDER_MESSAGES.streamError(problem))
          usage = usageOf(chunk) ?? usage
          reader.chunk(chunk)
        }
        return undefined
      }

      let finished = false
      try {
        if (!response.body) throw new Error('no body')
        for await (const chunk of response.body) {
          arm()
          const result = handle(parser.push(chunk))
          if (result instanceof ProviderError) return { kind: 'failed', error: result, retryable: false }
          if (result === 'done') {
            finished = true
            break
          }
        }
        if (!finished) {
          const result = handle(parser.end())
          if (result instanceof ProviderError) return { kind: 'failed', error: result, retryable: false }
        }
      } catch (cause) {
        const reason = abortReason()
        if (reason === 'stopped') return { kind: 'done', stopped: true }
        if (reason === 'timeout') return { kind: 'failed', error: new ProviderError(504, PROVIDER_MESSAGES.timeout, { cause }), retryable: false }
        return { kind: 'failed', error: new ProviderError(502, PROVIDER_MESSAGES.interrupted, { cause }), retryable: false }
      }
      return { kind: 'done', stopped: false, ...(usage && { usage }) }
    } finally {
      clearTimeout(timer)
      signal.removeEventListener('abort', onStop)
    }
  }
}
