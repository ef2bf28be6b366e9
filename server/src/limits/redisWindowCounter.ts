import type { Redis } from 'ioredis'
import type { FastifyBaseLogger } from 'fastify'
import type { MemoryWindowCounter, TakeResult, WindowCounter, WindowLimit } from './windowCounter'

/**
 * KEYS: the counters; ARGV: max and window (ms) of each in turn. Counts one on every key only when
 * none is full, else returns the longest wait (ms). One script, so two servers cannot both take
 * the last place.
 */
const TAKE = `
local wait = 0
for i = 1, #KEYS do
  local count = tonumber(redis.call('GET', KEYS[i]) or '0')
  if count >= tonumber(ARGV[2 * i - 1]) then
    local ttl = redis.call('PTTL', KEYS[i])
    if ttl < 0 then
      ttl = tonumber(ARGV[2 * i])
      redis.call('PEXPIRE', KEYS[i], ttl)
    end
    if ttl > wait then wait = ttl end
  end
end
if wait > 0 then return wait end
for i = 1, #KEYS do
  if redis.call('INCR', KEYS[i]) == 1 then redis.call('PEXPIRE', KEYS[i], ARGV[2 * i]) end
end
return 0
`

const GIVE_BACK = `
for i = 1, #KEYS do
  local count = tonumber(redis.call('GET', KEYS[i]) or '0')
  if count > 0 then redis.call('DECR', KEYS[i]) end
end
return 0
`

/** How long a counter call may take before this process counts on its own instead. */
export const REDIS_COUNTER_TIMEOUT_MS = 500

const withTimeout = <T>(run: Promise<T>, ms: number): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer from Redis within ${ms} ms`)), ms)
    run.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error: unknown) => {
        clearTimeout(timer)
        reject(error instanceof Error ? error : new Error(String(error)))
      },
    )
  })

/**
 * The counters in Redis, shared by every server (keys under `<REDIS_PREFIX>:limits:`). When Redis
 * does not answer, the limits still hold, per process: the call falls back to `fallback` and the
 * outage is logged (once a minute at most).
 */
export class RedisWindowCounter implements WindowCounter {
  private lastWarning = 0

  constructor(
    private readonly client: Redis,
    private readonly prefix: string,
    private readonly fallback: MemoryWindowCounter,
    private readonly log: FastifyBaseLogger,
  ) {}

  async take(limits: readonly WindowLimit[]): Promise<TakeResult> {
    try {
      const keys = limits.map(({ key }) => this.name(key))
      const args = limits.flatMap(({ max, windowMs }) => [String(max), String(Math.max(1, Math.round(windowMs)))])
      const wait = Number(await withTimeout(this.client.eval(TAKE, keys.length, ...keys, ...args), REDIS_COUNTER_TIMEOUT_MS))
      return wait > 0 ? { allowed: false, retryAfterMs: wait } : { allowed: true }
    } catch (error) {
      this.warn(error)
      return this.fallback.take(limits)
    }
  }

  async giveBack(keys: readonly string[]): Promise<void> {
    try {
      await withTimeout(this.client.eval(GIVE_BACK, keys.length, ...keys.map((key) => this.name(key))), REDIS_COUNTER_TIMEOUT_MS)
    } catch (error) {
      this.warn(error)
      await this.fallback.giveBack(keys)
    }
  }

  async forget(key: string): Promise<void> {
    try {
      await withTimeout(this.client.del(this.name(key)), REDIS_COUNTER_TIMEOUT_MS)
    } catch (error) {
      this.warn(error)
    }
    await this.fallback.forget(key)
  }

  private name(key: string): string {
    return `${this.prefix}:limits:${key}`
  }

  private warn(error: unknown): void {
    const time = Date.now()
    if (time - this.lastWarning < 60_000) return
    this.lastWarning = time
    this.log.warn({ err: error }, 'rate limits: Redis did not answer; counting in this process until it does')
  }
}
