import { Redis } from 'ioredis'
import { withinTimeout } from './withinTimeout'

/**
 * Scale-out: what the server and `npm run worker` processes share in Redis. Every key and
 * channel starts with REDIS_PREFIX, so installations (or test runs) can share one Redis.
 */
export interface RedisNames {
  /** BullMQ's key prefix for the build queue. */
  queuePrefix: string
  /** The socket.io Redis adapter's and emitter's channel prefix: they must match. */
  socketKey: string
  /** Pub/sub channel for build control messages (approval decisions, cancellations). */
  controlChannel: string
  /** The pub/sub channel of one server process (a stop of a build it took, the answer to a stop it asked). */
  serverChannel(serverId: string): string
}

export const BUILD_QUEUE = 'builds'

export const redisNames = (prefix: string): RedisNames => ({
  queuePrefix: `${prefix}:bull`,
  socketKey: `${prefix}:socket.io`,
  controlChannel: `${prefix}:builds:control`,
  serverChannel: (serverId) => `${prefix}:builds:server:${serverId}`,
})

/**
 * A new connection. BullMQ wants `maxRetriesPerRequest: null` (its blocking commands retry
 * forever); a subscriber connection can only subscribe, so each use gets its own connection.
 */
export const redisConnection = (url: string, name: string): Redis =>
  new Redis(url, { maxRetriesPerRequest: null, connectionName: name, lazyConnect: false })

/**
 * Whether Redis answers a PING within `timeoutMs`. A connection that is not ready fails at once:
 * its commands would wait in the offline queue (BullMQ's connections retry forever).
 */
export const pingRedis = (client: Redis, timeoutMs: number): Promise<boolean> =>
  client.status === 'ready' ? withinTimeout(() => client.ping(), timeoutMs) : Promise.resolve(false)

/** Closes a connection politely, or drops it if Redis does not answer. */
export const closeRedis = async (client: Redis): Promise<void> => {
  if (client.status === 'end') return
  await client.quit().catch(() => client.disconnect())
}
