import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chmod, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import type { Socket } from 'socket.io-client'
import type { ApprovalContext } from '@contracts/approvals'
import type { BuildState } from '@contracts/chat'
import { UserService } from '../../src/auth/userService'
import { fastPasswords, SETUP_TIMEOUT_MS, type TestApp, useTestApp } from '../helper'
import { buildConfig, buildRequest, NO_ARCHIVE, sendBuild, storedArchive, unzip, type BuildReplyBody } from '../support/builds'
import { fakeModelChatConfig, history, newVisitor, type Headers } from '../support/chat'
import {
  byPrompt,
  byTurn,
  DEVELOPER_PROMPT,
  FakeLlm,
  json,
  jsonToolCalls,
  streamed,
  streamedToolCalls,
  type FakeHandler,
  type FakeToolCall,
  type FakeUsage,
  type SeenRequest,
} from '../support/fakeLlm'
import { connectSocket, followBuild } from '../support/sockets'

/**
 * The whole pipeline with a model: the real app, the fake OpenAI-compatible server playing the
 * model (the planning answers, then the development loop through the tools), the tests run in
 * the real bubblewrap sandbox, the archive, the records and the events.
 */

const run = promisify(execFile)

const REQUEST = 'Build a small library with a function sum(a, b) that adds two numbers'
const CLASSIFY = /You classify requests/
const CLASSIFY_FOLLOW_UP = /You classify a message sent in a conversation about a software project/

const BROKEN_SUM = "'use strict'\n\n/** Adds two numbers. */\nconst sum = (a, b) => a - b\n\nmodule.exports = { sum }\n"
const FIXED_SUM = "'use strict'\n\n/** Adds two numbers. */\nconst sum = (a, b) => a + b\n\nmodule.exports = { sum }\n"
const SUM_TEST = `'use strict'

const test = require('node:test')
const assert = require('node:assert/strict')
const { sum } = require('../src/sum')

test('sum adds two numbers', () => {
  assert.equal(sum(2, 3), 5)
})
`
/** The library template's files, which the loop starts from. */
const TEMPLATE_FILES = ['.gitignore', 'README.md', 'index.d.ts', 'package.json', 'src/index.js', 'test/index.test.js']

const write = (filePath: string, content: string): FakeToolCall => ({ name: 'write_file', arguments: { path: filePath, content } })
const call = (name: string, args: FakeToolCall['arguments'] = {}): FakeToolCall => ({ name, arguments: args })
const usage = (prompt: number, completion: number): FakeUsage => ({ prompt_tokens: prompt, completion_tokens: completion })

/**
 * The model: it classifies the request as a library (a follow-up as `followUp`), writes a short
 * note for each planning stage, and plays `script` in development, turn by turn.
 */
const model = (script: readonly FakeHandler[], followUp = 'change'): FakeHandler =>
  byPrompt(
    [
      [DEVELOPER_PROMPT, byTurn(script)],
      [CLASSIFY, streamed(['library'], { usage: usage(90, 1) })],
      [CLASSIFY_FOLLOW_UP, streamed([followUp], { usage: usage(80, 1) })],
    ],
    streamed(['- Assumes numbers in, a number out'], { usage: usage(95, 9) }),
  )

interface SentMessage {
  role: string
  content: string | null
  tool_call_id?: string
  tool_calls?: { id: string; function: { name: string; arguments: string } }[]
}

/** The development loop's requests (those that offer the file tools, not the clarification's ask_user), in order: what the model was sent each turn. */
const turnsOf = (fake: FakeLlm): SentMessage[][] =>
  fake.completions
    .map((request: SeenRequest) => request.body as { tools?: { function: { name: string } }[]; messages: SentMessage[] })
    .filter((body) => body.tools !== undefined && body.tools[0]?.function.name !== 'ask_user')
    .map((body) => body.messages)

/** What the tool call `id` answered, as the model was sent it in `messages`. */
const resultOf = (messages: readonly SentMessage[], name: string): string[] => {
  const ids = messages.flatMap((message) => message.tool_calls ?? []).filter((item) => item.function.name === name).map((item) => item.id)
  return ids.map((id) => messages.find((message) => message.role === 'tool' && message.tool_call_id === id)?.content ?? '(no result)')
}

