import type { ChildProcess } from 'node:child_process'
import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import type { Socket } from 'socket.io-client'
import type { BuildEvent } from '@contracts/buildEvents'
import { SETUP_TIMEOUT_MS } from '../helper'
import { VISITOR_COOKIE } from '../support/chat'
import { diesInDevelopment, FakeLlm } from '../support/fakeLlm'
import { spawnScript, startServerProcess, until } from '../support/processes'
import { connectSocket, followBuild } from '../support/sockets'

/**
 * A single server (no Redis) killed with SIGKILL in the middle of a build's development stage, and
 * started again on the same database: the build goes on from its last checkpoint and is delivered,
 * its conversation gets the reply, its timeline has no gap. On PGlite (its data folder) and, with
 * TEST_DATABASE_URL, on PostgreSQL.
 */
const DATABASE_URL = process.env.TEST_DATABASE_URL
const hasBwrap = (() => {
  try {
    execFileSync('bwrap', ['--version'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
})()


interface Target {
  name: string
  /** The server's database settings, and how to drop what it made. */
  setUp(): Promise<{ env: Record<string, string>; tearDown(): Promise<void> }>
}

const targets: Target[] = [
  {
    name: 'pglite',
    setUp: async () => ({ env: {}, tearDown: async () => undefined }),
  },
  ...(DATABASE_URL
    ? [
        {
          name: 'postgres',
          setUp: async () => {
            const schema = `restart_${randomUUID().replaceAll('-', '')}`
            const admin = new pg.Client({ connectionString: DATABASE_URL })
            await admin.connect()
            await admin.query(`create schema ${schema}`)
            await admin.end()
            const url = new URL(DATABASE_URL)
            url.searchParams.set('options', `-c search_path=${schema}`)
            return {
              env: { DATABASE_URL: url.toString() },
              tearDown: async () => {
                const cleanup = new pg.Client({ connectionString: DATABASE_URL })
                await cleanup.connect()
                await cleanup.query(`drop schema if exists ${schema} cascade`)
                await cleanup.end()
              },
            }
          },
        },
      ]
    : []),
]

describe.each(targets)('a server killed in the middle of a build and started again, on $name', (target) => {
  let fake: FakeLlm
  let dataDir: string
  let env: Record<string, string>
  let tearDown: () => Promise<void> = async () => undefined
  const sockets: Socket[] = []
  const output: string[] = []
  let passed = false

  beforeAll(async () => {
    fake = await FakeLlm.start()
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'overseer-restart-'))
    const database = await target.setUp()
    tearDown = database.tearDown
    env = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
      STATIC_DIR: path.join(dataDir, 'no-spa'),
      SEED_DEMO: 'false',
      OVERSEER_LLM_BASE_URL: fake.baseUrl,
      OVERSEER_LLM_API_KEY: 'sk-test',
      // A busy test machine: the fake answers slowly at times.
      OVERSEER_LLM_TIMEOUT_MS: '30000',
      BUILD_SANDBOX: hasBwrap ? 'bwrap' : 'none',
      // A dead server's builds are taken over once it has been silent this long.
      BUILD_TAKEOVER_MS: '5000',
      ...database.env,
    }
  }, SETUP_TIMEOUT_MS)

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect()
    if (!passed) process.stderr.write(`--- server output\n${output.join('')}\n`)
    await fake.close()
    await tearDown()
    await rm(dataDir, { recursive: true, force: true })
  }, SETUP_TIMEOUT_MS)

  const startServer = async (): Promise<{ url: string; child: ChildProcess }> =>
    startServerProcess((listen) => {
      const child = spawnScript(['server/src/server.ts'], { ...env, ...listen }, ['ignore', 'pipe', 'pipe'])
      child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()))
      child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()))
      return child
    })

  it('goes on from its last checkpoint and delivers, in the conversation and the same room, with no gap in its timeline', async () => {
    // The first development call never answers (its process dies meanwhile); the next attempt's are answered.
    const { handler, development } = diesInDevelopment()
    fake.fallback = handler

    const first = await startServer()
    const models = await fetch(`${first.url}/api/overseer-dev/models`)
    const cookie = models.headers.getSetCookie().find((value) => value.startsWith(`${VISITOR_COOKIE}=`))
    if (!cookie) throw new Error('no visitor cookie')
    const visitor = { cookie: cookie.split(';')[0] as string }
    const sessionId = randomUUID()
    const request = fetch(`${first.url}/api/overseer/chat`, {
      method: 'POST',
      headers: { ...visitor, 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ role: 'user', content: 'Build a JavaScript library with a function sum(a, b)' }], model: 'fake-small', sessionId }),
    }).then(
      () => 'answered',
      () => 'cut off',
    )
    await development

    // Killed without a word: no shutdown, nothing stored as its end.
    const exited = new Promise((resolve) => first.child.once('exit', resolve))
    first.child.kill('SIGKILL')
    await exited
    expect(await request).toBe('cut off')

    const second = await startServer()
    const socket = await connectSocket(second.url, { headers: visitor, transports: ['websocket'] }, sockets)
    const followed = await followBuild(socket, sessionId)
    const stateOf = async () => (await (await fetch(`${second.url}/api/overseer/builds/${sessionId}`, { headers: visitor })).json()) as { data: { status: string; zipUrl?: string } }
    await until('the build to end after the restart', async () => (await stateOf()).data.status !== 'running', 120_000)
    expect((await stateOf()).data).toMatchObject({ status: 'completed' })

    // The conversation got the reply.
    const conversations = (await (await fetch(`${second.url}/api/overseer-dev/chat/history`, { headers: visitor })).json()) as {
      data: { status: string; response: string }[]
    }
    expect(conversations.data[0]?.status).toBe('completed')
    expect(conversations.data[0]?.response).toContain('fake-small wrote the code for your request')

    // Its timeline: no gap, no duplicate, and where it resumed.
    const page = (await (await fetch(`${second.url}/api/overseer/builds/${sessionId}/events`, { headers: visitor })).json()) as { data: { events: BuildEvent[] } }
    const events = page.data.events
    expect(events.map((event) => event.id)).toEqual(events.map((_, index) => index + 1))
    expect(events.find((event) => event.type === 'resumed')).toMatchObject({ stage: 'development', reason: 'interrupted', attempt: 2 })
    expect(events.filter((event) => event.type === 'stage_started' && event.stage === 'classification')).toHaveLength(1)
    // The room heard the end. (The resumption itself is on the stored timeline above: the socket
    // subscribes only once the new server answers, which may be after its resumption message.)
    await until('the delivery to reach the room', () => followed.progress.some((event) => event.percentage === 100), 10_000)

    const state = await stateOf()
    const download = await fetch(`${second.url}${state.data.zipUrl ?? ''}`, { headers: visitor })
    expect(download.status).toBe(200)
    expect(Buffer.from(await download.arrayBuffer()).subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004')

    second.child.kill('SIGTERM')
    await new Promise((resolve) => second.child.once('exit', resolve))
    passed = true
  }, 240_000)
})
