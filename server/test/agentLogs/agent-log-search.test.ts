import { createAgentLogRepository as agentLogsIn, likeLiteral, LOG_COUNT_CAP } from '../../src/agentLogs/agentLogRepository'
import { migrate, type Database } from '../../src/db'
import { databasesUnderTest, SETUP_TIMEOUT_MS } from '../helper'

describe.each(databasesUnderTest())('the agent log search on $name', ({ open }) => {
  let db: Database

  beforeAll(async () => {
    db = await open()
    await migrate(db)
    const entries = [
      { level: 'INFO', module: 'devloop-matrix', message: 'Coverage reached 100% after iteration 3' },
      { level: 'INFO', module: 'devloop-matrix', message: 'Coverage reached 1000 lines' },
      { level: 'ERROR', module: 'devloop-matrix', message: 'Test "rejects an empty name" FAILED in iteration 2' },
      { level: 'INFO', module: 'assembly-agent', message: 'Wrote src/user_store.js' },
      { level: 'INFO', module: 'assembly-agent', message: 'Wrote src/userXstore.js' },
      { level: 'WARNING', module: 'clarification-loop', message: 'Path C:\\temp\\out kept as given' },
    ] as const
    for (const entry of entries) await agentLogsIn(db).write(entry)
  }, SETUP_TIMEOUT_MS)

  afterAll(async () => {
    await db.close()
  })

  const search = async (text: string, filters: { module?: 'devloop-matrix'; level?: 'ERROR' } = {}) => {
    const { entries, total, totalCapped } = await agentLogsIn(db).list({ search: text, ...filters, limit: 20, offset: 0 })
    expect(total).toBe(entries.length)
    expect(totalCapped).toBe(false)
    return entries.map((entry) => entry.message)
  }

  it('matches anywhere in the message, ignoring case, with the module and level filters', async () => {
    expect(await search('failed')).toEqual(['Test "rejects an empty name" FAILED in iteration 2'])
    expect(await search('ITERATION', { module: 'devloop-matrix', level: 'ERROR' })).toEqual(['Test "rejects an empty name" FAILED in iteration 2'])
    expect(await search('coverage reached', { module: 'devloop-matrix' })).toEqual(['Coverage reached 1000 lines', 'Coverage reached 100% after iteration 3'])
  })

  it('takes %, _ and \\ literally', async () => {
    expect(await search('100%')).toEqual(['Coverage reached 100% after iteration 3'])
    expect(await search('user_store')).toEqual(['Wrote src/user_store.js'])
    expect(await search('C:\\temp')).toEqual(['Path C:\\temp\\out kept as given'])
    expect(await search('%')).toEqual(['Coverage reached 100% after iteration 3'])
    expect(likeLiteral('50%_a\\b')).toBe('50\\%\\_a\\\\b')
  })

  it(`counts matches up to ${LOG_COUNT_CAP}, and says when there are more`, async () => {
    await db.query(
      `insert into agent_logs (level, module, message) select 'DEBUG', 'devloop-matrix', 'Bulk entry ' || g from generate_series(1, $1::int) g`,
      [LOG_COUNT_CAP + 5],
    )
    const many = await agentLogsIn(db).list({ search: 'bulk entry', limit: 20, offset: 0 })
    expect(many).toMatchObject({ total: LOG_COUNT_CAP, totalCapped: true })
    expect(many.entries).toHaveLength(20)
    const term = `bulk entry ${LOG_COUNT_CAP / 10}`
    const expected = Array.from({ length: LOG_COUNT_CAP + 5 }, (_, index) => `bulk entry ${index + 1}`).filter((message) => message.includes(term)).length
    const exact = await agentLogsIn(db).list({ search: term, limit: 20, offset: 0 })
    expect(expected).toBeLessThan(LOG_COUNT_CAP)
    expect(exact).toMatchObject({ total: expected, totalCapped: false })
    await db.query(`delete from agent_logs where message like 'Bulk entry %'`)
  })

  it('has the filter indexes and the trigram index for the search', async () => {
    const { rows } = await db.query<{ indexname: string }>(`select indexname from pg_indexes where tablename = 'agent_logs' and schemaname = current_schema() order by 1`)
    expect(rows.map((row) => row.indexname)).toEqual(
      expect.arrayContaining(['agent_logs_level', 'agent_logs_message_trgm', 'agent_logs_module_level', 'agent_logs_newest']),
    )
  })
})
