import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { Redis } from 'ioredis'
import type { LlmConfig } from '../../src/config'
import type { Database } from '../../src/db'
import { checkHealth } from '../../src/health/health'
import { ProviderProbe } from '../../src/health/providerProbe'
import { pingRedis } from '../../src/lib/redis'
import { buildTestApp, databasesUnderTest, SETUP_TIMEOUT_MS, testConfig } from '../helper'
import { FakeLlm } from '../support/fakeLlm'

interface HealthBody {
  status: string
  checkedAt: string
  checks: { database: string; queue: string; provider: string }
}

/** A port on 127.0.0.1 that nothing listens on: connections to it are refused at once. */
const closedPort = async (): Promise<number> => {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

const llmAt = (baseUrl: string): LlmConfig => ({ baseUrl, apiKey: 'secret-key', models: undefined, timeoutMs: 5_000, providerName: 'Test provider' })

const withLlm = (baseUrl: string) => ({ chat: { ...testConfig().chat, llm: llmAt(baseUrl) } })

const health = async (app: FastifyInstance) => {
  const response = await app.inject({ method: 'GET', url: '/api/health' })
  return { statusCode: response.statusCode, body: response.json<HealthBody>(), text: response.body }
}

describe.each(databasesUnderTest())('GET /api/health on $name', ({ open }) => {
  let db: Database
  const apps: FastifyInstance[] = []

  beforeEach(async () => {
    db = await open()
  }, SETUP_TIMEOUT_MS)

  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close()
    await db.close()
  })

  const appWith = async (overrides: Parameters<typeof buildTestApp>[1] = {}) => {
    const app = await buildTestApp(db, overrides)
    apps.push(app)
    return app
  }

  it('answers ok with the time of the check when the database, the in-process queue and overseer-local are there', async () => {
    // The file's first app indexes the docs (later ones reuse them): its time limit is a setup's.
    const before = Date.now()
    const { statusCode, body } = await health(await appWith())
    expect(statusCode).toBe(200)
    expect(body).toEqual({ status: 'ok', checkedAt: expect.any(String) as string, checks: { database: 'ok', queue: 'ok', provider: 'ok' } })
    expect(Date.parse(body.checkedAt)).toBeGreaterThanOrEqual(before - 1000)
    expect(Date.parse(body.checkedAt)).toBeLessThanOrEqual(Date.now())
  }, SETUP_TIMEOUT_MS)

  it('answers 503 when the database is gone', async () => {
    const app = await appWith()
    await db.close()
    const { statusCode, body } = await health(app)
    expect(statusCode).toBe(503)
    expect(body).toMatchObject({ status: 'error', checks: { database: 'error', queue: 'ok', provider: 'ok' } })
  })

  it('checks a configured provider: ok when its /models answers, with the API key', async () => {
    const fake = await FakeLlm.start()
    try {
      const { statusCode, body } = await health(await appWith(withLlm(fake.baseUrl)))
      expect(statusCode).toBe(200)
      expect(body.checks).toEqual({ database: 'ok', queue: 'ok', provider: 'ok' })
      const probes = fake.requests.filter((request) => request.path === '/v1/models')
      expect(probes.length).toBeGreaterThanOrEqual(1)
      expect(probes[0]?.headers.authorization).toBe('Bearer secret-key')
    } finally {
      await fake.close()
    }
  })

  it('answers 503 when the configured provider cannot be reached, without revealing its address or key', async () => {
    const baseUrl = `http://127.0.0.1:${await closedPort()}/v1`
    const { statusCode, body, text } = await health(await appWith(withLlm(baseUrl)))
    expect(statusCode).toBe(503)
    expect(body).toMatchObject({ status: 'error', checks: { database: 'ok', queue: 'ok', provider: 'error' } })
    expect(text).not.toContain('127.0.0.1')
    expect(text).not.toContain('secret-key')
  })
})

describe('the provider probe', () => {
  it('asks the provider at most once per cache period, and shares one request between callers', async () => {
    const fake = await FakeLlm.start()
    let now = 0
    try {
      const probe = new ProviderProbe(llmAt(fake.baseUrl), { cacheMs: 30_000, now: () => now })
      expect(await Promise.all([probe.reachable(), probe.reachable(), probe.reachable()])).toEqual([true, true, true])
      now = 29_000
      expect(await probe.reachable()).toBe(true)
      expect(fake.requests).toHaveLength(1)
      now = 31_000
      expect(await probe.reachable()).toBe(true)
      expect(fake.requests).toHaveLength(2)
    } finally {
      await fake.close()
    }
  })

  it('counts a provider that answers with an error status as unreachable', async () => {
    const server: Server = createServer((_request, response) => response.writeHead(401).end('{"error":"bad key"}'))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const reasons: string[] = []
    try {
      const probe = new ProviderProbe(llmAt(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`), { onFailure: (reason) => reasons.push(reason) })
      expect(await probe.reachable()).toBe(false)
      expect(reasons).toEqual(['HTTP 401'])
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  })

  it('gives up on a provider that does not answer within its timeout', async () => {
    const server: Server = createServer(() => undefined)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const probe = new ProviderProbe(llmAt(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`), { timeoutMs: 200 })
      const started = Date.now()
      expect(await probe.reachable()).toBe(false)
      expect(Date.now() - started).toBeLessThan(5_000)
    } finally {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  })
})

describe('checkHealth', () => {
  it('answers in time when a check hangs, and names only the failed check', async () => {
    const started = Date.now()
    const report = await checkHealth(
      { database: async () => true, queue: () => new Promise<boolean>(() => undefined), provider: async () => true },
      { database: 1_000, queue: 100, provider: 1_000 },
    )
    expect(Date.now() - started).toBeLessThan(3_000)
    expect(report).toMatchObject({ status: 'error', checks: { database: 'ok', queue: 'error', provider: 'ok' } })
  })

  it('counts a check that throws as failed', async () => {
    const report = await checkHealth({
      database: () => Promise.reject(new Error('down')),
      queue: async () => true,
      provider: async () => false,
    })
    expect(report).toMatchObject({ status: 'error', checks: { database: 'error', queue: 'ok', provider: 'error' } })
  })
})

describe('the queue check with Redis', () => {
  it('fails at once when Redis cannot be reached', async () => {
    const client = new Redis(`redis://127.0.0.1:${await closedPort()}`, { maxRetriesPerRequest: null, lazyConnect: true, retryStrategy: () => null })
    client.on('error', () => undefined)
    await client.connect().catch(() => undefined)
    const started = Date.now()
    expect(await pingRedis(client, 1_000)).toBe(false)
    expect(Date.now() - started).toBeLessThan(500)
    client.disconnect()
  })

  const redisUrl = process.env.TEST_REDIS_URL
  const withRedis = redisUrl ? it : it.skip
  withRedis('answers ok when Redis answers a PING (TEST_REDIS_URL)', async () => {
    const client = new Redis(redisUrl as string, { maxRetriesPerRequest: null })
    await new Promise<void>((resolve) => client.once('ready', () => resolve()))
    expect(await pingRedis(client, 1_000)).toBe(true)
    await client.quit()
  })
})
