import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { openPglite, openPostgres, type Database } from '../../server/src/db'
import { subheading } from './report'

/** A database a bench section seeds and measures, thrown away at the end. */
export interface BenchDatabase {
  /** Where it is, for the output. */
  where: string
  open: () => Promise<Database>
  /** What the server needs to use the same database. */
  serverEnv: Record<string, string>
  dispose: () => Promise<void>
}

/** A PGlite database in a fresh temporary folder whose name starts with `prefix`. */
export const pgliteDatabase = (prefix: string): BenchDatabase => {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix))
  return {
    where: dataDir,
    open: () => openPglite(dataDir),
    serverEnv: { DATA_DIR: dataDir },
    dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
  }
}

/**
 * A database of its own, named `<prefix>_<pid>_<time>`, on the PostgreSQL server of
 * TEST_DATABASE_URL (else the local default), created here and dropped at the end; a string saying
 * why when there is none to use.
 */
export const postgresDatabase = async (prefix: string): Promise<BenchDatabase | string> => {
  const base = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}`
  const admin = new pg.Client({ connectionString: base, connectionTimeoutMillis: 5_000 })
  const shown = new URL(base)
  shown.password = ''
  try {
    await admin.connect()
    await admin.query(`create database ${name}`)
  } catch (error) {
    return `cannot create a bench database on ${shown.host} (${process.env.TEST_DATABASE_URL ? 'TEST_DATABASE_URL' : 'the default, TEST_DATABASE_URL unset'}): ${error instanceof Error ? error.message : String(error)}`
  } finally {
    await admin.end().catch(() => undefined)
  }
  const url = new URL(base)
  url.pathname = `/${name}`
  return {
    where: `${shown.host}/${name} (created for this run)`,
    open: () => openPostgres(url.toString()),
    serverEnv: { DATABASE_URL: url.toString() },
    dispose: async () => {
      const client = new pg.Client({ connectionString: base, connectionTimeoutMillis: 5_000 })
      await client.connect()
      try {
        await client.query(`drop database if exists ${name} with (force)`)
      } finally {
        await client.end()
      }
    },
  }
}

/** What a section reports for PostgreSQL when there is no server to use. */
export interface SkippedDatabase {
  database: 'PostgreSQL'
  skipped: string
}

/**
 * Measures each database in turn (PGlite, then PostgreSQL), throwing each away after, into
 * `results`; a database that cannot be had is reported as skipped, with why.
 */
export const measureEach = async <Target extends BenchDatabase, Result>(
  targets: (() => Promise<Target | string>)[],
  results: (Result | SkippedDatabase)[],
  measure: (target: Target) => Promise<Result>,
): Promise<void> => {
  for (const makeTarget of targets) {
    const target = await makeTarget()
    if (typeof target === 'string') {
      subheading('PostgreSQL: skipped')
      console.log(`Skipped: ${target}. Set TEST_DATABASE_URL to a server where this user may create databases.`)
      results.push({ database: 'PostgreSQL', skipped: target })
      continue
    }
    try {
      results.push(await measure(target))
    } finally {
      await target.dispose()
    }
  }
}
