import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { connect as tcpConnect } from 'node:net'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { TEXT_MESSAGES } from '@contracts/text'
import { UserService } from '../../../src/auth/userService'
import type { Database } from '../../../src/db'
import { inputProblem, MAX_INPUT_DEPTH, unboundedNumbers } from '../../../src/plugins/app/input'
import { buildTestApp, databasesUnderTest, fastPasswords, openTestPglite, SETUP_TIMEOUT_MS } from '../../helper'
import { chatConfig, newVisitor, question, sendChat } from '../../support/chat'

const ADMIN = { email: 'admin@example.com', password: 'admin-password' }

/** What a valid submission of each form looks like; each field is then spoiled in turn. */
const FORMS = {
  '/api/newsletter': { email: 'ada@example.com' },
  '/api/contact': { name: 'Ada', email: 'ada@example.com', company: 'Engines', subject: 'demo', message: 'Please show us the platform.' },
  '/api/waitlist/join': { name: 'Ada', email: 'ada@example.com', company: 'Engines', role: 'architect', useCase: 'Tools', source: 'search' },
} as const

const UNSTORABLE = ['\u0000', '\uD800', '\uDFFF']

describe.each(databasesUnderTest())('input rules on $name', ({ open }) => {
  let db: Database
  let app: FastifyInstance
  let staff: Record<string, string>

  beforeAll(async () => {
    db = await open()
    app = await buildTestApp(db, { ...chatConfig(), rateLimitForms: 10_000 }, { passwords: fastPasswords() })
    await new UserService(db, fastPasswords()).create({ ...ADMIN, roles: ['admin'] })
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN })
    staff = { authorization: `Bearer ${login.json<{ data: { token: string } }>().data.token}` }
  }, SETUP_TIMEOUT_MS)

  afterAll(async () => {
    await app.close()
    await db.close()
  })

  it.each(Object.entries(FORMS))('refuses text that cannot be stored in every field of %s, naming the field', async (url, valid) => {
    for (const [field, value] of Object.entries(valid)) {
      for (const bad of UNSTORABLE) {
        const response = await app.inject({ method: 'POST', url, payload: { ...valid, [field]: `${value}${bad}` } })
        expect(response.statusCode).toBe(400)
        expect(response.json()).toEqual({ success: false, message: TEXT_MESSAGES.unstorable, errors: { [field]: TEXT_MESSAGES.unstorable } })
      }
    }
  })

  it('refuses a NUL in the sign-in e-mail with 400, and the next sign-in still works', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { ...ADMIN, email: `${ADMIN.email}\u0000` } })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ errors: { email: TEXT_MESSAGES.unstorable } })
    expect((await app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN })).statusCode).toBe(200)
  })

  it('refuses a NUL in a chat message and in the leads search', async () => {
    const visitor = await newVisitor(app)
    const chat = await sendChat(app, visitor, question('Hello\u0000there'))
    expect(chat.statusCode).toBe(400)
    expect(chat.json()).toMatchObject({ errors: { 'messages.0.content': TEXT_MESSAGES.unstorable } })

    const leads = await app.inject({ method: 'GET', url: '/api/architect/leads?kind=contact&search=a%00b', headers: staff })
    expect(leads.statusCode).toBe(400)
    expect(leads.json()).toMatchObject({ errors: { search: TEXT_MESSAGES.unstorable } })
  })

  it('refuses a body nested deeper than any request needs, without walking all of it', async () => {
    const depth = 300_000
    const visitor = await newVisitor(app)
    const payload = `{"messages":${'['.repeat(depth)}${']'.repeat(depth)},"model":"overseer-local"}`
    const response = await app.inject({ method: 'POST', url: '/api/overseer-dev/chat', headers: { ...visitor, 'content-type': 'application/json' }, payload })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ message: TEXT_MESSAGES.tooDeep })
    const nested: unknown = JSON.parse(`[{"a":${'['.repeat(MAX_INPUT_DEPTH)}${']'.repeat(MAX_INPUT_DEPTH)}}]`)
    expect(inputProblem(nested, 'body')).toEqual({
      field: `0.a.${Array.from({ length: MAX_INPUT_DEPTH - 2 }, () => '0').join('.')}`,
      message: TEXT_MESSAGES.tooDeep,
    })
  })

  it.each(['Infinity', '-Infinity', '1e309', '-1e309', 'NaN', '1e20', '-1', '0', '1.5', ''])(
    'answers 400 for page or limit %j on every paged list',
    async (value) => {
      const visitor = await newVisitor(app)
      // The logs have a fixed page size: they take no limit.
      const lists: Array<[string, Record<string, string>, string[]]> = [
        ['/api/overseer-dev/chat/history', visitor, ['page', 'limit']],
        ['/api/architect/logs', staff, ['page']],
        ['/api/architect/approvals', staff, ['page', 'limit']],
        ['/api/architect/leads?kind=waitlist', staff, ['page', 'limit']],
      ]
      for (const [url, headers, names] of lists) {
        for (const name of names) {
          const response = await app.inject({ method: 'GET', url: `${url}${url.includes('?') ? '&' : '?'}${name}=${value}`, headers })
          expect([url, name, response.statusCode]).toEqual([url, name, 400])
        }
      }
    },
  )

  it('answers 405 with Allow, in the API’s error shape, for a known path asked with another method', async () => {
    const response = await app.inject({ method: 'PUT', url: '/api/newsletter', payload: {} })
    expect(response.statusCode).toBe(405)
    expect(response.headers.allow).toBe('POST')
    expect(response.json()).toEqual({ success: false, message: 'Method PUT is not allowed here; use POST' })

    const withId = await app.inject({ method: 'POST', url: '/api/overseer-dev/chat/history/4b7a2b7e-8f8e-4a8e-9d0c-1f2e3d4c5b6a' })
    expect(withId.statusCode).toBe(405)
    expect(withId.headers.allow).toBe('DELETE, GET, HEAD, PATCH')

    const unknown = await app.inject({ method: 'PUT', url: '/api/no-such-thing' })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({ success: false, message: 'Not found' })
  })

  it('answers 414 in the API’s error shape for an over-long path id', async () => {
    const response = await app.inject({ method: 'GET', url: `/api/overseer-dev/chat/history/${'a'.repeat(101)}` })
    expect(response.statusCode).toBe(414)
    expect(response.json()).toEqual({ success: false, message: 'A path parameter is too long (at most 100 characters)' })
  })

  it('answers 414 for an over-long path id also when the web app is served (its catch-all takes such GETs)', async () => {
    const staticDir = await mkdtemp(path.join(os.tmpdir(), 'overseer-spa-'))
    await writeFile(path.join(staticDir, 'index.html'), '<!doctype html><title>Overseer</title>')
    const withSpa = await buildTestApp(db, { staticDir })
    try {
      for (const method of ['GET', 'DELETE'] as const) {
        const response = await withSpa.inject({ method, url: `/api/overseer-dev/chat/history/${'a'.repeat(101)}`, headers: { accept: 'application/json' } })
        expect([method, response.statusCode]).toEqual([method, 414])
        expect(response.json()).toEqual({ success: false, message: 'A path parameter is too long (at most 100 characters)' })
      }
      expect((await withSpa.inject({ method: 'GET', url: `/${'a'.repeat(101)}`, headers: { accept: 'text/html' } })).statusCode).toBe(200)
    } finally {
      await withSpa.close()
      await rm(staticDir, { recursive: true, force: true })
    }
  })

  it('marks answers with one owner’s data as not for shared caches', async () => {
    const visitor = await newVisitor(app)
    const sent = await sendChat(app, visitor, question('Which port does the server listen on?'))
    const { conversationId } = sent.json<{ conversationId: string }>()
    for (const response of [
      sent,
      await app.inject({ method: 'GET', url: '/api/overseer-dev/chat/history', headers: visitor }),
      await app.inject({ method: 'GET', url: `/api/overseer-dev/chat/history/${conversationId}`, headers: visitor }),
      await app.inject({ method: 'GET', url: '/api/architect/leads?kind=waitlist', headers: staff }),
      await app.inject({ method: 'GET', url: '/api/auth/me', headers: staff }),
    ]) {
      expect(response.headers['cache-control']).toBe('no-store')
      expect(String(response.headers.vary)).toMatch(/\bCookie\b.*\bAuthorization\b/)
    }
  })
})

