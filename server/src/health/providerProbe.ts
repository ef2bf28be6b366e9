import type { LlmConfig } from '../config'

export interface ProviderProbeOptions {
  /** How long the provider may take to answer `GET {baseUrl}/models` (default 2 s). */
  timeoutMs?: number
  /** How long an answer (reachable or not) is reused (default 30 s). */
  cacheMs?: number
  fetch?: typeof fetch
  now?: () => number
  /** Why the provider counts as unreachable; never the API key. */
  onFailure?: (reason: string) => void
}

export const PROVIDER_PROBE_TIMEOUT_MS = 2_000
export const PROVIDER_PROBE_CACHE_MS = 30_000

/**
 * Whether the OpenAI-compatible provider (OVERSEER_LLM_BASE_URL) answers: `GET {baseUrl}/models`
 * with its API key, a 2xx within the timeout. The answer is kept for `cacheMs` and concurrent
 * callers share one request, so the public health endpoint cannot be used to flood the provider.
 */
export class ProviderProbe {
  private cached: { at: number; reachable: boolean } | undefined
  private pending: Promise<boolean> | undefined
  private readonly fetch: typeof fetch
  private readonly now: () => number

  constructor(
    private readonly llm: Pick<LlmConfig, 'baseUrl' | 'apiKey'>,
    private readonly options: ProviderProbeOptions = {},
  ) {
    this.fetch = options.fetch ?? globalThis.fetch
    this.now = options.now ?? Date.now
  }

  reachable(): Promise<boolean> {
    const cached = this.cached
    if (cached && this.now() - cached.at < (this.options.cacheMs ?? PROVIDER_PROBE_CACHE_MS)) return Promise.resolve(cached.reachable)
    this.pending ??= this.probe().then((reachable) => {
      this.cached = { at: this.now(), reachable }
      this.pending = undefined
      return reachable
    })
    return this.pending
  }

  private async probe(): Promise<boolean> {
    try {
      const response = await this.fetch(`${this.llm.baseUrl}/models`, {
        headers: { accept: 'application/json', ...(this.llm.apiKey && { authorization: `Bearer ${this.llm.apiKey}` }) },
        signal: AbortSignal.timeout(this.options.timeoutMs ?? PROVIDER_PROBE_TIMEOUT_MS),
      })
      // Only the status matters; the body is dropped unread.
      await response.body?.cancel().catch(() => undefined)
      if (!response.ok) this.options.onFailure?.(`HTTP ${response.status}`)
      return response.ok
    } catch (error) {
      this.options.onFailure?.(error instanceof Error ? `${error.name}: ${error.message}` : String(error))
      return false
    }
  }
}
