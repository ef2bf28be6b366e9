import { failingChecks, healthReportOf } from './health'

const CHECKED_AT = '2026-11-23T15:04:05.000Z'

describe('healthReportOf', () => {
  it('keeps the known checks in the order System Status lists them, with their names', () => {
    const report = healthReportOf({ status: 'error', checkedAt: CHECKED_AT, checks: { provider: 'error', database: 'ok', queue: 'ok', cache: 'error' } })
    expect(report?.checks).toEqual([
      { id: 'database', label: 'Database', status: 'ok' },
      { id: 'queue', label: 'Queue', status: 'ok' },
      { id: 'provider', label: 'AI provider', status: 'error' },
    ])
    expect(report && failingChecks(report)).toEqual(['AI provider'])
  })

  it('rejects a body without a status, a valid check time or any known check', () => {
    expect(healthReportOf({ checkedAt: CHECKED_AT, checks: { database: 'ok' } })).toBeUndefined()
    expect(healthReportOf({ status: 'ok', checkedAt: 'yesterday', checks: { database: 'ok' } })).toBeUndefined()
    expect(healthReportOf({ status: 'ok', checkedAt: CHECKED_AT, checks: { database: 'fine' } })).toBeUndefined()
    expect(healthReportOf({ status: 'ok', checkedAt: CHECKED_AT, checks: {} })).toBeUndefined()
    expect(healthReportOf(null)).toBeUndefined()
  })
})
