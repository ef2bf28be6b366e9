import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { buffer } from 'node:stream/consumers'
import { pipeline } from 'node:stream/promises'
import fc from 'fast-check'
import { migrate, type Database } from '../../src/db'
import type { Queryable } from '../../src/db/types'
import { ARCHIVE_CHUNK_BYTES, ARCHIVE_READ_BYTES, ArchiveExists, archiveStore, migrateLegacyArchives } from '../../src/generation/archiveStore'
import { databasesUnderTest, SETUP_TIMEOUT_MS } from '../helper'
import { NO_ARCHIVE, storedArchive } from '../support/builds'

const CHUNK = ARCHIVE_CHUNK_BYTES

/** `data` as a stream of pieces of the given sizes (cycled), as a zip's output comes. */
const piecesOf = (data: Buffer, sizes: readonly number[]): Readable =>
  Readable.from(
    (function* () {
      let offset = 0
      for (let index = 0; offset < data.length; index += 1) {
        const size = Math.max(1, sizes[index % sizes.length] ?? 1)
        yield data.subarray(offset, offset + size)
        offset += size
      }
    })(),
  )

const sha256 = (data: Buffer): string => createHash('sha256').update(data).digest('hex')

/** Byte for byte the same (compared by Buffer.equals: Jest's toEqual walks a Buffer one element at a time). */
const expectSameBytes = (actual: Buffer | undefined, expected: Buffer): void => {
  expect(actual?.length).toBe(expected.length)
  expect(actual?.equals(expected)).toBe(true)
}

