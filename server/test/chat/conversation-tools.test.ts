import { randomUUID } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { guardOf } from '@contracts/check'
import {
  ConversationExport,
  SHARE_ROBOTS,
  SHARED_DOWNLOADS_PER_MINUTE,
  SHARED_FILE_MAX_BYTES,
  SHARED_FILE_READS_PER_MINUTE,
  SharedConversation,
  UNDO_WINDOW_SECONDS,
} from '@contracts/conversationTools'
import { UserService } from '../../src/auth/userService'
import type { Database } from '../../src/db'
import { buildTestApp, databasesUnderTest, fastPasswords, SETUP_TIMEOUT_MS } from '../helper'
import { buildConfig, buildRequest, sendBuild, unzip, type BuildReplyBody } from '../support/builds'
import { chatConfig, history, newVisitor, question, sendChat, type ChatReplyBody, type Headers } from '../support/chat'

/** Four whole builds, each with its project's tests run in the sandbox: 20 s alone, more on a busy machine. */
const FOUR_BUILDS_MS = 120_000

const API = '/api/overseer-dev'
const NOT_FOUND = { success: false, message: 'Conversation not found' }
const CROSS_SITE = { success: false, message: 'Cross-site request refused' }

interface ShareBody {
  success: boolean
  data: { token: string; path: string; sharedAt: string }
}

interface SharedBuildBody {
  id: string
  name: string
  files: { path: string; bytes: number }[]
  archiveUrl?: string
}

interface SharedBody {
  success: true
  data: { title: string; sharedAt: string; messages: { role: string; content: string; build?: SharedBuildBody }[] }
}

const SHARE_GONE = { success: false, message: 'This shared conversation does not exist or is no longer shared' }
const BUILD_NOT_SHARED = { success: false, message: 'This project is not part of the shared conversation' }
const FILE_NOT_SHARED = { success: false, message: 'This file is not part of the shared project' }

