import { randomUUID } from 'node:crypto'
import { mkdtemp } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import yauzl from 'yauzl'
import type { BuildConfig } from '../../src/config'
import type { Queryable } from '../../src/db'
import type { ChatReplyBody, Headers } from './chat'

/**
 * The time limit of a test that runs a build through development: its sandboxed test runs take
 * many seconds on a two-core machine busy with other test files.
 */
export const WHOLE_BUILD_MS = 90_000

/** A build answers as a chat reply does, with the archive's address. */
export interface BuildReplyBody extends ChatReplyBody {
  zipUrl: string
}

/** The sandbox limits of a test app: the defaults, with a shorter wall time. */
export const TEST_SANDBOX_LIMITS = { wallMs: 30_000, cpuSeconds: 30, memoryMb: 512, diskMb: 256, processes: 256, outputBytes: 65_536 }

/** Build settings for a test app: an empty legacy archive folder of its own; no approval gates unless given. */
export const buildConfig = async (overrides: Partial<BuildConfig> = {}): Promise<{ builds: BuildConfig }> => ({
  builds: {
    legacyDownloadsDir: await mkdtemp(path.join(os.tmpdir(), 'overseer-downloads-')),
    stageTimeoutMs: 20_000,
    approvalGates: [],
    approvalTimeoutMs: 86_400_000,
    clarificationTimeoutMs: 86_400_000,
    sandbox: 'bwrap',
    sandboxLimits: TEST_SANDBOX_LIMITS,
    maxIterations: 6,
    maxTokens: 200_000,
    maxAttempts: 2,
    takeoverMs: 20_000,
    // Room for every build a test starts at once: the queue's own tests set it low.
    concurrency: 10,
    queuePerOwner: 2,
    ...overrides,
  },
})

/** What the database holds of a build's archive (by the build's id or its session's): its row (0 or 1) and its chunks. */
export const storedArchive = async (db: Queryable, of: { buildId: string } | { sessionId: string }): Promise<{ archives: number; chunks: number }> => {
  const [column, value] = 'buildId' in of ? ['id', of.buildId] : ['session_id', of.sessionId]
  const { rows } = await db.query<{ archives: number; chunks: number }>(
    `select (select count(*)::int from build_archives a where a.build_id = b.id) as archives,
            (select count(*)::int from build_archive_chunks c where c.build_id = b.id) as chunks
       from builds b where b.${column} = $1`,
    [value],
  )
  return rows[0] ?? { archives: 0, chunks: 0 }
}

/** No archive at all: what a failed or stopped build leaves. */
export const NO_ARCHIVE = { archives: 0, chunks: 0 }

export const buildRequest = (content: string, extra: Record<string, unknown> = {}) => ({
  messages: [{ role: 'user', content }],
  model: 'overseer-local',
  sessionId: randomUUID(),
  ...extra,
})

export const sendBuild = (app: FastifyInstance, headers: Headers, body: unknown) =>
  app.inject({ method: 'POST', url: '/api/overseer/chat', headers, payload: body as Record<string, unknown> })

export interface ZipEntry {
  name: string
  content: Buffer
  /** Unix mode bits from the entry's external attributes. */
  mode: number
}

/** Reads every entry of a zip (yauzl, lazily: entries in order). */
export const unzip = (buffer: Buffer): Promise<ZipEntry[]> =>
  new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no zip'))
      const entries: ZipEntry[] = []
      zip.on('error', reject)
      zip.on('end', () => resolve(entries))
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('no stream'))
          const chunks: Buffer[] = []
          stream.on('data', (chunk: Buffer) => chunks.push(chunk))
          stream.on('error', reject)
          stream.on('end', () => {
            entries.push({ name: entry.fileName, content: Buffer.concat(chunks), mode: (entry.externalFileAttributes >>> 16) & 0o7777 })
            zip.readEntry()
          })
        })
      })
      zip.readEntry()
    })
  })
