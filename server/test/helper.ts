import { randomUUID } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import type { FastifyInstance } from 'fastify'
import { buildApp, type BuildAppOptions } from '../src/app'
import { createPasswordHasher, type PasswordHasher } from '../src/auth/password'
import { loadConfig, type Config } from '../src/config'
import { migrate, openPostgres, pgliteDatabase, PGLITE_EXTENSIONS, type Database } from '../src/db'
import { own, SETUP_TIMEOUT_MS, starting } from './support/lifecycle'

export { SETUP_TIMEOUT_MS } from './support/lifecycle'

export interface DatabaseUnderTest {
  name: 'pglite' | 'postgres'
  /** A fresh, empty database; closing it discards it. */
  open: () => Promise<Database>
}

let emptyPglite: Promise<File | Blob> | undefined

/** `db`, owned by the test file (support/lifecycle) until it is closed. */
const ownedDatabase = (db: Database): Database => {
  const owned = own(() => db.close())
  return { ...db, close: owned.close }
}

/**
 * A fresh in-memory PGlite. Creating one runs initdb (about 3 s); copying the data directory of
 * one made earlier in this test process takes a fifth of that.
 */
export const openTestPglite = (): Promise<Database> =>
  starting(async () => {
    emptyPglite ??= PGlite.create({ extensions: PGLITE_EXTENSIONS }).then(async (template) => {
      const dump = await template.dumpDataDir('none')
      await template.close()
      return dump
    })
    return ownedDatabase(pgliteDatabase(await PGlite.create({ loadDataDir: await emptyPglite, extensions: PGLITE_EXTENSIONS })))
  })

/** PostgreSQL in a schema of its own, dropped on close, so parallel and earlier runs don't meet. */
const openTestSchema = (url: string): Promise<Database> =>
  starting(async () => {
    const schema = `test_${randomUUID().replaceAll('-', '')}`
    const db = await openPostgres(url, { schema })
    let dropped = false
    return ownedDatabase({
      ...db,
      close: async () => {
        if (!dropped) {
          dropped = true
          await db.query(`drop schema if exists ${schema} cascade`)
        }
        await db.close()
      },
    })
  })

/** In-memory PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export const databasesUnderTest = (): DatabaseUnderTest[] => {
  const url = process.env.TEST_DATABASE_URL
  return [
    { name: 'pglite', open: openTestPglite },
    ...(url ? [{ name: 'postgres' as const, open: () => openTestSchema(url) }] : []),
  ]
}

/** The defaults with nothing read from the environment, and no SPA or demo data unless a test gives them. */
export const testConfig = (overrides: Partial<Config> = {}): Config => ({
  ...loadConfig({ NODE_ENV: 'test' }),
  staticDir: path.join(os.tmpdir(), `overseer-no-static-${randomUUID()}`),
  // No sample content unless a test asks for it: tests count what they make.
  seedDemo: false,
  // The preview origin on a free port of its own: many test apps listen at once.
  previews: { ...loadConfig({ NODE_ENV: 'test' }).previews, port: 0 },
  ...overrides,
})

/**
 * scrypt at N=2^10 instead of 2^17: the same code path in about a millisecond, so tests can sign
 * in often. Hashes name their parameters, so production-cost hashes verify with it too.
 * auth.test.ts checks the production parameters themselves.
 */
export const fastPasswords = (): PasswordHasher => createPasswordHasher({ params: { logN: 10, r: 8, p: 1 } })

/**
 * Migrates `db` and builds the app on it with logging off; the caller closes both (what it leaves
 * open is closed at the end of the file).
 */
export const buildTestApp = (
  db: Database,
  overrides: Partial<Config> = {},
  options: Partial<Omit<BuildAppOptions, 'config' | 'db'>> = {},
): Promise<FastifyInstance> =>
  starting(async () => {
    await migrate(db)
    const app = buildApp({ config: testConfig(overrides), db, logger: false, passwords: fastPasswords(), ...options })
    const owned = own(() => app.close())
    let closed = false
    const stopListening = () => {
      if (app.server.listening) app.server.close()
    }
    // Closed while it was still starting to listen (its setup ran out of time in listen()), Fastify
    // resolves close() and listens all the same: before its close hooks ran (a loaded CI run found
    // that server still listening, so jest never exited), or after. Either way the server stops.
    app.addHook('onClose', async () => {
      closed = true
      owned.forget()
      setImmediate(stopListening)
    })
    app.server.on('listening', () => closed && setImmediate(stopListening))
    return app
  })

export interface TestApp {
  readonly app: FastifyInstance
  readonly db: Database
  /** Where the app answers, when it listens. */
  readonly url: string
}

/**
 * For the enclosing describe: a database (a fresh PGlite unless `open` is given) and the app built
 * on it before the tests, listening on a loopback port when `listen` is set; both closed after them.
 */
export const useTestApp = (
  setup: {
    open?: () => Promise<Database>
    config?: () => Partial<Config> | Promise<Partial<Config>>
    options?: Partial<Omit<BuildAppOptions, 'config' | 'db'>>
    listen?: boolean
  } = {},
): TestApp => {
  let built: { app: FastifyInstance; db: Database; url: string } | undefined
  const ready = () => {
    if (!built) throw new Error('the test app is used outside a test')
    return built
  }

  beforeAll(async () => {
    const db = await (setup.open ?? openTestPglite)()
    const app = await buildTestApp(db, await setup.config?.(), setup.options)
    let url = ''
    if (setup.listen) {
      await app.listen({ port: 0, host: '127.0.0.1' })
      url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
    }
    built = { app, db, url }
  }, SETUP_TIMEOUT_MS)

  afterAll(async () => {
    await built?.app.close()
    await built?.db.close()
  }, SETUP_TIMEOUT_MS)

  return {
    get app() {
      return ready().app
    },
    get db() {
      return ready().db
    },
    get url() {
      return ready().url
    },
  }
}
