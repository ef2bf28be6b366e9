import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Database, Queryable } from './types'

export const MIGRATIONS_DIR = path.resolve(__dirname, '../../migrations')

const CREATE_LEDGER = `create table if not exists schema_migrations (
  name text primary key,
  applied_at timestamptz not null default now()
)`

/**
 * Serialises migrations between processes that start together on one PostgreSQL database.
 * The lock is keyed on the current schema, so test files with their own schemas don't wait
 * for each other. PGlite is a single connection and needs no lock.
 */
const lock = async (db: Database, tx: Queryable): Promise<void> => {
  if (db.kind === 'postgres') await tx.query(`select pg_advisory_xact_lock(hashtext('migrate:' || current_schema()))`)
}

/** Applies the `.sql` files of `dir` in name order, each once and in its own transaction. */
export const migrate = async (db: Database, dir: string = MIGRATIONS_DIR): Promise<string[]> => {
  const files = (await readdir(dir)).filter((name) => name.endsWith('.sql')).sort()
  await db.transaction(async (tx) => {
    await lock(db, tx)
    await tx.exec(CREATE_LEDGER)
  })

  const applied: string[] = []
  for (const name of files) {
    const sql = await readFile(path.join(dir, name), 'utf8')
    const ran = await db.transaction(async (tx) => {
      await lock(db, tx)
      const { rows } = await tx.query('select 1 from schema_migrations where name = $1', [name])
      if (rows.length > 0) return false
      await tx.exec(sql)
      await tx.query('insert into schema_migrations (name) values ($1)', [name])
      return true
    })
    if (ran) applied.push(name)
  }
  return applied
}
