/** The dependencies GET /api/health checks, in the order System Status lists them. */
export const HEALTH_CHECKS = [
  { id: 'database', label: 'Database' },
  { id: 'queue', label: 'Queue' },
  { id: 'provider', label: 'AI provider' },
] as const

export type HealthCheckId = (typeof HEALTH_CHECKS)[number]['id']
export type CheckStatus = 'ok' | 'error'

/** The body of GET /api/health (200 when all is well, 503 when a check fails), already checked. */
export interface HealthReport {
  status: CheckStatus
  /** When the server ran the checks (ISO 8601). */
  checkedAt: string
  /** The checks the server reported, in HEALTH_CHECKS order. */
  checks: { id: HealthCheckId; label: string; status: CheckStatus }[]
}