const clients: Socket[] = []
let fake: FakeLlm

beforeAll(async () => {
  fake = await FakeLlm.start()
}, SETUP_TIMEOUT_MS)

afterAll(async () => {
  for (const client of clients) client.disconnect()
  await fake?.close()
})

beforeEach(() => fake.reset())

/** An app whose builds use the fake as their model's provider, with `builds` overriding the build settings. */
const modelApp = (builds: Parameters<typeof buildConfig>[0] = {}): TestApp =>
  useTestApp({
    config: async () => ({ ...fakeModelChatConfig(fake.baseUrl), ...(await buildConfig(builds)) }),
    options: { chat: { remote: { backoffMs: 10 } } },
    listen: true,
  })

/** A build of `prompt` with fake-small by a new visitor, followed on the socket: the response once the build has ended. */
const build = async (target: TestApp, prompt = REQUEST) => {
  const visitor = await newVisitor(target.app)
  const body = buildRequest(prompt, { model: 'fake-small' })
  const events = await followBuild(await connectSocket(target.app, { headers: visitor }, clients), body.sessionId)
  const response = await sendBuild(target.app, visitor, body)
  await events.ended
  return { visitor, body, events, response }
}

const iterationsOf = async (target: TestApp, sessionId: string) =>
  (
    await target.db.query<{ iteration: number; files: string; passed: number; failed: number; failing: string; prompt: number; completion: number }>(
      `select i.iteration, i.files_changed::text as files, i.passed, i.failed, i.failing::text as failing, i.prompt_tokens as prompt, i.completion_tokens as completion
       from build_iterations i join builds b on b.id = i.build_id where b.session_id = $1 order by i.iteration`,
      [sessionId],
    )
  ).rows.map((row) => ({ ...row, files: JSON.parse(row.files) as unknown, failing: JSON.parse(row.failing) as unknown }))

const logsOf = async (target: TestApp, sessionId: string, module: string) =>
  (
    await target.db.query<{ level: string; message: string }>(
      `select l.level, l.message from agent_logs l join builds b on b.id = l.build_id where b.session_id = $1 and l.module = $2 order by l.id`,
      [sessionId, module],
    )
  ).rows

/** The tokens recorded for a build's development stage, and its status. */
const developmentStage = async (target: TestApp, sessionId: string) =>
  (
    await target.db.query<{ status: string; prompt: number; completion: number }>(
      `select s.status, s.prompt_tokens::int as prompt, s.completion_tokens::int as completion from build_stages s join builds b on b.id = s.build_id
       where b.session_id = $1 and s.stage = 'development'`,
      [sessionId],
    )
  ).rows

const stateOf = async (target: TestApp, sessionId: string, headers: Headers) => target.app.inject({ method: 'GET', url: `/api/overseer/builds/${sessionId}`, headers })

