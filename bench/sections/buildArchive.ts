/**
 * Section `builds`, archive part: a 50 MiB archive (random bytes, zipped without compression)
 * stored in the database through the archive store and downloaded over HTTP from the server, with
 * the server process's memory before, at its peak during each, and after. Archives are streamed in
 * and out one 256 KiB chunk at a time: the memory must not grow by the archive's size.
 */
import { fork, type ChildProcess } from 'node:child_process'
import { createHash, randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { LOCAL_MODEL } from '../../server/src/llm/providers/local'
import type { ArchiveServerCommand, ArchiveServerMessage, MemoryReading } from '../lib/archiveServer'
import { mib, postBuild } from '../lib/builds'
import { postgresDatabase, type BenchDatabase } from '../lib/databases'
import { type Budgets, heading, ms, subheading, table } from '../lib/report'
import { visitorCookie } from './builds'

export const ARCHIVE_BENCH = {
  /** The archive's size: random bytes in a zip stored without compression (the zip adds its headers). */
  bytes: 50 * 1024 * 1024,
  /**
   * What a phase's peak may add to the server's RSS, and to its live heap plus buffers: less than
   * the archive (a server that held it whole would grow by at least its size).
   */
  growthBudgetBytes: 50 * 1024 * 1024,
  startTimeoutMs: 120_000,
  phaseTimeoutMs: 300_000,
}

interface Phase {
  name: string
  ms: number
  /** After a garbage collection, at the start. */
  before: MemoryReading
  /** RSS: the kernel's high-water mark; heap and buffers: sampled every 20 ms, garbage included. */
  peak: MemoryReading
  /** Heap and buffers sampled every 250 ms after a garbage collection: what the server held. */
  live: MemoryReading
  samples: number
  liveSamples: number
}

export interface ArchiveBenchRun {
  database: string
  archiveBytes: number
  store: Phase
  download: Phase
  after: MemoryReading
  identical: boolean
  contentLength: number
}

export interface ArchiveBenchSummary {
  runs: ArchiveBenchRun[]
  skipped: string[]
}

const ROOT = path.resolve(__dirname, '../..')

/** The server process's next message of `type` (or its failure), within the phase's time. */
const next = <T extends ArchiveServerMessage['type']>(child: ChildProcess, type: T, timeoutMs = ARCHIVE_BENCH.phaseTimeoutMs): Promise<Extract<ArchiveServerMessage, { type: T }>> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => done(new Error(`no ${type} from the archive server within ${timeoutMs} ms`)), timeoutMs)
    const onMessage = (message: ArchiveServerMessage) => {
      if (message.type === type) done(undefined, message as Extract<ArchiveServerMessage, { type: T }>)
      else if (message.type === 'failed') done(new Error(`archive server: ${message.message}`))
    }
    const onExit = (code: number | null) => done(new Error(`the archive server exited (${code}) waiting for ${type}`))
    const done = (error?: Error, message?: Extract<ArchiveServerMessage, { type: T }>) => {
      clearTimeout(timer)
      child.off('message', onMessage)
      child.off('exit', onExit)
      if (error) reject(error)
      else resolve(message as Extract<ArchiveServerMessage, { type: T }>)
    }
    child.on('message', onMessage)
    child.once('exit', onExit)
  })

const ask = <T extends ArchiveServerMessage['type']>(child: ChildProcess, command: ArchiveServerCommand, type: T) => {
  const answer = next(child, type)
  child.send(command)
  return answer
}

