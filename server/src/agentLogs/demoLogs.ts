import type { Database } from '../db'
import type { AgentModule, LogLevel } from '@contracts/logs'
import { claimDemoSeed } from '../db/demoSeeds'

/** The Logs page's sample rows (spec section 2), minutes before the seeding. */
export const DEMO_LOGS: readonly { minutesAgo: number; level: LogLevel; module: AgentModule; message: string }[] = [
  { minutesAgo: 58, level: 'INFO', module: 'overseer-core', message: 'Sample: Overseer Core started; all modules registered' },
  { minutesAgo: 52, level: 'OWNER', module: 'overseer-core', message: 'Sample: Owner approved the planning gate for "Inventory dashboard"' },
  { minutesAgo: 47, level: 'INFO', module: 'clarification-loop', message: 'Sample: Clarification complete: 3 questions answered, 2 assumptions recorded' },
  { minutesAgo: 41, level: 'WARNING', module: 'clarification-loop', message: 'Sample: Assumption recorded without confirmation: users sign in with e-mail' },
  { minutesAgo: 36, level: 'INFO', module: 'file-structure-planner', message: 'Sample: Planned 14 files in 4 folders' },
  { minutesAgo: 30, level: 'DEBUG', module: 'devloop-matrix', message: 'Sample: Context for src/api/items.js: 2,140 tokens' },
  { minutesAgo: 24, level: 'ERROR', module: 'devloop-matrix', message: 'Sample: Test "rejects an empty name" failed in iteration 2' },
  { minutesAgo: 19, level: 'INFO', module: 'devloop-matrix', message: 'Sample: All 23 tests pass after iteration 3' },
  { minutesAgo: 12, level: 'INFO', module: 'assembly-agent', message: 'Sample: Assembled 14 files with README, scripts and tests' },
  { minutesAgo: 5, level: 'INFO', module: 'overseer-core', message: 'Sample: Archive delivered to its owner' },
]

/**
 * Seeds the sample log rows once, on a database whose log is empty: a newcomer sees a populated
 * Logs page before the first build. True when it seeded them.
 */
export const seedDemoLogs = (db: Database, now: Date = new Date()): Promise<boolean> =>
  db.transaction(async (tx) => {
    if (!(await claimDemoSeed(tx, 'agent-logs'))) return false
    const existing = await tx.query('select 1 from agent_logs limit 1')
    if (existing.rows.length > 0) return false
    for (const entry of DEMO_LOGS) {
      await tx.query('insert into agent_logs (created_at, level, module, message) values ($1, $2, $3, $4)', [
        new Date(now.getTime() - entry.minutesAgo * 60_000),
        entry.level,
        entry.module,
        entry.message,
      ])
    }
    return true
  })
