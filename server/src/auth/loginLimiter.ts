export interface LimitWindow {
  /** Failed sign-ins allowed in one window. */
  max: number
  windowMs: number
}

export interface LoginLimits {
  perIp: LimitWindow
  perAccount: LimitWindow
}

export type LoginAttempt =
  | { allowed: false; retryAfterSeconds: number }
  | {
      allowed: true
      /** Signed in: the attempt doesn't count, and the account's failures are forgotten. */
      succeeded(): void
      /** Wrong e-mail or password: the attempt stays counted. */
      failed(): void
      /** Not decided (an error): the attempt doesn't count. */
      abandoned(): void
    }

interface Counter {
  count: number
  resetAt: number
}

/**
 * Counts failed sign-ins per client IP and per account (the normalised e-mail, known or not) in
 * fixed windows that start at the first failure. An attempt is counted before its password is
 * checked, so concurrent guesses cannot slip past the limit, and given back if it succeeds.
 * When a window ends its count starts again, so an attacker can lock an account out for one
 * window at most after they stop; the IP limit stops one client from trying many accounts.
 * In memory, per process.
 */
export class LoginLimiter {
  private readonly ips = new Map<string, Counter>()
  private readonly accounts = new Map<string, Counter>()

  constructor(
    readonly limits: LoginLimits,
    private readonly now: () => number = Date.now,
  ) {}

  attempt(ip: string, account: string): LoginAttempt {
    const time = this.now()
    const ipCounter = this.live(this.ips, ip, time)
    const accountCounter = this.live(this.accounts, account, time)
    const waits = [
      ipCounter && ipCounter.count >= this.limits.perIp.max ? ipCounter.resetAt - time : 0,
      accountCounter && accountCounter.count >= this.limits.perAccount.max ? accountCounter.resetAt - time : 0,
    ]
    const wait = Math.max(...waits)
    if (wait > 0) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(wait / 1000)) }

    const ipEntry = this.count(this.ips, ip, ipCounter, this.limits.perIp, time)
    const accountEntry = this.count(this.accounts, account, accountCounter, this.limits.perAccount, time)
    let settled = false
    const settle = (giveBack: boolean, forgetAccount: boolean): void => {
      if (settled) return
      settled = true
      if (giveBack) {
        ipEntry.count -= 1
        accountEntry.count -= 1
      }
      if (forgetAccount && this.accounts.get(account) === accountEntry) this.accounts.delete(account)
    }
    return {
      allowed: true,
      succeeded: () => settle(true, true),
      failed: () => settle(false, false),
      abandoned: () => settle(true, false),
    }
  }

  /** Drops counters whose window has ended. */
  sweep(): void {
    const time = this.now()
    for (const map of [this.ips, this.accounts]) {
      for (const [key, counter] of map) if (counter.resetAt <= time) map.delete(key)
    }
  }

  get size(): number {
    return this.ips.size + this.accounts.size
  }

  private live(map: Map<string, Counter>, key: string, time: number): Counter | undefined {
    const counter = map.get(key)
    if (counter && counter.resetAt <= time) {
      map.delete(key)
      return undefined
    }
    return counter
  }

  private count(map: Map<string, Counter>, key: string, counter: Counter | undefined, limit: LimitWindow, time: number): Counter {
    if (counter) {
      counter.count += 1
      return counter
    }
    const fresh = { count: 1, resetAt: time + limit.windowMs }
    map.set(key, fresh)
    return fresh
  }
}