/** One run on one database: a real build for its owner, then its archive replaced by 50 MiB and downloaded. */
const runOn = async (database: string, env: Record<string, string>): Promise<ArchiveBenchRun> => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'overseer-bench-archive-'))
  const child = fork(path.join(ROOT, 'bench/lib/archiveServer.ts'), [], {
    cwd: ROOT,
    execArgv: ['--import', 'tsx', '--expose-gc'],
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      STATIC_DIR: path.join(dataDir, 'no-spa'),
      SEED_DEMO: 'false',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PREVIEW_PORT: '0',
      BUILD_SANDBOX: 'bwrap',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  try {
    const { url } = await next(child, 'ready', ARCHIVE_BENCH.startTimeoutMs)
    // A build its owner can download: its archive is then replaced by the large one (what a delivery writes).
    const cookie = visitorCookie()
    const built = await postBuild(url, cookie, 'build a todo web app', LOCAL_MODEL, randomUUID())
    if (built.status !== 200 || !built.zipUrl) throw new Error(`the build did not complete: ${built.status} ${built.message ?? ''}`)
    const zipUrl = built.zipUrl
    const buildId = zipUrl.split('/').at(-1) as string

    const beforeStore = await ask(child, { type: 'mark' }, 'memory')
    const stored = await ask(child, { type: 'store', buildId, bytes: ARCHIVE_BENCH.bytes }, 'stored')
    const storePeak = await ask(child, { type: 'peaks' }, 'memory')

    const beforeDownload = await ask(child, { type: 'mark' }, 'memory')
    const started = performance.now()
    const response = await fetch(`${url}${zipUrl}`, { headers: { cookie } })
    if (response.status !== 200 || !response.body) throw new Error(`the download answered ${response.status}`)
    const hash = createHash('sha256')
    let received = 0
    for await (const chunk of response.body) {
      hash.update(chunk)
      received += chunk.length
    }
    const downloadMs = performance.now() - started
    const downloadPeak = await ask(child, { type: 'peaks' }, 'memory')
    const after = await ask(child, { type: 'mark' }, 'memory')
    if (received !== stored.size) throw new Error(`downloaded ${received} bytes of ${stored.size}`)

    return {
      database,
      archiveBytes: stored.size,
      store: { name: 'store', ms: stored.ms, before: beforeStore.now, peak: storePeak.peak, live: storePeak.live, samples: storePeak.samples, liveSamples: storePeak.liveSamples },
      download: {
        name: 'download',
        ms: downloadMs,
        before: beforeDownload.now,
        peak: downloadPeak.peak,
        live: downloadPeak.live,
        samples: downloadPeak.samples,
        liveSamples: downloadPeak.liveSamples,
      },
      after: after.now,
      identical: hash.digest('hex') === stored.sha256,
      contentLength: Number(response.headers.get('content-length')),
    }
  } finally {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.send({ type: 'stop' } satisfies ArchiveServerCommand)
      const stubborn = setTimeout(() => child.kill('SIGKILL'), 20_000)
      await exited
      clearTimeout(stubborn)
    }
    rmSync(dataDir, { recursive: true, force: true })
  }
}

const growth = (phase: Phase): { rss: number; js: number; live: number } => ({
  rss: phase.peak.rss - phase.before.rss,
  js: phase.peak.heapUsed + phase.peak.arrayBuffers - (phase.before.heapUsed + phase.before.arrayBuffers),
  live: phase.live.heapUsed + phase.live.arrayBuffers - (phase.before.heapUsed + phase.before.arrayBuffers),
})

const signed = (bytes: number): string => `${bytes >= 0 ? '+' : ''}${mib(bytes)}`

