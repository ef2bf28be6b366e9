interface Window {
  count: number
  resetAt: number
}

export type LimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number }

/**
 * Fixed one-minute windows per key, for several limits at once (per owner and per IP): a hit
 * counts against every key only when all of them still have room. In memory, per process.
 */
export class ChatRateLimiter {
  private readonly windows = new Map<string, Window>()

  constructor(
    private readonly windowMs: number = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  hit(limits: readonly { key: string; max: number }[]): LimitResult {
    const time = this.now()
    let wait = 0
    for (const { key, max } of limits) {
      const window = this.windows.get(key)
      if (window && window.resetAt > time && window.count >= max) wait = Math.max(wait, window.resetAt - time)
    }
    if (wait > 0) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(wait / 1000)) }
    for (const { key } of limits) {
      const window = this.windows.get(key)
      if (window && window.resetAt > time) window.count += 1
      else this.windows.set(key, { count: 1, resetAt: time + this.windowMs })
    }
    return { allowed: true }
  }

  /** Drops ended windows, so the map holds only active keys. */
  sweep(): void {
    const time = this.now()
    for (const [key, window] of this.windows) if (window.resetAt <= time) this.windows.delete(key)
  }
}