describe.each(databasesUnderTest())('build archives in the database on $name', ({ open }) => {
  let db: Database

  /** A build row with the given end: what the archive rows hang on. */
  const build = async (status: 'running' | 'completed' | 'error' | 'stopped' = 'completed', archiveBytes: number | null = 1): Promise<string> => {
    const id = randomUUID()
    await db.query(
      `insert into builds (id, session_id, owner_key, model, status, stage, percentage, message, archive_bytes, archive_files)
       values ($1, $2, 'visitor:test', 'overseer-local', $3, 'delivery', 100, 'test', $4, $5)`,
      [id, randomUUID(), status, archiveBytes, archiveBytes === null ? null : 1],
    )
    return id
  }

  const store = () => archiveStore(db)

  const readBack = async (buildId: string): Promise<Buffer | undefined> => {
    const stored = await store().find(buildId)
    return stored ? buffer(stored.open()) : undefined
  }

  beforeAll(async () => {
    db = await open()
    await migrate(db)
  }, SETUP_TIMEOUT_MS)

  afterAll(() => db?.close())

  it('gives back every archive byte for byte, whatever its size and however it was written, in chunks of 256 KiB', async () => {
    const sizes = [0, 1, CHUNK - 1, CHUNK, CHUNK + 1, 3 * CHUNK + 17]
    for (const size of sizes) {
      const id = await build()
      const data = randomBytes(size)
      await pipeline(piecesOf(data, [65_536, 1, 300_000, 7]), store().writer(id))
      const stored = await store().find(id)
      expect(stored?.size).toBe(size)
      expectSameBytes(await readBack(id), data)
      const { rows } = await db.query<{ seq: number; bytes: number }>('select seq, length(data) as bytes from build_archive_chunks where build_id = $1 order by seq', [id])
      expect(rows.map((row) => row.seq)).toEqual(Array.from({ length: Math.ceil(size / CHUNK) }, (_, seq) => seq))
      expect(rows.slice(0, -1).every((row) => row.bytes === CHUNK)).toBe(true)
    }
    // Any split of any bytes.
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 2 * CHUNK + 5 }), fc.array(fc.integer({ min: 1_000, max: CHUNK * 2 }), { minLength: 1, maxLength: 6 }), async (size, pieces) => {
        const id = await build()
        const data = randomBytes(size)
        await pipeline(piecesOf(data, pieces), store().writer(id))
        expectSameBytes(await readBack(id), data)
      }),
      { numRuns: 15 },
    )
  })

  it('stores a large archive as it is produced and reads it back a piece at a time', async () => {
    const id = await build()
    const piece = 64 * 1024
    const total = 24 * 1024 * 1024
    const hash = createHash('sha256')
    let produced = 0
    let behind = 0
    const source = Readable.from(
      (async function* () {
        while (produced < total) {
          // What the writer has stored by now: never more than a few chunks behind what was produced.
          const { rows } = await db.query<{ count: number }>('select count(*)::int as count from build_archive_chunks where build_id = $1', [id])
          behind = Math.max(behind, produced - (rows[0]?.count ?? 0) * CHUNK)
          const data = randomBytes(piece)
          hash.update(data)
          produced += data.length
          yield data
        }
      })(),
    )
    await pipeline(source, store().writer(id))
    expect(behind).toBeLessThanOrEqual(4 * CHUNK)

    const stored = await store().find(id)
    expect(stored?.size).toBe(total)
    const reader = (stored as NonNullable<typeof stored>).open()
    const read = createHash('sha256')
    let bytes = 0
    let mostBuffered = 0
    for await (const chunk of reader as AsyncIterable<Buffer>) {
      // The reader holds what it fetched last, not the archive.
      mostBuffered = Math.max(mostBuffered, reader.readableLength)
      read.update(chunk)
      bytes += chunk.length
    }
    expect(bytes).toBe(total)
    expect(read.digest('hex')).toBe(hash.digest('hex'))
    expect(mostBuffered).toBeLessThanOrEqual(2 * ARCHIVE_READ_BYTES)
  }, 60_000)

  it('fails a read of an archive written again meanwhile, rather than mixing the two', async () => {
    const id = await build()
    await store().write(id, Readable.from([randomBytes(3 * CHUNK)]))
    const reader = (await store().find(id))?.open() as Readable
    const first = await new Promise<Buffer>((resolve, reject) => reader.once('data', resolve).once('error', reject))
    expect(first.length).toBe(ARCHIVE_READ_BYTES)
    reader.pause()
    await store().write(id, Readable.from([randomBytes(3 * CHUNK)]))
    await expect(buffer(reader)).rejects.toThrow('was removed or written again while it was read')
  })

  it('shows no archive until it is complete, replaces one written again, and refuses an exclusive write over one', async () => {
    const id = await build()
    const writer = store().writer(id)
    await new Promise<void>((resolve, reject) => writer.write(randomBytes(CHUNK + 10), (error) => (error ? reject(error) : resolve())))
    expect(await store().find(id)).toBeUndefined()
    const done = new Promise<void>((resolve, reject) => writer.once('finish', resolve).once('error', reject))
    writer.end()
    await done
    expect((await store().find(id))?.size).toBe(CHUNK + 10)

    const second = randomBytes(100)
    await pipeline(Readable.from([second]), store().writer(id))
    expectSameBytes(await readBack(id), second)
    expect((await storedArchive(db, { buildId: id })).chunks).toBe(1)

    await expect(pipeline(Readable.from([randomBytes(5)]), store().writer(id, { exclusive: true }))).rejects.toThrow(ArchiveExists)
    expectSameBytes(await readBack(id), second)
  })

  it('keeps nothing of a write that fails', async () => {
    const id = await build()
    const failing = Readable.from(
      (function* () {
        yield randomBytes(CHUNK * 2 + 1)
        throw new Error('the zip could not be produced')
      })(),
    )
    await expect(store().write(id, failing)).rejects.toThrow('the zip could not be produced')
    expect(await storedArchive(db, { buildId: id })).toEqual(NO_ARCHIVE)
  })

  it('settles a failed write only once what it stored is removed again', async () => {
    const id = await build()
    // The clean-up's delete waits until the test lets it go: the write must wait with it.
    let cleanUpStarted!: () => void
    const started = new Promise<void>((resolve) => (cleanUpStarted = resolve))
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    let cleanedUp = false
    const slowCleanUp: Queryable = {
      exec: (sql) => db.exec(sql),
      async query<T>(text: string, params?: readonly unknown[]) {
        if (!text.includes('size is null') || !text.startsWith('delete')) return db.query<T>(text, params)
        cleanUpStarted()
        await gate
        const result = await db.query<T>(text, params)
        cleanedUp = true
        return result
      },
    }
    const failing = Readable.from(
      (function* () {
        yield randomBytes(CHUNK + 1)
        throw new Error('the zip could not be produced')
      })(),
    )
    const settled = archiveStore(slowCleanUp)
      .write(id, failing)
      .then(
        () => ({ error: undefined, cleanedUp }),
        (error: unknown) => ({ error, cleanedUp }),
      )
    await started
    release()
    const outcome = await settled
    expect(outcome.error).toEqual(new Error('the zip could not be produced'))
    expect(outcome.cleanedUp).toBe(true)
    expect(await storedArchive(db, { buildId: id })).toEqual(NO_ARCHIVE)
  })

  it('removes archives by build, and every archive no build keeps', async () => {
    const kept = await build('completed')
    const running = await build('running', null)
    const failed = await build('error', null)
    const stopped = await build('stopped', null)
    const lost = await build('completed', null)
    const removed = await build('completed')
    for (const id of [kept, running, failed, stopped, lost, removed]) await pipeline(Readable.from([randomBytes(CHUNK + 1)]), store().writer(id))

    await store().remove([removed])
    expect(await storedArchive(db, { buildId: removed })).toEqual(NO_ARCHIVE)
    expect(await store().removeStray()).toBeGreaterThanOrEqual(3)
    for (const id of [failed, stopped, lost]) expect(await storedArchive(db, { buildId: id })).toEqual(NO_ARCHIVE)
    for (const id of [kept, running]) expect(await storedArchive(db, { buildId: id })).toEqual({ archives: 1, chunks: 2 })
  })

  it("moves an older version's archive files into the database, once, and leaves files it does not know", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'overseer-legacy-downloads-'))
    try {
      const kept = await build('completed')
      const failed = await build('error', null)
      const unknown = randomUUID()
      const zip = randomBytes(3 * CHUNK + 99)
      await writeFile(path.join(dir, `${kept}.zip`), zip)
      await writeFile(path.join(dir, `${failed}.zip`), randomBytes(10))
      await writeFile(path.join(dir, `${unknown}.zip`), randomBytes(10))
      await writeFile(path.join(dir, 'notes.txt'), 'not an archive')

      expect(await migrateLegacyArchives(db, dir)).toEqual({ migrated: 1, removed: 1, left: 1, failed: 0 })
      expect(sha256((await readBack(kept)) as Buffer)).toBe(sha256(zip))
      expect((await readdir(dir)).sort()).toEqual([`${unknown}.zip`, 'notes.txt'].sort())
      expect(await migrateLegacyArchives(db, dir)).toEqual({ migrated: 0, removed: 0, left: 1, failed: 0 })

      // A file whose archive is already in the database (another server moved it first) only goes.
      await writeFile(path.join(dir, `${kept}.zip`), randomBytes(10))
      expect(await migrateLegacyArchives(db, dir)).toEqual({ migrated: 0, removed: 1, left: 1, failed: 0 })
      expect(sha256((await readBack(kept)) as Buffer)).toBe(sha256(zip))
      expect(await migrateLegacyArchives(db, path.join(dir, 'missing'))).toEqual({ migrated: 0, removed: 0, left: 0, failed: 0 })
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