describe('route schemas', () => {
  it('find numbers without both bounds', () => {
    const schema = {
      type: 'object',
      properties: {
        page: { type: 'integer', minimum: 1 },
        limit: { type: 'integer', minimum: 1, maximum: 50 },
        size: { type: 'integer', const: 20 },
        nested: { type: 'object', properties: { ratio: { type: ['number', 'null'], exclusiveMinimum: 0 } } },
        list: { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'number' }] } },
      },
    }
    expect(unboundedNumbers(schema)).toEqual(['page', 'nested.ratio', 'list[]'])
  })

  it('refuse a route that takes an unbounded number', async () => {
    const db = await openTestPglite()
    const app = await buildTestApp(db)
    try {
      const schema = { querystring: { type: 'object', properties: { n: { type: 'integer', minimum: 0 } } } }
      expect(() => app.get('/api/test/unbounded', { schema }, async () => 'ok')).toThrow(
        'GET /api/test/unbounded: the querystring numbers n need a minimum and a maximum',
      )
    } finally {
      await app.close()
      await db.close()
    }
  })
})

describe('HTTP the parser refuses', () => {
  let db: Database
  let app: FastifyInstance
  let port: number

  beforeAll(async () => {
    db = await openTestPglite()
    app = await buildTestApp(db, { requestTimeoutMs: 500 })
    await app.listen({ port: 0, host: '127.0.0.1' })
    port = (app.server.address() as AddressInfo).port
  }, SETUP_TIMEOUT_MS)

  afterAll(async () => {
    await app.close()
    await db.close()
  })

  /** Sends `request` on a new connection; resolves with all the server wrote once it closes the connection. */
  const exchange = (request: string, trickle?: { byte: string; everyMs: number }): Promise<string> =>
    new Promise((resolve, reject) => {
      const socket = tcpConnect(port, '127.0.0.1')
      let received = ''
      let timer: NodeJS.Timeout | undefined
      socket.on('connect', () => {
        socket.write(request)
        if (trickle) timer = setInterval(() => socket.writable && socket.write(trickle.byte), trickle.everyMs)
      })
      socket.on('data', (chunk) => (received += chunk.toString()))
      socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' || error.code === 'EPIPE' ? undefined : reject(error)))
      socket.on('close', () => {
        clearInterval(timer)
        resolve(received)
      })
    })

  it('answers an unknown method with 400 in the API’s error shape', async () => {
    const answer = await exchange('BREW /api/newsletter HTTP/1.1\r\nHost: localhost\r\n\r\n')
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/)
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({ success: false, message: 'Unknown HTTP method' })
  })

  it('closes a connection whose body trickles in slower than REQUEST_TIMEOUT_MS allows, with 408', async () => {
    const started = Date.now()
    const head = 'POST /api/newsletter HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{'
    const answer = await exchange(head, { byte: ' ', everyMs: 100 })
    expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/)
    expect(answer).toContain('{"success":false,"message":"The request did not arrive in time"}')
    // Closed after the limit, not held for the 100 s the trickle would take.
    expect(Date.now() - started).toBeGreaterThanOrEqual(500)
    expect(Date.now() - started).toBeLessThan(15_000)
  })
})
