import type { PGlite, Transaction } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { makeTreePrivate, warnNotPrivate } from '../lib/privateDir'
import { openPgliteThread } from './pgliteThread'
import type { Database, Queryable } from './types'

const queryable = (target: PGlite | Transaction): Queryable => ({
  query: async <T>(text: string, params: readonly unknown[] = []) => {
    const { rows } = await target.query<T>(text, [...params])
    return { rows }
  },
  exec: async (sql) => {
    await target.exec(sql)
  },
})

/** Wraps an open PGlite. It is a single connection: queries and transactions run one at a time. */
export const pgliteDatabase = (pg: PGlite): Database => ({
  kind: 'pglite',
  ...queryable(pg),
  transaction: (fn) => pg.transaction((tx) => fn(queryable(tx))),
  close: async () => {
    if (!pg.closed) await pg.close()
  },
})

/** The extensions the migrations use: pg_trgm for the agent log search (migration 009). */
export const PGLITE_EXTENSIONS = { pg_trgm }

/**
 * Opens the embedded database persisted in `dataDir`, or an in-memory one when it is undefined, on
 * a thread of its own (pgliteThread.ts). A new cluster is unpacked with the modes of PGlite's
 * archive (0666), which ignore the umask: they are made private once it is open. Files it creates
 * later follow the umask (077), which the thread shares with this process.
 */
export const openPglite = async (dataDir: string | undefined): Promise<Database> => {
  const unpacking = dataDir !== undefined && !existsSync(path.join(dataDir, 'PG_VERSION'))
  const db = await openPgliteThread(dataDir)
  if (unpacking) warnNotPrivate(dataDir, await makeTreePrivate(dataDir))
  return db
}
