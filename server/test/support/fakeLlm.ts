import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { own, starting } from './lifecycle'

/** What the fake saw of one request. */
export interface SeenRequest {
  method: string
  path: string
  headers: IncomingMessage['headers']
  body: unknown
}

export type FakeHandler = (request: SeenRequest, response: ServerResponse) => void | Promise<void>

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Token usage as the provider reports it (OpenAI's `usage` object). */
export interface FakeUsage {
  prompt_tokens: number
  completion_tokens: number
}

/** Streams `pieces` as OpenAI chat-completion chunks, then (with `usage`) a usage chunk, then `[DONE]`. */
export const streamed =
  (pieces: string[], { delayMs = 0, done = true, usage }: { delayMs?: number; done?: boolean; usage?: FakeUsage } = {}): FakeHandler =>
  async (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
    response.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { role: 'assistant' } }] })}\n\n`)
    for (const piece of pieces) {
      if (delayMs) await sleep(delayMs)
      if (response.destroyed) return
      response.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: piece } }] })}\n\n`)
    }
    if (usage) response.write(`data: ${JSON.stringify({ choices: [], usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } })}\n\n`)
    if (done) response.write('data: [DONE]\n\n')
    response.end()
  }

/** Answers with one JSON body, as a server that ignores `stream: true` does. */
export const json =
  (content: string, usage?: FakeUsage): FakeHandler =>
  (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content } }], ...(usage && { usage }) }))
  }

export const status =
  (code: number, headers: Record<string, string> = {}, body = '{"error":{"message":"fake failure"}}'): FakeHandler =>
  (_request, response) => {
    response.writeHead(code, { 'content-type': 'application/json', ...headers })
    response.end(body)
  }

/** Never answers (until the fake closes). */
export const hang = (): FakeHandler => () => new Promise<void>(() => undefined)

/** Sends the first pieces, then goes quiet. */
export const stall =
  (pieces: string[]): FakeHandler =>
  (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream' })
    for (const piece of pieces) response.write(`data: ${JSON.stringify({ choices: [{ delta: { content: piece } }] })}\n\n`)
    return new Promise<void>(() => undefined)
  }

/** Reports an error inside the stream, as some servers do. */
export const streamError =
  (message: string): FakeHandler =>
  (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream' })
    response.end(`data: ${JSON.stringify({ error: { message } })}\n\n`)
  }

/**
 * A small OpenAI-compatible server on 127.0.0.1 for tests: `GET /v1/models` lists `models`;
 * `POST /v1/chat/completions` answers with the next queued handler, else `fallback`.
 */
export class FakeLlm {
  readonly requests: SeenRequest[] = []
  models: string[] = ['fake-small', 'fake-large']
  fallback: FakeHandler = streamed(['Hello', ' from', ' the', ' fake', ' model.'])
  private readonly queue: FakeHandler[] = []

  private readonly owned = own(async () => {
    this.server.closeAllConnections()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  })

  private constructor(private readonly server: Server) {}

  /** A fake listening on a free loopback port; the test file owns it until it is closed. */
  static start(): Promise<FakeLlm> {
    return starting(async () => {
      const server = createServer()
      const fake = new FakeLlm(server)
      server.on('request', (request: IncomingMessage, response: ServerResponse) => {
        void fake.handle(request, response)
      })
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      return fake
    })
  }

