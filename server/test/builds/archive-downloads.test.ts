import { randomUUID } from 'node:crypto'
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { openPostgres, type Database } from '../../src/db'
import { RETENTION, sweepExpired } from '../../src/db/retention'
import { archiveStore } from '../../src/generation/archiveStore'
import { OFFLINE_STAGES } from '../../src/pipeline/offlineStages'
import { buildTestApp, databasesUnderTest, SETUP_TIMEOUT_MS } from '../helper'
import { buildConfig, buildRequest, NO_ARCHIVE, sendBuild, storedArchive, unzip, type BuildReplyBody } from '../support/builds'
import { chatConfig, newVisitor, type Headers } from '../support/chat'

/** Archives live in the database: any app on it serves them, an older version's files are moved in, a failed build keeps none. */

const download = (app: FastifyInstance, url: string, headers: Headers) => app.inject({ method: 'GET', url, headers })

/** A completed build of a small web app by a new visitor: its archive's address and bytes as first downloaded. */
const buildOne = async (app: FastifyInstance): Promise<{ visitor: Headers; reply: BuildReplyBody; buildId: string; zip: Buffer }> => {
  const visitor = await newVisitor(app)
  const response = await sendBuild(app, visitor, buildRequest('Build a todo web app'))
  expect(response.statusCode).toBe(200)
  const reply = response.json<BuildReplyBody>()
  const first = await download(app, reply.zipUrl, visitor)
  expect(first.statusCode).toBe(200)
  expect(first.headers['content-type']).toBe('application/zip')
  expect(Number(first.headers['content-length'])).toBe(first.rawPayload.length)
  return { visitor, reply, buildId: reply.zipUrl.split('/').at(-1) as string, zip: first.rawPayload }
}

describe.each(databasesUnderTest())('build archives downloaded from the database on $name', ({ open }) => {
  let db: Database
  const apps: FastifyInstance[] = []
  const folders: string[] = []

  const start = async (overrides: Parameters<typeof buildConfig>[0] = {}, options: Parameters<typeof buildTestApp>[2] = {}): Promise<FastifyInstance> => {
    const app = await buildTestApp(db, { ...chatConfig(), ...(await buildConfig(overrides)) }, options)
    apps.push(app)
    return app
  }

  beforeAll(async () => {
    db = await open()
  }, SETUP_TIMEOUT_MS)

  afterAll(async () => {
    for (const app of apps) await app.close()
    await db?.close()
    for (const folder of folders) await rm(folder, { recursive: true, force: true })
  }, SETUP_TIMEOUT_MS)

  it("serves an older version's archive file after the next start, moved into the database", async () => {
    const legacyDownloadsDir = await mkdtemp(path.join(os.tmpdir(), 'overseer-legacy-'))
    folders.push(legacyDownloadsDir)
    const before = await start({ legacyDownloadsDir })
    const { visitor, reply, buildId, zip } = await buildOne(before)
    expect((await unzip(zip)).some((entry) => entry.name.endsWith('/package.json'))).toBe(true)
    // As an older version left it: the archive a file named by the build, not in the database.
    await writeFile(path.join(legacyDownloadsDir, `${buildId}.zip`), zip)
    await archiveStore(db).remove([buildId])
    expect((await download(before, reply.zipUrl, visitor)).statusCode).toBe(404)
    await before.close()

    const after = await start({ legacyDownloadsDir })
    const moved = await download(after, reply.zipUrl, visitor)
    expect(moved.statusCode).toBe(200)
    expect(Number(moved.headers['content-length'])).toBe(zip.length)
    expect(moved.rawPayload.equals(zip)).toBe(true)
    expect(await readdir(legacyDownloadsDir)).toEqual([])
  })

  it("deletes a visitor's archives with their conversations when the retention period is over", async () => {
    const app = await start()
    const { visitor, reply, buildId } = await buildOne(app)
    const later = new Date(Date.now() + (RETENTION.visitorConversationsDays + 1) * 86_400_000)
    expect((await sweepExpired(db, later)).visitorConversations).toBeGreaterThanOrEqual(1)
    expect((await download(app, reply.zipUrl, visitor)).statusCode).toBe(404)
    expect(await app.builds.sweepArchives()).toBeGreaterThanOrEqual(1)
    expect(await storedArchive(db, { buildId })).toEqual(NO_ARCHIVE)
  })

  it('keeps no archive of a build that fails after its archive was stored', async () => {
    const app = await start(
      {},
      {
        builds: {
          stages: {
            ...OFFLINE_STAGES,
            delivery: async (context) => {
              await OFFLINE_STAGES.delivery(context)
              // Stored: the failure must take it away again.
              expect((await storedArchive(db, { buildId: context.buildId })).archives).toBe(1)
              throw new Error('injected failure after the archive was stored')
            },
          },
        },
      },
    )
    const visitor = await newVisitor(app)
    const body = buildRequest('Build a todo web app')
    const response = await sendBuild(app, visitor, body)
    expect(response.statusCode).toBe(500)
    expect(response.json()).toMatchObject({ status: 'error', message: 'The build failed at the delivery stage. Please try again.' })
    expect(await storedArchive(db, { sessionId: body.sessionId })).toEqual(NO_ARCHIVE)
    const { rows } = await db.query<{ count: number }>(
      'select count(*)::int as count from build_archive_chunks c join builds b on b.id = c.build_id where b.session_id = $1',
      [body.sessionId],
    )
    expect(rows[0]?.count).toBe(0)
  })
})

const DATABASE_URL = process.env.TEST_DATABASE_URL

;(DATABASE_URL ? describe : describe.skip)('two app instances on one PostgreSQL database', () => {
  const schema = `archives_${randomUUID().replaceAll('-', '')}`
  const databases: Database[] = []
  const apps: FastifyInstance[] = []

  afterAll(async () => {
    for (const app of apps) await app.close()
    await databases[0]?.query(`drop schema if exists ${schema} cascade`)
    for (const db of databases) await db.close()
  }, SETUP_TIMEOUT_MS)

  it('serves the archive a build stored through the first from the second, byte for byte, until its conversation is deleted', async () => {
    for (let index = 0; index < 2; index += 1) {
      const db = await openPostgres(DATABASE_URL as string, { schema })
      databases.push(db)
      apps.push(await buildTestApp(db, { ...chatConfig(), ...(await buildConfig()) }))
    }
    const [first, second] = apps as [FastifyInstance, FastifyInstance]
    const { visitor, reply, buildId, zip } = await buildOne(first)

    const elsewhere = await download(second, reply.zipUrl, visitor)
    expect(elsewhere.statusCode).toBe(200)
    expect(Number(elsewhere.headers['content-length'])).toBe(zip.length)
    expect(elsewhere.rawPayload.equals(zip)).toBe(true)
    // Only its owner.
    expect((await download(second, reply.zipUrl, await newVisitor(second))).statusCode).toBe(404)

    // Deleted on the second server, swept (once the deletion is final) by the first: the chunks go.
    const deleted = await second.inject({ method: 'DELETE', url: `/api/overseer-dev/chat/history/${reply.conversationId as string}`, headers: visitor })
    expect(deleted.statusCode).toBe(200)
    expect((await download(first, reply.zipUrl, visitor)).statusCode).toBe(404)
    await (databases[0] as Database).query('update deleted_conversations set deleted_at = deleted_at - interval \'1 hour\'')
    await first.conversationTools.purgeDeleted()
    expect(await first.builds.sweepArchives()).toBe(1)
    expect(await storedArchive(databases[0] as Database, { buildId })).toEqual(NO_ARCHIVE)
  })
})
