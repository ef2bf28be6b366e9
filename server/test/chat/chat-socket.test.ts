import { randomUUID } from 'node:crypto'
import type { Socket } from 'socket.io-client'
import { UserService } from '../../src/auth/userService'
import { STOPPED_NOTE } from '../../src/chat/service'
import type { ChatDeltaEvent, ChatDoneEvent } from '@contracts/socket'
import { fastPasswords, useTestApp } from '../helper'
import { chatConfig, history, newVisitor, question, sendChat, type ChatReplyBody, type Headers } from '../support/chat'
import { connectSocket } from '../support/sockets'

const NOT_ALLOWED = { ok: false, message: 'Not allowed' }

describe('chat over socket.io', () => {
  // Slow deltas, so a reply can be stopped half way.
  const fixture = useTestApp({ config: chatConfig, options: { chat: { local: { deltaDelayMs: 15 } } }, listen: true })
  const clients: Socket[] = []

  afterAll(() => {
    for (const client of clients) client.disconnect()
  })

  const socketFor = (headers: Headers = {}, auth: Record<string, string> = {}): Promise<Socket> => connectSocket(fixture.url, { headers, auth }, clients)

  const collect = (client: Socket) => {
    const deltas: ChatDeltaEvent[] = []
    client.on('chat:delta', (event: ChatDeltaEvent) => deltas.push(event))
    const done = new Promise<ChatDoneEvent>((resolve) => client.once('chat:done', resolve))
    return { deltas, done }
  }

  const settle = () => new Promise((resolve) => setTimeout(resolve, 100))

  it('streams the reply to the owner, who subscribed before sending', async () => {
    const alice = await newVisitor(fixture.app)
    const socket = await socketFor(alice)
    const sessionId = randomUUID()
    expect(await socket.emitWithAck('subscribe:progress', sessionId)).toEqual({ ok: true })
    const { deltas, done } = collect(socket)

    const response = await sendChat(fixture.app, alice, question('How do I deploy behind a reverse proxy?', { sessionId }))
    const body = response.json<ChatReplyBody>()
    expect(await done).toEqual({ sessionId, conversationId: body.conversationId, status: 'completed', stopped: false })
    expect(deltas.length).toBeGreaterThan(5)
    expect(deltas.every((event) => event.sessionId === sessionId && event.conversationId === body.conversationId)).toBe(true)
    expect(deltas.map((event) => event.delta).join('')).toBe(body.reply)
  })

  it('lets only the owner join a session once it is registered', async () => {
    const alice = await newVisitor(fixture.app)
    const bob = await newVisitor(fixture.app)
    const sessionId = randomUUID()
    await sendChat(fixture.app, alice, question('Hello', { sessionId }))

    expect(await (await socketFor(bob)).emitWithAck('subscribe:progress', sessionId)).toEqual(NOT_ALLOWED)
    expect(await (await socketFor()).emitWithAck('subscribe:progress', sessionId)).toEqual(NOT_ALLOWED)
    expect(await (await socketFor(alice)).emitWithAck('subscribe:progress', sessionId)).toEqual({ ok: true })
  })

  it('removes another visitor who joined a session before its owner registered it, before the first delta', async () => {
    const alice = await newVisitor(fixture.app)
    const bob = await newVisitor(fixture.app)
    const sessionId = randomUUID()
    const early = await socketFor(bob)
    const anonymous = await socketFor()
    expect(await early.emitWithAck('subscribe:progress', sessionId)).toEqual({ ok: true })
    expect(await anonymous.emitWithAck('subscribe:progress', sessionId)).toEqual({ ok: true })
    const bobEvents = collect(early)
    const anonymousEvents = collect(anonymous)
    const owner = await socketFor(alice)
    await owner.emitWithAck('subscribe:progress', sessionId)
    const aliceEvents = collect(owner)

    await sendChat(fixture.app, alice, question('How do I scale out?', { sessionId }))
    await aliceEvents.done
    await settle()
    expect(aliceEvents.deltas.length).toBeGreaterThan(0)
    expect(bobEvents.deltas).toEqual([])
    expect(anonymousEvents.deltas).toEqual([])
  })

  it('knows a signed-in user by the token in the handshake or the session cookie', async () => {
    const users = new UserService(fixture.db, fastPasswords())
    const email = `socket-${randomUUID()}@example.com`
    await users.create({ email, password: 'socket-password-1', roles: ['viewer'] })
    const login = await fixture.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'socket-password-1' } })
    const token = login.json<{ data: { token: string } }>().data.token
    const sessionId = randomUUID()
    await sendChat(fixture.app, { authorization: `Bearer ${token}` }, question('Hello', { sessionId }))

    expect(await (await socketFor({}, { token })).emitWithAck('subscribe:progress', sessionId)).toEqual({ ok: true })
    expect(await (await socketFor({ cookie: `overseer_session=${token}` })).emitWithAck('subscribe:progress', sessionId)).toEqual({ ok: true })
    expect(await (await socketFor(await newVisitor(fixture.app))).emitWithAck('subscribe:progress', sessionId)).toEqual(NOT_ALLOWED)
  })

  it('stops a reply when its owner asks, answering with what was generated and a note', async () => {
    const alice = await newVisitor(fixture.app)
    const bob = await newVisitor(fixture.app)
    const sessionId = randomUUID()
    const socket = await socketFor(alice)
    await socket.emitWithAck('subscribe:progress', sessionId)
    const { deltas, done } = collect(socket)
    const firstDelta = new Promise((resolve) => socket.once('chat:delta', resolve))

    const pending = sendChat(fixture.app, alice, question('How do I deploy behind a reverse proxy?', { sessionId }))
    await firstDelta
    const stopUrl = `/api/overseer-dev/sessions/${sessionId}/stop`
    const foreign = await fixture.app.inject({ method: 'POST', url: stopUrl, headers: bob })
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json()).toEqual({ success: false, message: 'No reply is being generated for this session' })
    const stop = await fixture.app.inject({ method: 'POST', url: stopUrl, headers: alice })
    expect(stop.statusCode).toBe(200)
    expect(stop.json()).toEqual({ success: true, stopped: true })

    const response = await pending
    expect(response.statusCode).toBe(200)
    const body = response.json<ChatReplyBody>()
    expect(body).toMatchObject({ stopped: true, status: 'completed' })
    expect(body.reply.endsWith(STOPPED_NOTE)).toBe(true)
    expect(await done).toMatchObject({ sessionId, status: 'completed', stopped: true })
    const streamed = deltas.map((event) => event.delta).join('')
    expect(body.reply.startsWith(streamed.trimEnd())).toBe(true)
    expect(streamed).not.toContain('Sources:')

    expect((await history(fixture.app, alice)).data[0]).toMatchObject({ id: body.conversationId, stopped: true, response: body.reply })

    // Finished: stopping again is harmless.
    expect((await fixture.app.inject({ method: 'POST', url: stopUrl, headers: alice })).json()).toEqual({ success: true, stopped: false })
  })

  /** Sends `body` for `headers` once subscribed to its session; resolves when the reply has started streaming, with the `reply` to come. */
  const streaming = async (headers: Headers, body: ReturnType<typeof question>) => {
    const socket = await socketFor(headers)
    expect(await socket.emitWithAck('subscribe:progress', body.sessionId)).toEqual({ ok: true })
    const firstDelta = new Promise((resolve) => socket.once('chat:delta', resolve))
    const reply = sendChat(fixture.app, headers, body)
    await firstDelta
    return { reply }
  }

  it('refuses a second request on a session whose reply is still being generated', async () => {
    const alice = await newVisitor(fixture.app)
    const sessionId = randomUUID()
    const { reply: first } = await streaming(alice, question('How do I deploy behind a reverse proxy?', { sessionId }))
    const second = await sendChat(fixture.app, alice, question('Hello', { sessionId }))
    expect(second.statusCode).toBe(409)
    expect((await first).statusCode).toBe(200)
  })

  /** A new visitor's conversation, with a follow-up whose long answer is still streaming. */
  const answering = async () => {
    const alice = await newVisitor(fixture.app)
    const start = await sendChat(fixture.app, alice, question('Hello'))
    const conversationId = start.json<ChatReplyBody>().conversationId
    const { reply: slow } = await streaming(alice, question('How do I deploy behind a reverse proxy?', { conversationId }))
    return { alice, conversationId, slow }
  }

  it('refuses a follow-up while the conversation is still answering', async () => {
    const { alice, conversationId, slow } = await answering()
    const busy = await sendChat(fixture.app, alice, question('And then?', { conversationId }))
    expect(busy.statusCode).toBe(409)
    expect((await slow).statusCode).toBe(200)
    expect((await history(fixture.app, alice)).data[0]?.messageCount).toBe(4)
  })

  it('stops the reply of a conversation that is deleted', async () => {
    const { alice, conversationId, slow: pending } = await answering()
    const removed = await fixture.app.inject({ method: 'DELETE', url: `/api/overseer-dev/chat/history/${conversationId}`, headers: alice })
    expect(removed.statusCode).toBe(200)
    const response = await pending
    expect(response.statusCode).toBe(200)
    expect(response.json<ChatReplyBody>().stopped).toBe(true)
    expect((await history(fixture.app, alice)).pagination.total).toBe(0)
  })
})