  /** The base URL, as OVERSEER_LLM_BASE_URL takes it. */
  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`
  }

  get completions(): SeenRequest[] {
    return this.requests.filter((request) => request.path === '/v1/chat/completions')
  }

  /** The handlers for the next chat requests, in order. */
  enqueue(...handlers: FakeHandler[]): void {
    this.queue.push(...handlers)
  }

  reset(): void {
    this.requests.length = 0
    this.queue.length = 0
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const text = Buffer.concat(chunks).toString('utf8')
    const seen: SeenRequest = {
      method: request.method ?? '',
      path: request.url ?? '',
      headers: request.headers,
      body: text ? (JSON.parse(text) as unknown) : undefined,
    }
    this.requests.push(seen)
    if (seen.method === 'GET' && seen.path === '/v1/models') {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ object: 'list', data: this.models.map((id) => ({ id, object: 'model' })) }))
      return
    }
    if (seen.method === 'POST' && seen.path === '/v1/chat/completions') {
      await (this.queue.shift() ?? this.fallback)(seen, response)
      return
    }
    response.writeHead(404).end()
  }

  close(): Promise<void> {
    return this.owned.close()
  }
}

/**
 * Scripted answers by prompt: the handler of the first pattern found in the request's messages
 * (system prompt included), else `otherwise`.
 */
export const byPrompt =
  (routes: readonly (readonly [RegExp, FakeHandler])[], otherwise: FakeHandler = status(404)): FakeHandler =>
  (request, response) => {
    const { messages = [] } = (request.body ?? {}) as { messages?: { content?: unknown }[] }
    const text = messages.map((message) => (typeof message.content === 'string' ? message.content : '')).join('\n')
    const route = routes.find(([pattern]) => pattern.test(text))
    return (route?.[1] ?? otherwise)(request, response)
  }

/** What the development loop's system prompt says first: how the fake tells its calls from the planning stages'. */
export const DEVELOPER_PROMPT = /^You are a software developer\./

/**
 * A scripted conversation with tools: each request is answered by the step at the number of the
 * model's answers it already holds (the first call by step 0, the call after one answer by step
 * 1, …), past the script by `otherwise`. It keeps no state of its own, so it plays any number
 * of conversations at once, whatever else the fake answers in between.
 */
export const byTurn =
  (steps: readonly FakeHandler[], otherwise: FakeHandler = status(500, {}, '{"error":{"message":"the script has no more answers"}}')): FakeHandler =>
  (request, response) => {
    const { messages = [] } = (request.body ?? {}) as { messages?: { role?: unknown }[] }
    const turn = messages.filter((message) => message.role === 'assistant').length
    return (steps[turn] ?? otherwise)(request, response)
  }

/** A tool call the fake model makes: its arguments as an object (sent as JSON text) or as raw text. */
export interface FakeToolCall {
  name: string
  arguments: Record<string, unknown> | string
  id?: string
}

let fakeCallIds = 0

const callText = (call: FakeToolCall) => ({
  id: call.id ?? `call_fake_${++fakeCallIds}`,
  name: call.name,
  arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments),
})

/** Answers with tool calls in one JSON body (`choices[0].message.tool_calls`, `content: null`), as a server that does not stream. */
export const jsonToolCalls =
  (calls: FakeToolCall[], { usage, content = null }: { usage?: FakeUsage; content?: string | null } = {}): FakeHandler =>
  (_request, response) => {
    const toolCalls = calls.map(callText).map((call) => ({ id: call.id, type: 'function', function: { name: call.name, arguments: call.arguments } }))
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(
      JSON.stringify({
        choices: [{ index: 0, message: { role: 'assistant', content, tool_calls: toolCalls }, finish_reason: 'tool_calls' }],
        ...(usage && { usage }),
      }),
    )
  }

/**
 * Streams tool calls the way OpenAI does, in pieces: for each call a first chunk with its
 * `index`, `id` and the first part of the name, a chunk with the rest of the name, then the
 * arguments' JSON text in pieces of `pieceSize` characters; with `interleave`, the calls'
 * pieces alternate. Then `finish_reason: 'tool_calls'`, the usage chunk (with `usage`), `[DONE]`.
 */
export const streamedToolCalls =
  (calls: FakeToolCall[], { usage, pieceSize = 7, interleave = false, content }: { usage?: FakeUsage; pieceSize?: number; interleave?: boolean; content?: string } = {}): FakeHandler =>
  (_request, response) => {
    const chunk = (delta: object, finish: string | null = null) => `data: ${JSON.stringify({ choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`
    const perCall = calls.map(callText).map((call, index) => {
      const half = Math.ceil(call.name.length / 2)
      const pieces: object[] = [
        { index, id: call.id, type: 'function', function: { name: call.name.slice(0, half), arguments: '' } },
        { index, function: { name: call.name.slice(half) } },
      ]
      for (let at = 0; at < call.arguments.length; at += pieceSize) pieces.push({ index, function: { arguments: call.arguments.slice(at, at + pieceSize) } })
      return pieces
    })
    const ordered: object[] = []
    if (interleave) {
      for (let round = 0; perCall.some((pieces) => pieces.length > round); round += 1) {
        for (const pieces of perCall) {
          const piece = pieces[round]
          if (piece) ordered.push(piece)
        }
      }
    } else {
      ordered.push(...perCall.flat())
    }
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
    response.write(chunk({ role: 'assistant', ...(content !== undefined && { content }) }))
    for (const piece of ordered) response.write(chunk({ tool_calls: [piece] }))
    response.write(chunk({}, 'tool_calls'))
    if (usage) response.write(`data: ${JSON.stringify({ choices: [], usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } })}\n\n`)
    response.end('data: [DONE]\n\n')
  }

const SUM_SOURCE = "'use strict'\n\nconst sum = (a, b) => a + b\n\nmodule.exports = { sum }\n"
const SUM_TEST_SOURCE =
  "'use strict'\n\nconst test = require('node:test')\nconst assert = require('node:assert/strict')\nconst { sum } = require('../src/sum')\n\ntest('sum adds', () => {\n  assert.equal(sum(2, 3), 5)\n})\n"

/** A development loop that writes `sum(a, b)` (adding, or with `broken` subtracting) with its test, runs the tests and, when they pass, finishes. */
const writesSum = (broken = false): FakeHandler =>
  byTurn([
    streamedToolCalls([
      { name: 'write_file', arguments: { path: 'src/sum.js', content: broken ? SUM_SOURCE.replace('a + b', 'a - b') : SUM_SOURCE } },
      { name: 'write_file', arguments: { path: 'test/sum.test.js', content: SUM_TEST_SOURCE } },
    ]),
    streamedToolCalls([{ name: 'run_tests', arguments: {} }]),
    streamedToolCalls([{ name: 'finish', arguments: { summary: 'Added sum(a, b).' } }]),
  ])

/** A model that classifies the request as a library and writes a note for each planning stage; its development calls go to `development`. */
const sumLibraryModel = (development: FakeHandler): FakeHandler =>
  byPrompt([[DEVELOPER_PROMPT, development], [/You classify requests/, streamed(['library'])]], streamed(['- Assumes numbers in, a number out']))

/**
 * A model for a build whose process dies in its development stage: it classifies the request as a
 * library and writes a note for each planning stage; its first development call never answers
 * (`development` settles when it comes), and the next attempt writes `sum(a, b)` with its test,
 * runs it and finishes.
 */
export const diesInDevelopment = (): { handler: FakeHandler; development: Promise<void> } => {
  let calls = 0
  let reached: () => void = () => undefined
  const development = new Promise<void>((resolve) => (reached = resolve))
  const resumed = writesSum()
  const handler = sumLibraryModel((request, response) => {
    calls += 1
    if (calls > 1) return resumed(request, response)
    reached()
    return hang()(request, response)
  })
  return { handler, development }
}

/**
 * A model for a build whose development fails until `fix()`: a library as above, whose
 * development loop writes a `sum(a, b)` that subtracts and tests it (with BUILD_MAX_ITERATIONS=1
 * its budget is spent: the build fails, and can be retried from development); after `fix()` it
 * writes one that adds, and finishes.
 */
export const failsInDevelopment = (): { handler: FakeHandler; fix: () => void } => {
  let broken = true
  const failing = writesSum(true)
  const working = writesSum()
  return { handler: sumLibraryModel((request, response) => (broken ? failing : working)(request, response)), fix: () => (broken = false) }
}
