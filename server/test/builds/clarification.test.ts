import type { FastifyInstance } from 'fastify'
import type { Socket } from 'socket.io-client'
import type { BuildEvent } from '@contracts/buildEvents'
import type { ClarificationEvent, BuildMessageEvent } from '@contracts/socket'
import type { Database } from '../../src/db'
import { CLARIFICATION_MESSAGES } from '../../src/pipeline/clarify'
import { buildTestApp, openTestPglite, SETUP_TIMEOUT_MS } from '../helper'
import { buildConfig, buildRequest, sendBuild, unzip, type BuildReplyBody } from '../support/builds'
import { chatConfig, fakeModelChatConfig, history, newVisitor, type Headers } from '../support/chat'
import { byPrompt, DEVELOPER_PROMPT, FakeLlm, streamed, streamedToolCalls } from '../support/fakeLlm'
import { CLEAR_REQUESTS, VAGUE_REQUESTS } from '../support/requests'
import { connectSocket, followBuild } from '../support/sockets'

interface AskedBody extends BuildReplyBody {
  questions?: { question: string; suggestions: string[] }[]
}

interface StateBody {
  data: { status: string; message: string; stage: string; questions?: { question: string; suggestions: string[] }[]; zipUrl?: string }
}

const answer = (app: FastifyInstance, headers: Headers, sessionId: string, payload: unknown) =>
  app.inject({ method: 'POST', url: `/api/overseer/builds/${sessionId}/answers`, headers, payload: payload as Record<string, unknown> })

const stateOf = async (app: FastifyInstance, headers: Headers, sessionId: string) =>
  (await app.inject({ method: 'GET', url: `/api/overseer/builds/${sessionId}`, headers })).json<StateBody>()

const eventsOf = async (app: FastifyInstance, headers: Headers, sessionId: string): Promise<BuildEvent[]> =>
  (await app.inject({ method: 'GET', url: `/api/overseer/builds/${sessionId}/events`, headers })).json<{ data: { events: BuildEvent[] } }>().data.events

