import { migrate } from '../../src/db'
import { DEMO_LOGS, seedDemoLogs } from '../../src/agentLogs/demoLogs'
import { buildTestApp, openTestPglite, SETUP_TIMEOUT_MS } from '../helper'

describe('sample agent logs (SEED_DEMO)', () => {
  it('seeds a fresh database once, newest first on the Logs page, and never again', async () => {
    const db = await openTestPglite()
    const app = await buildTestApp(db, { seedDemo: true })
    await app.ready()
    const { rows } = await db.query<{ level: string; module: string; message: string }>(
      'select level, module, message from agent_logs order by created_at desc, id desc',
    )
    expect(rows).toHaveLength(DEMO_LOGS.length)
    expect(rows[0]?.message).toBe('Sample: Archive delivered to its owner')
    expect(new Set(rows.map((row) => row.level))).toEqual(new Set(['INFO', 'OWNER', 'WARNING', 'ERROR', 'DEBUG']))
    await app.close()

    // Staff emptied the log: a restart does not bring the samples back.
    await db.query('delete from agent_logs')
    const again = await buildTestApp(db, { seedDemo: true })
    await again.ready()
    expect((await db.query('select 1 from agent_logs')).rows).toHaveLength(0)
    await again.close()
    await db.close()
  }, SETUP_TIMEOUT_MS)

  it('leaves a fresh database empty with SEED_DEMO=false, and a log with entries alone', async () => {
    const db = await openTestPglite()
    const app = await buildTestApp(db, { seedDemo: false })
    await app.ready()
    expect((await db.query('select 1 from agent_logs')).rows).toHaveLength(0)
    await app.close()

    await migrate(db)
    await db.query(`insert into agent_logs (level, module, message) values ('INFO', 'overseer-core', 'a real entry')`)
    expect(await seedDemoLogs(db)).toBe(false)
    expect((await db.query('select 1 from agent_logs')).rows).toHaveLength(1)
    await db.close()
  })
})
