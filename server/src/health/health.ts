import { HEALTH_CHECKS, type CheckStatus, type HealthCheck, type HealthReport } from '@contracts/health'
import { withinTimeout } from '../lib/withinTimeout'

/** Each check resolves true when its dependency answers; a rejection counts as false. */
export type HealthProbes = Record<HealthCheck, () => Promise<boolean>>

/**
 * How long each check may take before it counts as failed. The queue's Redis PING should answer
 * in milliseconds; the provider probe has its own 2 s timeout, this is the backstop.
 */
export const HEALTH_TIMEOUTS_MS: Record<HealthCheck, number> = { database: 2_000, queue: 1_000, provider: 2_500 }

/** Runs every check at once, each under its timeout, so the answer never hangs. */
export const checkHealth = async (probes: HealthProbes, timeouts = HEALTH_TIMEOUTS_MS, now: () => Date = () => new Date()): Promise<HealthReport> => {
  const checkedAt = now().toISOString()
  const results = await Promise.all(
    HEALTH_CHECKS.map(async (name) => {
      const passed = await withinTimeout(async () => {
        if (!(await probes[name]())) throw new Error(`${name} check failed`)
      }, timeouts[name])
      return [name, passed ? 'ok' : 'error'] as const
    }),
  )
  const checks = Object.fromEntries(results) as Record<HealthCheck, CheckStatus>
  return { status: Object.values(checks).every((status) => status === 'ok') ? 'ok' : 'error', checkedAt, checks }
}