describe('a build that asks before it guesses (offline)', () => {
  let db: Database
  let app: FastifyInstance
  let quick: FastifyInstance
  const clients: Socket[] = []

  beforeAll(async () => {
    db = await openTestPglite()
    app = await buildTestApp(db, { ...chatConfig(), ...(await buildConfig()) })
    // Questions left unanswered for a moment are withdrawn.
    quick = await buildTestApp(db, { ...chatConfig(), ...(await buildConfig({ clarificationTimeoutMs: 300 })) })
    await app.listen({ port: 0, host: '127.0.0.1' })
    await quick.listen({ port: 0, host: '127.0.0.1' })
  }, SETUP_TIMEOUT_MS)

  afterAll(async () => {
    for (const client of clients) client.disconnect()
    await app?.close()
    await quick?.close()
    await db?.close()
  })

  /** A vague request by a new visitor, followed on a socket: the build answers with its questions. */
  const ask = async (target: FastifyInstance, request = 'Build me an app for my business') => {
    const visitor = await newVisitor(target)
    const socket = await connectSocket(target, { headers: visitor }, clients)
    const body = buildRequest(request)
    const followed = await followBuild(socket, body.sessionId)
    const clarification = new Promise<ClarificationEvent>((resolve) => socket.once('clarification', resolve))
    const stopped = new Promise<BuildMessageEvent>((resolve) => socket.once('stopped', resolve))
    const response = await sendBuild(target, visitor, body)
    expect(response.statusCode).toBe(200)
    return { visitor, sessionId: body.sessionId, reply: response.json<AskedBody>(), clarification, stopped, followed }
  }

  it('asks a vague request 1 to 3 questions with suggestions, says so to the room and in its state, and builds nothing yet', async () => {
    const { visitor, sessionId, reply, clarification, followed } = await ask(app)
    expect(reply.zipUrl).toBeUndefined()
    expect(reply.questions?.length).toBeGreaterThanOrEqual(1)
    expect(reply.questions?.length).toBeLessThanOrEqual(3)
    expect(reply.reply).toContain(CLARIFICATION_MESSAGES.intro)
    for (const question of reply.questions ?? []) expect(reply.reply).toContain(question.question)
    expect((await clarification).questions).toEqual(reply.questions)
    expect(followed.progress.at(-1)?.message).toBe(CLARIFICATION_MESSAGES.waiting)

    const state = await stateOf(app, visitor, sessionId)
    expect(state.data).toMatchObject({ status: 'running', stage: 'clarification', message: CLARIFICATION_MESSAGES.waiting, questions: reply.questions })
    // The conversation keeps the questions as the reply.
    expect((await history(app, visitor)).data[0]).toMatchObject({ status: 'completed', response: reply.reply })
    const asked = (await eventsOf(app, visitor, sessionId)).filter((event) => event.type === 'clarification_asked')
    expect(asked).toHaveLength(1)
  })

  it.each(['Create a REST API for a library with books, members and loans', 'Build a CLI that converts CSV files to JSON'])('never asks a clear request: %s', async (request) => {
    const visitor = await newVisitor(app)
    const response = await sendBuild(app, visitor, buildRequest(request))
    expect(response.statusCode).toBe(200)
    const body = response.json<AskedBody>()
    expect(body.questions).toBeUndefined()
    expect(body.zipUrl).toBeDefined()
  })

  it('builds on the answers: they are a message of the conversation, the request the README restates and the reply; a second reply finds nothing asked', async () => {
    const { visitor, sessionId, reply } = await ask(app, 'Create something cool')
    const questions = reply.questions ?? []
    const answers = questions.map((question) => (/web app|HTTP API/.test(question.question) ? 'An HTTP API' : /keep track/.test(question.question) ? 'Customers and orders' : ''))
    const socket = await connectSocket(app, { headers: visitor }, clients)
    const followed = await followBuild(socket, sessionId)
    const response = await answer(app, visitor, sessionId, { answers })
    expect(response.statusCode).toBe(200)
    const built = response.json<BuildReplyBody>()
    await followed.ended
    expect(built.zipUrl).toBeDefined()
    expect(built.reply).toContain('**HTTP API**')
    expect(built.reply).toContain('**Built on your answers:**')
    expect(built.reply).toContain('Customers and orders')

    const entries = await unzip((await app.inject({ method: 'GET', url: built.zipUrl, headers: visitor })).rawPayload)
    const readme = entries.find((entry) => entry.name.endsWith('/README.md'))?.content.toString('utf8') ?? ''
    expect(readme).toContain('It should keep track of customers and orders.')
    expect(entries.some((entry) => /\/test\/orders?\./.test(entry.name) || entry.content.toString('utf8').includes('/orders'))).toBe(true)

    const conversation = (await history(app, visitor)).data[0]
    expect(conversation?.messages.at(-1)?.content).toContain('Customers and orders')
    const types = (await eventsOf(app, visitor, sessionId)).map((event) => event.type)
    expect(types.indexOf('clarification_asked')).toBeLessThan(types.indexOf('clarification_answered'))
    expect(types.at(-1)).toBe('stage_ended')
    expect((await stateOf(app, visitor, sessionId)).data).toMatchObject({ status: 'completed' })
    expect((await stateOf(app, visitor, sessionId)).data.questions).toBeUndefined()

    expect((await answer(app, visitor, sessionId, { answers })).statusCode).toBe(409)
  })

  it("builds on the stated assumptions when told 'Just build it'", async () => {
    const { visitor, sessionId } = await ask(app)
    const response = await answer(app, visitor, sessionId, { skip: true })
    expect(response.statusCode).toBe(200)
    const built = response.json<BuildReplyBody>()
    expect(built.zipUrl).toBeDefined()
    expect(built.reply).toContain("**Built without answers** ('Just build it')")
  })

  it('answers only the owner, with one answer per question, and refuses what is not an answer', async () => {
    const { visitor, sessionId, reply } = await ask(app)
    expect((await answer(app, await newVisitor(app), sessionId, { skip: true })).statusCode).toBe(404)
    const count = reply.questions?.length ?? 0
    // One answer fewer than the questions (or one more, for a single question).
    const wrongCount = await answer(app, visitor, sessionId, { answers: Array.from({ length: count === 1 ? 2 : count - 1 }, () => 'x') })
    expect(wrongCount.statusCode).toBe(400)
    expect(wrongCount.json<{ message: string }>().message).toBe(CLARIFICATION_MESSAGES.answerCount(count))
    for (const payload of [{}, { answers: [] }, { skip: false }, { answers: ['x'.repeat(501)] }, { answers: 'x' }, { skip: true, answers: ['x'] }]) {
      expect((await answer(app, visitor, sessionId, payload)).statusCode).toBe(400)
    }
    // Nothing refused took the questions: they can still be answered.
    expect((await stateOf(app, visitor, sessionId)).data.questions).toEqual(reply.questions)
    const unasked = await newVisitor(app)
    const built = await sendBuild(app, unasked, buildRequest('Build a todo web app'))
    expect((await answer(app, unasked, built.json<BuildReplyBody>().sessionId, { skip: true })).statusCode).toBe(409)
  })

  it('stops a build whose questions go unanswered, and says why', async () => {
    const { visitor, sessionId, stopped } = await ask(quick)
    const { message } = await stopped
    expect(message).toBe(CLARIFICATION_MESSAGES.timedOut('0.3 seconds'))
    expect((await stateOf(quick, visitor, sessionId)).data).toMatchObject({ status: 'stopped', message })
    expect((await answer(quick, visitor, sessionId, { skip: true })).statusCode).toBe(409)
  })

  it('lets its owner stop a build that waits for answers', async () => {
    const { visitor, sessionId } = await ask(app)
    const stop = await app.inject({ method: 'POST', url: `/api/overseer-dev/sessions/${sessionId}/stop`, headers: visitor })
    expect(stop.json()).toMatchObject({ success: true, stopped: true, status: 'stopped' })
    expect((await answer(app, visitor, sessionId, { skip: true })).statusCode).toBe(409)
  })
})

