import type { ChildProcess } from 'node:child_process'
import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Redis } from 'ioredis'
import pg from 'pg'
import type { Socket } from 'socket.io-client'
import type { BuildEvent } from '@contracts/buildEvents'
import { BUILD_MESSAGES } from '../../src/pipeline/runner'
import { SETUP_TIMEOUT_MS } from '../helper'
import type { BuildReplyBody } from '../support/builds'
import { VISITOR_COOKIE } from '../support/chat'
import { diesInDevelopment, FakeLlm } from '../support/fakeLlm'
import { spawnScript, startServerProcess, until, waitUntil } from '../support/processes'
import { connectSocket, followBuild } from '../support/sockets'

/**
 * Scale-out that survives a worker's death: two servers and two workers share PostgreSQL and
 * Redis. The worker running a build is killed (SIGKILL) in the middle of its development stage; the
 * other worker takes the job over and goes on from the build's last checkpoint, the owner's socket
 * on the other server hears it to the end, the request (still open) gets the delivered project, the
 * archive downloads from the server that did not take the request, and the timeline has no gap.
 */
const REDIS_URL = process.env.TEST_REDIS_URL
const DATABASE_URL = process.env.TEST_DATABASE_URL
const hasBwrap = (() => {
  try {
    execFileSync('bwrap', ['--version'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
})()


interface Child {
  name: string
  process: ChildProcess
  output: string[]
  dataDir: string
}

if (!REDIS_URL || !DATABASE_URL) {
  describe('scale-out: a worker killed in the middle of a build', () => {
    it.skip('needs TEST_REDIS_URL and TEST_DATABASE_URL (CI sets both; see .ci/run): skipped', () => undefined)
  })
} else {
  describe('scale-out: a worker killed in the middle of a build', () => {
    const schema = `takeover_${randomUUID().replaceAll('-', '')}`
    const prefix = `overseer-test-${randomUUID()}`
    const children: Child[] = []
    const sockets: Socket[] = []
    let fake: FakeLlm
    let root: string
    const servers: string[] = []
    let passed = false

    const databaseUrl = (): string => {
      const url = new URL(DATABASE_URL)
      url.searchParams.set('options', `-c search_path=${schema}`)
      return url.toString()
    }

    /** Spawns `script` with a data folder of its own (`dataDir`): nothing is shared but PostgreSQL and Redis. */
    const spawnChild = (name: string, script: string, dataDir: string, env: Record<string, string> = {}): Child => {
      const child = spawnScript(
        [script],
        {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? os.tmpdir(),
          NODE_ENV: 'test',
          LOG_LEVEL: 'info',
          DATABASE_URL: databaseUrl(),
          REDIS_URL,
          REDIS_PREFIX: prefix,
          DATA_DIR: dataDir,
          STATIC_DIR: path.join(root, 'no-spa'),
          SEED_DEMO: 'false',
          OVERSEER_LLM_BASE_URL: fake.baseUrl,
          OVERSEER_LLM_API_KEY: 'sk-test',
          // A busy test machine: the fake answers slowly at times.
          OVERSEER_LLM_TIMEOUT_MS: '30000',
          BUILD_SANDBOX: hasBwrap ? 'bwrap' : 'none',
          // A dead worker's build is taken over once it has been silent this long.
          BUILD_TAKEOVER_MS: '8000',
          ...env,
        },
        ['ignore', 'pipe', 'pipe'],
      )
      const entry: Child = { name, process: child, output: [], dataDir }
      child.stdout?.on('data', (chunk: Buffer) => entry.output.push(chunk.toString()))
      child.stderr?.on('data', (chunk: Buffer) => entry.output.push(chunk.toString()))
      children.push(entry)
      return entry
    }

    const folderFor = (name: string) => mkdtemp(path.join(root, `${name.replaceAll(' ', '-')}-`))

    beforeAll(async () => {
      fake = await FakeLlm.start()
      root = await mkdtemp(path.join(os.tmpdir(), 'overseer-takeover-'))
      const admin = new pg.Client({ connectionString: DATABASE_URL })
      await admin.connect()
      await admin.query(`create schema ${schema}`)
      await admin.end()
      // The first server migrates; the others find nothing to do.
      for (const name of ['server 1', 'server 2']) {
        const dataDir = await folderFor(name)
        const { url } = await startServerProcess((listen) => spawnChild(name, 'server/src/server.ts', dataDir, listen).process)
        servers.push(url)
      }
      for (const name of ['worker 1', 'worker 2']) {
        const worker = spawnChild(name, 'server/src/worker.ts', await folderFor(name))
        await waitUntil(worker.process, `${name} start`, () => worker.output.join('').includes('Overseer worker taking builds'), SETUP_TIMEOUT_MS)
      }
    }, SETUP_TIMEOUT_MS * 2)

    afterAll(async () => {
      for (const socket of sockets) socket.disconnect()
      await Promise.all(
        children.map(async ({ process: child }) => {
          if (child.exitCode !== null || child.signalCode !== null) return
          const exited = new Promise((resolve) => child.once('exit', resolve))
          child.kill('SIGTERM')
          const stubborn = setTimeout(() => child.kill('SIGKILL'), 10_000)
          await exited
          clearTimeout(stubborn)
        }),
      )
      if (!passed) for (const child of children) process.stderr.write(`--- ${child.name} (exit ${child.process.exitCode})\n${child.output.join('')}\n`)
      await fake.close()
      const admin = new pg.Client({ connectionString: DATABASE_URL })
      await admin.connect()
      await admin.query(`drop schema if exists ${schema} cascade`)
      await admin.end()
      const redis = new Redis(REDIS_URL)
      const keys = await redis.keys(`${prefix}:*`)
      if (keys.length > 0) await redis.del(...keys)
      await redis.quit()
      await rm(root, { recursive: true, force: true })
    }, SETUP_TIMEOUT_MS)

    it('goes on in the other worker from its last checkpoint: the request, the socket on the other server and the download all see it delivered', async () => {
      const [first, second] = servers as [string, string]
      // The first development call never answers (its process dies meanwhile); the next attempt's are answered.
      const { handler, development } = diesInDevelopment()
      fake.fallback = handler

      const models = await fetch(`${second}/api/overseer-dev/models`)
      const cookie = models.headers.getSetCookie().find((value) => value.startsWith(`${VISITOR_COOKIE}=`))
      if (!cookie) throw new Error('no visitor cookie')
      const visitor = { cookie: cookie.split(';')[0] as string }
      const socket = await connectSocket(first, { headers: visitor, transports: ['websocket'] }, sockets)
      const sessionId = randomUUID()
      const followed = await followBuild(socket, sessionId)
      const response = fetch(`${second}/api/overseer/chat`, {
        method: 'POST',
        headers: { ...visitor, 'content-type': 'application/json' },
        body: JSON.stringify({ messages: [{ role: 'user', content: 'Build a JavaScript library with a function sum(a, b)' }], model: 'fake-small', sessionId }),
      })
      await development

      // The worker that runs it dies without a word.
      const { rows } = await new Promise<{ rows: { id: string }[] }>((resolve, reject) => {
        const client = new pg.Client({ connectionString: databaseUrl() })
        client
          .connect()
          .then(() => client.query<{ id: string }>('select id from builds where session_id = $1', [sessionId]))
          .then((result) => client.end().then(() => resolve(result)), reject)
      })
      const buildId = rows[0]?.id ?? ''
      const running = children.find((child) => child.name.startsWith('worker') && child.output.join('').includes(`"buildId":"${buildId}"`))
      if (!running) throw new Error('no worker took the build')
      const exited = new Promise((resolve) => running.process.once('exit', resolve))
      running.process.kill('SIGKILL')
      await exited

      // The request, still open on the second server, gets the delivered project.
      const answer = await response
      expect(answer.status).toBe(200)
      const body = (await answer.json()) as BuildReplyBody
      expect(body).toMatchObject({ success: true, sessionId, status: 'completed' })
      expect(body.reply).toContain('fake-small wrote the code for your request')
      const other = children.find((child) => child.name.startsWith('worker') && child !== running)
      expect(other?.output.join('')).toContain(`"buildId":"${buildId}"`)

      // The owner's socket on the first server heard the resumption and the end.
      await until('the delivery to reach the socket', () => followed.progress.some((event) => event.percentage === 100), 10_000)
      expect(followed.progress.map((event) => event.message)).toContain(BUILD_MESSAGES.resumed('development'))
      expect(followed.errors).toEqual([])

      // The archive downloads from the server that did not take the request.
      const download = await fetch(`${first}${body.zipUrl}`, { headers: visitor })
      expect(download.status).toBe(200)
      expect(Buffer.from(await download.arrayBuffer()).subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004')

      // Its timeline: no gap, no duplicate, and where it resumed.
      const page = (await (await fetch(`${first}/api/overseer/builds/${sessionId}/events`, { headers: visitor })).json()) as { data: { events: BuildEvent[] } }
      const events = page.data.events
      expect(events.map((event) => event.id)).toEqual(events.map((_, index) => index + 1))
      expect(events.find((event) => event.type === 'resumed')).toMatchObject({ stage: 'development', reason: 'interrupted', attempt: 2 })

      // Nothing was written to any process's own folder that another needed: the archive is in the database.
      for (const child of children) {
        const downloads = await readdir(path.join(child.dataDir, 'downloads')).catch(() => [] as string[])
        expect(downloads.filter((file) => file.endsWith('.zip'))).toEqual([])
      }
      passed = true
    }, 240_000)
  })
}
