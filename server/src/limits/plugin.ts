import { once } from 'node:events'
import fp from 'fastify-plugin'
import { Redis } from 'ioredis'
import { MemoryWindowCounter, type WindowCounter } from './windowCounter'
import { closeRedis } from '../lib/redis'
import { RedisWindowCounter } from './redisWindowCounter'

declare module 'fastify' {
  interface FastifyInstance {
    /** The counters behind the sign-in and chat limits: in Redis with REDIS_URL, else in this process. */
    limitCounter: WindowCounter
    /** The Redis connection of the limits (also the form limits' store), with REDIS_URL. */
    limitRedis: Redis | undefined
  }
}

const SWEEP_INTERVAL_MS = 60_000
/** How long start-up waits for the limits' Redis connection before going on without it. */
const READY_TIMEOUT_MS = 5_000

/**
 * Where the rate limits count. With REDIS_URL every server counts in Redis, so a client that
 * spreads its requests over N servers still gets the limit once, not N times. The connection
 * does not queue commands while Redis is away: the counters then fall back to this process.
 */
export default fp(
  async (app) => {
    const memory = new MemoryWindowCounter()
    const sweeper = setInterval(() => memory.sweep(), SWEEP_INTERVAL_MS).unref()
    let counter: WindowCounter = memory
    let client: Redis | undefined
    if (app.config.redisUrl) {
      client = new Redis(app.config.redisUrl, { connectionName: 'overseer-limits', maxRetriesPerRequest: 1, enableOfflineQueue: false })
      // ioredis reconnects by itself; its errors are reported when a counter call fails.
      client.on('error', (err: unknown) => app.log.debug({ err }, 'rate limits: Redis connection error'))
      // An error before 'ready' (Redis down) is not fatal: the counters fall back until it answers.
      const ready = once(client, 'ready').then(
        () => true,
        () => false,
      )
      const timeout = new Promise<false>((resolve) => setTimeout(() => resolve(false), READY_TIMEOUT_MS).unref())
      if (!(await Promise.race([ready, timeout]))) app.log.warn('rate limits: Redis not ready at start-up; counting in this process until it is')
      counter = new RedisWindowCounter(client, app.config.redisPrefix, memory, app.log)
    }
    app.decorate('limitCounter', counter)
    app.decorate('limitRedis', client)
    app.addHook('onClose', async () => {
      clearInterval(sweeper)
      if (client) await closeRedis(client)
    })
  },
  { name: 'limits', dependencies: ['config'] },
)
