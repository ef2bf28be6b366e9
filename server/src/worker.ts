import { Emitter } from '@socket.io/redis-emitter'
import type { ServerToClientEvents } from '@contracts/socket'
import { createBuildRepository } from './builds/buildRepository'
import { ConfigError, loadConfig, type Config, type LogLevel } from './config'
import { migrate, openDatabase } from './db'
import { closeRedis, redisConnection, redisNames } from './lib/redis'
import { progressRoom } from './plugins/app/socket'
import { previewRegistryNames, startPreviewAgent } from './preview/cluster'
import { rekeyQuestions } from './questions/questionRepository'
import { LocalAssistant } from './llm/local/assistant'
import { createPreviewService, originGuards } from './preview/plugin'
import { startBuildWorker, type BuildWorkerLog } from './scale/buildWorker'

/**
 * `npm run worker`: runs builds from the Redis queue that the servers fill. Needs REDIS_URL
 * and DATABASE_URL, the same as the servers'. It stores the archives it delivers in that database,
 * where every server reads them: no folder is shared.
 */
const readConfig = (): Config & { redisUrl: string } => {
  try {
    const config = loadConfig()
    if (config.redisUrl === undefined) {
      throw new ConfigError('npm run worker needs REDIS_URL (and DATABASE_URL): without them the server runs builds itself, no worker needed')
    }
    return { ...config, redisUrl: config.redisUrl }
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`)
      process.exit(1)
    }
    throw error
  }
}

const SEVERITY: Record<LogLevel, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity }

/** One JSON line per entry, as the server's (pino) log, at or above LOG_LEVEL. */
const logger = (level: LogLevel): BuildWorkerLog => {
  const write =
    (entryLevel: 'info' | 'warn' | 'error') =>
    (msg: string, fields: Record<string, unknown> = {}): void => {
      if (SEVERITY[entryLevel] < SEVERITY[level]) return
      process.stdout.write(`${JSON.stringify({ level: SEVERITY[entryLevel], time: Date.now(), pid: process.pid, name: 'worker', ...fields, msg })}\n`)
    }
  return { info: write('info'), warn: write('warn'), error: write('error') }
}

const main = async (): Promise<void> => {
  const config = readConfig()
  const log = logger(config.logLevel)
  const db = await openDatabase(config)
  await migrate(db)
  // A worker records the questions its builds answer: their keys, and older ones, as the server makes them.
  const rekeyed = await rekeyQuestions(db, () => LocalAssistant.readerOf(config.chat.docsDir)).catch((err: unknown) => err as Error)
  if (rekeyed instanceof Error) log.error('assistant questions could not be re-keyed; they will be at the next start', { err: rekeyed.message })
  else if (rekeyed) log.info('assistant questions re-keyed for the search as it now reads words', rekeyed)
  const worker = await startBuildWorker({ config, db, buildsIn: createBuildRepository, log })
  // Previews run here too, where the sandbox is: served to the web servers through this worker's preview agent.
  const previewRedis = redisConnection(config.redisUrl, 'overseer-worker-previews')
  const emitter = new Emitter<ServerToClientEvents>(previewRedis, { key: redisNames(config.redisPrefix).socketKey })
  const agent = await startPreviewAgent({
    service: createPreviewService(config, db, (sessionId, event) => emitter.to(progressRoom(sessionId)).emit('preview', { sessionId, ...event })),
    redis: previewRedis,
    names: previewRegistryNames(config.redisPrefix),
    origin: originGuards(config),
    host: config.host,
    port: config.previews.agentPort,
    ...(config.previews.agentAddress && { address: config.previews.agentAddress }),
    max: config.previews.max,
  })
  log.info('Overseer worker taking builds', { queuePrefix: config.redisPrefix, concurrency: config.builds.concurrency, previews: agent.address })

  let closing = false
  const shutdown = (signal: NodeJS.Signals): void => {
    if (closing) {
      log.warn('second signal: exiting without waiting', { signal })
      process.exit(1)
    }
    closing = true
    log.info('shutting down', { signal })
    void worker
      .close()
      .then(() => agent.close())
      .then(() => closeRedis(previewRedis))
      .then(() => db.close())
      .then(
        () => process.exit(0),
        (err: unknown) => {
          log.error('shutdown failed', { err: String(err) })
          process.exit(1)
        },
      )
  }
  process.on('SIGTERM', shutdown)
  process.on('SIGINT', shutdown)
}

main().catch((error: unknown) => {
  process.stderr.write(`Overseer worker failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
  process.exit(1)
})
