import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { Redis } from 'ioredis'
import { LoginLimiter } from '../../src/limits/loginLimiter'
import { ChatRateLimiter } from '../../src/limits/chatLimiter'
import type { Database } from '../../src/db'
import { MemoryWindowCounter, type WindowCounter } from '../../src/limits/windowCounter'
import { closeRedis } from '../../src/lib/redis'
import { RedisWindowCounter } from '../../src/limits/redisWindowCounter'
import { buildTestApp, openTestPglite, SETUP_TIMEOUT_MS } from '../helper'

const limits = { perIp: { max: 3, windowMs: 60_000 }, perAccount: { max: 2, windowMs: 10_000 } }

/** What the counters log when Redis does not answer. */
const recordingLog = () => {
  const warnings: string[] = []
  const log = { warn: (_details: unknown, message: string) => warnings.push(message) }
  return { warnings, log: log as unknown as ConstructorParameters<typeof RedisWindowCounter>[3] }
}

describe('LoginLimiter (counters in this process)', () => {
  it('blocks an account after its failures until its window ends', async () => {
    let now = 1_000_000
    const limiter = new LoginLimiter(limits, new MemoryWindowCounter(() => now))
    for (let i = 0; i < 2; i += 1) {
      const attempt = await limiter.attempt(`10.0.0.${i}`, 'ada@example.com')
      if (!attempt.allowed) throw new Error('should be allowed')
      await attempt.failed()
    }
    expect(await limiter.attempt('10.0.0.9', 'ada@example.com')).toEqual({ allowed: false, retryAfterSeconds: 10 })
    now += 9_500
    expect(await limiter.attempt('10.0.0.9', 'ada@example.com')).toEqual({ allowed: false, retryAfterSeconds: 1 })
    now += 500
    expect((await limiter.attempt('10.0.0.9', 'ada@example.com')).allowed).toBe(true)
  })

  it('blocks an IP after failures across accounts, for the rest of its window', async () => {
    let now = 0
    const limiter = new LoginLimiter(limits, new MemoryWindowCounter(() => now))
    for (const account of ['a', 'b', 'c']) {
      const attempt = await limiter.attempt('10.0.0.1', account)
      if (attempt.allowed) await attempt.failed()
      now += 1_000
    }
    expect(await limiter.attempt('10.0.0.1', 'c')).toEqual({ allowed: false, retryAfterSeconds: 57 })
  })

  it('gives an abandoned attempt back, forgets an account that signs in, and sweeps ended windows', async () => {
    let now = 0
    const counter = new MemoryWindowCounter(() => now)
    const limiter = new LoginLimiter(limits, counter)
    for (let i = 0; i < 5; i += 1) {
      const attempt = await limiter.attempt('10.0.0.1', 'ada')
      if (!attempt.allowed) throw new Error('should be allowed')
      await attempt.abandoned()
    }
    const failed = await limiter.attempt('10.0.0.1', 'ada')
    if (!failed.allowed) throw new Error('should be allowed')
    await failed.failed()
    const signedIn = await limiter.attempt('10.0.0.1', 'ada')
    if (!signedIn.allowed) throw new Error('should be allowed')
    await signedIn.succeeded()
    // The account starts again: two more failures are allowed.
    for (let i = 0; i < 2; i += 1) {
      const attempt = await limiter.attempt('10.0.0.2', 'ada')
      if (!attempt.allowed) throw new Error('should be allowed')
      await attempt.failed()
    }
    expect((await limiter.attempt('10.0.0.3', 'ada')).allowed).toBe(false)
    expect(counter.size).toBe(3)
    now += 60_000
    counter.sweep()
    expect(counter.size).toBe(0)
  })
})

describe('ChatRateLimiter', () => {
  it('counts a message against the owner and the IP only when both have room', async () => {
    let now = 0
    const limiter = new ChatRateLimiter(new MemoryWindowCounter(() => now))
    const message = (owner: string, ip: string) => limiter.hit([{ key: `owner:${owner}`, max: 2 }, { key: `ip:${ip}`, max: 3 }])
    expect(await message('ada', '10.0.0.1')).toEqual({ allowed: true })
    expect(await message('ada', '10.0.0.1')).toEqual({ allowed: true })
    now += 15_000
    expect(await message('ada', '10.0.0.1')).toEqual({ allowed: false, retryAfterSeconds: 45 })
    // Refused for Ada, so not counted against the IP: Grace still gets its last place.
    expect(await message('grace', '10.0.0.1')).toEqual({ allowed: true })
    expect(await message('grace', '10.0.0.1')).toEqual({ allowed: false, retryAfterSeconds: 45 })
    now += 45_000
    expect(await message('ada', '10.0.0.1')).toEqual({ allowed: true })
  })
})

const REDIS_URL = process.env.TEST_REDIS_URL

