import { createReadStream } from 'node:fs'
import { readdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { once } from 'node:events'
import { Readable, Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { Database, Queryable } from '../db/types'
import { projectZip, type ProjectFile } from './archive'

/**
 * Build archives in the database (migration 018): a `build_archives` row per archive (its size
 * once complete) and its bytes in `build_archive_chunks`, in order. Every server and worker shares
 * the database, so any server serves any download and no folder is shared. Written as a stream
 * while the zip is produced, read back a piece at a time: a large archive is never held whole
 * in memory, on either side.
 */

/**
 * The size of each stored chunk (the last one of an archive is shorter). On PGlite chunks travel as
 * base64 text (`decode`/`encode` in SQL): it converts a bytea parameter or column byte by byte in
 * JavaScript, 5 to 10 times slower than Node's base64 (measured: 256 KiB in 230-310 ms against 31 ms
 * written, 115 ms against 18 ms read). On PostgreSQL they are written in binary (`binaryParams`):
 * base64 text there was only garbage, a string and its copy per chunk, that left the server's RSS
 * up by about the archive's size until a collection came (+51 and +55 MiB for 50 MiB stored).
 * They are read as base64 on both: node-postgres returns a binary column intact only from a
 * connection in binary mode, and hex text (its default for bytea) is larger still.
 */
export const ARCHIVE_CHUNK_BYTES = 256 * 1024

/**
 * How much of a chunk one read fetches. Each piece is a string and a Buffer that are garbage once
 * sent: at 64 KiB they are small enough for V8's young generation, collected within milliseconds;
 * whole 256 KiB chunks went to its large-object space, which only a full collection frees, and a
 * download left the server's RSS up by about the archive's size (+41 to +54 MiB for 50 MiB).
 */
export const ARCHIVE_READ_BYTES = 64 * 1024

/**
 * Lets timers and I/O run between two chunks. PGlite runs each query on this thread and answers
 * through promises, so a stream of chunk queries would otherwise keep the event loop from every
 * other request until the whole archive is through (measured: 13 s for 50 MiB).
 */
const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

/** An archive that is stored whole: its size in bytes and how to read it. */
export interface StoredArchive {
  size: number
  /** Its bytes, fetched a piece at a time as they are read. */
  open(): Readable
}

/** An exclusive write found the build's archive already there (being written or stored). */
export class ArchiveExists extends Error {
  override name = 'ArchiveExists'
}

export interface ArchiveWriteOptions {
  /**
   * Refuse (ArchiveExists) when the build has an archive, instead of replacing it. Inside a
   * transaction on PostgreSQL, a second exclusive writer of the same build waits for the first
   * one's transaction and then finds its archive (the start-up migration of legacy files).
   */
  exclusive?: boolean
}

/**
 * A Writable that stores what is written to it as a build's archive: replacing any archive the
 * build had (a delivery that runs again), chunk by chunk as the bytes come, complete (readable)
 * only once it has finished. Destroyed with an error, it removes what it wrote.
 */
export class ArchiveWriter extends Writable {
  /** Bytes written so far; the archive's size once finished. */
  size = 0
  private seq = 0
  private pending: Buffer[] = []
  private pendingBytes = 0
  /** The header row is ours: removed again if the write fails. */
  private owned = false
  private completed = false

  constructor(
    private readonly db: Queryable,
    private readonly buildId: string,
    private readonly options: ArchiveWriteOptions = {},
  ) {
    super({ highWaterMark: ARCHIVE_CHUNK_BYTES })
  }

  override _construct(callback: (error?: Error | null) => void): void {
    this.start().then(() => callback(), callback)
  }

  private async start(): Promise<void> {
    const { db, buildId } = this
    if (!this.options.exclusive) await db.query('delete from build_archives where build_id = $1', [buildId])
    const { rows } = await db.query('insert into build_archives (build_id) values ($1) on conflict (build_id) do nothing returning build_id', [buildId])
    if (rows.length === 0) throw new ArchiveExists(`The archive of build ${buildId} is already stored`)
    this.owned = true
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.pending.push(chunk)
    this.pendingBytes += chunk.length
    this.size += chunk.length
    this.flush(false).then(() => callback(), callback)
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.finish().then(() => callback(), callback)
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    if (!error || !this.owned || this.completed) return callback(error)
    // What was written goes (its chunks with it); inside a failed transaction the rollback does it.
    this.db.query('delete from build_archives where build_id = $1 and size is null', [this.buildId]).then(
      () => callback(error),
      () => callback(error),
    )
  }

  /** Stores every full chunk that is pending, and with `all` the rest too. */
  private async flush(all: boolean): Promise<void> {
    while (this.pendingBytes >= ARCHIVE_CHUNK_BYTES || (all && this.pendingBytes > 0)) {
      const joined = this.pending.length === 1 ? (this.pending[0] as Buffer) : Buffer.concat(this.pending, this.pendingBytes)
      const chunk = joined.subarray(0, ARCHIVE_CHUNK_BYTES)
      const rest = joined.subarray(chunk.length)
      await (this.db.binaryParams
        ? this.db.query('insert into build_archive_chunks (build_id, seq, data) values ($1, $2, $3)', [this.buildId, this.seq, chunk])
        : this.db.query(`insert into build_archive_chunks (build_id, seq, data) values ($1, $2, decode($3, 'base64'))`, [this.buildId, this.seq, chunk.toString('base64')]))
      this.seq += 1
      this.pending = rest.length > 0 ? [rest] : []
      this.pendingBytes = rest.length
      await yieldToEventLoop()
    }
  }

  private async finish(): Promise<void> {
    await this.flush(true)
    const { rows } = await this.db.query(
      'update build_archives set size = $2, chunks = $3, completed_at = now() where build_id = $1 and size is null returning build_id',
      [this.buildId, this.size, this.seq],
    )
    // Replaced or removed while it was written (the build was stopped meanwhile): not stored.
    if (rows.length === 0) throw new Error(`The archive of build ${this.buildId} was removed while it was written`)
    this.completed = true
  }
}

/**
 * Reads a stored archive a piece (ARCHIVE_READ_BYTES) at a time, each fetched when the reader
 * wants more: the version it was opened on (`version`, when that was completed), which fails
 * instead of mixing in another's bytes when the archive is written again meanwhile (a delivery
 * that runs again), and ends after the `size` bytes the download said up front.
 */
class ArchiveReader extends Readable {
  private seq = 0
  /** Where the next piece starts in chunk `seq`. */
  private offset = 0
  private sent = 0

  constructor(
    private readonly db: Queryable,
    private readonly buildId: string,
    private readonly archive: { chunks: number; size: number; version: string },
  ) {
    super({ highWaterMark: ARCHIVE_READ_BYTES })
  }

  override _read(): void {
    if (this.seq >= this.archive.chunks || this.sent >= this.archive.size) {
      this.push(null)
      return
    }
    this.fetchPiece().catch((error: unknown) => this.destroy(error instanceof Error ? error : new Error(String(error))))
  }

  /** The next piece of the archive: of chunk `seq`, from `offset`. */
  private async fetchPiece(): Promise<void> {
    await yieldToEventLoop()
    const { seq, offset } = this
    const { rows } = await this.db.query<{ data: string; size: number }>(
      `select encode(substring(c.data from $3 for $4), 'base64') as data, octet_length(c.data) as size
         from build_archive_chunks c join build_archives a on a.build_id = c.build_id
        where c.build_id = $1 and c.seq = $2 and a.completed_at::text = $5`,
      [this.buildId, seq, offset + 1, ARCHIVE_READ_BYTES, this.archive.version],
    )
    const row = rows[0]
    if (!row) throw new Error(`The archive of build ${this.buildId} was removed or written again while it was read`)
    if (offset + ARCHIVE_READ_BYTES >= row.size) {
      this.seq += 1
      this.offset = 0
    } else this.offset += ARCHIVE_READ_BYTES
    // PostgreSQL's base64 has a line break every 76 characters, which Node's decoder skips.
    const piece = Buffer.from(row.data, 'base64')
    this.sent += piece.length
    if (this.sent > this.archive.size) throw new Error(`The archive of build ${this.buildId} holds more than its ${this.archive.size} bytes`)
    this.push(piece)
  }
}

/**
 * Streams `source` into `writer`. Resolves with the archive's size once it is stored; rejects
 * only once what a failed write had stored is removed again: `pipeline` alone rejects as soon as
 * it destroys the writer, before the writer's clean-up has run.
 */
const writeArchive = async (source: NodeJS.ReadableStream | Readable, writer: ArchiveWriter): Promise<number> => {
  try {
    await pipeline(source, writer)
  } catch (error) {
    // Its clean-up has run once it emits 'error' (then 'close'): `once` settles on either, its
    // rejection on the 'error' being the wait's end too.
    if (!writer.closed) await once(writer, 'close').catch(() => undefined)
    throw error
  }
  return writer.size
}

/** The archives of builds, in `db` (the database, or a transaction for the writer). */
export const archiveStore = (db: Queryable) => {
  /** Stores what `source` yields as the build's archive (see writeArchive). Resolves with its size in bytes. */
  const write = (buildId: string, source: NodeJS.ReadableStream | Readable, options: ArchiveWriteOptions = {}): Promise<number> =>
    writeArchive(source, new ArchiveWriter(db, buildId, options))

  return {
    /** A stream to write a build's archive into (see ArchiveWriter; `write` also waits for a failed one's clean-up). */
    writer: (buildId: string, options: ArchiveWriteOptions = {}): ArchiveWriter => new ArchiveWriter(db, buildId, options),

    write,

    /** Zips the project as the build's archive, streamed into the database as it is produced. Resolves with its size in bytes. */
    writeProject: (buildId: string, root: string, files: readonly ProjectFile[]): Promise<number> => write(buildId, projectZip(root, files)),

    /** The build's archive when it is stored whole; undefined when there is none (or it is still being written). */
    async find(buildId: string): Promise<StoredArchive | undefined> {
      const { rows } = await db.query<{ size: number | bigint; chunks: number; version: string }>(
        'select size, chunks, completed_at::text as version from build_archives where build_id = $1 and size is not null',
        [buildId],
      )
      const row = rows[0]
      if (!row) return undefined
      const archive = { size: Number(row.size), chunks: row.chunks, version: row.version }
      return { size: archive.size, open: () => new ArchiveReader(db, buildId, archive) }
    },

    /** Removes the archives of these builds, with their chunks (none is an error). */
    async remove(buildIds: readonly string[]): Promise<void> {
      if (buildIds.length > 0) await db.query('delete from build_archives where build_id = any($1::uuid[])', [buildIds])
    },

    /**
     * Removes every archive that no build keeps: of a build that failed or was stopped, or that
     * completed without one (or lost it), including what a process that died left half-written.
     * A running build's archive is left alone (its delivery may be writing it). Resolves with how many went.
     */
    async removeStray(): Promise<number> {
      const { rows } = await db.query<{ count: number }>(
        `with deleted as (
           delete from build_archives a using builds b
            where b.id = a.build_id
              and (b.status in ('error', 'stopped') or (b.status = 'completed' and b.archive_bytes is null))
           returning 1)
         select count(*)::int as count from deleted`,
      )
      return rows[0]?.count ?? 0
    },
  }
}

export type ArchiveStore = ReturnType<typeof archiveStore>

/** Removes a build's archive, if it has one: what a failed, stopped or interrupted build leaves. */
export const removeArchive = (db: Queryable, buildId: string): Promise<void> => archiveStore(db).remove([buildId])

/** A legacy archive file: named by its build's id. */
const LEGACY_FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.zip$/

export interface LegacyMigration {
  /** Files stored in the database (and removed from the folder). */
  migrated: number
  /** Files removed without storing them: already in the database, or of a build that keeps no archive (as the old sweep would). */
  removed: number
  /** Files left alone: not named by a build this database knows. */
  left: number
  /** Files that could not be stored (left in place, tried again at the next start). */
  failed: number
}

/**
 * Moves the archives of an older version, files `<buildId>.zip` in `dir` (OVERSEER_DOWNLOADS_DIR,
 * default DATA_DIR/downloads), into the database: each one a build keeps is stored (in a
 * transaction of its own, so servers that start together on one database store it once) and then
 * deleted from the folder. A missing folder is nothing to do.
 */
export const migrateLegacyArchives = async (db: Database, dir: string): Promise<LegacyMigration> => {
  const result: LegacyMigration = { migrated: 0, removed: 0, left: 0, failed: 0 }
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return []
    throw error
  })
  for (const name of names) {
    const id = LEGACY_FILE.exec(name)?.[1]
    if (!id) continue
    const file = path.join(dir, name)
    const { rows } = await db.query<{ keeps: boolean }>(`select status = 'completed' and archive_bytes is not null as keeps from builds where id = $1`, [id])
    const build = rows[0]
    if (!build) {
      result.left += 1
      continue
    }
    if (build.keeps) {
      try {
        await db.transaction((tx) => archiveStore(tx).write(id, createReadStream(file), { exclusive: true }))
        result.migrated += 1
      } catch (error) {
        if (!(error instanceof ArchiveExists)) {
          result.failed += 1
          continue
        }
        result.removed += 1
      }
    } else {
      result.removed += 1
    }
    await rm(file, { force: true })
  }
  return result
}
