import { Writable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../../src/app'
import { migrate, type Database, type Queryable } from '../../../src/db'
import { HttpError } from '../../../src/http/httpError'
import { ConflictError, ForbiddenError, InvalidError, NotFoundError, TooManyError, type DomainError } from '../../../src/lib/errors'
import { openTestPglite, SETUP_TIMEOUT_MS, testConfig } from '../../helper'
import { chatConfig, newVisitor, question, sendChat } from '../../support/chat'

const DOMAIN_ERRORS: Record<string, DomainError> = {
  invalid: new InvalidError('Pick a model', { model: 'Pick a model' }),
  forbidden: new ForbiddenError('Not from another site'),
  notFound: new NotFoundError('No such conversation'),
  conflict: new ConflictError('The session is busy'),
  tooMany: new TooManyError('Too many messages. Please try again in 7 seconds.', 7),
}

describe('error answers', () => {
  let db: Database
  let app: FastifyInstance
  let logLines: string[]

  beforeAll(async () => {
    db = await openTestPglite()
    await migrate(db)
  }, SETUP_TIMEOUT_MS)

  afterAll(async () => {
    await db.close()
  })

  beforeEach(() => {
    logLines = []
    const stream = new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        logLines.push(chunk.toString())
        done()
      },
    })
    app = buildApp({ config: testConfig(), db, logger: { level: 'error', stream } })
    app.get('/api/test/crash', async () => {
      throw new Error('secret connection string postgres://admin:hunter2@db')
    })
    app.get('/api/test/conflict', async () => {
      throw new HttpError(409, 'Already approved')
    })
    app.get<{ Querystring: { kind: string } }>('/api/test/domain', async (request) => {
      throw DOMAIN_ERRORS[request.query.kind]
    })
  })

  afterEach(async () => {
    await app.close()
  })

  it('maps each domain error to its status, in the API error shape', async () => {
    const answers = await Promise.all(Object.keys(DOMAIN_ERRORS).map((kind) => app.inject({ method: 'GET', url: `/api/test/domain?kind=${kind}` })))
    expect(answers.map((response) => [response.statusCode, response.json()])).toEqual([
      [400, { success: false, message: 'Pick a model', errors: { model: 'Pick a model' } }],
      [403, { success: false, message: 'Not from another site' }],
      [404, { success: false, message: 'No such conversation' }],
      [409, { success: false, message: 'The session is busy' }],
      [429, { success: false, message: 'Too many messages. Please try again in 7 seconds.' }],
    ])
    expect(answers[4]?.headers['retry-after']).toBe('7')
  })

  it('answers 404 JSON for an unknown API path', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await app.inject({ method, url: '/api/nothing-here' })
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({ success: false, message: 'Not found' })
    }
  })

  it('hides the cause of a 500 and logs it with the request id', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/crash', headers: { 'x-request-id': 'req-42' } })
    expect(response.statusCode).toBe(500)
    expect(response.json()).toEqual({ success: false, message: 'Internal server error' })
    expect(response.headers['x-request-id']).toBe('req-42')
    const logged = logLines.map((line) => JSON.parse(line) as { reqId?: string; err?: { message?: string } })
    expect(logged).toContainEqual(
      expect.objectContaining({ reqId: 'req-42', err: expect.objectContaining({ message: expect.stringContaining('hunter2') }) }),
    )
  })

  it('answers a failure of the database under a chat message as any 500, though the route describes its own 500 for builds', async () => {
    // The database fails on the conversations' table, as a disk that broke under it would.
    const broken = (queryable: Queryable): Queryable => ({
      ...queryable,
      query: <T>(text: string, params?: readonly unknown[]) =>
        /chat_conversations/.test(text) ? Promise.reject(new Error('could not extend file: No space left on device')) : queryable.query<T>(text, params),
    })
    const failing: Database = { ...db, ...broken(db), transaction: (fn) => db.transaction((tx) => fn(broken(tx))) }
    const chat = buildApp({ config: { ...testConfig(), ...chatConfig() }, db: failing, logger: false })
    try {
      const response = await sendChat(chat, await newVisitor(chat), question('What are the log levels?'))
      expect(response.statusCode).toBe(500)
      expect(response.json()).toEqual({ success: false, message: 'Internal server error' })
    } finally {
      await chat.close()
    }
  })

  it('keeps the message of a deliberate 4xx', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/conflict' })
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({ success: false, message: 'Already approved' })
  })

  it('replaces an unsafe incoming request id with a fresh one', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'a b\nforged' } })
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('answers 415 to a body type it does not read', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/newsletter',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=ada%40example.com',
    })
    expect(response.statusCode).toBe(415)
    expect(response.json()).toMatchObject({ success: false })
  })
})