export const buildArchiveSection = async (budgets: Budgets, summary: { buildArchive?: ArchiveBenchSummary }, machineLoad: (section: string) => string): Promise<void> => {
  heading(`7c. Build archives in the database: a ${mib(ARCHIVE_BENCH.bytes)} archive stored and downloaded over HTTP`)
  console.log(machineLoad('builds'))
  const runs: ArchiveBenchRun[] = []
  const skipped: string[] = []
  const postgres: BenchDatabase | string = await postgresDatabase('overseer_bench_archive')
  try {
    const targets: [string, Record<string, string>][] = [['PGlite (fresh folder)', {}]]
    if (typeof postgres === 'string') skipped.push(`PostgreSQL: ${postgres}`)
    else targets.push([`PostgreSQL ${postgres.where}`, postgres.serverEnv])
    for (const [database, env] of targets) {
      subheading(database)
      const run = await runOn(database, env)
      runs.push(run)
      console.log(
        table(
          ['phase', 'time', 'MiB/s', 'RSS before', 'RSS peak', 'growth', 'heap+buffers before', 'peak (with garbage)', 'growth', 'peak live', 'growth', 'samples'],
          [run.store, run.download].map((phase) => [
            phase.name,
            ms(phase.ms, 0),
            (run.archiveBytes / 1024 / 1024 / (phase.ms / 1000)).toFixed(1),
            mib(phase.before.rss),
            mib(phase.peak.rss),
            signed(growth(phase).rss),
            mib(phase.before.heapUsed + phase.before.arrayBuffers),
            mib(phase.peak.heapUsed + phase.peak.arrayBuffers),
            signed(growth(phase).js),
            mib(phase.live.heapUsed + phase.live.arrayBuffers),
            signed(growth(phase).live),
            `${phase.samples} / ${phase.liveSamples}`,
          ]),
          [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
        ),
      )
      console.log(
        `After: RSS ${mib(run.after.rss)} (${signed(run.after.rss - run.store.before.rss)} since before the store), heap ${mib(run.after.heapUsed)}, buffers ${mib(run.after.arrayBuffers)}. ` +
          `Archive ${run.archiveBytes.toLocaleString('en-US')} bytes, Content-Length ${run.contentLength.toLocaleString('en-US')}, downloaded ${run.identical ? 'byte for byte the same (SHA-256)' : 'DIFFERENT'}.`,
      )
    }
    for (const reason of skipped) console.log(`Skipped: ${reason}`)
    console.log(
      '(The server process is the real app (buildApp on the database, listening on a loopback port) run by bench/lib/archiveServer.ts, which also stores the archive through the archive store when asked, ' +
        `as the delivery stage does: a zip of one entry of random bytes, without compression, written into the store as yazl produces it. A real build's archive is replaced by it; the download is GET ${'/api/overseer/downloads/:id'} by its owner, read to the end and hashed by the bench. ` +
        'Memory, in the server: RSS peak is the kernel\'s high-water mark (VmHWM, reset before each phase); heap+buffers is process.memoryUsage() heapUsed + arrayBuffers, sampled every 20 ms (garbage included: buffers wait for a collection), ' +
        'and every 250 ms after a garbage collection (peak live: what the server held); before and after readings follow a garbage collection (--expose-gc). Samples: all / after a collection. ' +
        "RSS includes PGlite's WebAssembly memory, which the database grows for its own caches and does not give back.)",
    )
  } finally {
    if (typeof postgres !== 'string') await postgres.dispose().catch(() => undefined)
  }

  for (const run of runs) {
    budgets.check('builds', `archive ${mib(run.archiveBytes)} on ${run.database.split(' ')[0]}: downloaded whole and identical, Content-Length right`, run.identical && run.contentLength === run.archiveBytes, run.identical ? 'identical' : 'different', 'identical')
    for (const phase of [run.store, run.download]) {
      const { js, rss, live } = growth(phase)
      budgets.check(
        'builds',
        `archive ${phase.name} on ${run.database.split(' ')[0]}: the server's live heap + buffers, peak growth`,
        live < ARCHIVE_BENCH.growthBudgetBytes,
        `${signed(live)} (with garbage ${signed(js)})`,
        `< ${mib(ARCHIVE_BENCH.growthBudgetBytes)}`,
      )
      budgets.check('builds', `archive ${phase.name} on ${run.database.split(' ')[0]}: the server's RSS peak growth`, rss < ARCHIVE_BENCH.growthBudgetBytes, signed(rss), `< ${mib(ARCHIVE_BENCH.growthBudgetBytes)}`)
    }
  }
  summary.buildArchive = { runs, skipped }
}
