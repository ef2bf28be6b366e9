import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import type { BuildEvent } from '@contracts/buildEvents'
import { createBuildRepository } from '../../src/builds/buildRepository'
import { startBuildWorker, type BuildWorker } from '../../src/scale/buildWorker'
import { databasesUnderTest, SETUP_TIMEOUT_MS, useTestApp } from '../helper'
import { buildConfig, buildRequest, sendBuild } from '../support/builds'
import { chatConfig, newVisitor, type Headers } from '../support/chat'

/**
 * With REDIS_URL builds queue across workers: a worker runs BUILD_CONCURRENCY at once (BullMQ's
 * concurrency), the rest wait in BullMQ's list, and the server that queued each tells it its
 * place there ('Queued: 1 build ahead'), again as it moves. Against the real Redis and PostgreSQL.
 */
const REDIS_URL = process.env.TEST_REDIS_URL
const postgres = databasesUnderTest().find((database) => database.name === 'postgres')

/** Checks `condition` until it holds (every 50 ms, at most `timeoutMs`). */
const waitFor = async (what: string, condition: () => Promise<boolean> | boolean, timeoutMs = 20_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`no ${what} within ${timeoutMs / 1000} s`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

if (!REDIS_URL || !postgres || !process.env.TEST_DATABASE_URL) {
  describe('the build queue across workers', () => {
    it.skip('needs TEST_REDIS_URL and TEST_DATABASE_URL (CI sets both; see .ci/run): skipped', () => undefined)
  })
} else {
  describe('the build queue across workers', () => {
    const prefix = `overseer-test-${randomUUID()}`
    let running = 0
    let most = 0
    let letGo: () => void = () => undefined
    const released = new Promise<void>((resolve) => (letGo = resolve))
    let worker: BuildWorker | undefined
    const target = useTestApp({
      open: postgres.open,
      config: async () => ({
        ...chatConfig(),
        ...(await buildConfig({ concurrency: 1 })),
        databaseUrl: process.env.TEST_DATABASE_URL,
        redisUrl: REDIS_URL,
        redisPrefix: prefix,
      }),
      listen: true,
    })

    beforeAll(async () => {
      const { config } = target.app
      worker = await startBuildWorker({
        config: { ...config, redisUrl: REDIS_URL },
        db: target.db,
        buildsIn: createBuildRepository,
        log: { info: () => undefined, warn: () => undefined, error: () => undefined },
        // The first build holds in its classification until the others are seen waiting.
        beforeStage: async (stage) => {
          if (stage !== 'classification') return
          running += 1
          most = Math.max(most, running)
          await released
          running -= 1
        },
      })
    }, SETUP_TIMEOUT_MS)

    afterAll(async () => {
      letGo()
      await worker?.close()
      const redis = new Redis(REDIS_URL)
      const keys = await redis.keys(`${prefix}:*`)
      if (keys.length > 0) await redis.del(...keys)
      await redis.quit()
    }, SETUP_TIMEOUT_MS)

    const messageOf = async (sessionId: string) =>
      (await target.db.query<{ message: string }>('select message from builds where session_id = $1', [sessionId])).rows[0]?.message

    const queuedPlaces = async (headers: Headers, sessionId: string): Promise<number[]> =>
      (await target.app.inject({ method: 'GET', url: `/api/overseer/builds/${sessionId}/events`, headers }))
        .json<{ data: { events: BuildEvent[] } }>()
        .data.events.flatMap((event) => (event.type === 'queued' ? [event.ahead] : []))

    it('runs one build at a time in a worker with BUILD_CONCURRENCY=1; the others are told their place in the wait list, and it moves', async () => {
      const builds = await Promise.all(
        ['Build a todo web app', 'Make a REST API for invoices', 'Create a library of string helpers'].map(async (request) => ({
          visitor: await newVisitor(target.app),
          body: buildRequest(request),
        })),
      )
      const [first, second, third] = builds as [(typeof builds)[0], (typeof builds)[0], (typeof builds)[0]]
      const responses = [sendBuild(target.app, first.visitor, first.body)]
      await waitFor('the first build running', () => running === 1)
      responses.push(sendBuild(target.app, second.visitor, second.body))
      await waitFor('the second build queued', async () => (await messageOf(second.body.sessionId)) === 'Queued: 0 builds ahead')
      responses.push(sendBuild(target.app, third.visitor, third.body))
      await waitFor('the third build queued', async () => (await messageOf(third.body.sessionId)) === 'Queued: 1 build ahead')
      expect(running).toBe(1)

      letGo()
      for (const response of await Promise.all(responses)) {
        expect(response.statusCode).toBe(200)
        expect(response.json()).toMatchObject({ status: 'completed', zipUrl: expect.any(String) })
      }
      expect(most).toBe(1)
      expect(await queuedPlaces(first.visitor, first.body.sessionId)).toEqual([])
      expect(await queuedPlaces(second.visitor, second.body.sessionId)).toEqual([0])
      // The third moved up once the second was taken.
      expect(await queuedPlaces(third.visitor, third.body.sessionId)).toEqual([1, 0])
    }, 120_000)
  })
}
