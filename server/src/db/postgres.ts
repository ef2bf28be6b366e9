import pg from 'pg'
import type { Database, Queryable } from './types'
import { parseInt8 } from './int8'

export interface PostgresOptions {
  /** Work inside this schema (created if missing) instead of `public`; tests use one per file. */
  schema?: string
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/

const types: pg.CustomTypesConfig = {
  getTypeParser: (oid, format) => (oid === pg.types.builtins.INT8 ? parseInt8 : pg.types.getTypeParser(oid, format)),
}

const queryable = (client: pg.Pool | pg.PoolClient): Queryable => ({
  query: async <T>(text: string, params: readonly unknown[] = []) => {
    const { rows } = await client.query<T & pg.QueryResultRow>(text, [...params])
    return { rows }
  },
  exec: async (sql) => {
    // Without parameters node-postgres uses the simple protocol, which accepts several statements.
    await client.query(sql)
  },
  binaryParams: true,
})

/** Connects to a PostgreSQL server through a connection pool. */
export const openPostgres = async (url: string, { schema }: PostgresOptions = {}): Promise<Database> => {
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) {
    throw new Error(`Invalid schema name "${schema}": use lower-case letters, digits and underscores`)
  }
  const pool = new pg.Pool({
    connectionString: url,
    connectionTimeoutMillis: 10_000,
    // A startup parameter, so every pooled connection gets it before its first query.
    options: schema ? `-c search_path=${schema}` : undefined,
    types,
  })
  // An idle client losing its connection (server restart) must not crash the process.
  pool.on('error', () => {})
  if (schema) await pool.query(`create schema if not exists ${schema}`)

  let closed = false
  return {
    kind: 'postgres',
    ...queryable(pool),
    transaction: async (fn) => {
      const client = await pool.connect()
      try {
        await client.query('begin')
        const result = await fn(queryable(client))
        await client.query('commit')
        client.release()
        return result
      } catch (error) {
        // A failed rollback means the connection is broken: destroy it instead of pooling it.
        await client.query('rollback').then(
          () => client.release(),
          (rollbackError: Error) => client.release(rollbackError),
        )
        throw error
      }
    },
    close: async () => {
      if (closed) return
      closed = true
      await pool.end()
    },
  }
}
