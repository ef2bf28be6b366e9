import { openPglite } from './pglite'
import { openPostgres } from './postgres'
import type { Database } from './types'

export type { Database, Queryable } from './types'
export { openPglite, pgliteDatabase, PGLITE_EXTENSIONS } from './pglite'
export { inBackground } from './pgliteThread'
export { openPostgres, type PostgresOptions } from './postgres'
export { migrate, MIGRATIONS_DIR } from './migrate'

/** PostgreSQL when DATABASE_URL is set, else PGlite persisted in DATA_DIR. */
/** DATABASE_URL's server, or the embedded PGlite in DATA_DIR. */
export const openDatabase = (config: { databaseUrl?: string | undefined; dataDir: string }): Promise<Database> =>
  config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(config.dataDir)