describe('a build whose code a model writes, through the tools, tested in the sandbox', () => {
  const target = modelApp()

  it('(a) writes a failing implementation, sees the failure, fixes it and finishes: the archive holds the fixed code, whose tests pass', async () => {
    fake.fallback = model([
      streamedToolCalls([write('src/sum.js', BROKEN_SUM), write('test/sum.test.js', SUM_TEST)], { usage: usage(1_100, 210), interleave: true }),
      streamedToolCalls([call('run_tests')], { usage: usage(1_300, 6) }),
      // A server that does not stream answers just as well.
      jsonToolCalls([call('read_file', { path: 'src/sum.js' }), write('src/sum.js', FIXED_SUM)], { usage: usage(2_050, 95) }),
      streamedToolCalls([call('run_tests')], { usage: usage(2_250, 7) }),
      streamedToolCalls([call('finish', { summary: 'Added sum(a, b), which adds two numbers, with its test.' })], { usage: usage(2_400, 21) }),
    ])
    const { visitor, body, events, response } = await build(target)

    expect(response.statusCode).toBe(200)
    const reply = response.json<BuildReplyBody>()
    expect(reply.reply).toContain("fake-small wrote the code for your request in 2 iterations of writing and testing, starting from Overseer's library template.")
    expect(reply.reply).toContain('Added sum(a, b), which adds two numbers, with its test.')
    expect(reply.reply).toContain('**Tests:** 4 of 4 passed after 2 iterations, run in the sandbox before delivery.')
    expect(reply.reply).toContain('- `src/sum.js`')
    expect(events.errors).toEqual([])

    // The model saw the failure in the first run's result: the count and the failing test's output.
    const turns = turnsOf(fake)
    expect(turns).toHaveLength(5)
    const [firstRun] = resultOf(turns[2] ?? [], 'run_tests')
    const failedRun = JSON.parse(firstRun ?? '{}') as { passed: number; failed: number; output: string }
    expect(failedRun).toMatchObject({ passed: 3, failed: 1 })
    expect(failedRun.output).toContain('not ok')
    expect(failedRun.output).toContain('sum adds two numbers')
    expect(failedRun.output).toMatch(/expected/i)
    // read_file returned the broken code it then fixed, and the second run passed.
    expect(resultOf(turns[3] ?? [], 'read_file')).toEqual([BROKEN_SUM])
    expect(JSON.parse(resultOf(turns[4] ?? [], 'run_tests')[1] ?? '{}')).toMatchObject({ passed: 4, failed: 0 })

    // The archive holds the fixed code; unpacked, its tests pass with node --test.
    const entries = await unzip((await target.app.inject({ method: 'GET', url: reply.zipUrl, headers: visitor })).rawPayload)
    const slug = entries[0]?.name.split('/')[0] ?? ''
    expect(entries.map((entry) => entry.name.slice(slug.length + 1)).sort()).toEqual([...TEMPLATE_FILES, 'src/sum.js', 'test/sum.test.js'].sort())
    expect(entries.find((entry) => entry.name === `${slug}/src/sum.js`)?.content.toString('utf8')).toBe(FIXED_SUM)
    const unpacked = await mkdtemp(path.join(os.tmpdir(), 'overseer-unpacked-'))
    try {
      for (const entry of entries) {
        const file = path.join(unpacked, entry.name)
        await mkdir(path.dirname(file), { recursive: true })
        await writeFile(file, entry.content)
        await chmod(file, entry.mode || 0o644)
      }
      // Its own code, not the model's: run here, outside the sandbox, with a clean environment.
      const { stdout } = await run(process.execPath, ['--test'], { cwd: path.join(unpacked, slug), env: { PATH: process.env.PATH ?? '' }, timeout: 30_000 })
      expect(stdout).toMatch(/^# pass 4$/m)
      expect(stdout).toMatch(/^# fail 0$/m)
      expect(stdout).toMatch(/^ok \d+ - sum adds two numbers$/m)
    } finally {
      await rm(unpacked, { recursive: true, force: true })
    }

    // Two iterations, with their files, counts and the tokens the fake reported.
    expect(await iterationsOf(target, body.sessionId)).toEqual([
      { iteration: 1, files: ['src/sum.js', 'test/sum.test.js'], passed: 3, failed: 1, failing: ['sum adds two numbers'], prompt: 1_100 + 1_300, completion: 210 + 6 },
      { iteration: 2, files: ['src/sum.js'], passed: 4, failed: 0, failing: [], prompt: 2_050 + 2_250, completion: 95 + 7 },
    ])
    // The development stage counts every turn, the finish too.
    expect(await developmentStage(target, body.sessionId)).toEqual([{ status: 'completed', prompt: 1_100 + 1_300 + 2_050 + 2_250 + 2_400, completion: 210 + 6 + 95 + 7 + 21 }])

    // Progress says what the loop does, moving inside the development stage's range (45 to 74).
    const loopProgress = events.progress.filter((event) => event.message.startsWith('Iteration '))
    expect(loopProgress.map((event) => [event.stage, event.message])).toEqual([
      ['development', 'Iteration 1 of 6: 1 test failing'],
      ['development', 'Iteration 2 of 6: all 4 tests passing'],
    ])
    const percentages = loopProgress.map((event) => event.percentage)
    const start = events.progress.find((event) => event.stage === 'development')?.percentage ?? 0
    expect(start).toBe(45)
    expect(percentages[0]).toBeGreaterThan(start)
    expect(percentages[1]).toBeGreaterThan(percentages[0] ?? 0)
    for (const percentage of percentages) expect(percentage).toBeLessThanOrEqual(74)
    expect(events.progress.map((event) => event.percentage)).toEqual([...events.progress.map((event) => event.percentage)].sort((a, b) => a - b))
    expect(events.progress.at(-1)).toMatchObject({ percentage: 100 })

    // One devloop-matrix entry per iteration, saying what it did.
    const iterationLogs = (await logsOf(target, body.sessionId, 'devloop-matrix')).filter((row) => /\] Iteration \d+:/.test(row.message))
    expect(iterationLogs).toHaveLength(2)
    expect(iterationLogs[0]).toEqual({
      level: 'WARNING',
      message: `[${body.sessionId.slice(0, 8)}] Iteration 1: 3 passed, 1 failed (sum adds two numbers); files changed: src/sum.js, test/sum.test.js; tokens 2400 + 216`,
    })
    expect(iterationLogs[1]).toEqual({
      level: 'INFO',
      message: `[${body.sessionId.slice(0, 8)}] Iteration 2: 4 passed, 0 failed; files changed: src/sum.js; tokens 4300 + 102`,
    })

    // The build's state carries the iterations, the QA result and the files; one file reads back, for its owner only.
    const state = await stateOf(target, body.sessionId, visitor)
    expect(state.statusCode).toBe(200)
    const data = state.json<BuildState>().data
    expect(data).toMatchObject({ status: 'completed', kind: 'library', zipUrl: reply.zipUrl })
    expect(data.iterations.map((item) => [item.number, item.filesChanged, item.passed, item.failed, item.promptTokens, item.completionTokens])).toEqual([
      [1, ['src/sum.js', 'test/sum.test.js'], 3, 1, 2_400, 216],
      [2, ['src/sum.js'], 4, 0, 4_300, 102],
    ])
    expect(data.iterations[0]?.output).toContain('sum adds two numbers')
    expect(data.tests).toEqual({ ran: true, passed: 4, failed: 0, failing: [], durationMs: expect.any(Number) as unknown })
    expect(data.files?.map((file) => file.path)).toEqual([...TEMPLATE_FILES, 'src/sum.js', 'test/sum.test.js'].sort())
    expect(data.files?.find((file) => file.path === 'src/sum.js')?.bytes).toBe(Buffer.byteLength(FIXED_SUM))

    const file = await target.app.inject({ method: 'GET', url: `/api/overseer/builds/${body.sessionId}/files/src/sum.js`, headers: visitor })
    expect(file.statusCode).toBe(200)
    expect(file.json()).toEqual({ success: true, data: { path: 'src/sum.js', content: FIXED_SUM, language: 'javascript' } })
    const stranger = await newVisitor(target.app)
    const refused = await target.app.inject({ method: 'GET', url: `/api/overseer/builds/${body.sessionId}/files/src/sum.js`, headers: stranger })
    expect(refused.statusCode).toBe(404)
    expect((await stateOf(target, body.sessionId, stranger)).statusCode).toBe(404)
  })

  it('(c) refuses the file tools outside the project, and its tests can neither write outside nor connect out: the loop goes on and delivers', async () => {
    const outside = await mkdtemp(path.join(os.tmpdir(), 'overseer-outside-'))
    let connections = 0
    const listener: Server = createServer((socket) => {
      connections += 1
      socket.destroy()
    })
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve))
    const { port } = listener.address() as { port: number }
    const system = `/etc/overseer-escape-${port}`
    const escapeTest = `'use strict'

const test = require('node:test')
const fs = require('node:fs')
const net = require('node:net')

test('tries to get out', async () => {
  const attempts = { absolute: ${JSON.stringify(path.join(outside, 'absolute.txt'))}, dotdot: '../escaped.txt', system: ${JSON.stringify(system)} }
  fs.symlinkSync(${JSON.stringify(outside)}, 'link')
  attempts.symlink = 'link/through-link.txt'
  for (const [name, target] of Object.entries(attempts)) {
    try {
      fs.writeFileSync(target, 'x')
      console.log('WROTE ' + name)
    } catch (error) {
      console.log('REFUSED ' + name + ' ' + error.code)
    }
  }
  const connected = await new Promise((resolve) => {
    const socket = net.connect(${port}, '127.0.0.1')
    socket.on('connect', () => {
      socket.destroy()
      resolve('CONNECTED')
    })
    socket.on('error', (error) => resolve('NO CONNECTION ' + error.code))
  })
  console.log(connected)
})
`
    fake.fallback = model([
      streamedToolCalls([write('../escape.js', 'x'), write('/etc/x', 'x'), write('test/escape.test.js', escapeTest)], { usage: usage(500, 400) }),
      streamedToolCalls([call('run_tests')], { usage: usage(900, 5) }),
      streamedToolCalls([call('finish', { summary: 'Tried to get out.' })], { usage: usage(1_000, 8) }),
    ])
    try {
      const { visitor, body, events, response } = await build(target)

      // The file tools refused the paths outside the project, and said why.
      const turns = turnsOf(fake)
      const writes = resultOf(turns[1] ?? [], 'write_file')
      expect(writes).toHaveLength(3)
      expect(writes[0]).toMatch(/^Error: The path "\.\.\/escape\.js" leaves the project folder/)
      expect(writes[1]).toMatch(/^Error: The path "\/etc\/x" is absolute/)
      expect(writes[2]).toBe('ok')
      expect(existsSync('/etc/x')).toBe(false)

      // In the sandbox every write outside the project failed, and the connection never arrived.
      const [result] = resultOf(turns[2] ?? [], 'run_tests')
      const output = (JSON.parse(result ?? '{}') as { output?: string }).output ?? ''
      for (const name of ['absolute', 'dotdot', 'system', 'symlink']) expect(output).toMatch(new RegExp(`REFUSED ${name} E[A-Z]+`))
      expect(output).not.toContain('WROTE')
      expect(output).toMatch(/NO CONNECTION (ECONNREFUSED|ENETUNREACH)/)
      expect(output).not.toContain('CONNECTED')

      // The attempts were caught, so the tests pass: the loop finished, and the QA run (the same test, sandboxed again) passed too.
      expect(response.statusCode).toBe(200)
      expect(events.errors).toEqual([])
      const reply = response.json<BuildReplyBody>()
      expect(reply.reply).toContain('**Tests:** 4 of 4 passed after 1 iteration, run in the sandbox before delivery.')
      expect(await iterationsOf(target, body.sessionId)).toEqual([
        expect.objectContaining({ iteration: 1, files: ['test/escape.test.js'], passed: 4, failed: 0 }),
      ])
      // After both runs: nothing outside, no connection, and the project holds only its own files (a run works on a copy).
      expect(connections).toBe(0)
      expect(await readdir(outside)).toEqual([])
      expect(existsSync(system)).toBe(false)
      const entries = await unzip((await target.app.inject({ method: 'GET', url: reply.zipUrl, headers: visitor })).rawPayload)
      expect(entries.map((entry) => entry.name.slice(entry.name.indexOf('/') + 1)).sort()).toEqual([...TEMPLATE_FILES, 'test/escape.test.js'].sort())

      // Each refusal is in the logs.
      const warnings = (await logsOf(target, body.sessionId, 'devloop-matrix')).filter((row) => row.level === 'WARNING').map((row) => row.message)
      expect(warnings.filter((message) => message.includes('write_file was refused'))).toHaveLength(2)
    } finally {
      await new Promise((resolve) => listener.close(resolve))
      await rm(outside, { recursive: true, force: true })
      await rm(system, { force: true })
    }
  })

  it('(d) fails a model that answers without tool calls, after exactly two reminders, with the clear message', async () => {
    fake.fallback = model([
      streamed(['I would write a sum function.'], { usage: usage(700, 8) }),
      json('Here is the code: const sum = (a, b) => a + b', usage(760, 14)),
      streamed(['Done, the library is written.'], { usage: usage(800, 7) }),
    ])
    const { visitor, body, events, response } = await build(target)

    const message = 'The model did not use the tools: it answered 3 times in a row without calling one, so it cannot build the project.'
    expect(response.statusCode).toBe(500)
    expect(response.json()).toMatchObject({ success: false, message, sessionId: body.sessionId, status: 'error' })
    expect(events.errors).toEqual([{ sessionId: body.sessionId, message }])

    // Three calls in development: the first, then one after each reminder.
    const turns = turnsOf(fake)
    expect(turns).toHaveLength(3)
    expect(turns.map((messages) => messages.map((item) => item.role))).toEqual([
      ['system', 'user'],
      ['system', 'user', 'assistant', 'user'],
      ['system', 'user', 'assistant', 'user', 'assistant', 'user'],
    ])
    expect(turns[1]?.at(-1)?.content).toMatch(/^Use the tools: every step is a tool call/)
    expect(turns[2]?.at(-1)?.content).toBe(turns[1]?.at(-1)?.content)
    const reminders = (await logsOf(target, body.sessionId, 'devloop-matrix')).filter((row) => row.message.includes('answered without a tool call'))
    expect(reminders.map((row) => [row.level, /\((\d) of 2 reminders\)/.exec(row.message)?.[1]])).toEqual([
      ['WARNING', '1'],
      ['WARNING', '2'],
    ])

    expect(await iterationsOf(target, body.sessionId)).toEqual([])
    // The failed stage still records what the model spent (the token usage chart counts it).
    expect(await developmentStage(target, body.sessionId)).toEqual([{ status: 'error', prompt: 700 + 760 + 800, completion: 8 + 14 + 7 }])
    expect(await storedArchive(target.db, { sessionId: body.sessionId })).toEqual(NO_ARCHIVE)
    expect((await history(target.app, visitor)).data[0]).toMatchObject({ status: 'error', response: '', error: message })
  })
})

