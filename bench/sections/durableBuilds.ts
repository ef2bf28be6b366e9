/**
 * Section `builds`, durable builds: what the checkpoint after each stage costs a build (the same
 * builds with checkpoints and with records that keep none, in one server in this process), and,
 * with PostgreSQL and Redis, how long a worker takes to take over the build of a worker killed in
 * the middle of its development stage.
 */
import type { ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { io } from 'socket.io-client'
import type { BuildRecordsIn } from '../../server/src/pipeline/state'
import { LOCAL_MODEL } from '../../server/src/llm/providers/local'
import { BUILD_MESSAGES } from '../../server/src/pipeline/runner'
import { diesInDevelopment, FakeLlm } from '../../server/test/support/fakeLlm'
import { spawnScript, startServerProcess } from '../../server/test/support/processes'
import { checkStored, postBuild } from '../lib/builds'
import { type Budgets, heading, median, ms, percentile, subheading, table } from '../lib/report'
import { BUILD_REQUESTS, BUILDS, problemOf, visitorCookie, type BuildsSummary } from './builds'
import { startInProcess } from './buildTimeline'

const DURABLE = {
  rounds: BUILDS.rounds,
  /** Checkpoints may make the median build this much slower (a share of the build without). */
  costShare: 0.1,
  /** Takeovers measured (each a worker killed in the middle of a build's development). */
  takeovers: 3,
}

type Arm = 'with' | 'without'

export interface DurableSummary {
  medianWithMs: number
  medianWithoutMs: number
  difference: number
  checkpointMedianMs: number
  checkpointP95Ms: number
  checkpointBytesPerBuild: number
  takeover?: { runs: number; killToResumedMs: number[]; killToDeliveredMs: number[]; takeoverMs: number }
}

/** Builds of every kind with checkpoints and without, in turns, one at a time. */
const checkpointCost = async (machineLoad: (section: string) => string): Promise<Omit<DurableSummary, 'takeover'>> => {
  let checkpoints = true
  const writes: number[] = []
  const records = (recorded: BuildRecordsIn): BuildRecordsIn => (db) => {
    const real = recorded(db)
    return {
      ...real,
      async saveCheckpoint(buildId, checkpoint) {
        if (!checkpoints) return
        const began = performance.now()
        await real.saveCheckpoint(buildId, checkpoint)
        writes.push(performance.now() - began)
      },
    }
  }
  const server = await startInProcess({ records })
  const builds: { arm: Arm; sessionId: string; elapsedMs: number }[] = []
  let bytesPerBuild = 0
  try {
    console.log(machineLoad('builds-durable'))
    const cookie = visitorCookie()
    const build = async (arm: Arm, request: (typeof BUILD_REQUESTS)[number], counted: boolean) => {
      checkpoints = arm === 'with'
      const answer = await postBuild(server.url, cookie, request.content, LOCAL_MODEL, randomUUID())
      const problem = problemOf(answer, await checkStored(server.url, cookie, answer), request.kind)
      if (problem) throw new Error(`${arm} ${request.kind}: ${problem}`)
      if (counted) builds.push({ arm, sessionId: answer.sessionId, elapsedMs: answer.elapsedMs })
    }
    for (const request of BUILD_REQUESTS) for (const arm of ['with', 'without'] as const) await build(arm, request, false)
    writes.length = 0
    for (let round = 0; round < DURABLE.rounds; round += 1) {
      for (const [index, request] of BUILD_REQUESTS.entries()) {
        const arms: Arm[] = (round + index) % 2 === 0 ? ['with', 'without'] : ['without', 'with']
        for (const arm of arms) await build(arm, request, true)
      }
    }
    const { rows } = await server.db.query<{ bytes: number | string }>(
      `select coalesce(sum(pg_column_size(c.state)), 0) as bytes from build_checkpoints c join builds b on b.id = c.build_id where b.session_id = any($1)`,
      [builds.filter((entry) => entry.arm === 'with').map((entry) => entry.sessionId)],
    )
    bytesPerBuild = Number(rows[0]?.bytes ?? 0) / Math.max(1, builds.filter((entry) => entry.arm === 'with').length)
  } finally {
    await server.stop()
  }
  const medianWithMs = median(builds.filter((entry) => entry.arm === 'with').map((entry) => entry.elapsedMs))
  const medianWithoutMs = median(builds.filter((entry) => entry.arm === 'without').map((entry) => entry.elapsedMs))
  return {
    medianWithMs,
    medianWithoutMs,
    difference: (medianWithMs - medianWithoutMs) / medianWithoutMs,
    checkpointMedianMs: median(writes),
    checkpointP95Ms: percentile(writes, 95),
    checkpointBytesPerBuild: bytesPerBuild,
  }
}

/**
 * One server and two workers on PostgreSQL and Redis, with the default BUILD_TAKEOVER_MS: a build
 * of a fake model whose first development call never answers; its worker is killed; the time until
 * the other worker says it resumed, and until the build is delivered.
 */
const takeoverTime = async (databaseUrl: string, redisUrl: string): Promise<NonNullable<DurableSummary['takeover']>> => {
  const fake = await FakeLlm.start()
  const schema = `bench_takeover_${randomUUID().replaceAll('-', '')}`
  const prefix = `overseer-bench-${randomUUID()}`
  const root = mkdtempSync(path.join(tmpdir(), 'overseer-bench-takeover-'))
  const children: { process: ChildProcess; output: string[] }[] = []
  const admin = new pg.Client({ connectionString: databaseUrl })
  await admin.connect()
  await admin.query(`create schema ${schema}`)
  const url = new URL(databaseUrl)
  url.searchParams.set('options', `-c search_path=${schema}`)
  const env = (dataDir: string): NodeJS.ProcessEnv => ({
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? tmpdir(),
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    DATABASE_URL: url.toString(),
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
    DATA_DIR: dataDir,
    STATIC_DIR: path.join(root, 'no-spa'),
    SEED_DEMO: 'false',
    OVERSEER_LLM_BASE_URL: fake.baseUrl,
    OVERSEER_LLM_API_KEY: 'sk-bench',
    OVERSEER_LLM_TIMEOUT_MS: '30000',
    BUILD_SANDBOX: 'bwrap',
  })
  const spawnChild = (script: string, extra: NodeJS.ProcessEnv = {}) => {
    const child = spawnScript([script], { ...env(mkdtempSync(path.join(root, 'data-'))), ...extra }, ['ignore', 'pipe', 'pipe'])
    const entry = { process: child, output: [] as string[] }
    child.stdout?.on('data', (chunk: Buffer) => entry.output.push(chunk.toString()))
    child.stderr?.on('data', (chunk: Buffer) => entry.output.push(chunk.toString()))
    children.push(entry)
    return entry
  }
  const waitFor = async (what: string, ready: () => boolean | Promise<boolean>, timeoutMs = 120_000) => {
    const deadline = Date.now() + timeoutMs
    while (!(await ready())) {
      if (Date.now() > deadline) throw new Error(`no ${what} within ${timeoutMs / 1000} s`)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
  const killToResumedMs: number[] = []
  const killToDeliveredMs: number[] = []
  try {
    const { url: server } = await startServerProcess((listen) => spawnChild('server/src/server.ts', listen).process)
    for (let index = 0; index < DURABLE.takeovers; index += 1) {
      // Two live workers each time: the one killed last time is replaced.
      while (children.filter((child) => child.output.join('').includes('Overseer worker taking builds') && child.process.exitCode === null && child.process.signalCode === null).length < 2) {
        const worker = spawnChild('server/src/worker.ts')
        await waitFor('worker start', () => worker.output.join('').includes('Overseer worker taking builds'))
      }
      // The first development call never answers (its process dies meanwhile); the next attempt's are answered.
      const { handler, development } = diesInDevelopment()
      fake.fallback = handler
      const cookie = visitorCookie()
      const sessionId = randomUUID()
      const socket = io(server, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie } })
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()))
      await socket.emitWithAck('subscribe:progress', sessionId)
      let resumedAt: number | undefined
      let deliveredAt: number | undefined
      socket.on('progress', (event: { message: string; percentage: number }) => {
        if (event.message === BUILD_MESSAGES.resumed('development')) resumedAt ??= performance.now()
        if (event.percentage === 100) deliveredAt ??= performance.now()
      })
      const answer = postBuild(server, cookie, 'Build a JavaScript library with a function sum(a, b)', 'fake-small', sessionId)
      await development
      const { rows } = await admin.query<{ id: string }>(`select id from ${schema}.builds where session_id = $1`, [sessionId])
      const buildId = rows[0]?.id ?? ''
      const running = children.find((child) => child.output.join('').includes(`"buildId":"${buildId}"`))
      if (!running) throw new Error('no worker took the build')
      const exited = new Promise((resolve) => running.process.once('exit', resolve))
      const killedAt = performance.now()
      running.process.kill('SIGKILL')
      await exited
      const result = await answer
      if (result.status !== 200) throw new Error(`the build taken over answered ${result.status}: ${result.message ?? ''}`)
      await waitFor('the delivery on the socket', () => deliveredAt !== undefined, 30_000)
      socket.disconnect()
      if (resumedAt !== undefined) killToResumedMs.push(resumedAt - killedAt)
      killToDeliveredMs.push((deliveredAt ?? performance.now()) - killedAt)
    }
  } finally {
    for (const child of children) if (child.process.exitCode === null && child.process.signalCode === null) child.process.kill('SIGKILL')
    await admin.query(`drop schema if exists ${schema} cascade`).catch(() => undefined)
    await admin.end()
    await fake.close()
    rmSync(root, { recursive: true, force: true })
  }
  return { runs: DURABLE.takeovers, killToResumedMs, killToDeliveredMs, takeoverMs: 20_000 }
}

