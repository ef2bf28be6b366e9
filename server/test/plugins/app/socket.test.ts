import type { FastifyInstance } from 'fastify'
import type { Socket } from 'socket.io-client'
import { buildApp } from '../../../src/app'
import type { ProgressEvent } from '@contracts/socket'
import { progressRoom } from '../../../src/plugins/app/socket'
import { buildTestApp, testConfig, useTestApp } from '../../helper'
import { connectSocket, listenOnLoopback } from '../../support/sockets'

const connectTo = async (app: FastifyInstance): Promise<Socket> => connectSocket(await listenOnLoopback(app))

describe('socket.io build progress', () => {
  const fixture = useTestApp()
  let client: Socket

  beforeAll(async () => {
    client = await connectTo(fixture.app)
  })

  afterAll(() => {
    client.disconnect()
  })

  const membersOf = async (sessionId: string): Promise<number> =>
    (await fixture.app.io.in(progressRoom(sessionId)).fetchSockets()).length

  it('joins the build room and receives its progress', async () => {
    const sessionId = '3f1c2a9e-7b7d-4c1e-9a4f-2d8e6b0c5a11'
    expect(await client.emitWithAck('subscribe:progress', sessionId)).toEqual({ ok: true })
    expect(await membersOf(sessionId)).toBe(1)

    const received = new Promise<ProgressEvent>((resolve) => client.once('progress', resolve))
    const event = { sessionId, stage: 'planning', message: 'Planning the project', percentage: 20 }
    fixture.app.io.to(progressRoom(sessionId)).emit('progress', event)
    expect(await received).toEqual(event)
  })

  it('leaves the room on unsubscribe', async () => {
    const sessionId = 'session-to-leave'
    await client.emitWithAck('subscribe:progress', sessionId)
    expect(await client.emitWithAck('unsubscribe:progress', sessionId)).toEqual({ ok: true })
    expect(await membersOf(sessionId)).toBe(0)
  })

  it.each([[''], ['x'.repeat(101)], ['../admin'], [42], [{ id: 'abc' }]])(
    'refuses the session id %p',
    async (sessionId) => {
      expect(await client.emitWithAck('subscribe:progress', sessionId)).toEqual({ ok: false, message: 'Invalid session id' })
    },
  )

  it('accepts a subscription without an acknowledgement', async () => {
    client.emit('subscribe:progress', 'no-ack-session')
    // Joined when the server has read the event: however long a busy machine takes, up to 10 s.
    for (let attempt = 0; attempt < 1_000 && (await membersOf('no-ack-session')) === 0; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    expect(await membersOf('no-ack-session')).toBe(1)
  })

  it('asks the subscription policy before joining', async () => {
    const asked: string[] = []
    const guarded = buildApp({
      config: testConfig(),
      db: fixture.db,
      logger: false,
      canSubscribe: (_socket, sessionId) => {
        asked.push(sessionId)
        return sessionId === 'mine'
      },
    })
    const guardedClient = await connectTo(guarded)
    try {
      expect(await guardedClient.emitWithAck('subscribe:progress', 'theirs')).toEqual({ ok: false, message: 'Not allowed' })
      expect(await guardedClient.emitWithAck('subscribe:progress', 'mine')).toEqual({ ok: true })
      expect(asked).toEqual(['theirs', 'mine'])
    } finally {
      guardedClient.disconnect()
      await guarded.close()
    }
  })

  it('closes open connections when the app closes', async () => {
    const closing = await buildTestApp(fixture.db)
    const closingClient = await connectTo(closing)
    const disconnected = new Promise<string>((resolve) => closingClient.once('disconnect', resolve))
    await closing.close()
    // 'transport error' when the close lands in the middle of a long-polling request.
    expect(['transport close', 'transport error']).toContain(await disconnected)
  })
})
