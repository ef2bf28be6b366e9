import { randomUUID } from 'node:crypto'
import { migrate, type Database } from '../../src/db'
import { refreshStatistics, sweepExpired } from '../../src/db/retention'
import { buildTestApp, databasesUnderTest, openTestPglite, SETUP_TIMEOUT_MS } from '../helper'

const NOW = new Date('2026-11-23T12:00:00Z')
const daysAgo = (days: number): string => new Date(NOW.getTime() - days * 24 * 60 * 60 * 1000).toISOString()

describe.each(databasesUnderTest())('retention sweep on $name', ({ open }) => {
  let db: Database

  beforeAll(async () => {
    db = await open()
    await migrate(db)
  }, SETUP_TIMEOUT_MS)

  afterAll(async () => {
    await db.close()
  })

  const conversation = async (ownerKey: string, updatedDaysAgo: number): Promise<string> => {
    const id = randomUUID()
    await db.query(
      `insert into chat_conversations (id, owner_key, title, status, model, message_count, created_at, updated_at)
       values ($1, $2, 'Hello', 'completed', 'overseer-local', 2, $3, $3)`,
      [id, ownerKey, daysAgo(updatedDaysAgo)],
    )
    await db.query(`insert into chat_messages (conversation_id, position, role, content) values ($1, 0, 'user', 'Hello'), ($1, 1, 'assistant', 'Hi')`, [id])
    return id
  }

  const conversationIds = async (): Promise<string[]> =>
    (await db.query<{ id: string }>('select id from chat_conversations order by id')).rows.map((row) => row.id)

  it('deletes an anonymous visitor’s conversations 400 days after their last message, and nothing else', async () => {
    const gone = await conversation('visitor:gone', 401)
    const goneToo = await conversation('visitor:gone', 700)
    const recentOld = await conversation('visitor:back', 500)
    const recent = await conversation('visitor:back', 10)
    const edge = await conversation('visitor:edge', 399)
    const account = await conversation('user:1', 2000)

    const result = await sweepExpired(db, NOW)

    expect(result.visitorConversations).toBe(2)
    expect(await conversationIds()).toEqual([recentOld, recent, edge, account].sort())
    expect(await conversationIds()).not.toContain(gone)
    expect(await conversationIds()).not.toContain(goneToo)
    const orphans = await db.query<{ count: number }>(
      'select count(*)::int as count from chat_messages m where not exists (select 1 from chat_conversations c where c.id = m.conversation_id)',
    )
    expect(orphans.rows[0]?.count).toBe(0)
  })

  it('deletes contact messages after 24 months', async () => {
    const insert = (days: number) =>
      db.query(
        `insert into contact_messages (name, email, subject, message, created_at) values ('Ada', 'ada@example.com', 'technical', 'A question about the DevLoop.', $1)`,
        [daysAgo(days)],
      )
    await insert(740)
    await insert(700)
    await insert(1)

    expect((await sweepExpired(db, NOW)).contactMessages).toBe(1)
    const { rows } = await db.query<{ count: number }>('select count(*)::int as count from contact_messages')
    expect(rows[0]?.count).toBe(2)
  })

  it('deletes sessions that can no longer be used, keeping live ones', async () => {
    const { rows } = await db.query<{ id: number }>(
      `insert into users (email, password_hash) values ($1, 'not-a-real-hash') returning id`,
      [`retention-${randomUUID()}@example.com`],
    )
    const userId = rows[0]?.id
    const session = (expiresInDays: number, revoked: boolean) =>
      db.query('insert into sessions (user_id, token_hash, expires_at, revoked_at) values ($1, $2, $3, $4)', [
        userId,
        randomUUID(),
        daysAgo(-expiresInDays),
        revoked ? daysAgo(1) : null,
      ])
    await session(1, false)
    await session(-1, false)
    await session(10, true)

    expect((await sweepExpired(db, NOW)).sessions).toBe(2)
    const live = await db.query<{ count: number }>('select count(*)::int as count from sessions where user_id = $1', [userId])
    expect(live.rows[0]?.count).toBe(1)
  })

  it('gives the planner the size of the chat tables', async () => {
    await refreshStatistics(db)
    const { rows } = await db.query<{ known: number; actual: number }>(
      `select reltuples::int as known, (select count(*)::int from chat_conversations) as actual
         from pg_class where relname = 'chat_conversations' and relkind = 'r' and pg_table_is_visible(oid)`,
    )
    // Before the first ANALYZE PostgreSQL reports -1 ("never counted").
    expect(rows).toHaveLength(1)
    expect(rows[0]?.known).toBe(rows[0]?.actual)
    expect(rows[0]?.actual).toBeGreaterThan(0)
  })

  it('finds nothing more to delete when run again', async () => {
    expect(await sweepExpired(db, NOW)).toEqual({ visitorConversations: 0, contactMessages: 0, sessions: 0 })
  })
})

describe('the retention plugin', () => {
  it('sweeps after start and again at each interval, and stops when the server closes', async () => {
    const db = await openTestPglite()
    const app = await buildTestApp(db, {}, { retention: { firstSweepMs: 10, intervalMs: 50 } })
    await app.ready()
    const insertOld = () =>
      db.query(
        `insert into chat_conversations (id, owner_key, title, status, model, updated_at)
         values ($1, 'visitor:old', 'Hello', 'completed', 'overseer-local', now() - interval '401 days')`,
        [randomUUID()],
      )
    const remaining = async () =>
      (await db.query<{ count: number }>('select count(*)::int as count from chat_conversations')).rows[0]?.count
    const swept = async () => {
      const deadline = Date.now() + 5000
      while ((await remaining()) !== 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20))
      return remaining()
    }
    await insertOld()
    expect(await swept()).toBe(0)
    // The first sweep has run; the next one comes with the interval.
    await insertOld()
    expect(await swept()).toBe(0)
    await app.close()
    await db.close()
  })
})
