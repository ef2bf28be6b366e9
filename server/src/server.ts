import type { FastifyServerOptions } from 'fastify'
import { buildApp } from './app'
import { ConfigError, loadConfig, type Config } from './config'
import { startControlChannel, type ControlChannel } from './control/channel'
import { acquireLock, DataDirBusyError, type DataDirLock } from './control/lock'
import { createPrivately } from './lib/privateDir'
import { migrate, openDatabase } from './db'
import { rekeyQuestions } from './questions/questionRepository'
import { LocalAssistant } from './llm/local/assistant'

const readConfig = (): Config => {
  try {
    return loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`)
      process.exit(1)
    }
    throw error
  }
}

/**
 * PGlite allows one process per data directory: take DATA_DIR's lock first, waiting a little
 * for a users command that holds it, never for another server.
 */
const lockDataDir = async (config: Config): Promise<DataDirLock | undefined> => {
  if (config.databaseUrl) return undefined
  // Everything this process writes in DATA_DIR is for its user only, from the first file on.
  createPrivately()
  try {
    const lock = await acquireLock(config.dataDir, 'server', { waitMs: 30_000, waitFor: ['cli'] })
    process.once('exit', () => lock.releaseSync())
    return lock
  } catch (error) {
    if (error instanceof DataDirBusyError) {
      process.stderr.write(`Cannot start: ${error.message}. Stop it, or give this server another DATA_DIR.\n`)
      process.exit(1)
    }
    throw error
  }
}

/**
 * Lines a person reads when the log goes to a terminal (`npm start`), one JSON object per line
 * for anything else (a file, a log collector), as pino intends.
 */
const loggerFor = (stream: NodeJS.WriteStream): FastifyServerOptions['logger'] =>
  stream.isTTY
    ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname', singleLine: false } } }
    : true

const main = async (): Promise<void> => {
  const config = readConfig()
  const lock = await lockDataDir(config)
  const db = await openDatabase(config)
  await migrate(db)
  // Stale keys only group and correct questions less well: a failure here does not stop the server.
  // Questions stored before readings were are read as the offline assistant reads them (its docs
  // are indexed once in a process: the chat uses the same).
  const rekeyed = await rekeyQuestions(db, () => LocalAssistant.readerOf(config.chat.docsDir)).catch((err: unknown) => err as Error)
  const app = buildApp({ config, db, logger: loggerFor(process.stdout), warmResponses: true })
  await app.ready()
  if (rekeyed instanceof Error) app.log.error({ err: rekeyed }, 'assistant questions could not be re-keyed; they will be at the next start')
  else if (rekeyed) app.log.info(rekeyed, 'assistant questions re-keyed for the search as it now reads words')

  // `npm run users` reaches the embedded database through this server while it runs.
  let control: ControlChannel | undefined
  if (lock) {
    try {
      control = await startControlChannel({ dataDir: config.dataDir, users: app.users, log: app.log })
    } catch (err) {
      app.log.warn({ err }, 'no control channel: `npm run users` cannot reach this server and will refuse to run')
    }
  }

  let closing = false
  const shutdown = (signal: NodeJS.Signals): void => {
    if (closing) {
      app.log.warn({ signal }, 'second signal: exiting without waiting')
      process.exit(1)
    }
    closing = true
    app.log.info({ signal }, 'shutting down')
    void Promise.resolve(control?.close())
      .then(() => app.close())
      .then(() => db.close())
      .then(() => lock?.release())
      .then(
        () => process.exit(0),
        (err: unknown) => {
          app.log.error({ err }, 'shutdown failed')
          process.exit(1)
        },
      )
  }
  process.on('SIGTERM', shutdown)
  process.on('SIGINT', shutdown)

  try {
    await app.listen({
      port: config.port,
      host: config.host,
      listenTextResolver: (address) => `Overseer listening at ${address}`,
    })
  } catch (err) {
    app.log.fatal({ err }, 'could not listen')
    await control?.close()
    await db.close()
    await lock?.release()
    process.exit(1)
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`Overseer failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
  process.exit(1)
})
