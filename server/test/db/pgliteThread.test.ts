import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { inBackground, migrate, openPglite, type Database } from '../../src/db'
import { SETUP_TIMEOUT_MS } from '../helper'

/**
 * The embedded database as the server opens it: PGlite on a thread of its own. The same contract
 * as in-process PGlite (db.test.ts): values as they are, transactions that commit or roll back,
 * PostgreSQL's error fields, statements one at a time, files that persist.
 */
describe('PGlite on its own thread', () => {
  let dir: string
  let db: Database

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'overseer-pglite-thread-'))
    db = await openPglite(path.join(dir, 'data'))
  }, SETUP_TIMEOUT_MS)

  afterAll(async () => {
    await db.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('applies the migrations and says it is PGlite', async () => {
    expect(db.kind).toBe('pglite')
    expect(await migrate(db)).toContain('001_newsletter.sql')
    expect(await migrate(db)).toEqual([])
  })

  it('passes values both ways as they are: bigints, timestamps, bytes, JSON, nulls', async () => {
    await db.exec('create table kinds (big bigint, at timestamptz, bytes bytea, doc jsonb, nothing text)')
    const at = new Date('2026-11-29T20:00:00.123Z')
    await db.query('insert into kinds values ($1, $2, $3, $4, $5)', [9007199254740993n, at, new Uint8Array([0, 1, 254, 255]), JSON.stringify({ a: [1, 'two'] }), null])
    const { rows } = await db.query<Record<string, unknown>>('select big, at, bytes, doc, nothing, count(*) over () as count from kinds')
    expect(rows).toEqual([{ big: 9007199254740993n, at, bytes: new Uint8Array([0, 1, 254, 255]), doc: { a: [1, 'two'] }, nothing: null, count: 1 }])
  })

  it('commits a transaction that resolves, rolls back one that throws (its own error), and runs other statements after it', async () => {
    await db.exec('create table items (label text primary key)')
    await db.transaction(async (tx) => {
      await tx.query('insert into items (label) values ($1)', ['kept'])
    })
    const mind = new Error('changed my mind')
    let outside: Promise<{ rows: { count: number }[] }> | undefined
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into items (label) values ($1)', ['discarded'])
        // Asked for while the transaction is open: it runs after, and sees none of it.
        outside = db.query<{ count: number }>('select count(*) as count from items')
        await tx.exec("insert into items (label) values ('also discarded')")
        throw mind
      }),
    ).rejects.toBe(mind)
    expect((await outside)?.rows).toEqual([{ count: 1 }])
    expect((await db.query('select label from items')).rows).toEqual([{ label: 'kept' }])
  })

  it("keeps PostgreSQL's error fields, and stays usable after a failed statement in a transaction", async () => {
    await db.exec('create table uniques (email text constraint uniques_email unique)')
    await db.query('insert into uniques values ($1)', ['a@example.com'])
    const error: unknown = await db.query('insert into uniques values ($1)', ['a@example.com']).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(Error)
    expect(error).toMatchObject({ code: '23505', constraint: 'uniques_email', message: expect.stringMatching(/duplicate key/) })
    await expect(db.transaction((tx) => tx.query('select no_such_column from uniques'))).rejects.toMatchObject({ code: '42703' })
    expect((await db.query('select count(*) as count from uniques')).rows).toEqual([{ count: 1 }])
  })

  it('answers many statements sent at once, each its own', async () => {
    const answers = await Promise.all(Array.from({ length: 200 }, (_, index) => db.query<{ n: number }>('select $1::int * 2 as n', [index])))
    expect(answers.map(({ rows }) => rows[0]?.n)).toEqual(Array.from({ length: 200 }, (_, index) => index * 2))
  })

  it("lets a request's statement go ahead of the background's (a build's writes), which all still run, in order, transactions too", async () => {
    await db.exec('create table lane (n int)')
    const finished: string[] = []
    const background = inBackground(() =>
      Promise.all([
        ...Array.from({ length: 20 }, (_, index) => db.query('insert into lane values ($1)', [index]).then(() => finished.push(`build ${index}`))),
        db.transaction(async (tx) => {
          await tx.query('insert into lane values ($1)', [100])
          await tx.query('insert into lane values ($1)', [101])
        }),
      ]),
    )
    await db.query('select count(*) from lane').then(() => finished.push('request'))
    await background
    // The thread holds at most two of the background's statements when the request's comes.
    expect(finished.indexOf('request')).toBeLessThanOrEqual(2)
    expect(finished.filter((name) => name !== 'request')).toEqual(Array.from({ length: 20 }, (_, index) => `build ${index}`))
    expect((await db.query<{ n: number }>('select n from lane order by n')).rows.map(({ n }) => n)).toEqual([...Array.from({ length: 20 }, (_, index) => index), 100, 101])
  })

  it('keeps its data on disk, and refuses statements once closed', async () => {
    await db.exec("create table kept (label text); insert into kept values ('here')")
    await db.close()
    await expect(db.query('select 1')).rejects.toThrow('The embedded database is closed.')
    db = await openPglite(path.join(dir, 'data'))
    expect((await db.query('select label from kept')).rows).toEqual([{ label: 'here' }])
  })

  it('says why it could not open', async () => {
    const file = path.join(dir, 'not-a-folder')
    await writeFile(file, 'plain text')
    await expect(openPglite(file)).rejects.toThrow(`The embedded database in ${file} could not be opened: ErrnoError (errno 54)`)
  })
})
