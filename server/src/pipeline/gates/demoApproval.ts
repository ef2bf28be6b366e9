import { randomUUID } from 'node:crypto'
import type { Database } from '../../db'
import { createApprovalRepository as approvalsIn, type NewApproval } from './approvalRepository'
import { claimDemoSeed } from '../../db/demoSeeds'

/**
 * The Approvals page's sample card (spec section 2): a pending planning request that no
 * build waits on, so deciding it only records the decision.
 */
export const DEMO_APPROVAL: Omit<NewApproval, 'id' | 'createdAt'> = {
  buildId: null,
  gate: 'planning',
  title: 'Sample: Approve file structure for the vendor tracker',
  description:
    'The File Structure Planner proposes 14 files in 4 folders for a vendor tracker web app: a single page, a small JSON API and tests. The brief and its market analysis are complete; approving lets the DevLoop Matrix write the code.',
  priority: 'Medium',
  context: {
    request: 'Build a vendor tracker web app where purchasing can record suppliers, their contacts and contract renewal dates',
    kind: 'web-app',
    name: 'vendor-tracker',
    stage: 'development',
    details: [
      'Market analysis: comparable tools (spreadsheets, procurement suites) are either too loose or too heavy for a team of five; the gap is a focused list with renewal reminders.',
      'Users expect: a sortable supplier list, renewals due in the next 30 days at the top, and CSV export for finance.',
      'Assumption: one team shares the tracker; no per-user permissions in the first version.',
      'Planned files: README.md, package.json, server.js, src/store.js, src/renewals.js, public/index.html, public/app.js, public/styles.css, test/store.test.js, test/renewals.test.js and 4 more',
    ],
  },
  expiresAt: null,
  waiting: false,
}

/** How long before the seeding the sample was raised. */
const SAMPLE_AGE_MS = 20 * 60_000

/**
 * Seeds the sample approval request once, on a fresh database (no builds, no requests): a
 * newcomer sees a populated Approvals page before the first gated build. True when it seeded it.
 */
export const seedDemoApproval = (db: Database, now: Date = new Date()): Promise<boolean> =>
  db.transaction(async (tx) => {
    if (!(await claimDemoSeed(tx, 'approval-request'))) return false
    const existing = await tx.query('select 1 from approval_requests union all select 1 from builds limit 1')
    if (existing.rows.length > 0) return false
    await approvalsIn(tx).create({ ...DEMO_APPROVAL, id: randomUUID(), createdAt: new Date(now.getTime() - SAMPLE_AGE_MS) })
    return true
  })
