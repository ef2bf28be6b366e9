import { retryAfterSeconds, type WindowCounter } from './windowCounter'

export type LimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number }

/** The chat's limits count messages in fixed one-minute windows. */
export const CHAT_WINDOW_MS = 60_000

/**
 * Messages per owner and per IP, one budget for the chat and build endpoints: a message counts
 * against every key only when all of them still have room. The counters are the server's
 * (`app.limitCounter`): shared by every server with REDIS_URL.
 */
export class ChatRateLimiter {
  constructor(
    private readonly counter: WindowCounter,
    private readonly windowMs: number = CHAT_WINDOW_MS,
  ) {}

  async hit(limits: readonly { key: string; max: number }[]): Promise<LimitResult> {
    const taken = await this.counter.take(limits.map(({ key, max }) => ({ key: `chat:${key}`, max, windowMs: this.windowMs })))
    return taken.allowed ? { allowed: true } : { allowed: false, retryAfterSeconds: retryAfterSeconds(taken.retryAfterMs) }
  }
}