describe('a build whose model decides what to ask (ask_user)', () => {
  let fake: FakeLlm
  let db: Database
  let app: FastifyInstance

  const QUESTIONS = [{ question: 'Which currency should prices use?', suggestions: ['Euro', 'US dollar'] }]
  const ASK_USER = /You review a request for software/

  beforeAll(async () => {
    fake = await FakeLlm.start()
    db = await openTestPglite()
    app = await buildTestApp(db, { ...fakeModelChatConfig(fake.baseUrl, 2_000), ...(await buildConfig()) }, { chat: { remote: { backoffMs: 10 } } })
  }, SETUP_TIMEOUT_MS)

  afterAll(async () => {
    await app?.close()
    await db?.close()
    await fake?.close()
  })

  /** The model: it classifies as a web app, decides with `decide`, writes short notes, and fails development (enough to see the questions go through). */
  const model = (decide: ReturnType<typeof streamed>) =>
    byPrompt([[DEVELOPER_PROMPT, streamed(['no tools here'])], [/You classify requests/, streamed(['web-app'])], [ASK_USER, decide]], streamed(['- a note']))

  it('asks what the model asks through ask_user, even of a request the offline rules find clear', async () => {
    fake.fallback = model(streamedToolCalls([{ name: 'ask_user', arguments: { questions: QUESTIONS } }]))
    const visitor = await newVisitor(app)
    const response = await sendBuild(app, visitor, buildRequest('Build a price list web app with products', { model: 'fake-small' }))
    expect(response.statusCode).toBe(200)
    expect(response.json<AskedBody>().questions).toEqual(QUESTIONS)
  })

  /** The model's decision request for `request`: the request and the kind it was classified as are what it is given. */
  const decisionFor = (request: string) =>
    fake.completions.find((seen) => ASK_USER.test(JSON.stringify(seen.body)) && JSON.stringify(seen.body).includes(JSON.stringify(request).slice(1, -1)))

  it.each(VAGUE_REQUESTS.slice(0, 20))('asks what the model asks of a vague request: %j', async (request) => {
    fake.fallback = model(streamedToolCalls([{ name: 'ask_user', arguments: { questions: QUESTIONS } }]))
    const response = await sendBuild(app, await newVisitor(app), buildRequest(request, { model: 'fake-small' }))
    expect(response.json<AskedBody>().questions).toEqual(QUESTIONS)
    expect(decisionFor(request)).toBeDefined()
  })

  it.each(CLEAR_REQUESTS.slice(0, 20))('goes on when the model finds a request clear: %j', async (request) => {
    fake.fallback = model(streamed(['CLEAR']))
    const response = await sendBuild(app, await newVisitor(app), buildRequest(request, { model: 'fake-small' }))
    expect(response.json<AskedBody>().questions).toBeUndefined()
    expect(decisionFor(request)).toBeDefined()
  })

  it('asks at most one more round, told what was answered, and never a third', async () => {
    // The model asks every time it is asked to decide.
    fake.fallback = model(streamedToolCalls([{ name: 'ask_user', arguments: { questions: QUESTIONS } }]))
    const visitor = await newVisitor(app)
    const body = buildRequest('Build a price list web app with products', { model: 'fake-small' })
    expect((await sendBuild(app, visitor, body)).json<AskedBody>().questions).toEqual(QUESTIONS)
    const decisions = () => fake.completions.filter((request) => ASK_USER.test(JSON.stringify(request.body)))
    const before = decisions().length

    // Round 2: the model sees the answers, and (as this one does) may ask once more.
    const second = await answer(app, visitor, body.sessionId, { answers: ['Whatever'] })
    expect(second.json<AskedBody>().questions).toEqual(QUESTIONS)
    expect(decisions()).toHaveLength(before + 1)
    expect(JSON.stringify(decisions().at(-1)?.body)).toContain('Which currency should prices use? Whatever')

    // No third round: the build goes on (and fails in development, where this fake never uses the tools).
    const third = await answer(app, visitor, body.sessionId, { answers: ['Euro'] })
    expect(third.json<AskedBody>().questions).toBeUndefined()
    expect(decisions()).toHaveLength(before + 1)
  })

  it('asks nothing when the model finds the request clear, or asks in a way that cannot be read (with a warning)', async () => {
    for (const decide of [streamed(['CLEAR']), streamedToolCalls([{ name: 'ask_user', arguments: { questions: [{ question: 'Which?', suggestions: ['only one'] }] } }])]) {
      fake.fallback = model(decide)
      const visitor = await newVisitor(app)
      const response = await sendBuild(app, visitor, buildRequest('Build me an app for my business', { model: 'fake-small' }))
      // Development fails (the fake never uses the tools), past the clarification: nothing was asked.
      expect(response.json<AskedBody>().questions).toBeUndefined()
      expect(response.json<{ message: string }>().message).toMatch(/development stage|did not use the tools/)
    }
    const { rows } = await db.query<{ message: string }>("select message from agent_logs where level = 'WARNING' and message like '%ask_user%'")
    expect(rows).toHaveLength(1)
  })
})
