import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { migrate, type Database } from '../../src/db'
import { databasesUnderTest, SETUP_TIMEOUT_MS } from '../helper'

describe.each(databasesUnderTest())('the $name database', ({ name, open }) => {
  let db: Database

  beforeEach(async () => {
    db = await open()
  }, SETUP_TIMEOUT_MS)

  afterEach(async () => {
    await db.close()
  })

  it('says which kind it is', () => {
    expect(db.kind).toBe(name)
  })

  it('applies each migration once', async () => {
    const first = await migrate(db)
    expect(first).toContain('001_newsletter.sql')
    expect(await migrate(db)).toEqual([])
    const { rows } = await db.query<{ name: string }>('select name from schema_migrations order by name')
    expect(rows.map((row) => row.name)).toEqual(first)
  })

  it('rolls a failed migration back entirely', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'overseer-migrations-'))
    try {
      await writeFile(path.join(dir, '001_ok.sql'), 'create table ok_table (id int);')
      await writeFile(path.join(dir, '002_broken.sql'), 'create table half_done (id int); select no_such_function();')
      await expect(migrate(db, dir)).rejects.toThrow(/no_such_function/)
      const { rows } = await db.query<{ name: string | null }>(
        "select to_regclass('ok_table')::text as name union all select to_regclass('half_done')::text",
      )
      expect(rows.map((row) => row.name)).toEqual(['ok_table', null])
      const applied = await db.query<{ name: string }>('select name from schema_migrations')
      expect(applied.rows).toEqual([{ name: '001_ok.sql' }])
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('commits a transaction that resolves and rolls back one that throws', async () => {
    await db.exec('create table items (label text not null)')
    await db.transaction(async (tx) => {
      await tx.query('insert into items (label) values ($1)', ['kept'])
    })
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into items (label) values ($1)', ['discarded'])
        throw new Error('changed my mind')
      }),
    ).rejects.toThrow('changed my mind')
    const { rows } = await db.query<{ label: string }>('select label from items')
    expect(rows).toEqual([{ label: 'kept' }])
  })

  it('returns bigint columns as numbers and timestamps as Dates', async () => {
    const { rows } = await db.query<{ count: unknown; big: unknown; at: unknown }>(
      "select count(*) as count, 9007199254740993::bigint as big, now() as at",
    )
    expect(rows[0]).toEqual({ count: 1, big: 9007199254740993n, at: expect.any(Date) })
  })

  it('runs migrations started together once', async () => {
    await Promise.all([migrate(db), migrate(db), migrate(db)])
    const { rows } = await db.query<{ count: number }>('select count(*) as count from schema_migrations')
    expect(rows[0]?.count).toBeGreaterThan(0)
  })
})