describe.each(databasesUnderTest())('conversation tools on $name', ({ open }) => {
  let db: Database
  let app: FastifyInstance
  /** The app's clock: tests move it past the undo window. */
  let now = new Date()

  beforeAll(async () => {
    db = await open()
    app = await buildTestApp(db, { ...chatConfig(), ...(await buildConfig()) }, { chat: { clock: () => now } })
  }, SETUP_TIMEOUT_MS)

  afterAll(async () => {
    await app.close()
    await db.close()
  })

  beforeEach(() => {
    now = new Date()
  })

  const ask = async (headers: Headers, content: string, extra = {}): Promise<ChatReplyBody> => {
    const response = await sendChat(app, headers, question(content, extra))
    expect(response.statusCode).toBe(200)
    return response.json<ChatReplyBody>()
  }

  const rename = (headers: Headers, id: string, payload: unknown) =>
    app.inject({ method: 'PATCH', url: `${API}/chat/history/${id}`, headers, payload: payload as Record<string, unknown> })
  const remove = (headers: Headers, id: string) => app.inject({ method: 'DELETE', url: `${API}/chat/history/${id}`, headers })
  const restore = (headers: Headers, id: string) => app.inject({ method: 'POST', url: `${API}/chat/history/${id}/restore`, headers })
  const exportAs = (headers: Headers, id: string, format: string) =>
    app.inject({ method: 'GET', url: `${API}/chat/history/${id}/export?format=${format}`, headers })
  const share = (headers: Headers, id: string) => app.inject({ method: 'POST', url: `${API}/chat/history/${id}/share`, headers })
  const revoke = (headers: Headers, id: string) => app.inject({ method: 'DELETE', url: `${API}/chat/history/${id}/share`, headers })
  /** As a stranger's browser opens it: no cookie, no token. */
  const openShared = (token: string) => app.inject({ method: 'GET', url: `${API}/shared/${token}` })
  const detail = (headers: Headers, id: string) => app.inject({ method: 'GET', url: `${API}/chat/history/${id}`, headers })
  const crossSite = (headers: Headers) => ({ ...headers, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' })

  describe('rename', () => {
    it('shows the new title in the history, finds the conversation by it, and goes back to the first message with null', async () => {
      const alice = await newVisitor(app)
      const first = await ask(alice, 'How do I use PostgreSQL instead of the embedded database?')
      await ask(alice, 'Which port does the server listen on?')
      const before = (await history(app, alice)).data.map((item) => item.id)

      const response = await rename(alice, first.conversationId, { title: '  Database   setup\nnotes ' })
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ success: true, data: { id: first.conversationId, title: 'Database setup notes', renamed: true } })

      const page = await history(app, alice)
      // Renaming is not activity: the order stays.
      expect(page.data.map((item) => item.id)).toEqual(before)
      expect(page.data.find((item) => item.id === first.conversationId)?.title).toBe('Database setup notes')
      expect((await history(app, alice, '?search=notes')).data.map((item) => item.id)).toEqual([first.conversationId])
      expect((await detail(alice, first.conversationId)).json<{ data: { title: string } }>().data.title).toBe('Database setup notes')

      // A follow-up keeps the chosen title.
      await ask(alice, 'And how do I back it up?', { conversationId: first.conversationId })
      expect((await history(app, alice, '?search=notes')).data[0]?.title).toBe('Database setup notes')

      const reset = await rename(alice, first.conversationId, { title: null })
      expect(reset.json()).toEqual({
        success: true,
        data: { id: first.conversationId, title: 'How do I use PostgreSQL instead of the embedded database?', renamed: false },
      })
      expect((await history(app, alice, '?search=notes')).data).toEqual([])
    })

    it('refuses a blank, too long or missing title with 400, naming the field', async () => {
      const alice = await newVisitor(app)
      const { conversationId } = await ask(alice, 'Hello')
      for (const [payload, message] of [
        [{ title: '   ' }, 'Title cannot be empty'],
        [{ title: 'x'.repeat(201) }, 'Title is too long: at most 200 characters'],
      ] as const) {
        const response = await rename(alice, conversationId, payload)
        expect(response.statusCode).toBe(400)
        expect(response.json()).toEqual({ success: false, message, errors: { title: message } })
      }
      expect((await rename(alice, conversationId, { title: `${'x'.repeat(200)}   ` })).statusCode).toBe(200)
      for (const payload of [{}, { title: { text: 'x' } }, { title: ['x'] }, { title: 'a\u0000b' }, { title: 'x'.repeat(2001) }]) {
        const response = await rename(alice, conversationId, payload)
        expect(response.statusCode).toBe(400)
        expect(response.json<{ errors: Record<string, string> }>().errors).toHaveProperty(['title'])
      }
      const notJson = await app.inject({ method: 'PATCH', url: `${API}/chat/history/${conversationId}`, headers: { ...alice, 'content-type': 'application/json' }, payload: '{' })
      expect(notJson.statusCode).toBe(400)
    })
  })

  describe('delete and undo', () => {
    it('takes the conversation out of history, search, its share link and exports at once, and puts all of it back on undo', async () => {
      const alice = await newVisitor(app)
      const older = await ask(alice, 'Which port does the server listen on?')
      const { conversationId } = await ask(alice, 'How do I use PostgreSQL instead of the embedded database?')
      await ask(alice, 'And how do I back it up?', { conversationId })
      await rename(alice, conversationId, { title: 'Database notes' })
      const { token } = (await share(alice, conversationId)).json<ShareBody>().data
      const before = await history(app, alice)
      const { data: kept } = (await detail(alice, conversationId)).json<{ data: unknown }>()

      const deleted = await remove(alice, conversationId)
      expect(deleted.statusCode).toBe(200)
      expect(deleted.json()).toEqual({ success: true })
      expect((await history(app, alice)).data.map((item) => item.id)).toEqual([older.conversationId])
      expect((await history(app, alice, '?search=PostgreSQL')).data).toEqual([])
      expect((await detail(alice, conversationId)).statusCode).toBe(404)
      expect((await exportAs(alice, conversationId, 'md')).statusCode).toBe(404)
      expect((await openShared(token)).statusCode).toBe(404)
      const { rows } = await db.query('select 1 from chat_messages where conversation_id = $1', [conversationId])
      expect(rows).toEqual([])
      // Gone means gone for every call that names it, until it is restored.
      expect((await remove(alice, conversationId)).statusCode).toBe(404)
      expect((await rename(alice, conversationId, { title: 'x' })).statusCode).toBe(404)

      const restored = await restore(alice, conversationId)
      expect(restored.statusCode).toBe(200)
      expect(restored.json()).toEqual({ success: true })
      expect(await history(app, alice)).toEqual(before)
      expect((await detail(alice, conversationId)).json<{ data: unknown }>().data).toEqual(kept)
      expect((await history(app, alice, '?search=PostgreSQL')).data.map((item) => item.id)).toEqual([conversationId])
      expect((await openShared(token)).statusCode).toBe(200)
      // Restored once: there is nothing left to restore.
      expect((await restore(alice, conversationId)).statusCode).toBe(404)
    })

    it(`can be undone for ${UNDO_WINDOW_SECONDS} seconds only, after which the sweep forgets the copy`, async () => {
      const alice = await newVisitor(app)
      const { conversationId } = await ask(alice, 'Hello')
      expect((await remove(alice, conversationId)).statusCode).toBe(200)
      now = new Date(now.getTime() + (UNDO_WINDOW_SECONDS - 1) * 1000)
      expect(await app.conversationTools.purgeDeleted()).toBe(0)
      expect((await restore(alice, conversationId)).statusCode).toBe(200)

      expect((await remove(alice, conversationId)).statusCode).toBe(200)
      now = new Date(now.getTime() + UNDO_WINDOW_SECONDS * 1000 + 1)
      const late = await restore(alice, conversationId)
      expect(late.statusCode).toBe(404)
      expect(late.json()).toEqual({ success: false, message: 'This conversation can no longer be restored' })
      expect(await app.conversationTools.purgeDeleted()).toBeGreaterThanOrEqual(1)
      const { rows } = await db.query('select 1 from deleted_conversations where id = $1', [conversationId])
      expect(rows).toEqual([])
      expect((await history(app, alice)).data).toEqual([])
    })

    it('restores only the owner’s own deletion', async () => {
      const alice = await newVisitor(app)
      const bob = await newVisitor(app)
      const { conversationId } = await ask(alice, 'Hello')
      expect((await remove(alice, conversationId)).statusCode).toBe(200)
      for (const who of [bob, {}]) expect((await restore(who, conversationId)).statusCode).toBe(404)
      expect((await restore(alice, randomUUID())).statusCode).toBe(404)
      expect((await restore(alice, 'not-a-uuid')).statusCode).toBe(404)
      expect((await restore(crossSite(alice), conversationId)).json()).toEqual(CROSS_SITE)
      expect((await restore(alice, conversationId)).statusCode).toBe(200)
      expect((await history(app, bob)).data).toEqual([])
    })

    it('links the sessions that wrote to it again, so a reload during a reply still finds the conversation after an undo', async () => {
      const alice = await newVisitor(app)
      const first = await ask(alice, 'Which port does the server listen on?')
      const { conversationId } = first
      const second = await ask(alice, 'And how do I change it?', { conversationId })
      const sessionOf = (sessionId: string) => app.inject({ method: 'GET', url: `${API}/sessions/${sessionId}`, headers: alice })
      const linked = (sessionId: string, to: string | null) => ({ success: true, data: { sessionId, kind: 'chat', conversationId: to } })
      for (const { sessionId } of [first, second]) expect((await sessionOf(sessionId)).json()).toEqual(linked(sessionId, conversationId))

      expect((await remove(alice, conversationId)).statusCode).toBe(200)
      for (const { sessionId } of [first, second]) expect((await sessionOf(sessionId)).json()).toEqual(linked(sessionId, null))

      expect((await restore(alice, conversationId)).statusCode).toBe(200)
      for (const { sessionId } of [first, second]) expect((await sessionOf(sessionId)).json()).toEqual(linked(sessionId, conversationId))
      // Deleted and restored again: the links are kept through every round.
      expect((await remove(alice, conversationId)).statusCode).toBe(200)
      expect((await restore(alice, conversationId)).statusCode).toBe(200)
      expect((await sessionOf(second.sessionId)).json()).toEqual(linked(second.sessionId, conversationId))
    })

    it('fails a reply that the deletion stopped, so the restored conversation can go on', async () => {
      const alice = await newVisitor(app)
      const { conversationId } = await ask(alice, 'Hello')
      // As it is while a reply is being generated.
      await db.query(`update chat_conversations set status = 'processing' where id = $1`, [conversationId])
      expect((await remove(alice, conversationId)).statusCode).toBe(200)
      expect((await restore(alice, conversationId)).statusCode).toBe(200)
      const [item] = (await history(app, alice)).data
      expect(item).toMatchObject({ id: conversationId, status: 'error', error: expect.stringMatching(/stopped when the conversation was deleted/) as unknown })
      await ask(alice, 'Hello again', { conversationId })
    })
  })

  describe('export', () => {
    let alice: Headers
    let conversationId: string
    let reply: string

    beforeAll(async () => {
      alice = await newVisitor(app)
      ;({ conversationId, reply } = await ask(alice, 'How do I use PostgreSQL instead of the embedded database?'))
      await ask(alice, 'Which port does the server listen on?', { conversationId })
    })

    it('downloads Markdown: the title, then each turn under You or Overseer', async () => {
      const response = await exportAs(alice, conversationId, 'md')
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toBe('text/markdown; charset=utf-8')
      expect(response.headers['content-disposition']).toBe('attachment; filename="how-do-i-use-postgresql-instead-of-the-embedded-database.md"')
      expect(response.headers['cache-control']).toBe('no-store')
      const text = response.body
      expect(text.startsWith('# How do I use PostgreSQL instead of the embedded database?\n')).toBe(true)
      expect(text).toContain(`## You\n\nHow do I use PostgreSQL instead of the embedded database?\n\n## Overseer\n\n${reply.trimEnd()}\n\n## You\n\nWhich port does the server listen on?\n\n## Overseer\n\n`)
    })

    it('downloads JSON with every message, that fits its contract', async () => {
      await rename(alice, conversationId, { title: 'Café déjà vu: ports & databases' })
      const response = await exportAs(alice, conversationId, 'json')
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
      expect(response.headers['content-disposition']).toBe('attachment; filename="cafe-deja-vu-ports-databases.json"')
      const file: unknown = response.json()
      expect(guardOf(ConversationExport)(file)).toBe(true)
      expect(file).toMatchObject({
        id: conversationId,
        title: 'Café déjà vu: ports & databases',
        status: 'completed',
        model: 'overseer-local',
        messages: [
          { role: 'user', content: 'How do I use PostgreSQL instead of the embedded database?' },
          { role: 'assistant', content: reply, model: 'overseer-local', stopped: false },
          { role: 'user', content: 'Which port does the server listen on?' },
          { role: 'assistant', model: 'overseer-local', stopped: false },
        ],
      })
    })

    it('exports only the owner’s own, and refuses an unknown format', async () => {
      const bob = await newVisitor(app)
      for (const [who, id] of [
        [bob, conversationId],
        [{}, conversationId],
        [alice, randomUUID()],
        [alice, 'not-a-uuid'],
      ] as const) {
        const response = await exportAs(who, id, 'md')
        expect(response.statusCode).toBe(404)
        expect(response.json()).toEqual(NOT_FOUND)
      }
      for (const query of ['?format=pdf', '', '?format=']) {
        const response = await app.inject({ method: 'GET', url: `${API}/chat/history/${conversationId}/export${query}`, headers: alice })
        expect(response.statusCode).toBe(400)
        expect(response.json<{ errors: Record<string, string> }>().errors).toHaveProperty(['format'])
      }
    })
  })

  describe('share links', () => {
    it('shows a snapshot to anyone with the link, without a cookie or index, until the owner revokes it', async () => {
      const alice = await newVisitor(app)
      const { conversationId, reply } = await ask(alice, 'How do I use PostgreSQL instead of the embedded database?')
      const created = await share(alice, conversationId)
      expect(created.statusCode).toBe(201)
      const { data } = created.json<ShareBody>()
      expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
      expect(data.path).toBe(`/share/${data.token}`)
      expect((await history(app, alice)).data[0]).toMatchObject({ id: conversationId, sharedAt: data.sharedAt })
      expect((await detail(alice, conversationId)).json<{ data: { sharedAt?: string } }>().data.sharedAt).toBe(data.sharedAt)

      // Only the token's hash is stored.
      const { rows } = await db.query<{ token_hash: string }>('select token_hash from conversation_shares where conversation_id = $1', [conversationId])
      expect(rows).toHaveLength(1)
      expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/)
      const { rows: leaks } = await db.query(`select 1 from conversation_shares where token_hash = $1 or messages::text like '%' || $1 || '%'`, [data.token])
      expect(leaks).toEqual([])

      // A message after the link was made is not in the snapshot.
      await ask(alice, 'Which port does the server listen on?', { conversationId })
      const opened = await openShared(data.token)
      expect(opened.statusCode).toBe(200)
      expect(opened.headers['x-robots-tag']).toBe(SHARE_ROBOTS)
      expect(opened.headers['set-cookie']).toBeUndefined()
      const body: unknown = opened.json()
      expect(guardOf(SharedConversation)(body)).toBe(true)
      expect(body).toEqual({
        success: true,
        data: {
          title: 'How do I use PostgreSQL instead of the embedded database?',
          sharedAt: data.sharedAt,
          messages: [
            { role: 'user', content: 'How do I use PostgreSQL instead of the embedded database?' },
            { role: 'assistant', content: reply },
          ],
        },
      })

      // A new link replaces the old one, with the conversation as it is now.
      const again = (await share(alice, conversationId)).json<ShareBody>().data
      expect(again.token).not.toBe(data.token)
      expect((await openShared(data.token)).statusCode).toBe(404)
      expect((await openShared(again.token)).json<{ data: { messages: unknown[] } }>().data.messages).toHaveLength(4)

      const revoked = await revoke(alice, conversationId)
      expect(revoked.statusCode).toBe(200)
      expect(revoked.json()).toEqual({ success: true })
      const gone = await openShared(again.token)
      expect(gone.statusCode).toBe(404)
      expect(gone.headers['x-robots-tag']).toBe(SHARE_ROBOTS)
      expect(gone.json()).toEqual({ success: false, message: 'This shared conversation does not exist or is no longer shared' })
      expect((await history(app, alice)).data[0]?.sharedAt).toBeUndefined()
      const twice = await revoke(alice, conversationId)
      expect(twice.statusCode).toBe(404)
      expect(twice.json()).toEqual({ success: false, message: 'This conversation has no share link' })
    })

    it('answers 404 for unknown and malformed tokens', async () => {
      for (const token of ['A'.repeat(43), 'short', 'not%20a%20token', 'x'.repeat(100)]) {
        const response = await openShared(token)
        expect(response.statusCode).toBe(404)
        expect(response.headers['x-robots-tag']).toBe(SHARE_ROBOTS)
      }
    })

    it('lets only the owner share or revoke', async () => {
      const alice = await newVisitor(app)
      const bob = await newVisitor(app)
      const { conversationId } = await ask(alice, 'Hello')
      for (const who of [bob, {}]) {
        expect((await share(who, conversationId)).json()).toEqual(NOT_FOUND)
      }
      expect((await share(alice, 'not-a-uuid')).statusCode).toBe(404)
      expect((await share(alice, conversationId)).statusCode).toBe(201)
      for (const who of [bob, {}]) {
        const response = await revoke(who, conversationId)
        expect(response.statusCode).toBe(404)
        expect(response.json()).toEqual(NOT_FOUND)
      }
      expect((await history(app, alice)).data[0]?.sharedAt).toEqual(expect.any(String))
    })
  })

  describe('a shared build', () => {
    /** The reader's view: no cookie, only the link. */
    const sharedFile = (token: string, buildId: string, path: string) =>
      app.inject({ method: 'GET', url: `${API}/shared/${token}/builds/${buildId}/files`, query: { path } })
    const sharedArchive = (token: string, buildId: string) => app.inject({ method: 'GET', url: `${API}/shared/${token}/builds/${buildId}/archive` })
    const buildIdOf = (zipUrl: string) => zipUrl.split('/').at(-1) as string
    const build = async (headers: Headers, content: string, extra = {}): Promise<BuildReplyBody> => {
      const response = await sendBuild(app, headers, buildRequest(content, extra))
      expect(response.statusCode).toBe(200)
      return response.json<BuildReplyBody>()
    }
    const sharedOf = async (token: string): Promise<SharedBody['data']> => {
      const response = await openShared(token)
      expect(response.statusCode).toBe(200)
      return response.json<SharedBody>().data
    }
    const ownerFiles = async (headers: Headers, sessionId: string) =>
      (await app.inject({ method: 'GET', url: `/api/overseer/builds/${sessionId}`, headers })).json<{ data: { files: { path: string; bytes: number }[] } }>().data.files
    const expectGone = (response: LightMyRequestResponse, body: unknown) => {
      expect(response.statusCode).toBe(404)
      expect(response.headers['x-robots-tag']).toBe(SHARE_ROBOTS)
      expect(response.json()).toEqual(body)
    }

    it('shows a reader what was built, each file readable and the archive downloadable through the link, never the owner’s address', async () => {
      const alice = await newVisitor(app)
      const built = await build(alice, 'Build a todo web app')
      const buildId = buildIdOf(built.zipUrl)
      const { token } = (await share(alice, built.conversationId)).json<ShareBody>().data

      const opened = await openShared(token)
      expect(opened.statusCode).toBe(200)
      const body: unknown = opened.json()
      expect(guardOf(SharedConversation)(body)).toBe(true)
      const [question, answer] = (body as SharedBody).data.messages
      expect(question).toEqual({ role: 'user', content: 'Build a todo web app' })
      const archiveUrl = `${API}/shared/${token}/builds/${buildId}/archive`
      // The reply as the owner has it, its download leading through the link instead.
      expect(answer?.content).toBe(built.reply.replace(`](${built.zipUrl})`, `](${archiveUrl})`))
      expect(answer?.content).toContain(`[Download todo-web-app.zip](${archiveUrl})`)
      expect(opened.body).not.toContain('/api/overseer/downloads/')
      expect(answer?.build).toEqual({ id: buildId, name: 'todo-web-app', files: await ownerFiles(alice, built.sessionId), archiveUrl })
      const files = answer?.build?.files ?? []
      expect(files.map((file) => file.path)).toEqual(expect.arrayContaining(['README.md', 'server.js', 'test/store.test.js']))

      // Each file, as the owner reads it, as plain text that nothing runs.
      for (const { path: filePath, bytes } of files) {
        const file = await sharedFile(token, buildId, filePath)
        expect(file.statusCode).toBe(200)
        expect(file.headers['content-type']).toBe('text/plain; charset=utf-8')
        expect(file.headers['x-content-type-options']).toBe('nosniff')
        expect(file.headers['content-security-policy']).toBe("default-src 'none'; sandbox")
        expect(file.headers['x-robots-tag']).toBe(SHARE_ROBOTS)
        expect(file.headers['set-cookie']).toBeUndefined()
        const owners = await app.inject({ method: 'GET', url: `/api/overseer/builds/${built.sessionId}/files/${filePath}`, headers: alice })
        expect(file.body).toBe(owners.json<{ data: { content: string } }>().data.content)
        expect(file.rawPayload.length).toBe(bytes)
      }

      // The archive: the owner's own zip, as an attachment.
      const archive = await sharedArchive(token, buildId)
      expect(archive.statusCode).toBe(200)
      expect(archive.headers['content-type']).toBe('application/zip')
      expect(archive.headers['content-disposition']).toBe('attachment; filename="todo-web-app.zip"')
      expect(archive.headers['x-robots-tag']).toBe(SHARE_ROBOTS)
      expect(archive.headers['set-cookie']).toBeUndefined()
      const owners = await app.inject({ method: 'GET', url: built.zipUrl, headers: alice })
      expect(archive.rawPayload.equals(owners.rawPayload)).toBe(true)
      expect((await unzip(archive.rawPayload)).map((entry) => entry.name).sort()).toEqual(files.map((file) => `todo-web-app/${file.path}`).sort())
      // The owner's address stays the owner's.
      expect((await app.inject({ method: 'GET', url: built.zipUrl })).json()).toEqual({ success: false, message: 'Archive not found' })
    })

    it('shows only the builds of the snapshot: none made later or elsewhere, and none an edit cut off, without a link', async () => {
      const alice = await newVisitor(app)
      const first = await build(alice, 'Build a todo web app')
      const { token } = (await share(alice, first.conversationId)).json<ShareBody>().data
      const later = await build(alice, 'Add a due date to each todo', { conversationId: first.conversationId })
      const elsewhere = await build(alice, 'Create a command-line tool that counts words')
      const bobs = await build(await newVisitor(app), 'Build a todo web app')
      expect((await sharedOf(token)).messages).toHaveLength(2)
      for (const other of [later, elsewhere, bobs]) {
        expectGone(await sharedArchive(token, buildIdOf(other.zipUrl)), BUILD_NOT_SHARED)
        expectGone(await sharedFile(token, buildIdOf(other.zipUrl), 'README.md'), BUILD_NOT_SHARED)
      }
      for (const id of [randomUUID(), 'not-a-build', '..%2F..%2Fetc']) {
        expectGone(await sharedArchive(token, id), BUILD_NOT_SHARED)
        expectGone(await sharedFile(token, id, 'README.md'), BUILD_NOT_SHARED)
      }

      // The owner edits the request after sharing: its build is cut off, the snapshot keeps the text.
      const edited = await ask(alice, 'Which port does the server listen on?', { conversationId: first.conversationId, replaceFrom: 0 })
      expect(edited.conversationId).toBe(first.conversationId)
      const [, answer] = (await sharedOf(token)).messages
      expect(answer?.build).toBeUndefined()
      expect(answer?.content).toContain('Download todo-web-app.zip (no longer available)')
      expect(answer?.content).not.toContain('](/api/')
      expectGone(await sharedArchive(token, buildIdOf(first.zipUrl)), BUILD_NOT_SHARED)
      expectGone(await sharedFile(token, buildIdOf(first.zipUrl), 'README.md'), BUILD_NOT_SHARED)
    }, FOUR_BUILDS_MS)

    it('serves only the project’s own files, up to the size it shows', async () => {
      const alice = await newVisitor(app)
      const built = await build(alice, 'Build a todo web app')
      const buildId = buildIdOf(built.zipUrl)
      const { token } = (await share(alice, built.conversationId)).json<ShareBody>().data
      for (const filePath of ['../../etc/passwd', '/etc/passwd', 'src', 'README.md/', 'readme.md', 'nope.js', '%2e%2e/server.js']) {
        expectGone(await sharedFile(token, buildId, filePath), FILE_NOT_SHARED)
      }
      for (const query of ['', '?path=', `?path=${'a'.repeat(301)}`]) {
        const response = await app.inject({ method: 'GET', url: `${API}/shared/${token}/builds/${buildId}/files${query}` })
        expect(response.statusCode).toBe(400)
        expect(response.json<{ errors: Record<string, string> }>().errors).toHaveProperty(['path'])
      }
      // A file too large to show here (a model's build can write one) is left to the archive.
      await db.query('insert into build_files (build_id, path, content, executable) values ($1, $2, $3, false)', [buildId, 'data/large.txt', 'x'.repeat(SHARED_FILE_MAX_BYTES + 1)])
      const large = await sharedFile(token, buildId, 'data/large.txt')
      expect(large.statusCode).toBe(413)
      expect(large.json()).toEqual({ success: false, message: 'This file is too large to show here (over 512 KiB): download the project instead' })
      expect((await sharedOf(token)).messages[1]?.build?.files).toContainEqual({ path: 'data/large.txt', bytes: SHARED_FILE_MAX_BYTES + 1 })
    })

    it('stops serving the files and the archive when the link is revoked or the conversation deleted, and serves them again after an undo', async () => {
      const alice = await newVisitor(app)
      const built = await build(alice, 'Build a todo web app')
      const buildId = buildIdOf(built.zipUrl)
      const { token } = (await share(alice, built.conversationId)).json<ShareBody>().data
      expect((await sharedArchive(token, buildId)).statusCode).toBe(200)

      expect((await remove(alice, built.conversationId)).statusCode).toBe(200)
      expectGone(await openShared(token), SHARE_GONE)
      expectGone(await sharedArchive(token, buildId), SHARE_GONE)
      expectGone(await sharedFile(token, buildId, 'README.md'), SHARE_GONE)

      expect((await restore(alice, built.conversationId)).statusCode).toBe(200)
      expect((await sharedOf(token)).messages[1]?.build?.id).toBe(buildId)
      expect((await sharedArchive(token, buildId)).statusCode).toBe(200)
      expect((await sharedFile(token, buildId, 'README.md')).statusCode).toBe(200)

      expect((await revoke(alice, built.conversationId)).statusCode).toBe(200)
      expectGone(await openShared(token), SHARE_GONE)
      expectGone(await sharedArchive(token, buildId), SHARE_GONE)
      expectGone(await sharedFile(token, buildId, 'README.md'), SHARE_GONE)
      // A new link shares it again; the old one stays gone.
      const again = (await share(alice, built.conversationId)).json<ShareBody>().data
      expect((await sharedArchive(again.token, buildId)).statusCode).toBe(200)
      expectGone(await sharedArchive(token, buildId), SHARE_GONE)
    })
  })

  describe('owners and cross-site requests', () => {
    let alice: Headers
    let staff: Headers
    let conversationId: string

    beforeAll(async () => {
      alice = await newVisitor(app)
      const users = new UserService(db, fastPasswords())
      const email = `tools-${randomUUID()}@example.com`
      await users.create({ email, password: 'tools-password-1', roles: ['viewer'] })
      const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'tools-password-1' } })
      staff = { authorization: `Bearer ${login.json<{ data: { token: string } }>().data.token}` }
      ;({ conversationId } = await ask(alice, 'Hello'))
    })

    it('answers another owner (a signed-in user too) and an anonymous caller exactly as for an unknown conversation', async () => {
      for (const who of [staff, {}]) {
        for (const response of [
          await rename(who, conversationId, { title: 'Mine now' }),
          await remove(who, conversationId),
          await exportAs(who, conversationId, 'json'),
          await share(who, conversationId),
          await revoke(who, conversationId),
        ]) {
          expect(response.statusCode).toBe(404)
          expect(response.json()).toEqual(NOT_FOUND)
        }
      }
      expect((await history(app, alice)).data[0]).toMatchObject({ id: conversationId, title: 'Hello' })
    })

    it('works for a signed-in user with a bearer token', async () => {
      const { conversationId: own } = await ask(staff, 'Hello from staff')
      expect((await rename(staff, own, { title: 'Staff notes' })).statusCode).toBe(200)
      expect((await share(staff, own)).statusCode).toBe(201)
      expect((await exportAs(staff, own, 'md')).body).toContain('# Staff notes')
      expect((await remove(staff, own)).statusCode).toBe(200)
      expect((await restore(staff, own)).statusCode).toBe(200)
      // A bearer token is never sent by a browser on its own: allowed from anywhere.
      expect((await rename({ ...staff, origin: 'https://evil.example' }, own, { title: 'Staff notes 2' })).statusCode).toBe(200)
    })

    it('refuses every cookie-identified write from another site', async () => {
      const evil = crossSite(alice)
      for (const response of [
        await rename(evil, conversationId, { title: 'Pwned' }),
        await remove(evil, conversationId),
        await restore(evil, conversationId),
        await share(evil, conversationId),
        await revoke(evil, conversationId),
      ]) {
        expect(response.statusCode).toBe(403)
        expect(response.json()).toEqual(CROSS_SITE)
      }
      expect((await history(app, alice)).data[0]).toMatchObject({ id: conversationId, title: 'Hello' })
      expect((await history(app, alice)).data[0]?.sharedAt).toBeUndefined()
    })
  })
})

