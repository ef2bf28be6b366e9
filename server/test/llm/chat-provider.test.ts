import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { OpenAiProvider, parseRetryAfter, PROVIDER_MESSAGES, trimHistory, type OpenAiProviderOptions } from '../../src/llm/providers/openai'
import { ProviderError, type Completion, type CompletionOptions } from '../../src/llm/types'
import type { Database } from '../../src/db'
import { buildTestApp, databasesUnderTest, SETUP_TIMEOUT_MS } from '../helper'
import { chatConfig, history, newVisitor, question, sendChat, type ChatReplyBody } from '../support/chat'
import { FakeLlm, hang, json, stall, status, streamError, streamed } from '../support/fakeLlm'

const ASK = { model: 'fake-small', messages: [{ role: 'user' as const, content: 'How do I deploy Overseer?' }] }

describe('OpenAI-compatible provider', () => {
  let fake: FakeLlm

  beforeAll(async () => {
    fake = await FakeLlm.start()
  }, SETUP_TIMEOUT_MS)

  afterAll(async () => {
    await fake.close()
  })

  beforeEach(() => fake.reset())

  const provider = (options: Partial<OpenAiProviderOptions> = {}) =>
    new OpenAiProvider({
      baseUrl: fake.baseUrl,
      apiKey: 'sk-test',
      models: undefined,
      timeoutMs: 2_000,
      providerName: 'Fake AI',
      backoffMs: 10,
      ...options,
    })

  const run = async (
    target: OpenAiProvider,
    signal: AbortSignal = new AbortController().signal,
    onDelta: CompletionOptions['onDelta'] = () => undefined,
  ): Promise<Completion> => target.complete(ASK, { signal, onDelta })

  const failure = async (promise: Promise<unknown>): Promise<ProviderError> => {
    const error = await promise.then(
      () => undefined,
      (caught: unknown) => caught,
    )
    expect(error).toBeInstanceOf(ProviderError)
    return error as ProviderError
  }

  it('streams the reply, sending the model, the messages, stream:true and the key', async () => {
    const deltas: string[] = []
    const target = provider({ systemPrompt: () => 'Be helpful.' })
    const result = await run(target, undefined, (delta) => deltas.push(delta))
    expect(result).toMatchObject({ content: 'Hello from the fake model.', stopped: false })
    expect(deltas).toEqual(['Hello', ' from', ' the', ' fake', ' model.'])
    const [request] = fake.completions
    expect(request?.body).toEqual({
      model: 'fake-small',
      stream: true,
      messages: [
        { role: 'system', content: 'Be helpful.' },
        { role: 'user', content: 'How do I deploy Overseer?' },
      ],
    })
    expect(request?.headers.authorization).toBe('Bearer sk-test')
    expect(result.prompt).toHaveLength(2)
  })

  it('sends no Authorization header without a key', async () => {
    await run(provider({ apiKey: undefined }))
    expect(fake.completions[0]?.headers.authorization).toBeUndefined()
  })

  it('reads a plain JSON answer from a server that does not stream', async () => {
    fake.enqueue(json('A whole answer.'))
    const deltas: string[] = []
    expect(await run(provider(), undefined, (delta) => deltas.push(delta))).toMatchObject({ content: 'A whole answer.' })
    expect(deltas).toEqual(['A whole answer.'])
  })

  it('retries a 429, waiting as long as Retry-After says', async () => {
    fake.enqueue(status(429, { 'retry-after': '1' }))
    const started = Date.now()
    const result = await run(provider())
    expect(Date.now() - started).toBeGreaterThanOrEqual(900)
    expect(result.content).toBe('Hello from the fake model.')
    expect(fake.completions).toHaveLength(2)
  })

  it('retries 5xx answers with exponential backoff, then gives up with a clear error', async () => {
    fake.enqueue(status(500), status(502), status(503))
    const logged: object[] = []
    const error = await failure(provider({ backoffMs: 50, log: { warn: (details) => logged.push(details) } }).complete(ASK, {
      signal: new AbortController().signal,
      onDelta: () => undefined,
    }))
    expect(error.status).toBe(502)
    expect(error.message).toBe(PROVIDER_MESSAGES.failed(503))
    expect(error.details.providerStatus).toBe(503)
    expect(fake.completions).toHaveLength(3)
    expect(logged).toEqual([
      expect.objectContaining({ attempt: 1, waitMs: 50, providerStatus: 500 }),
      expect.objectContaining({ attempt: 2, waitMs: 100, providerStatus: 502 }),
    ])
  })

  it('recovers when a retry succeeds', async () => {
    fake.enqueue(status(503), status(500))
    expect((await run(provider())).content).toBe('Hello from the fake model.')
    expect(fake.completions).toHaveLength(3)
  })

  it('fails at once when Retry-After is longer than it will wait, passing the wait on', async () => {
    fake.enqueue(status(429, { 'retry-after': '120' }))
    const error = await failure(run(provider()))
    expect(error).toMatchObject({ status: 503, message: PROVIDER_MESSAGES.busy })
    expect(error.details.retryAfterSeconds).toBe(120)
    expect(fake.completions).toHaveLength(1)
  })

  it('does not retry a refusal (4xx)', async () => {
    fake.enqueue(status(401))
    const error = await failure(run(provider()))
    expect(error).toMatchObject({ status: 502, message: PROVIDER_MESSAGES.rejected(401) })
    expect(fake.completions).toHaveLength(1)
  })

  it('times out a provider that does not answer, without retrying', async () => {
    fake.enqueue(hang())
    const started = Date.now()
    const error = await failure(run(provider({ timeoutMs: 300 })))
    expect(error).toMatchObject({ status: 504, message: PROVIDER_MESSAGES.timeout })
    expect(Date.now() - started).toBeGreaterThanOrEqual(280)
    expect(Date.now() - started).toBeLessThan(2_000)
    expect(fake.completions).toHaveLength(1)
  })

  it('times out a stream that goes quiet', async () => {
    fake.enqueue(stall(['Partial']))
    const error = await failure(run(provider({ timeoutMs: 300 })))
    expect(error.status).toBe(504)
  })

  it('keeps streaming while chunks arrive within the timeout', async () => {
    fake.enqueue(streamed(['a', 'b', 'c', 'd', 'e'], { delayMs: 120 }))
    expect((await run(provider({ timeoutMs: 300 }))).content).toBe('abcde')
  })

  it('reports an error sent inside the stream', async () => {
    fake.enqueue(streamError('model overloaded'))
    const error = await failure(run(provider()))
    expect(error).toMatchObject({ status: 502, message: PROVIDER_MESSAGES.streamError('model overloaded') })
  })

  it('retries, then reports, a provider it cannot reach', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    const logged: object[] = []
    const error = await failure(
      provider({ baseUrl: `http://127.0.0.1:${port}/v1`, log: { warn: (details) => logged.push(details) } }).complete(ASK, {
        signal: new AbortController().signal,
        onDelta: () => undefined,
      }),
    )
    expect(error).toMatchObject({ status: 502, message: PROVIDER_MESSAGES.unreachable })
    expect(logged).toHaveLength(2)
  })

  it('stops mid-stream when asked, keeping what it has', async () => {
    fake.enqueue(streamed(['one', ' two', ' three', ' four', ' five'], { delayMs: 60 }))
    const controller = new AbortController()
    const deltas: string[] = []
    const result = await run(provider(), controller.signal, (delta) => {
      deltas.push(delta)
      if (deltas.length === 2) controller.abort()
    })
    expect(result).toMatchObject({ content: 'one two', stopped: true })
  })

  it('stops while waiting to retry', async () => {
    fake.enqueue(status(503, { 'retry-after': '5' }))
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 100)
    const result = await run(provider({ maxRetryAfterMs: 10_000 }), controller.signal)
    expect(result).toMatchObject({ content: '', stopped: true })
    expect(fake.completions).toHaveLength(1)
  })

  it('lists the configured models with their costs, without asking the provider', async () => {
    const target = provider({
      models: [
        { name: 'gpt-4o-mini', costPer1kTokens: 0.00015 },
        { name: 'local-llama', costPer1kTokens: null },
      ],
    })
    expect(await target.models()).toEqual({
      'gpt-4o-mini': expect.objectContaining({ costPer1kTokens: 0.00015, provider: 'Fake AI', source: 'openai-compatible' }) as unknown,
      'local-llama': expect.objectContaining({ costPer1kTokens: null, capabilities: expect.arrayContaining(['chat', 'streaming']) as unknown }) as unknown,
    })
    expect(fake.requests).toHaveLength(0)
  })

  it("lists the provider's own models, cached", async () => {
    const target = provider()
    expect(Object.keys(await target.models())).toEqual(['fake-small', 'fake-large'])
    await target.models()
    expect(fake.requests.filter((request) => request.path === '/v1/models')).toHaveLength(1)
  })

  it('lists no remote models while the provider cannot be reached', async () => {
    const target = provider({ baseUrl: 'http://127.0.0.1:9/v1', log: { warn: () => undefined } })
    expect(await target.models()).toEqual({})
  })

  it('reads Retry-After as seconds or a date', () => {
    expect(parseRetryAfter('3')).toBe(3000)
    expect(parseRetryAfter(new Date(Date.now() + 10_000).toUTCString())).toBeGreaterThan(8000)
    expect(parseRetryAfter('soon')).toBeUndefined()
    expect(parseRetryAfter(null)).toBeUndefined()
  })

  it('sends the latest messages that fit, always the question', () => {
    const messages = ['a'.repeat(60), 'b'.repeat(60), 'c'.repeat(60)].map((content) => ({ content }))
    expect(trimHistory(messages, 130).map((message) => message.content[0])).toEqual(['b', 'c'])
    expect(trimHistory(messages, 10).map((message) => message.content[0])).toEqual(['c'])
  })
})

