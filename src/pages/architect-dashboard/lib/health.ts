import { HEALTH_CHECKS, type CheckStatus, type HealthReport } from '../model/types'
import { isRecord } from '@contracts/check'

const isStatus = (value: unknown): value is CheckStatus => value === 'ok' || value === 'error'

/** Checks the body of GET /api/health; undefined when it is not a health report. */
export const healthReportOf = (body: unknown): HealthReport | undefined => {
  if (!isRecord(body) || !isStatus(body.status) || typeof body.checkedAt !== 'string' || !isRecord(body.checks)) return undefined
  if (Number.isNaN(Date.parse(body.checkedAt))) return undefined
  const reported = body.checks
  const checks = HEALTH_CHECKS.flatMap((check) => {
    const status = reported[check.id]
    return isStatus(status) ? [{ id: check.id, label: check.label, status }] : []
  })
  if (checks.length === 0) return undefined
  return { status: body.status, checkedAt: body.checkedAt, checks }
}

/** The checks that failed, by name ('Database', 'Queue', 'AI provider'). */
export const failingChecks = (report: HealthReport): string[] =>
  report.checks.filter((check) => check.status === 'error').map((check) => check.label)
