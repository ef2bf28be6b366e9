import { createBuildRepository } from '../../src/builds/buildRepository'
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { Socket } from 'socket.io-client'
import { DEFAULT_MAX_ANSWER_TOKENS } from '../../src/devloop'
import { NOTES_MAX_TOKENS, parseKind, sanitizeNotes } from '../../src/pipeline/modelStages'
import { STAGE_IDS } from '../../src/pipeline/stages'
import { PROVIDER_MESSAGES } from '../../src/llm/providers/openai'
import type { Database } from '../../src/db'
import { startBuildWorker } from '../../src/scale/buildWorker'
import { buildTestApp, openTestPglite, SETUP_TIMEOUT_MS, testConfig } from '../helper'
import { buildConfig, buildRequest, NO_ARCHIVE, sendBuild, storedArchive, unzip, type BuildReplyBody } from '../support/builds'
import { fakeModelChatConfig, history, newVisitor, type Headers } from '../support/chat'
import { byPrompt, byTurn, DEVELOPER_PROMPT, FakeLlm, status, streamed, streamedToolCalls, type FakeHandler, type FakeUsage } from '../support/fakeLlm'
import { connectSocket, followBuild } from '../support/sockets'

const CLASSIFY = /You classify requests/
const CLARIFY = /assumptions a starter project/
const MARKET = /comparable products/
const STRUCTURE = /laid out in these files/
const ASK_USER = /You review a request for software/

const USAGE: Record<'classify' | 'ask' | 'clarify' | 'market' | 'structure' | 'write' | 'test' | 'finish', FakeUsage> = {
  classify: { prompt_tokens: 101, completion_tokens: 2 },
  ask: { prompt_tokens: 105, completion_tokens: 1 },
  clarify: { prompt_tokens: 102, completion_tokens: 31 },
  market: { prompt_tokens: 103, completion_tokens: 32 },
  structure: { prompt_tokens: 104, completion_tokens: 33 },
  write: { prompt_tokens: 1_201, completion_tokens: 301 },
  test: { prompt_tokens: 1_402, completion_tokens: 5 },
  finish: { prompt_tokens: 1_603, completion_tokens: 22 },
}

const WORDS = "'use strict'\n\n/** The words of a text. */\nconst words = (text) => text.split(/\\s+/).filter(Boolean)\n\nmodule.exports = { words }\n"
const WORDS_TEST = `'use strict'

const test = require('node:test')
const assert = require('node:assert/strict')
const { words } = require('../src/words')

test('words splits a text at white space', () => {
  assert.deepEqual(words(' to  do\\tlist '), ['to', 'do', 'list'])
})
`

/**
 * Development as the model plays it, whatever the kind: a small module and its test next to the
 * template's files, one test run, finish. One iteration, the template's tests and its own passing.
 */
const developer = (): FakeHandler =>
  byTurn([
    streamedToolCalls(
      [
        { name: 'write_file', arguments: { path: 'src/words.js', content: WORDS } },
        { name: 'write_file', arguments: { path: 'test/words.test.js', content: WORDS_TEST } },
      ],
      { usage: USAGE.write },
    ),
    streamedToolCalls([{ name: 'run_tests', arguments: {} }], { usage: USAGE.test }),
    streamedToolCalls([{ name: 'finish', arguments: { summary: 'Added words(text), which splits a text into its words, with its test.' } }], { usage: USAGE.finish }),
  ])

const planner = (kind: string, overrides: { clarify?: FakeHandler; ask?: FakeHandler } = {}): FakeHandler =>
  byPrompt([
    [DEVELOPER_PROMPT, developer()],
    // The clarification's decision: the request is clear, unless a test has the model ask.
    [ASK_USER, overrides.ask ?? streamed(['CLEAR'], { usage: USAGE.ask })],
    [CLASSIFY, streamed([kind], { usage: USAGE.classify })],
    [CLARIFY, overrides.clarify ?? streamed(['- Assumes a single user\n', '- Which runtime?\n<script>alert(1)</script>\n# Big heading'], { usage: USAGE.clarify })],
    [MARKET, streamed(['- Like lodash, but smaller'], { usage: USAGE.market })],
    [STRUCTURE, streamed(['- index.js holds the functions; tests sit in test/'], { usage: USAGE.structure })],
  ])