describe('a build whose model never fixes its code (BUILD_MAX_ITERATIONS=2)', () => {
  const target = modelApp({ maxIterations: 2 })

  it('(b) spends the iteration budget and fails with an error naming the failing test, and no archive', async () => {
    fake.fallback = model([
      streamedToolCalls([write('src/sum.js', BROKEN_SUM), write('test/sum.test.js', SUM_TEST)], { usage: usage(1_000, 200) }),
      streamedToolCalls([call('run_tests')], { usage: usage(1_200, 5) }),
      streamedToolCalls([write('src/sum.js', BROKEN_SUM.replace('a - b', 'a * b'))], { usage: usage(1_500, 60) }),
      streamedToolCalls([call('run_tests')], { usage: usage(1_700, 5) }),
    ])
    const { visitor, body, events, response } = await build(target)

    expect(response.statusCode).toBe(500)
    const { message } = response.json<{ message: string }>()
    expect(message).toMatch(/^The iteration budget \(2 test runs\) is spent: 1 test failing: sum adds two numbers\./)
    expect(response.json()).toMatchObject({ success: false, sessionId: body.sessionId, status: 'error' })
    expect(events.errors).toEqual([{ sessionId: body.sessionId, message }])
    expect(events.progress.some((event) => event.percentage === 100)).toBe(false)

    // No call after the last run: the budget was spent.
    expect(turnsOf(fake)).toHaveLength(4)
    expect(await iterationsOf(target, body.sessionId)).toEqual([
      expect.objectContaining({ iteration: 1, files: ['src/sum.js', 'test/sum.test.js'], passed: 3, failed: 1, failing: ['sum adds two numbers'], prompt: 2_200, completion: 205 }),
      expect.objectContaining({ iteration: 2, files: ['src/sum.js'], passed: 3, failed: 1, failing: ['sum adds two numbers'], prompt: 3_200, completion: 65 }),
    ])
    expect(events.progress.filter((event) => event.message.startsWith('Iteration ')).map((event) => event.message)).toEqual([
      'Iteration 1 of 2: 1 test failing',
      'Iteration 2 of 2: 1 test failing',
    ])

    // Nothing delivered: no archive, the conversation and the build in error, no files to read.
    expect(await storedArchive(target.db, { sessionId: body.sessionId })).toEqual(NO_ARCHIVE)
    expect((await history(target.app, visitor)).data[0]).toMatchObject({ status: 'error', response: '', error: message })
    const { rows } = await target.db.query<{ stage: string; status: string }>(
      `select s.stage, s.status from build_stages s join builds b on b.id = s.build_id where b.session_id = $1 order by s.position`,
      [body.sessionId],
    )
    expect(rows.at(-1)).toEqual({ stage: 'development', status: 'error' })
    // The budget the model spent is recorded with the failed stage, as the iterations have it.
    expect(await developmentStage(target, body.sessionId)).toEqual([{ status: 'error', prompt: 2_200 + 3_200, completion: 205 + 65 }])
    const state = (await stateOf(target, body.sessionId, visitor)).json<BuildState>().data
    expect(state).toMatchObject({ status: 'error', error: message })
    expect(state.iterations).toHaveLength(2)
    expect(state.zipUrl).toBeUndefined()
    expect(state.files).toBeUndefined()
    const file = await target.app.inject({ method: 'GET', url: `/api/overseer/builds/${body.sessionId}/files/src/sum.js`, headers: visitor })
    expect(file.statusCode).toBe(404)
  })
})

