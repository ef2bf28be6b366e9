/** One limit: at most `max` counted in a fixed window of `windowMs` that starts at the first. */
export interface WindowLimit {
  key: string
  max: number
  windowMs: number
}

export type TakeResult = { allowed: true } | { allowed: false; retryAfterMs: number }

/**
 * Counters in fixed windows, for the rate limits (sign-in, chat). `take` counts one against every
 * limit only when all of them still have room; otherwise it counts nothing and says how long until
 * the longest blocked window ends. In memory for one process, or in Redis for all of them
 * (`RedisWindowCounter`), so that N servers do not allow N times the limit.
 */
export interface WindowCounter {
  take(limits: readonly WindowLimit[]): Promise<TakeResult>
  /** Gives one back to each key, in the window it is in (an attempt that should not count). */
  giveBack(keys: readonly string[]): Promise<void>
  /** Ends a key's window: it starts again from nothing. */
  forget(key: string): Promise<void>
}

interface Window {
  count: number
  resetAt: number
}

/** The counters of this process. `sweep` drops ended windows, so the map holds only live keys. */
export class MemoryWindowCounter implements WindowCounter {
  private readonly windows = new Map<string, Window>()

  constructor(private readonly now: () => number = Date.now) {}

  takeNow(limits: readonly WindowLimit[]): TakeResult {
    const time = this.now()
    let wait = 0
    for (const { key, max } of limits) {
      const window = this.live(key, time)
      if (window && window.count >= max) wait = Math.max(wait, window.resetAt - time)
    }
    if (wait > 0) return { allowed: false, retryAfterMs: wait }
    for (const { key, windowMs } of limits) {
      const window = this.live(key, time)
      if (window) window.count += 1
      else this.windows.set(key, { count: 1, resetAt: time + windowMs })
    }
    return { allowed: true }
  }

  take(limits: readonly WindowLimit[]): Promise<TakeResult> {
    return Promise.resolve(this.takeNow(limits))
  }

  giveBack(keys: readonly string[]): Promise<void> {
    const time = this.now()
    for (const key of keys) {
      const window = this.live(key, time)
      if (window && window.count > 0) window.count -= 1
    }
    return Promise.resolve()
  }

  forget(key: string): Promise<void> {
    this.windows.delete(key)
    return Promise.resolve()
  }

  sweep(): void {
    const time = this.now()
    for (const [key, window] of this.windows) if (window.resetAt <= time) this.windows.delete(key)
  }

  get size(): number {
    return this.windows.size
  }

  private live(key: string, time: number): Window | undefined {
    const window = this.windows.get(key)
    if (window && window.resetAt <= time) {
      this.windows.delete(key)
      return undefined
    }
    return window
  }
}

/** Whole seconds to wait, at least one (for Retry-After and the messages). */
export const retryAfterSeconds = (ms: number): number => Math.max(1, Math.ceil(ms / 1000))
