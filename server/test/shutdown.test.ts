import type { FastifyInstance } from 'fastify'
import type { Database } from '../src/db'
import { buildTestApp, openTestPglite, SETUP_TIMEOUT_MS } from './helper'
import { chatConfig, newVisitor, question, sendChat, type ChatReplyBody } from './support/chat'

describe('closing the server while a reply is being written', () => {
  let db: Database
  let app: FastifyInstance

  beforeAll(async () => {
    db = await openTestPglite()
    // Slow deltas, so the reply is still being written when the server closes.
    app = await buildTestApp(db, chatConfig(), { chat: { local: { deltaDelayMs: 15 } } })
  }, SETUP_TIMEOUT_MS)

  afterAll(async () => {
    await db.close()
  })

  it('stops the reply and stores it as stopped before close returns, so the database can close next', async () => {
    const visitor = await newVisitor(app)
    const pending = sendChat(app, visitor, question('How do I deploy behind a reverse proxy?'))
    const started = async () =>
      (await db.query<{ count: number }>(`select count(*)::int as count from chat_conversations where status = 'processing'`)).rows[0]?.count
    while ((await started()) === 0) await new Promise((resolve) => setTimeout(resolve, 10))

    await app.close()

    const { rows } = await db.query<{ status: string; stopped: boolean }>(
      `select c.status, m.stopped from chat_conversations c join chat_messages m on m.conversation_id = c.id and m.role = 'assistant'`,
    )
    expect(rows).toEqual([{ status: 'completed', stopped: true }])
    const response = await pending
    expect(response.json<ChatReplyBody>()).toMatchObject({ stopped: true })
  })
})
