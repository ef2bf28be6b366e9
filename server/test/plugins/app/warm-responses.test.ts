import Ajv from 'ajv'
import type { FastifyInstance } from 'fastify'
import type { Database } from '../../../src/db'
import { buildTestApp, openTestPglite, SETUP_TIMEOUT_MS } from '../../helper'
import { chatConfig, newVisitor, question, sendChat, type ChatReplyBody } from '../../support/chat'

/** Ajv's compiling of one schema (fast-json-stringify's validators are Ajv's). */
const compiling = () => jest.spyOn(Ajv.prototype as unknown as { _compileSchemaEnv: (schema: unknown) => unknown }, '_compileSchemaEnv')

describe('response validators made at start (warmResponses)', () => {
  let db: Database

  beforeAll(async () => {
    db = await openTestPglite()
  }, SETUP_TIMEOUT_MS)

  afterAll(async () => {
    await db.close()
  })

  afterEach(() => jest.restoreAllMocks())

  const answered = async (app: FastifyInstance): Promise<number> => {
    // Ready (as listening makes it): its routes and their serializers are made now.
    await app.ready()
    const visitor = await newVisitor(app)
    const compiled = compiling()
    const response = await sendChat(app, visitor, question('How do approval gates work?'))
    expect(response.statusCode).toBe(200)
    const body = response.json<ChatReplyBody>()
    expect(body).toMatchObject({ success: true, status: 'completed', stopped: false, model: 'overseer-local' })
    expect(body.reply.length).toBeGreaterThan(0)
    return compiled.mock.calls.length
  }

  it("answers a chat question whole, with its union answer's validators compiled at start, not on its first answer", async () => {
    const app = await buildTestApp(db, chatConfig(), { warmResponses: true })
    try {
      expect(await answered(app)).toBe(0)
    } finally {
      await app.close()
    }
  })

  it('compiles them on the first answer without it (what tests that build many apps choose)', async () => {
    const app = await buildTestApp(db, chatConfig())
    try {
      expect(await answered(app)).toBeGreaterThan(0)
    } finally {
      await app.close()
    }
  })
})
