/**
 * The server process of the bench's archive part (sections/buildArchive.ts), started with IPC:
 * the real app (buildApp on the database of DATA_DIR or DATABASE_URL, as server/src/server.ts
 * builds it) listening on a loopback port, that also stores a large archive through the archive
 * store when the bench asks (what the delivery stage does, with a bigger zip), and reports its own
 * memory between the bench's marks: its peak RSS (the kernel's high-water mark VmHWM, reset at each
 * mark through /proc/self/clear_refs), process.memoryUsage() every 20 ms (garbage included), and
 * every 250 ms after a garbage collection (what is live: what the process holds).
 *
 * Messages in:  { type: 'mark' } | { type: 'store', buildId, bytes } | { type: 'peaks' } | { type: 'stop' }
 * Messages out: { type: 'ready', url } | { type: 'memory', ... } | { type: 'stored', ... } | { type: 'failed', message }
 */
import { createHash, randomBytes } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { ZipFile } from 'yazl'
import { buildApp } from '../../server/src/app'
import { loadConfig } from '../../server/src/config'
import { migrate, openDatabase } from '../../server/src/db'
import { archiveStore } from '../../server/src/generation/archiveStore'

/** One reading of this process's memory, in bytes. */
export interface MemoryReading {
  rss: number
  heapUsed: number
  /** Buffers and typed arrays outside the JavaScript heap (Node's `arrayBuffers`, part of `external`). */
  arrayBuffers: number
}

export type ArchiveServerMessage =
  | { type: 'ready'; url: string }
  /** `now` after a garbage collection; `peak` the highest of each since the last mark. */
  | {
      type: 'memory'
      /** After a garbage collection. */
      now: MemoryReading
      /** The highest since the mark: RSS from the kernel's high-water mark, heap and buffers sampled (garbage included). */
      peak: MemoryReading
      /** The highest live heap and buffers since the mark (sampled after a garbage collection). */
      live: MemoryReading
      samples: number
      liveSamples: number
    }
  | { type: 'stored'; ms: number; size: number; sha256: string }
  | { type: 'failed'; message: string }

export type ArchiveServerCommand = { type: 'mark' } | { type: 'peaks' } | { type: 'store'; buildId: string; bytes: number } | { type: 'stop' }

const SAMPLE_MS = 20
/** Every this many samples, one after a garbage collection. */
const LIVE_EVERY = 12
const PIECE_BYTES = 1024 * 1024

const send = (message: ArchiveServerMessage): void => {
  process.send?.(message)
}

const reading = (): MemoryReading => {
  const { rss, heapUsed, arrayBuffers } = process.memoryUsage()
  return { rss, heapUsed, arrayBuffers }
}

/** The kernel's peak RSS of this process since the last reset (VmHWM), in bytes. */
const peakRss = (): number => {
  const kib = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]
  return kib === undefined ? Number.NaN : Number(kib) * 1024
}

/** Resets VmHWM to the current RSS (Linux: `5` to /proc/self/clear_refs). */
const resetPeakRss = (): void => {
  writeFileSync('/proc/self/clear_refs', '5')
}

const higher = (a: MemoryReading, b: MemoryReading): MemoryReading => ({
  rss: Math.max(a.rss, b.rss),
  heapUsed: Math.max(a.heapUsed, b.heapUsed),
  arrayBuffers: Math.max(a.arrayBuffers, b.arrayBuffers),
})

const collect = (): void => {
  // Started with --expose-gc: readings before and after are of live memory, not garbage not yet collected.
  const gc = (globalThis as { gc?: () => void }).gc
  gc?.()
}

/** `bytes` random (incompressible) bytes, made a piece at a time as they are read. */
const randomSource = (bytes: number): Readable => {
  let left = bytes
  return new Readable({
    highWaterMark: PIECE_BYTES,
    read() {
      if (left <= 0) return void this.push(null)
      const piece = randomBytes(Math.min(PIECE_BYTES, left))
      left -= piece.length
      this.push(piece)
    },
  })
}

const main = async (): Promise<void> => {
  const config = loadConfig()
  const db = await openDatabase(config)
  await migrate(db)
  const app = buildApp({ config, db, logger: false })
  await app.listen({ port: 0, host: '127.0.0.1' })

  let peak = reading()
  let live = reading()
  let samples = 0
  let liveSamples = 0
  const sampler = setInterval(() => {
    samples += 1
    peak = higher(peak, reading())
    if (samples % LIVE_EVERY === 0) {
      collect()
      liveSamples += 1
      live = higher(live, reading())
    }
  }, SAMPLE_MS)

  const memory = (): void => {
    collect()
    const now = reading()
    send({ type: 'memory', now, peak: { ...higher(peak, now), rss: Math.max(peakRss(), now.rss) }, live: higher(live, now), samples, liveSamples })
  }

  process.on('message', (command: ArchiveServerCommand) => {
    if (command.type === 'mark') {
      collect()
      resetPeakRss()
      peak = reading()
      live = reading()
      samples = 0
      liveSamples = 0
      memory()
    } else if (command.type === 'peaks') {
      memory()
    } else if (command.type === 'store') {
      // A zip of one entry of random bytes, stored (no compression), written through the archive store as it is produced.
      const started = performance.now()
      const zip = new ZipFile()
      zip.addReadStream(randomSource(command.bytes), 'bench/random.bin', { compress: false, mtime: new Date(Date.UTC(2025, 0, 1)) })
      zip.end()
      const hash = createHash('sha256')
      const writer = archiveStore(db).writer(command.buildId)
      zip.outputStream.on('data', (chunk: Buffer) => hash.update(chunk))
      pipeline(zip.outputStream, writer).then(
        () => send({ type: 'stored', ms: performance.now() - started, size: writer.size, sha256: hash.digest('hex') }),
        (error: unknown) => send({ type: 'failed', message: error instanceof Error ? error.message : String(error) }),
      )
    } else if (command.type === 'stop') {
      clearInterval(sampler)
      void app
        .close()
        .then(() => db.close())
        .then(() => process.exit(0))
    }
  })
  send({ type: 'ready', url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` })
}

main().catch((error: unknown) => {
  send({ type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) })
  process.exit(1)
})