describe('a model build at the development gate (APPROVAL_GATES=development)', () => {
  const target = modelApp({ approvalGates: ['development'] })

  it('shows the approver the loop’s last test run, its output too, and every file of the new project as added', async () => {
    fake.fallback = model([
      streamedToolCalls([write('src/sum.js', FIXED_SUM), write('test/sum.test.js', SUM_TEST)], { usage: usage(1_000, 200) }),
      streamedToolCalls([call('run_tests')], { usage: usage(1_200, 5) }),
      streamedToolCalls([call('finish', { summary: 'Added sum(a, b).' })], { usage: usage(1_300, 9) }),
    ])
    const reviewer = await new UserService(target.db, fastPasswords()).create({ email: 'reviewer@example.com', password: 'reviewer-password', roles: ['operator'] })
    const visitor = await newVisitor(target.app)
    const body = buildRequest(REQUEST, { model: 'fake-small' })
    const response = sendBuild(target.app, visitor, body)
    const pending = async () =>
      (
        await target.db.query<{ id: string; context: ApprovalContext }>(
          `select a.id, a.context from approval_requests a join builds b on b.id = a.build_id where b.session_id = $1 and a.gate = 'development' and a.status = 'pending'`,
          [body.sessionId],
        )
      ).rows[0]
    let request = await pending()
    for (const deadline = Date.now() + 30_000; !request && Date.now() < deadline; request = await pending()) await new Promise((resolve) => setTimeout(resolve, 50))
    if (!request) throw new Error('the build never reached the development gate')

    const { context } = request
    expect(context.tests).toMatchObject({ passed: 4, failed: 0, failing: [] })
    expect(context.tests?.output).toMatch(/pass 4/)
    expect(context.details).toContain('Last test run in the sandbox: 4 passed, 0 failed')
    expect(context.details).toContain(`A new project: all ${TEMPLATE_FILES.length + 2} files are added`)
    expect(context.files?.map((file) => [file.path, file.status])).toEqual([...TEMPLATE_FILES, 'src/sum.js', 'test/sum.test.js'].sort().map((file) => [file, 'added']))
    expect(context.files?.find((file) => file.path === 'src/sum.js')?.hunks).toBe(`@@ -0,0 +1,6 @@\n${FIXED_SUM.trimEnd().split('\n').map((line) => `+${line}`).join('\n')}\n`)

    expect(await target.app.approvals.decide(request.id, { id: reviewer.id, email: 'reviewer@example.com' }, 'deny', 'Seen enough')).toMatchObject({ kind: 'decided' })
    expect((await response).json()).toMatchObject({ message: 'The build was denied at the development gate: Seen enough' })
  })
})

