import type { CheckStatus, HealthCheck } from '@contracts/health'

/** The dependencies GET /api/health checks, in the order System Status lists them, with their names. */
export const HEALTH_CHECKS: readonly { id: HealthCheck; label: string }[] = [
  { id: 'database', label: 'Database' },
  { id: 'queue', label: 'Queue' },
  { id: 'provider', label: 'AI provider' },
]

/** The body of GET /api/health (200 when all is well, 503 when a check fails), already checked. */
export interface HealthReport {
  status: CheckStatus
  /** When the server ran the checks (ISO 8601). */
  checkedAt: string
  /** The checks the server reported, in HEALTH_CHECKS order. */
  checks: { id: HealthCheck; label: string; status: CheckStatus }[]
}
