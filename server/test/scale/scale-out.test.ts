import type { ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Redis } from 'ioredis'
import pg from 'pg'
import type { Socket } from 'socket.io-client'
import type { PreviewFound, PreviewOpened } from '@contracts/preview'
import { UserService } from '../../src/auth/userService'
import { BUILD_MESSAGES } from '../../src/pipeline/runner'
import { STAGE_IDS } from '../../src/pipeline/stages'
import { openPostgres, type Database } from '../../src/db'
import { descendants } from '../../src/sandbox/run'
import { fastPasswords, SETUP_TIMEOUT_MS } from '../helper'
import type { BuildReplyBody } from '../support/builds'
import { VISITOR_COOKIE } from '../support/chat'
import { openPreviewLink } from '../support/previews'
import { spawnScript, startServerProcess, waitUntil } from '../support/processes'
import { connectSocket, followBuild } from '../support/sockets'

/**
 * Scale-out: two server processes and one worker share PostgreSQL and Redis. A browser
 * follows a build on the first server, the build is posted to the second, a worker runs it, and
 * staff approve its gate on the first: every progress event and the archive reach the browser.
 */
const REDIS_URL = process.env.TEST_REDIS_URL
const DATABASE_URL = process.env.TEST_DATABASE_URL

interface Child {
  name: string
  process: ChildProcess
  output: string[]
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

if (!REDIS_URL || !DATABASE_URL) {
  describe('scale-out: two servers and a worker', () => {
    it.skip('needs TEST_REDIS_URL and TEST_DATABASE_URL (CI sets both; see .ci/run): skipped', () => undefined)
  })
} else {
  describe('scale-out: two servers and a worker', () => {
    const schema = `scale_${randomUUID().replaceAll('-', '')}`
    const prefix = `overseer-test-${randomUUID()}`
    const children: Child[] = []
    const sockets: Socket[] = []
    let db: Database | undefined
    let dataDir: string
    let servers: string[] = []
    /** Set when the test got to its end: otherwise afterAll prints the processes' logs. */
    let passed = false
    /** The first test's delivered web app, and its owner: the preview test previews it. */
    let delivered: { sessionId: string; visitor: { cookie: string } } | undefined

    const databaseUrl = (): string => {
      const url = new URL(DATABASE_URL)
      url.searchParams.set('options', `-c search_path=${schema}`)
      return url.toString()
    }

    const start = (name: string, script: string, env: Record<string, string>): Child => {
      const child = spawnScript(
        [script],
        {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? os.tmpdir(),
          NODE_ENV: 'test',
          LOG_LEVEL: 'warn',
          DATABASE_URL: databaseUrl(),
          REDIS_URL,
          REDIS_PREFIX: prefix,
          // A folder of its own for each process: the archives are in the database they share, no folder is shared.
          DATA_DIR: path.join(dataDir, name.replaceAll(' ', '-')),
          SEED_DEMO: 'false',
          ...env,
        },
        ['ignore', 'pipe', 'pipe'],
      )
      const entry: Child = { name, process: child, output: [] }
      child.stdout?.on('data', (chunk: Buffer) => entry.output.push(chunk.toString()))
      child.stderr?.on('data', (chunk: Buffer) => entry.output.push(chunk.toString()))
      children.push(entry)
      return entry
    }

    const startServer = async (name: string): Promise<string> => {
      const { url } = await startServerProcess(
        (listen) => start(name, 'server/src/server.ts', { ...listen, STATIC_DIR: path.join(dataDir, 'no-spa') }).process,
      )
      return url
    }

    beforeAll(async () => {
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'overseer-scale-'))
      const admin = new pg.Client({ connectionString: DATABASE_URL })
      await admin.connect()
      await admin.query(`create schema ${schema}`)
      await admin.end()
      // The first server migrates; the others wait on the migration lock and find nothing to do.
      const first = await startServer('server 1')
      const worker = start('worker', 'server/src/worker.ts', { APPROVAL_GATES: 'deployment', LOG_LEVEL: 'info' })
      const second = await startServer('server 2')
      await waitUntil(worker.process, 'worker start', () => worker.output.join('').includes('Overseer worker taking builds'), SETUP_TIMEOUT_MS)
      servers = [first, second]
      db = await openPostgres(DATABASE_URL, { schema })
      await new UserService(db, fastPasswords()).create({ email: 'operator@example.com', password: 'operator-password', roles: ['operator'] })
    }, SETUP_TIMEOUT_MS)

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
      await db?.close()
      const admin = new pg.Client({ connectionString: DATABASE_URL })
      await admin.connect()
      await admin.query(`drop schema if exists ${schema} cascade`)
      await admin.end()
      const redis = new Redis(REDIS_URL)
      const keys = await redis.keys(`${prefix}:*`)
      if (keys.length > 0) await redis.del(...keys)
      await redis.quit()
      await rm(dataDir, { recursive: true, force: true })
    }, SETUP_TIMEOUT_MS)

    it('runs a build posted to one server in the worker, and the browser on the other sees every event and gets the archive', async () => {
      const [first, second] = servers as [string, string]
      // One visitor on both servers: the cookie from the second server identifies the socket on the first.
      const models = await fetch(`${second}/api/overseer-dev/models`)
      const cookie = models.headers.getSetCookie().find((value) => value.startsWith(`${VISITOR_COOKIE}=`))
      expect(cookie).toBeDefined()
      const visitor = { cookie: (cookie as string).split(';')[0] as string }

      const socket = await connectSocket(first, { headers: visitor, transports: ['websocket'] }, sockets)
      const sessionId = randomUUID()
      const { progress, errors, timeouts, ended } = await followBuild(socket, sessionId)

      const response = fetch(`${second}/api/overseer/chat`, {
        method: 'POST',
        headers: { ...visitor, 'content-type': 'application/json' },
        body: JSON.stringify({ messages: [{ role: 'user', content: 'Build a todo web app' }], model: 'overseer-local', sessionId }),
      })

      // The worker waits at the deployment gate; staff decide on the first server.
      const login = await fetch(`${first}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'operator@example.com', password: 'operator-password' }),
      })
      expect(login.status).toBe(200)
      const staff = { authorization: `Bearer ${((await login.json()) as { data: { token: string } }).data.token}` }
      let approvalId: string | undefined
      for (let waited = 0; !approvalId && waited < 20_000; waited += 200) {
        const list = (await (await fetch(`${first}/api/architect/approvals?status=pending`, { headers: staff })).json()) as { data: { id: string }[] }
        approvalId = list.data[0]?.id
        if (!approvalId) await sleep(200)
      }
      expect(approvalId).toBeDefined()
      expect(progress.at(-1)?.message).toBe('Waiting for approval at the deployment gate...')
      const decision = await fetch(`${first}/api/architect/approvals/${approvalId as string}/decision`, {
        method: 'POST',
        headers: { ...staff, 'content-type': 'application/json' },
        body: JSON.stringify({ decision: 'approve', comment: 'Ship it' }),
      })
      expect(decision.status).toBe(200)

      const answer = await response
      expect(answer.status).toBe(200)
      const body = (await answer.json()) as BuildReplyBody
      expect(body).toMatchObject({ success: true, sessionId, status: 'completed' })
      expect(body.reply).toContain('`test/server.test.js`')
      // The worker ran it, not the server that was asked.
      const buildId = body.zipUrl.split('/').at(-1) as string
      expect(children.find((child) => child.name === 'worker')?.output.join('')).toContain(`"buildId":"${buildId}"`)
      await ended

      expect([...errors, ...timeouts]).toEqual([])
      const stages = progress.map((event) => event.stage).filter((stage, index, all) => stage !== all[index - 1])
      expect(stages).toEqual([...STAGE_IDS])
      const percentages = progress.map((event) => event.percentage)
      expect(percentages[0]).toBe(5)
      expect(percentages.at(-1)).toBe(100)
      for (let index = 1; index < percentages.length; index += 1) expect(percentages[index]).toBeGreaterThanOrEqual(percentages[index - 1] as number)
      expect(progress.at(-1)?.message).toBe('Your project is ready.')

      // The worker stored the archive in the database; both servers serve it to its owner, the same bytes.
      const zips: Buffer[] = []
      for (const server of [first, second]) {
        const download = await fetch(`${server}${body.zipUrl}`, { headers: visitor })
        expect(download.status).toBe(200)
        const zip = Buffer.from(await download.arrayBuffer())
        expect(Number(download.headers.get('content-length'))).toBe(zip.length)
        expect(zip.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004')
        zips.push(zip)
      }
      expect((zips[0] as Buffer).equals(zips[1] as Buffer)).toBe(true)
      // Nothing was written to a folder: no process has an archive file.
      const files = (await readdir(dataDir, { recursive: true })).filter((file) => file.endsWith('.zip'))
      expect(files).toEqual([])
      delivered = { sessionId, visitor }
      passed = true
    }, 40_000)

    it('previews the delivered app on the worker, never on a server: either server opens it, reaches its page and API, and stops it', async () => {
      passed = false
      const [first, second] = servers as [string, string]
      expect(delivered).toBeDefined()
      const { sessionId, visitor } = delivered as { sessionId: string; visitor: { cookie: string } }
      const previewUrl = (server: string) => `${server}/api/overseer/builds/${sessionId}/preview`
      const open = async (server: string): Promise<PreviewOpened> => {
        const response = await fetch(previewUrl(server), { method: 'POST', headers: { ...visitor, 'content-type': 'application/json' }, body: '{}' })
        expect(response.status).toBe(200)
        return (await response.json()) as PreviewOpened
      }

      // Opened on the second server, then on the first: one preview (one per owner), a link of each server's origin.
      const viaSecond = await open(second)
      expect(viaSecond.data).toMatchObject({ sessionId, kind: 'web-app' })
      const viaFirst = await open(first)
      expect(viaFirst.data.id).toBe(viaSecond.data.id)
      const atSecond = await openPreviewLink(viaSecond.url)
      const atFirst = await openPreviewLink(viaFirst.url)
      expect(atFirst.base).not.toBe(atSecond.base)

      // Its page through the first server's origin, its API through the second's: the same running app.
      const page = await fetch(`${atFirst.base}/`, { headers: { cookie: atFirst.cookie } })
      expect(page.status).toBe(200)
      expect(await page.text()).toMatch(/<!doctype html>/i)
      const { rows } = await (db as Database).query<{ content: string }>(
        `select f.content from build_files f join builds b on b.id = f.build_id where b.session_id = $1 and f.path = 'src/resources.js'`,
        [sessionId],
      )
      const collection = `/api/${/name: '([a-z-]+)'/.exec(rows[0]?.content ?? '')?.[1] ?? 'missing'}`
      const created = await fetch(`${atSecond.base}${collection}`, { method: 'POST', headers: { cookie: atSecond.cookie, 'content-type': 'application/json' }, body: JSON.stringify({ title: 'Dune' }) })
      expect(created.status).toBe(201)
      const listed = (await (await fetch(`${atFirst.base}${collection}`, { headers: { cookie: atFirst.cookie } })).json()) as { data: { title: string }[] }
      expect(listed.data.map((item) => item.title)).toContain('Dune')
      // A guessed link is refused on either origin.
      expect((await fetch(`${atFirst.base}/`, { headers: { cookie: 'overseer_preview=guessed' } })).status).toBe(404)

      // The API console's request, asked on the first server; the console, read on the second.
      const sent = await fetch(`${previewUrl(first)}/requests`, { method: 'POST', headers: { ...visitor, 'content-type': 'application/json' }, body: JSON.stringify({ method: 'GET', path: collection }) })
      expect(sent.status).toBe(200)
      expect(await sent.json()).toMatchObject({ success: true, data: { status: 200 } })
      const found = (await (await fetch(previewUrl(second), { headers: visitor })).json()) as PreviewFound
      expect(found.data?.console.some((line) => line.stream === 'request' && line.text.startsWith(`POST ${collection} → 201`))).toBe(true)
      // Another visitor finds nothing and stops nothing.
      const stranger = (await fetch(`${second}/api/overseer-dev/models`)).headers.getSetCookie().find((value) => value.startsWith(`${VISITOR_COOKIE}=`))
      const strangerHeaders = { cookie: (stranger as string).split(';')[0] as string }
      expect(await (await fetch(previewUrl(first), { headers: strangerHeaders })).json()).toEqual({ success: true, data: null })
      expect((await fetch(previewUrl(first), { method: 'DELETE', headers: strangerHeaders })).status).toBe(404)

      // It runs on the worker: its sandbox is a process of the worker's, none of a server's.
      const running = (child: Child) =>
        descendants(child.process.pid as number).filter((pid) => {
          try {
            return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0]?.endsWith('bwrap') === true
          } catch {
            return false
          }
        }).length
      const worker = children.find((child) => child.name === 'worker') as Child
      expect(running(worker)).toBeGreaterThan(0)
      for (const name of ['server 1', 'server 2']) expect(running(children.find((child) => child.name === name) as Child)).toBe(0)

      // Stopped from the first server: both links lead nowhere.
      expect((await fetch(previewUrl(first), { method: 'DELETE', headers: visitor })).status).toBe(200)
      for (const { base, cookie } of [atFirst, atSecond]) expect((await fetch(`${base}/`, { headers: { cookie } })).status).toBe(404)
      expect(running(worker)).toBe(0)
      passed = true
    }, 60_000)

    it("stops a build that a worker runs from the other server: the worker's build ends stopped, and the browser hears it", async () => {
      passed = false
      const [first, second] = servers as [string, string]
      const models = await fetch(`${second}/api/overseer-dev/models`)
      const cookie = models.headers.getSetCookie().find((value) => value.startsWith(`${VISITOR_COOKIE}=`))
      const visitor = { cookie: (cookie as string).split(';')[0] as string }
      const socket = await connectSocket(first, { headers: visitor, transports: ['websocket'] }, sockets)
      const sessionId = randomUUID()
      const { errors, timeouts } = await followBuild(socket, sessionId)
      const stoppedEvent = new Promise<unknown>((resolve) => socket.once('stopped', resolve))

      const response = fetch(`${second}/api/overseer/chat`, {
        method: 'POST',
        headers: { ...visitor, 'content-type': 'application/json' },
        body: JSON.stringify({ messages: [{ role: 'user', content: 'Build a todo web app' }], model: 'overseer-local', sessionId }),
      })
      // The worker holds it at the deployment gate.
      let waiting = false
      for (let waited = 0; !waiting && waited < 20_000; waited += 200) {
        const { rows } = await (db as Database).query(
          "select 1 from approval_requests a join builds b on b.id = a.build_id where b.session_id = $1 and a.status = 'pending'",
          [sessionId],
        )
        waiting = rows.length > 0
        if (!waiting) await sleep(200)
      }
      expect(waiting).toBe(true)

      // Asked on the server that did not take the request.
      const stop = await fetch(`${first}/api/overseer-dev/sessions/${sessionId}/stop`, { method: 'POST', headers: visitor })
      expect(stop.status).toBe(200)
      expect(await stop.json()).toEqual({ success: true, stopped: true, status: 'stopped', message: 'Build stopped.' })

      const answer = await response
      expect(answer.status).toBe(200)
      expect(await answer.json()).toMatchObject({ success: true, reply: 'Build stopped.', stopped: true, status: 'completed' })
      expect(await stoppedEvent).toEqual({ sessionId, message: 'Build stopped.' })
      expect([...errors, ...timeouts]).toEqual([])
      const state = await fetch(`${first}/api/overseer/builds/${sessionId}`, { headers: visitor })
      expect(await state.json()).toMatchObject({ data: { status: 'stopped', message: 'Build stopped.' } })
      const { rows } = await (db as Database).query<{ status: string }>(
        'select a.status from approval_requests a join builds b on b.id = a.build_id where b.session_id = $1',
        [sessionId],
      )
      expect(rows).toEqual([{ status: 'cancelled' }])
      // The worker stopped it: it logged the end of a build it ran.
      expect(children.find((child) => child.name === 'worker')?.output.join('')).toMatch(/"outcome":"stopped"/)
      passed = true
    }, 40_000)

    it('does not claim to stop a build whose server crashed: the build is marked interrupted, its worker lets go, and the answer says so', async () => {
      passed = false
      const [first] = servers as [string, string]
      const third = await startServer('server 3')
      const crashed = children.find((child) => child.name === 'server 3') as Child
      const models = await fetch(`${third}/api/overseer-dev/models`)
      const cookie = models.headers.getSetCookie().find((value) => value.startsWith(`${VISITOR_COOKIE}=`))
      const visitor = { cookie: (cookie as string).split(';')[0] as string }
      const socket = await connectSocket(first, { headers: visitor, transports: ['websocket'] }, sockets)
      const sessionId = randomUUID()
      const { errors, timeouts, ended } = await followBuild(socket, sessionId)
      let stoppedEvents = 0
      socket.on('stopped', () => (stoppedEvents += 1))

      // Its request dies with the server that took it.
      const response = fetch(`${third}/api/overseer/chat`, {
        method: 'POST',
        headers: { ...visitor, 'content-type': 'application/json' },
        body: JSON.stringify({ messages: [{ role: 'user', content: 'Build a todo web app' }], model: 'overseer-local', sessionId }),
      }).catch((error: unknown) => error)
      // The worker holds it at the deployment gate.
      const pending = async (): Promise<{ id: string } | undefined> => {
        const { rows } = await (db as Database).query<{ id: string }>(
          "select b.id from approval_requests a join builds b on b.id = a.build_id where b.session_id = $1 and a.status = 'pending'",
          [sessionId],
        )
        return rows[0]
      }
      let build = await pending()
      for (let waited = 0; !build && waited < 20_000; waited += 200) {
        await sleep(200)
        build = await pending()
      }
      expect(build).toBeDefined()
      const buildId = (build as { id: string }).id

      // The server that took the request crashes: nobody will store the build's outcome.
      const exited = new Promise((resolve) => crashed.process.once('exit', resolve))
      crashed.process.kill('SIGKILL')
      await exited
      expect(String(await response)).toMatch(/fetch failed/)
      expect((await (await fetch(`${first}/api/overseer/builds/${sessionId}`, { headers: visitor })).json()) as unknown).toMatchObject({ data: { status: 'running' } })

      const stop = await fetch(`${first}/api/overseer-dev/sessions/${sessionId}/stop`, { method: 'POST', headers: visitor })
      expect(stop.status).toBe(200)
      expect(await stop.json()).toEqual({ success: true, stopped: false, status: 'error', message: BUILD_MESSAGES.interrupted })
      await ended
      expect(errors).toEqual([{ sessionId, message: BUILD_MESSAGES.interrupted }])
      expect(timeouts).toEqual([])
      expect(stoppedEvents).toBe(0)
      const state = await fetch(`${first}/api/overseer/builds/${sessionId}`, { headers: visitor })
      expect(await state.json()).toMatchObject({ data: { status: 'error', error: BUILD_MESSAGES.interrupted } })
      const { rows } = await (db as Database).query<{ status: string }>('select status from approval_requests where build_id = $1', [buildId])
      expect(rows).toEqual([{ status: 'cancelled' }])
      const conversation = await (db as Database).query<{ status: string }>('select c.status from chat_conversations c join builds b on b.conversation_id = c.id where b.id = $1', [buildId])
      expect(conversation.rows).toEqual([{ status: 'error' }])

      // The worker that ran it was told to let go: it logs the end of the build, stopped.
      const worker = children.find((child) => child.name === 'worker') as Child
      const letGo = () => worker.output.join('').split('\n').some((line) => line.includes(`"buildId":"${buildId}"`) && line.includes('"outcome":"stopped"'))
      for (let waited = 0; !letGo() && waited < 20_000; waited += 200) await sleep(200)
      expect(letGo()).toBe(true)
      passed = true
    }, 60_000)
  })
}
