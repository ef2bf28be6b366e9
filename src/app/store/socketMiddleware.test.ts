import { configureStore, type UnknownAction } from '@reduxjs/toolkit'
import type { Socket } from 'socket.io-client'
import {
  buildEventReceived,
  chatDeltaReceived,
  chatDoneReceived,
  createFakeSocket,
  joinSession,
  progressReceived,
  progressSubscribed,
  progressUnsubscribed,
  socketConnected,
  socketDisconnected,
  socketOwnerChanged,
  type FakeSocket,
} from '@/shared/lib/socket'
import { createSocketMiddleware } from './socketMiddleware'

/** A store that records every action and talks to a fake socket. */
const setup = (fake: FakeSocket = createFakeSocket()) => {
  const seen: UnknownAction[] = []
  const store = configureStore({
    reducer: (state: null = null, action: UnknownAction) => {
      seen.push(action)
      return state
    },
    middleware: (getDefault) => getDefault().concat(createSocketMiddleware(() => Promise.resolve(fake as unknown as Socket))),
  })
  return { store, fake, seen }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('socket middleware', () => {
  it('joins the room of a subscription and resolves once the server acknowledges it', async () => {
    const { store, fake } = setup()
    await expect(joinSession(store.dispatch, 'session-1')).resolves.toBe(true)
    expect(fake.emitted).toEqual([{ event: 'subscribe:progress', args: ['session-1'] }])
  })

  it('resolves false when the server refuses the subscription', async () => {
    const fake = createFakeSocket()
    fake.answer = () => ({ ok: false, message: 'Not allowed' })
    const { store } = setup(fake)
    await expect(joinSession(store.dispatch, 'session-1')).resolves.toBe(false)
  })

  it('gives up waiting after the timeout when the socket never connects', async () => {
    const { store, fake } = setup(createFakeSocket({ connected: false }))
    await expect(joinSession(store.dispatch, 'session-1', 20)).resolves.toBe(false)
    expect(fake.emitted).toEqual([])
  })

  it('joins its rooms when the socket connects, and again after a reconnect', async () => {
    const { store, fake } = setup(createFakeSocket({ connected: false }))
    const joined = joinSession(store.dispatch, 'session-1')
    await flush()
    fake.connect()
    await expect(joined).resolves.toBe(true)
    fake.connect()
    expect(fake.emitted.filter((e) => e.event === 'subscribe:progress')).toHaveLength(2)
  })

  it('turns chat:delta and chat:done of a subscribed session into actions', async () => {
    const { store, fake, seen } = setup()
    await joinSession(store.dispatch, 'session-1')
    fake.serverEmit('chat:delta', { sessionId: 'session-1', conversationId: 'c-1', delta: 'Hello ' })
    fake.serverEmit('chat:done', { sessionId: 'session-1', conversationId: 'c-1', status: 'completed', stopped: false })
    expect(seen.filter((a) => chatDeltaReceived.match(a) || chatDoneReceived.match(a)).map((a) => a.payload)).toEqual([
      { sessionId: 'session-1', conversationId: 'c-1', delta: 'Hello ' },
      { sessionId: 'session-1', conversationId: 'c-1', status: 'completed', stopped: false },
    ])
  })

  it('drops chat events of other sessions and malformed payloads', async () => {
    const { store, fake, seen } = setup()
    await joinSession(store.dispatch, 'session-1')
    fake.serverEmit('chat:delta', { sessionId: 'someone-else', conversationId: 'c-1', delta: 'x' })
    fake.serverEmit('chat:delta', { sessionId: 'session-1', conversationId: 'c-1', delta: 42 })
    fake.serverEmit('chat:done', { sessionId: 'session-1', conversationId: 'c-1', status: 'weird', stopped: false })
    fake.serverEmit('chat:delta', 'not an object')
    expect(seen.some((a) => chatDeltaReceived.match(a) || chatDoneReceived.match(a))).toBe(false)
  })

  it('stops delivering a session after it is unsubscribed, and tells the server', async () => {
    const { store, fake, seen } = setup()
    await joinSession(store.dispatch, 'session-1')
    store.dispatch(progressUnsubscribed({ sessionId: 'session-1' }))
    await flush()
    fake.serverEmit('chat:delta', { sessionId: 'session-1', conversationId: 'c-1', delta: 'late' })
    expect(fake.emitted.at(-1)).toEqual({ event: 'unsubscribe:progress', args: ['session-1'] })
    expect(seen.some((a) => chatDeltaReceived.match(a))).toBe(false)
  })

  it("turns a followed build's checked build:event into an action, and drops another session's or a malformed one", async () => {
    const { store, fake, seen } = setup()
    await joinSession(store.dispatch, 'build-1')
    const event = { id: 3, at: '2026-01-01T00:00:00.000Z', stage: 'development', type: 'file_written', path: 'a.js', bytes: 10, diff: '@@ -0,0 +1,1 @@\n+x', by: 'engine' }
    fake.serverEmit('build:event', { sessionId: 'build-1', event })
    fake.serverEmit('build:event', { sessionId: 'someone-else', event })
    fake.serverEmit('build:event', { sessionId: 'build-1', event: { ...event, id: 0 } })
    fake.serverEmit('build:event', { sessionId: 'build-1', event: { ...event, path: 42 } })
    fake.serverEmit('build:event', { sessionId: 'build-1', event: { ...event, type: 'teleported' } })
    expect(seen.filter(buildEventReceived.match).map((a) => a.payload)).toEqual([{ sessionId: 'build-1', event }])
  })

  it('still turns build progress into actions', async () => {
    const { store, fake, seen } = setup()
    store.dispatch(progressSubscribed({ sessionId: 'build-1' }))
    await flush()
    fake.serverEmit('progress', { sessionId: 'build-1', stage: 'planning', message: 'Planning', percentage: 20 })
    expect(seen.filter(progressReceived.match).map((a) => a.payload)).toEqual([
      { sessionId: 'build-1', stage: 'planning', message: 'Planning', percentage: 20 },
    ])
  })

  it('reports the connection: connected at once when the socket already is, then each disconnect and reconnect', async () => {
    const { store, fake, seen } = setup()
    await joinSession(store.dispatch, 'build-1')
    fake.serverEmit('disconnect', 'transport close')
    fake.connect()
    const events = seen.filter((a) => socketConnected.match(a) || socketDisconnected.match(a)).map((a) => a.type)
    expect(events).toEqual(['socket/connected', 'socket/disconnected', 'socket/connected'])
  })

  it('closes the connection when its owner changes, forgets its rooms, and opens a new one at once', async () => {
    const sockets: FakeSocket[] = []
    const seen: UnknownAction[] = []
    const store = configureStore({
      reducer: (state: null = null, action: UnknownAction) => {
        seen.push(action)
        return state
      },
      middleware: (getDefault) =>
        getDefault().concat(
          createSocketMiddleware(() => {
            const fake = createFakeSocket()
            sockets.push(fake)
            return Promise.resolve(fake as unknown as Socket)
          }),
        ),
    })
    await joinSession(store.dispatch, 'before')
    const [first] = sockets
    store.dispatch(socketOwnerChanged())
    await flush()
    expect(first?.closed).toBe(true)
    // The new owner's connection is opened right away, with nothing joined yet.
    expect(sockets).toHaveLength(2)
    expect(sockets[1]?.emitted).toEqual([])
    expect(seen.filter(socketDisconnected.match).map((a) => a.payload)).toEqual([{ reason: 'owner changed' }])
    // Whatever the old connection still delivers is not the new owner's.
    first?.serverEmit('progress', { sessionId: 'before', stage: 'planning', message: 'Planning', percentage: 20 })
    first?.serverEmit('connect')
    expect(seen.some(progressReceived.match)).toBe(false)

    await expect(joinSession(store.dispatch, 'after')).resolves.toBe(true)
    expect(sockets).toHaveLength(2)
    expect(sockets[1]?.emitted).toEqual([{ event: 'subscribe:progress', args: ['after'] }])
    // The old room is not joined again on the new connection.
    sockets[1]?.connect()
    expect(sockets[1]?.emitted.map((e) => e.args[0])).toEqual(['after', 'after'])
  })

  it('settles a subscription still waiting when the owner changes, and closes a connection opened too late', async () => {
    const opening: Array<(socket: Socket) => void> = []
    const late = createFakeSocket()
    const next = createFakeSocket()
    const store = configureStore({
      reducer: (state: null = null) => state,
      middleware: (getDefault) =>
        getDefault().concat(createSocketMiddleware(() => new Promise<Socket>((resolve) => opening.push(resolve)))),
    })
    const joined = joinSession(store.dispatch, 'waiting')
    store.dispatch(socketOwnerChanged())
    await expect(joined).resolves.toBe(false)
    expect(opening).toHaveLength(2)
    opening[0]?.(late as unknown as Socket)
    opening[1]?.(next as unknown as Socket)
    await flush()
    expect(late.closed).toBe(true)
    expect(late.emitted).toEqual([])
    expect(next.closed).toBe(false)
  })

  it('opens no connection when the owner changes on a page that had none', async () => {
    let opened = 0
    const store = configureStore({
      reducer: (state: null = null) => state,
      middleware: (getDefault) =>
        getDefault().concat(
          createSocketMiddleware(() => {
            opened += 1
            return Promise.resolve(createFakeSocket() as unknown as Socket)
          }),
        ),
    })
    store.dispatch(socketOwnerChanged())
    await flush()
    expect(opened).toBe(0)
  })
})
