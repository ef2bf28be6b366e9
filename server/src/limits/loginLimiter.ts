import { retryAfterSeconds, type WindowCounter } from './windowCounter'

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
      succeeded(): Promise<void>
      /** Wrong e-mail or password: the attempt stays counted. */
      failed(): Promise<void>
      /** Not decided (an error): the attempt doesn't count. */
      abandoned(): Promise<void>
    }

/**
 * Counts failed sign-ins per client IP and per account (the normalised e-mail, known or not) in
 * fixed windows that start at the first failure. An attempt is counted before its password is
 * checked, so concurrent guesses cannot slip past the limit, and given back if it succeeds.
 * When a window ends its count starts again, so an attacker can lock an account out for one
 * window at most after they stop; the IP limit stops one client from trying many accounts.
 * The counters are the server's (`app.limitCounter`): shared by every server with REDIS_URL.
 */
export class LoginLimiter {
  constructor(
    readonly limits: LoginLimits,
    private readonly counter: WindowCounter,
  ) {}

  async attempt(ip: string, account: string): Promise<LoginAttempt> {
    const ipKey = `login:ip:${ip}`
    const accountKey = `login:account:${account}`
    const taken = await this.counter.take([
      { key: ipKey, ...this.limits.perIp },
      { key: accountKey, ...this.limits.perAccount },
    ])
    if (!taken.allowed) return { allowed: false, retryAfterSeconds: retryAfterSeconds(taken.retryAfterMs) }

    let settled = false
    const settle = async (giveBack: boolean, forgetAccount: boolean): Promise<void> => {
      if (settled) return
      settled = true
      if (forgetAccount) {
        await this.counter.giveBack([ipKey])
        await this.counter.forget(accountKey)
      } else if (giveBack) {
        await this.counter.giveBack([ipKey, accountKey])
      }
    }
    return {
      allowed: true,
      succeeded: () => settle(true, true),
      failed: () => settle(false, false),
      abandoned: () => settle(true, false),
    }
  }
}