/** A new visitor's build of `prompt` on `app` (with `model`, else overseer-local), which must succeed. */
const completedBuild = async (app: FastifyInstance, prompt: string, model?: string) => {
  const visitor = await newVisitor(app)
  const body = buildRequest(prompt, model ? { model } : {})
  const response = await sendBuild(app, visitor, body)
  expect(response.statusCode).toBe(200)
  return { visitor, body, reply: response.json<BuildReplyBody>() }
}

describe('builds with an OpenAI-compatible model (pglite)', () => {
  let fake: FakeLlm
  let db: Database
  let app: FastifyInstance
  const clients: Socket[] = []

  beforeAll(async () => {
    fake = await FakeLlm.start()
    db = await openTestPglite()
    const builds = await buildConfig()
    app = await buildTestApp(
      db,
      { ...fakeModelChatConfig(fake.baseUrl, 2_000), ...builds },
      { chat: { remote: { backoffMs: 10 } } },
    )
    await app.listen({ port: 0, host: '127.0.0.1' })
  }, SETUP_TIMEOUT_MS)

  afterAll(async () => {
    for (const client of clients) client.disconnect()
    await app?.close()
    await db?.close()
    await fake?.close()
  })

  beforeEach(() => fake.reset())

  const follow = async (sessionId: string, headers: Headers) => followBuild(await connectSocket(app, { headers }, clients), sessionId)

  const logsOf = async (sessionId: string, level: string) =>
    (
      await db.query<{ message: string; module: string }>(
        `select l.message, l.module from agent_logs l join builds b on b.id = l.build_id where b.session_id = $1 and l.level = $2 order by l.id`,
        [sessionId, level],
      )
    ).rows

  it("classifies by the model's answer, puts its notes in the README and the logs, and records its reported usage", async () => {
    fake.fallback = planner('library')
    // The keywords point to a web app; the model says library.
    const { visitor: alice, body, reply } = await completedBuild(app, 'Build a todo web app with a browser page', 'fake-small')
    expect(reply).toMatchObject({ model: 'fake-small', status: 'completed' })
    expect(reply.reply).toContain('**library**')
    expect(reply.reply).toContain("fake-small wrote the code for your request in 1 iteration of writing and testing, starting from Overseer's library template.")
    expect(reply.reply).toContain('Added words(text), which splits a text into its words, with its test.')
    // The template's three tests and the model's one, in the QA run.
    expect(reply.reply).toContain('**Tests:** 4 of 4 passed after 1 iteration, run in the sandbox before delivery.')
    expect(reply.reply).not.toContain('tested templates')

    // Four planning calls, each with its own bounded prompt, and the clarification's decision (with ask_user, which it did not call),
    // then the development loop's three turns with the tools; all ask for usage.
    expect(fake.completions).toHaveLength(8)
    type Sent = { model: string; max_tokens: number; stream_options: unknown; tools?: { function: { name: string } }[]; messages: { role: string }[] }
    const sent = fake.completions.map((request) => request.body as Sent)
    const planning = sent.filter((request) => request.tools === undefined)
    const deciding = sent.filter((request) => request.tools?.[0]?.function.name === 'ask_user')
    const development = sent.filter((request) => request.tools !== undefined && !deciding.includes(request))
    expect(planning).toHaveLength(4)
    expect(deciding).toHaveLength(1)
    expect(deciding[0]?.tools).toHaveLength(1)
    expect(sent.slice(0, 5).filter((request) => request.tools === undefined)).toEqual(planning)
    expect(sent[1]).toBe(deciding[0])
    for (const request of planning) {
      expect(request.model).toBe('fake-small')
      expect(request.max_tokens).toBeLessThanOrEqual(NOTES_MAX_TOKENS)
      expect(request.stream_options).toEqual({ include_usage: true })
      expect(request.messages.map((message) => message.role)).toEqual(['system', 'user'])
    }
    expect(development).toHaveLength(3)
    for (const request of development) {
      expect(request.model).toBe('fake-small')
      // A turn with the tools may write a whole file: a larger answer than a stage's notes.
      expect(request.max_tokens).toBe(DEFAULT_MAX_ANSWER_TOKENS)
      expect(request.max_tokens).toBeGreaterThan(NOTES_MAX_TOKENS)
      expect(request.stream_options).toEqual({ include_usage: true })
      expect(request.tools?.map((tool) => tool.function.name)).toEqual(['list_files', 'read_file', 'write_file', 'delete_file', 'run_tests', 'finish'])
    }
    expect(development.map((request) => request.messages.map((message) => message.role))).toEqual([
      ['system', 'user'],
      ['system', 'user', 'assistant', 'tool', 'tool'],
      ['system', 'user', 'assistant', 'tool', 'tool', 'assistant', 'tool'],
    ])

    const entries = await unzip((await app.inject({ method: 'GET', url: reply.zipUrl, headers: alice })).rawPayload)
    const readme = entries.find((entry) => entry.name.endsWith('/README.md'))?.content.toString('utf8') ?? ''
    expect(entries.some((entry) => entry.name.endsWith('/index.js'))).toBe(true)
    expect(entries.find((entry) => entry.name.endsWith('/src/words.js'))?.content.toString('utf8')).toBe(WORDS)
    expect(entries.find((entry) => entry.name.endsWith('/test/words.test.js'))?.content.toString('utf8')).toBe(WORDS_TEST)
    expect(readme).toContain('## Notes from the planning stages (model: fake-small)')
    expect(readme).toContain('These planning notes were written by fake-small.')
    expect(readme).not.toContain('tested templates')
    expect(readme).toContain('- Assumes a single user')
    expect(readme).toContain('- Like lodash, but smaller')
    expect(readme).toContain('- index.js holds the functions')
    expect(readme).not.toContain('<script>')
    expect(readme).not.toMatch(/^# Big heading/m)

    const { rows } = await db.query<{ stage: string; prompt: number; completion: number }>(
      `select s.stage, s.prompt_tokens::int as prompt, s.completion_tokens::int as completion from build_stages s join builds b on b.id = s.build_id
       where b.session_id = $1 order by s.position`,
      [body.sessionId],
    )
    expect(rows.map((row) => row.stage)).toEqual([...STAGE_IDS])
    // The clarification's decision and its notes both count for it.
    const clarifying = { prompt_tokens: USAGE.ask.prompt_tokens + USAGE.clarify.prompt_tokens, completion_tokens: USAGE.ask.completion_tokens + USAGE.clarify.completion_tokens }
    expect(rows.slice(0, 4).map((row) => [row.prompt, row.completion])).toEqual(
      [USAGE.classify, clarifying, USAGE.market, USAGE.structure].map((usage) => [usage.prompt_tokens, usage.completion_tokens]),
    )
    // Development: every turn of the loop, as the model reported it (the finish too).
    const loop = [USAGE.write, USAGE.test, USAGE.finish]
    expect([rows[4]?.prompt, rows[4]?.completion]).toEqual([
      loop.reduce((sum, usage) => sum + usage.prompt_tokens, 0),
      loop.reduce((sum, usage) => sum + usage.completion_tokens, 0),
    ])
    // Assembly and delivery are counted by the tokenizer, as with overseer-local.
    expect(rows.slice(5).every((row) => row.prompt + row.completion > 0)).toBe(true)
    expect(rows.reduce((sum, row) => sum + row.prompt + row.completion, 0)).toBe(reply.usage.totalTokens)

    const info = (await logsOf(body.sessionId, 'INFO')).map((row) => row.message).join('\n')
    expect(info).toContain('Classified the request as a library')
    expect(info).toMatch(/Stage clarification finished: .*notes by fake-small: - Assumes a single user/)
    expect(info).toMatch(/Stage market_analysis finished: .*Like lodash/)
  })

  it('falls back to the keyword classifier, with a warning, when the answer is not a supported kind', async () => {
    fake.fallback = planner('It is probably a web app, or maybe an API.')
    const { body, reply } = await completedBuild(app, 'Build a REST API for invoices', 'fake-small')
    expect(reply.reply).toContain('**HTTP API**')
    // The loop started from the kind the keywords chose.
    expect(reply.reply).toContain("fake-small wrote the code for your request in 1 iteration of writing and testing, starting from Overseer's HTTP API template.")
    const warnings = await logsOf(body.sessionId, 'WARNING')
    expect(warnings).toContainEqual({ module: 'overseer-core', message: expect.stringContaining('not a supported kind: used the keyword classifier instead') as unknown })
  })

  it('ends the build with the mapped provider error when a stage call fails after retries, saving nothing', async () => {
    fake.fallback = planner('cli', { clarify: status(500) })
    const carol = await newVisitor(app)
    const body = buildRequest('Write a command line tool that counts words', { model: 'fake-small' })
    const events = await follow(body.sessionId, carol)

    const response = await sendBuild(app, carol, body)
    await events.ended
    const message = `The build failed at the clarification stage: ${PROVIDER_MESSAGES.failed(500)}`
    expect(response.statusCode).toBe(500)
    expect(response.json()).toMatchObject({ success: false, message, sessionId: body.sessionId, status: 'error' })
    expect(events.errors).toEqual([{ sessionId: body.sessionId, message }])
    // The classification, the clarification's decision, then three attempts at its notes (the provider's own retries).
    expect(fake.completions).toHaveLength(5)
    expect((await history(app, carol)).data[0]).toMatchObject({ status: 'error', response: '', error: message })
    expect(await storedArchive(db, { sessionId: body.sessionId })).toEqual(NO_ARCHIVE)
    const { rows } = await db.query<{ stage: string; status: string }>(
      `select s.stage, s.status from build_stages s join builds b on b.id = s.build_id where b.session_id = $1 order by s.position`,
      [body.sessionId],
    )
    expect(rows).toEqual([
      { stage: 'classification', status: 'completed' },
      { stage: 'clarification', status: 'error' },
    ])
  })

  it('builds with overseer-local exactly as before: no model call, no notes', async () => {
    const { visitor: dave, reply } = await completedBuild(app, 'Build a todo web app')
    expect(reply.model).toBe('overseer-local')
    expect(reply.reply).not.toContain('planning notes')
    expect(fake.completions).toHaveLength(0)
    const entries = await unzip((await app.inject({ method: 'GET', url: reply.zipUrl, headers: dave })).rawPayload)
    expect(entries.find((entry) => entry.name.endsWith('/README.md'))?.content.toString('utf8')).not.toContain('Notes from the planning stages')
  })

  it('parses the kind strictly and sanitizes notes', () => {
    expect(parseKind(' library\n')).toBe('library')
    expect(parseKind('"HTTP API".')).toBe('http-api')
    expect(parseKind('command-line tool')).toBe('cli')
    expect(parseKind('web-app or library')).toBeUndefined()
    expect(parseKind('A library.')).toBeUndefined()
    expect(sanitizeNotes('## Title\r\nline\u0000 <b>bold</b>\n\n\n\nend')).toBe('**Title**\nline bold\n\nend')
    expect(sanitizeNotes('x'.repeat(10_000)).length).toBeLessThanOrEqual(3_000)
  })
})

const REDIS_URL = process.env.TEST_REDIS_URL

/** The queue worker builds its own provider from the same OVERSEER_LLM_* settings. */
;(REDIS_URL ? describe : describe.skip)('builds with a model in a queue worker (pglite, TEST_REDIS_URL)', () => {
  it("classifies by the model's answer and writes its notes there too", async () => {
    const fake = await FakeLlm.start()
    const db = await openTestPglite()
    const builds = await buildConfig()
    const chat = fakeModelChatConfig(fake.baseUrl, 2_000)
    const redis = { redisUrl: REDIS_URL as string, redisPrefix: `overseer-test-${randomUUID()}` }
    const app = await buildTestApp(db, { ...chat, ...builds, ...redis })
    const worker = await startBuildWorker({
      config: { ...testConfig(), ...chat, ...builds, ...redis },
      db,
      buildsIn: createBuildRepository,
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
    })
    try {
      fake.fallback = planner('library')
      const { visitor, reply } = await completedBuild(app, 'Build a todo web app', 'fake-small')
      expect(reply.reply).toContain('**library**')
      expect(reply.reply).toContain('fake-small wrote the code for your request in 1 iteration')
      expect(reply.reply).toContain('**Tests:** 4 of 4 passed after 1 iteration, run in the sandbox before delivery.')
      const entries = await unzip((await app.inject({ method: 'GET', url: reply.zipUrl, headers: visitor })).rawPayload)
      expect(entries.find((entry) => entry.name.endsWith('/README.md'))?.content.toString('utf8')).toContain('## Notes from the planning stages (model: fake-small)')
      expect(entries.find((entry) => entry.name.endsWith('/src/words.js'))?.content.toString('utf8')).toBe(WORDS)
    } finally {
      await app.close()
      await worker.close()
      await db.close()
      await fake.close()
    }
  })
})