;(REDIS_URL ? describe : describe.skip)('rate limits shared in Redis (TEST_REDIS_URL)', () => {
  const clients: Redis[] = []
  const connect = async () => {
    const client = new Redis(REDIS_URL as string, { maxRetriesPerRequest: 1, enableOfflineQueue: false })
    clients.push(client)
    if (client.status !== 'ready') await new Promise((resolve) => client.once('ready', resolve))
    return client
  }
  /** Two servers' counters on one Redis, under one prefix. */
  const twoServers = async (): Promise<[WindowCounter, WindowCounter]> => {
    const prefix = `overseer-test-${randomUUID()}`
    const { log } = recordingLog()
    return [
      new RedisWindowCounter(await connect(), prefix, new MemoryWindowCounter(), log),
      new RedisWindowCounter(await connect(), prefix, new MemoryWindowCounter(), log),
    ]
  }

  afterAll(async () => {
    await Promise.all(clients.map((client) => closeRedis(client)))
  })

  it('counts on one server what was taken on another, and says how long until the window ends', async () => {
    const [a, b] = await twoServers()
    const limit = [{ key: 'k', max: 2, windowMs: 5_000 }]
    expect(await a.take(limit)).toEqual({ allowed: true })
    expect(await b.take(limit)).toEqual({ allowed: true })
    const refused = await a.take(limit)
    expect(refused.allowed).toBe(false)
    if (!refused.allowed) {
      expect(refused.retryAfterMs).toBeGreaterThan(4_000)
      expect(refused.retryAfterMs).toBeLessThanOrEqual(5_000)
    }
    // Given back on b, taken on a; forgotten on a, free again on b.
    await b.giveBack(['k'])
    expect(await a.take(limit)).toEqual({ allowed: true })
    await a.forget('k')
    expect(await b.take(limit)).toEqual({ allowed: true })
  })

  it('takes on every key only when all have room, and a window ends on time', async () => {
    const [a, b] = await twoServers()
    // Long enough for the takes below to fall in one window on a busy machine; the wait then ends it.
    const windowMs = 1_500
    const both = [
      { key: 'owner', max: 1, windowMs },
      { key: 'ip', max: 5, windowMs },
    ]
    expect(await a.take(both)).toEqual({ allowed: true })
    expect((await b.take(both)).allowed).toBe(false)
    // The refusal counted nothing against the IP.
    expect(await b.take([{ key: 'ip', max: 2, windowMs }])).toEqual({ allowed: true })
    expect((await b.take([{ key: 'ip', max: 2, windowMs }])).allowed).toBe(false)
    await new Promise((resolve) => setTimeout(resolve, windowMs + 100))
    expect(await b.take(both)).toEqual({ allowed: true })
  })

  it('lets exactly `max` through when two servers take at once', async () => {
    const [a, b] = await twoServers()
    const limit = [{ key: 'race', max: 5, windowMs: 5_000 }]
    const results = await Promise.all(Array.from({ length: 20 }, (_, index) => (index % 2 === 0 ? a : b).take(limit)))
    expect(results.filter((result) => result.allowed)).toHaveLength(5)
  })

  it('counts in this process, and says so, when Redis does not answer', async () => {
    // Nothing listens on port 9: the connection never gets ready, and no command waits for it.
    const client = new Redis('redis://127.0.0.1:9', { maxRetriesPerRequest: 1, enableOfflineQueue: false, retryStrategy: () => null, lazyConnect: true })
    client.on('error', () => undefined)
    const { warnings, log } = recordingLog()
    const counter = new RedisWindowCounter(client, `overseer-test-${randomUUID()}`, new MemoryWindowCounter(), log)
    const limit = [{ key: 'k', max: 1, windowMs: 60_000 }]
    expect(await counter.take(limit)).toEqual({ allowed: true })
    expect((await counter.take(limit)).allowed).toBe(false)
    expect(warnings).toEqual(['rate limits: Redis did not answer; counting in this process until it does'])
    client.disconnect()
  })

  describe('two servers', () => {
    let dbs: Database[] = []
    let apps: FastifyInstance[] = []

    beforeAll(async () => {
      const shared = {
        redisUrl: REDIS_URL,
        redisPrefix: `overseer-test-${randomUUID()}`,
        loginLimits: { perIp: { max: 100, windowMs: 60_000 }, perAccount: { max: 3, windowMs: 60_000 } },
        rateLimitForms: 2,
      }
      dbs = await Promise.all([openTestPglite(), openTestPglite()])
      apps = await Promise.all(dbs.map((db) => buildTestApp(db, shared)))
    }, SETUP_TIMEOUT_MS)

    afterAll(async () => {
      await Promise.all(apps.map((app) => app.close()))
      await Promise.all(dbs.map((db) => db.close()))
    })

    it('refuses a fourth failed sign-in on the second server after three on the first', async () => {
      const [first, second] = apps as [FastifyInstance, FastifyInstance]
      const login = (on: FastifyInstance, remoteAddress: string) =>
        on.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'mallory@example.com', password: 'guess-guess' }, remoteAddress })
      for (let i = 0; i < 3; i += 1) expect((await login(first, `203.0.113.${i + 1}`)).statusCode).toBe(401)
      const refused = await login(second, '198.51.100.9')
      expect(refused.statusCode).toBe(429)
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(50)
    })

    it('counts a form route across both servers', async () => {
      const [first, second] = apps as [FastifyInstance, FastifyInstance]
      const subscribe = (on: FastifyInstance, email: string) =>
        on.inject({ method: 'POST', url: '/api/newsletter', payload: { email }, remoteAddress: '192.0.2.44' })
      expect((await subscribe(first, 'one@example.com')).statusCode).toBeLessThan(300)
      expect((await subscribe(second, 'two@example.com')).statusCode).toBeLessThan(300)
      const refused = await subscribe(first, 'three@example.com')
      expect(refused.statusCode).toBe(429)
      expect(refused.headers['retry-after']).toBeDefined()
    })
  })
})
