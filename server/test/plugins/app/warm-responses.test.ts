import Validator from 'fast-json-stringify/lib/validator'
import type { FastifyInstance } from 'fastify'
import { Type } from '@sinclair/typebox'
import type { Database } from '../../../src/db'
import { warmSerializers } from '../../../src/http/serializers'
import { buildTestApp, openTestPglite, SETUP_TIMEOUT_MS } from '../../helper'
import { chatConfig, newVisitor, question, sendChat, type ChatReplyBody } from '../../support/chat'

const Union = Type.Union([
  Type.Object({ kind: Type.Literal('build'), zipUrl: Type.String() }),
  Type.Object({ kind: Type.Literal('chat'), reply: Type.String() }),
])

describe('response serializers made at start', () => {
  afterEach(() => jest.restoreAllMocks())

  it("compiles a union response's validator when the route is made, not on its first response", () => {
    const made = jest.spyOn(Validator.prototype, 'getSchemaValidator')
    const serialize = warmSerializers(undefined, {})({ schema: Union, method: 'POST', url: '/answer', httpStatus: '200' })
    expect(made).toHaveBeenCalled()
    made.mockClear()

    expect(JSON.parse(serialize({ kind: 'chat', reply: 'Hello' }))).toEqual({ kind: 'chat', reply: 'Hello' })
    expect(JSON.parse(serialize({ kind: 'build', zipUrl: '/d/1.zip' }))).toEqual({ kind: 'build', zipUrl: '/d/1.zip' })
    expect(made).not.toHaveBeenCalled()
  })

  it('leaves a response that is not a union as fast-json-stringify makes it', () => {
    const made = jest.spyOn(Validator.prototype, 'getSchemaValidator')
    const serialize = warmSerializers(undefined, {})({ schema: Type.Object({ ok: Type.Boolean() }), method: 'GET', url: '/ok', httpStatus: '200' })
    expect(serialize({ ok: true, secret: 'x' })).toBe('{"ok":true}')
    expect(made).not.toHaveBeenCalled()
  })

  describe('in the app', () => {
    let db: Database
    let app: FastifyInstance

    beforeAll(async () => {
      db = await openTestPglite()
      app = await buildTestApp(db, chatConfig(), { warmResponses: true })
      // Listening makes the app ready: its routes' serializers are made then.
      await app.ready()
    }, SETUP_TIMEOUT_MS)

    afterAll(async () => {
      await app.close()
      await db.close()
    })

    it('answers a chat question whole, its union answer already compiled', async () => {
      const visitor = await newVisitor(app)
      const made = jest.spyOn(Validator.prototype, 'getSchemaValidator')
      const response = await sendChat(app, visitor, question('How do approval gates work?'))
      expect(response.statusCode).toBe(200)
      const body = response.json<ChatReplyBody>()
      expect(body).toMatchObject({ success: true, status: 'completed', stopped: false, model: 'overseer-local' })
      expect(body.reply.length).toBeGreaterThan(0)
      expect(made).not.toHaveBeenCalled()
    })
  })
})