describe('conversation tools rate limit', () => {
  it('answers 429 with Retry-After once an owner has made 30 writes of a kind in a minute, each owner apart', async () => {
    const db = await databasesUnderTest()[0]!.open()
    const app = await buildTestApp(db, chatConfig())
    try {
      const alice = await newVisitor(app)
      const { conversationId } = (await sendChat(app, alice, question('Hello'))).json<ChatReplyBody>()
      const renameAs = (headers: Headers, title: string) =>
        app.inject({ method: 'PATCH', url: `${API}/chat/history/${conversationId}`, headers, payload: { title } })
      for (let n = 1; n <= 30; n += 1) expect((await renameAs(alice, `Title ${n}`)).statusCode).toBe(200)
      const limited = await renameAs(alice, 'One too many')
      expect(limited.statusCode).toBe(429)
      expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1)
      expect(limited.json<{ message: string }>().message).toMatch(/^Too many requests\. Please try again in \d+ seconds\./)
      expect((await history(app, alice)).data[0]?.title).toBe('Title 30')
      // Another kind of write, and another owner, have their own allowance.
      expect((await app.inject({ method: 'POST', url: `${API}/chat/history/${conversationId}/share`, headers: alice })).statusCode).toBe(201)
      const bob = await newVisitor(app)
      expect((await renameAs(bob, 'Not mine')).statusCode).toBe(404)
    } finally {
      await app.close()
      await db.close()
    }
  })
})