describe('a follow-up build in the same conversation continues the last build’s project', () => {
  const target = modelApp()

  /** A first build in a new conversation, delivering a library with sum(a, b). */
  const deliverSum = async () => {
    fake.fallback = model([
      streamedToolCalls([write('src/sum.js', FIXED_SUM), write('test/sum.test.js', SUM_TEST)], { usage: usage(1_000, 200) }),
      streamedToolCalls([call('run_tests')], { usage: usage(1_200, 5) }),
      streamedToolCalls([call('finish', { summary: 'Added sum(a, b).' })], { usage: usage(1_300, 10) }),
    ])
    return build(target)
  }

  it("starts the loop from the delivered project, with its own iterations, tests and archive, and says what changed", async () => {
    const first = await deliverSum()
    expect(first.response.statusCode).toBe(200)
    const firstReply = first.response.json<BuildReplyBody>()

    const DOUBLE = "'use strict'\n\nconst { sum } = require('./sum')\n\n/** Twice `a`. */\nconst double = (a) => sum(a, a)\n\nmodule.exports = { double }\n"
    const DOUBLE_TEST = "'use strict'\n\nconst test = require('node:test')\nconst assert = require('node:assert/strict')\nconst { double } = require('../src/double')\n\ntest('double doubles', () => {\n  assert.equal(double(4), 8)\n})\n"
    fake.reset()
    fake.fallback = model([
      streamedToolCalls([write('src/double.js', DOUBLE), write('test/double.test.js', DOUBLE_TEST)], { usage: usage(1_500, 220) }),
      streamedToolCalls([call('run_tests')], { usage: usage(1_700, 5) }),
      streamedToolCalls([call('finish', { summary: 'Added double(a), built on sum.' })], { usage: usage(1_800, 12) }),
    ])
    const followUp = buildRequest('now add a function double(a) that doubles a number', { model: 'fake-small', conversationId: firstReply.conversationId })
    const events = await followBuild(await connectSocket(target.app, { headers: first.visitor }, clients), followUp.sessionId)
    const response = await sendBuild(target.app, first.visitor, followUp)
    await events.ended
    expect(response.statusCode).toBe(200)
    const reply = response.json<BuildReplyBody>()

    // The loop started from the delivered project, not the template, and was told so.
    const [opening] = turnsOf(fake)
    expect(opening?.[0]?.content).toContain('the project you delivered earlier in this conversation')
    expect(opening?.[1]?.content).toContain('as delivered by the last build')
    expect(opening?.[1]?.content).toContain('src/sum.js')
    // Its own archive, holding both builds' work; the reply says what changed; its own iterations.
    expect(reply.conversationId).toBe(firstReply.conversationId)
    expect(reply.zipUrl).not.toBe(firstReply.zipUrl)
    expect(reply.reply).toContain('I continued the project of your last build: added `src/double.js`, `test/double.test.js`.')
    expect(reply.reply).toContain('fake-small made the changes in 1 iteration of writing and testing.')
    expect(reply.reply).toContain('**Tests:** 5 of 5 passed after 1 iteration, run in the sandbox before delivery.')
    const entries = await unzip((await target.app.inject({ method: 'GET', url: reply.zipUrl, headers: first.visitor })).rawPayload)
    const names = entries.map((entry) => entry.name.split('/').slice(1).join('/'))
    expect(names).toEqual(expect.arrayContaining(['src/sum.js', 'src/double.js', 'test/double.test.js']))
    expect(await iterationsOf(target, followUp.sessionId)).toEqual([expect.objectContaining({ iteration: 1, files: ['src/double.js', 'test/double.test.js'], passed: 5, failed: 0 })])
    const classified = (await logsOf(target, followUp.sessionId, 'overseer-core')).map((row) => row.message)
    expect(classified).toContainEqual(expect.stringMatching(/Continuing the library \S+ of the conversation's last build/))
    expect(classified).not.toContainEqual(expect.stringContaining('used the keyword rules instead'))
  })

  it('asks the model whether a follow-up asks for a change: a question is answered, with no build', async () => {
    const first = await deliverSum()
    const firstReply = first.response.json<BuildReplyBody>()

    fake.reset()
    fake.fallback = model([], 'question')
    // The keyword rules read 'Could you make…' as a request; the model reads the whole message.
    const followUp = buildRequest('Could you make sum handle strings too, or would that be a bad idea?', { model: 'fake-small', conversationId: firstReply.conversationId })
    const response = await sendBuild(target.app, first.visitor, followUp)
    expect(response.statusCode).toBe(200)
    const reply = response.json<BuildReplyBody & { answered?: boolean }>()
    expect(reply).toMatchObject({ answered: true, status: 'completed' })
    expect(reply.zipUrl).toBeUndefined()
    expect(fake.requests.some((request) => JSON.stringify(request.body).includes('You are a software developer'))).toBe(false)
    const logged = (await logsOf(target, followUp.sessionId, 'overseer-core')).map((row) => row.message)
    expect(logged).toContainEqual(expect.stringContaining('Classified the message as a question, not a build request (by fake-small)'))
  })
})
