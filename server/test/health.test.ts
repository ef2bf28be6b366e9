import type { FastifyInstance } from 'fastify'
import type { Database } from '../src/db'
import { buildTestApp, databasesUnderTest } from './helper'

describe.each(databasesUnderTest())('GET /api/health on $name', ({ open }) => {
  let db: Database
  let app: FastifyInstance

  beforeEach(async () => {
    db = await open()
    app = await buildTestApp(db)
  })

  afterEach(async () => {
    await app.close()
    await db.close()
  })

  it('answers ok when the database answers', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ status: 'ok', checks: { database: 'ok' } })
  })

  it('answers 503 when the database is gone', async () => {
    await db.close()
    const response = await app.inject({ method: 'GET', url: '/api/health' })
    expect(response.statusCode).toBe(503)
    expect(response.json()).toEqual({ status: 'error', checks: { database: 'error' } })
  })
})