describe('shared build rate limits', () => {
  it(`answers 429 once a client IP has read ${SHARED_FILE_READS_PER_MINUTE} files or downloaded ${SHARED_DOWNLOADS_PER_MINUTE} archives of shared builds in a minute`, async () => {
    const db = await databasesUnderTest()[0]!.open()
    const app = await buildTestApp(db, { ...chatConfig(), ...(await buildConfig()) })
    try {
      const alice = await newVisitor(app)
      const built = (await sendBuild(app, alice, buildRequest('Build a todo web app'))).json<BuildReplyBody>()
      const buildId = built.zipUrl.split('/').at(-1) as string
      const { token } = (await app.inject({ method: 'POST', url: `${API}/chat/history/${built.conversationId}/share`, headers: alice })).json<ShareBody>().data
      const read = (remoteAddress: string) =>
        app.inject({ method: 'GET', url: `${API}/shared/${token}/builds/${buildId}/files`, query: { path: 'README.md' }, remoteAddress })
      const download = (remoteAddress: string) => app.inject({ method: 'GET', url: `${API}/shared/${token}/builds/${buildId}/archive`, remoteAddress })
      for (const [request, limit] of [
        [read, SHARED_FILE_READS_PER_MINUTE],
        [download, SHARED_DOWNLOADS_PER_MINUTE],
      ] as const) {
        for (let n = 1; n <= limit; n += 1) expect((await request('203.0.113.7')).statusCode).toBe(200)
        const limited = await request('203.0.113.7')
        expect(limited.statusCode).toBe(429)
        expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1)
        expect(limited.json<{ message: string }>().message).toMatch(/^Too many requests\. Please try again in \d+ seconds\./)
        // Another reader has their own allowance; the snapshot itself is not limited.
        expect((await request('203.0.113.8')).statusCode).toBe(200)
      }
      expect((await app.inject({ method: 'GET', url: `${API}/shared/${token}`, remoteAddress: '203.0.113.7' })).statusCode).toBe(200)
    } finally {
      await app.close()
      await db.close()
    }
  })
})

describe('the shared page of the SPA', () => {
  it('tells search engines not to index /share/ pages, and only those', async () => {
    const db = await databasesUnderTest()[0]!.open()
    const staticDir = await mkdtemp(path.join(os.tmpdir(), 'overseer-share-spa-'))
    await writeFile(path.join(staticDir, 'index.html'), '<!doctype html><title>Overseer</title>')
    const app = await buildTestApp(db, { staticDir })
    const page = (url: string): Promise<LightMyRequestResponse> => app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })
    try {
      const shared = await page(`/share/${'A'.repeat(43)}`)
      expect(shared.statusCode).toBe(200)
      expect(shared.headers['content-type']).toMatch(/^text\/html/)
      expect(shared.headers['x-robots-tag']).toBe(SHARE_ROBOTS)
      for (const url of ['/', '/assistant', '/docs/share', '/shared']) expect((await page(url)).headers['x-robots-tag']).toBeUndefined()
    } finally {
      await app.close()
      await db.close()
      await rm(staticDir, { recursive: true, force: true })
    }
  })
})