export const durableBuildsSection = async (budgets: Budgets, summary: { builds?: BuildsSummary }, machineLoad: (section: string) => string): Promise<void> => {
  heading(`7c. Durable builds: the checkpoint after each stage (${DURABLE.rounds} rounds of every kind with and without), and a worker taking over a killed worker's build`)
  const cost = await checkpointCost(machineLoad)
  console.log(
    table(
      ['measure', 'value'],
      [
        ['median build with checkpoints', ms(cost.medianWithMs, 0)],
        ['median build without (records that keep none)', ms(cost.medianWithoutMs, 0)],
        ['difference', `${(cost.difference * 100).toFixed(1)}%`],
        ['one checkpoint written: median', ms(cost.checkpointMedianMs, 2)],
        ['one checkpoint written: p95', ms(cost.checkpointP95Ms, 2)],
        ['checkpoints stored per build (7 stages, jsonb)', `${(cost.checkpointBytesPerBuild / 1024).toFixed(1)} KiB`],
      ],
      [1],
    ),
  )
  budgets.check(
    'builds',
    'median build with checkpoints over one without',
    cost.difference <= DURABLE.costShare,
    `${(cost.difference * 100).toFixed(1)}%`,
    `at most ${DURABLE.costShare * 100}%`,
  )

  const databaseUrl = process.env.TEST_DATABASE_URL ?? process.env.BENCH_DATABASE_URL
  const redisUrl = process.env.TEST_REDIS_URL ?? process.env.BENCH_REDIS_URL
  let takeover: DurableSummary['takeover']
  if (databaseUrl && redisUrl) {
    subheading(`A worker killed (SIGKILL) in the middle of a build's development stage, ${DURABLE.takeovers} times: one server and two workers, PostgreSQL and Redis, BUILD_TAKEOVER_MS at its default (20 s)`)
    takeover = await takeoverTime(databaseUrl, redisUrl)
    console.log(
      table(
        ['from the kill to', 'median', 'max', 'runs'],
        [
          ['the other worker resumes it (progress on the socket)', ms(median(takeover.killToResumedMs), 0), ms(Math.max(...takeover.killToResumedMs), 0), takeover.killToResumedMs.length],
          ['the build is delivered', ms(median(takeover.killToDeliveredMs), 0), ms(Math.max(...takeover.killToDeliveredMs), 0), takeover.killToDeliveredMs.length],
        ],
        [1, 2, 3],
      ),
    )
    console.log('(A dead worker stops renewing its lock on the job: the lock lapses after half of BUILD_TAKEOVER_MS, and the next stall check of a live worker, at most another half later, hands the job to it.)')
  } else {
    console.log('Takeover time: skipped (needs TEST_DATABASE_URL and TEST_REDIS_URL, or BENCH_DATABASE_URL and BENCH_REDIS_URL).')
  }
  summary.builds = { ...summary.builds, durable: { ...cost, ...(takeover && { takeover }) } }
}