describe.each(databasesUnderTest())('chat through an OpenAI-compatible provider on $name', ({ open }) => {
  let fake: FakeLlm
  let db: Database
  let app: FastifyInstance

  beforeAll(async () => {
    fake = await FakeLlm.start()
    db = await open()
    const base = chatConfig()
    app = await buildTestApp(
      db,
      chatConfig({
        llm: { baseUrl: fake.baseUrl, apiKey: 'sk-test', models: undefined, timeoutMs: 400, providerName: 'Fake AI' },
        defaultModel: 'fake-large',
        docsDir: base.chat.docsDir,
      }),
      { chat: { remote: { backoffMs: 10 } } },
    )
  }, SETUP_TIMEOUT_MS)

  afterAll(async () => {
    await app?.close()
    await db?.close()
    await fake?.close()
  })

  beforeEach(() => fake.reset())

  it('lists the provider’s models beside overseer-local, with the configured default', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/overseer-dev/models' })
    const { data } = response.json<{ data: { models: Record<string, { provider: string; source: string }>; currentOverseerModel: string } }>()
    expect(Object.keys(data.models)).toEqual(['overseer-local', 'fake-small', 'fake-large'])
    expect(data.models['fake-small']).toMatchObject({ provider: 'Fake AI', source: 'openai-compatible' })
    expect(data.currentOverseerModel).toBe('fake-large')
  })

  it('answers with the provider’s reply, grounded by a system prompt from the docs', async () => {
    const visitor = await newVisitor(app)
    const response = await sendChat(app, visitor, question('How do I scale out with Redis?', { model: 'fake-small' }))
    expect(response.statusCode).toBe(200)
    const body = response.json<ChatReplyBody>()
    expect(body).toMatchObject({ reply: 'Hello from the fake model.', model: 'fake-small', status: 'completed' })
    expect(body.usage.promptTokens).toBeGreaterThan(50)
    const sent = fake.completions[0]?.body as { messages: { role: string; content: string }[] }
    expect(sent.messages[0]?.role).toBe('system')
    expect(sent.messages[0]?.content).toContain('/docs/guides/deployment#scaling-out')
    expect((await history(app, visitor)).data[0]).toMatchObject({ status: 'completed', model: 'fake-small', response: 'Hello from the fake model.' })
  })

  it('uses the default model when the request names none', async () => {
    const response = await sendChat(app, await newVisitor(app), { messages: [{ role: 'user', content: 'Hi there, what can you do?' }] })
    expect(response.json<ChatReplyBody>().model).toBe('fake-large')
    expect((fake.completions[0]?.body as { model: string }).model).toBe('fake-large')
  })

  it('answers 502 when the provider keeps failing, and stores the conversation with status error and no reply', async () => {
    fake.enqueue(status(500), status(500), status(500))
    const visitor = await newVisitor(app)
    const response = await sendChat(app, visitor, question('Will this work?', { model: 'fake-small' }))
    expect(response.statusCode).toBe(502)
    const body = response.json<{ success: boolean; message: string; conversationId: string; status: string }>()
    expect(body).toEqual({ success: false, message: PROVIDER_MESSAGES.failed(500), conversationId: expect.any(String) as unknown, status: 'error' })
    expect(fake.completions).toHaveLength(3)

    const [item] = (await history(app, visitor)).data
    expect(item).toMatchObject({
      id: body.conversationId,
      status: 'error',
      error: PROVIDER_MESSAGES.failed(500),
      messages: [{ role: 'user', content: 'Will this work?' }],
      response: '',
      messageCount: 1,
    })
    const { rows } = await db.query(`select 1 from chat_messages where conversation_id = $1 and role = 'assistant'`, [body.conversationId])
    expect(rows).toEqual([])

    // The conversation can go on after the error.
    const retry = await sendChat(app, visitor, question('Will this work now?', { model: 'fake-small', conversationId: body.conversationId }))
    expect(retry.statusCode).toBe(200)
    expect((await history(app, visitor)).data[0]).toMatchObject({
      status: 'completed',
      messageCount: 3,
      messages: [
        { role: 'user', content: 'Will this work?' },
        { role: 'user', content: 'Will this work now?' },
      ],
    })
  })

  it('stores nothing of a reply that broke off half way', async () => {
    fake.enqueue(stall(['Half an ', 'answer']))
    const visitor = await newVisitor(app)
    const response = await sendChat(app, visitor, question('Tell me everything', { model: 'fake-small' }))
    expect(response.statusCode).toBe(504)
    expect(response.json()).toMatchObject({ success: false, message: PROVIDER_MESSAGES.timeout, status: 'error' })
    expect((await history(app, visitor)).data[0]).toMatchObject({ status: 'error', response: '', messageCount: 1 })
  })

  it('answers 503 with Retry-After when the provider is rate limiting for long', async () => {
    fake.enqueue(status(429, { 'retry-after': '90' }))
    const response = await sendChat(app, await newVisitor(app), question('Busy?', { model: 'fake-small' }))
    expect(response.statusCode).toBe(503)
    expect(response.headers['retry-after']).toBe('90')
    expect(response.json()).toMatchObject({ message: PROVIDER_MESSAGES.busy, status: 'error' })
  })

  it('answers 504 when the provider does not answer in time', async () => {
    fake.enqueue(hang())
    const response = await sendChat(app, await newVisitor(app), question('Anyone there?', { model: 'fake-small' }))
    expect(response.statusCode).toBe(504)
  })

  it('still answers with overseer-local', async () => {
    const response = await sendChat(app, await newVisitor(app), question('Hello'))
    expect(response.json<ChatReplyBody>().model).toBe('overseer-local')
    expect(fake.completions).toHaveLength(0)
  })
})
