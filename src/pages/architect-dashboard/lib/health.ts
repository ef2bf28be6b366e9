import { fits } from '@contracts/check'
import { HealthReport as HealthReportSchema } from '@contracts/health'
import { HEALTH_CHECKS, type HealthReport } from '../model/types'

/** Checks the body of GET /api/health against the contract; undefined when it is not a health report. */
export const healthReportOf = (body: unknown): HealthReport | undefined => {
  if (!fits(HealthReportSchema, body)) return undefined
  const report = body as HealthReportSchema
  if (Number.isNaN(Date.parse(report.checkedAt))) return undefined
  const checks = HEALTH_CHECKS.map((check) => ({ id: check.id, label: check.label, status: report.checks[check.id] }))
  return { status: report.status, checkedAt: report.checkedAt, checks }
}

/** The checks that failed, by name ('Database', 'Queue', 'AI provider'). */
export const failingChecks = (report: HealthReport): string[] =>
  report.checks.filter((check) => check.status === 'error').map((check) => check.label)
