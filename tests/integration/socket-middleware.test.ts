/**
 * The SPA's socket middleware against the real server (a test of both sides, so it lives with
 * neither): intents become subscribe/unsubscribe emits, and server events become actions (after
 * their shape is checked).
 */
import { configureStore, type UnknownAction } from '@reduxjs/toolkit'
import { io as connect } from 'socket.io-client'
import { createSocketMiddleware } from '../../src/app/store/socketMiddleware'
import { progressSubscribed, progressUnsubscribed } from '../../src/shared/lib/socket'
import { progressRoom } from '../../server/src/plugins/app/socket'
import { useTestApp } from '../../server/test/helper'

const until = async (check: () => boolean | Promise<boolean>, timeoutMs = 5000) => {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe('socket middleware', () => {
  const fixture = useTestApp({ listen: true })

  const storeRecordingActions = () => {
    let opened = 0
    const sockets: Array<ReturnType<typeof connect>> = []
    const store = configureStore({
      reducer: (actions: UnknownAction[] = [], action: UnknownAction) => [...actions, action],
      middleware: (getDefault) =>
        getDefault({ serializableCheck: false, immutableCheck: false }).concat(
          createSocketMiddleware(async () => {
            opened += 1
            const socket = connect(fixture.url, { path: '/socket.io', reconnection: false })
            sockets.push(socket)
            return socket
          }),
        ),
    })
    const types = () => store.getState().map((action) => action.type)
    return { store, types, opened: () => opened, close: () => sockets.forEach((socket) => socket.disconnect()) }
  }

  const members = async (sessionId: string) => (await fixture.app.io.in(progressRoom(sessionId)).fetchSockets()).length

  it('connects on the first subscription, joins the room and turns server events into actions', async () => {
    const { store, types, opened, close } = storeRecordingActions()
    expect(opened()).toBe(0)

    store.dispatch(progressSubscribed({ sessionId: 'build-1' }))
    await until(async () => (await members('build-1')) === 1)
    expect(types()).toContain('socket/connected')
    expect(opened()).toBe(1)

    const room = fixture.app.io.to(progressRoom('build-1'))
    room.emit('progress', { sessionId: 'build-1', stage: 'classification', message: 'Classifying', percentage: 14 })
    room.emit('progress', { sessionId: 'build-1', stage: 'bad', percentage: 'many' } as never)
    room.emit('error', { sessionId: 'build-1', message: 'Stage failed' })
    room.emit('timeout', { sessionId: 'build-1', message: 'Stage timed out' })
    await until(() => types().includes('progress/timedOut'))

    const received = store.getState().filter((action) => action.type.startsWith('progress/') && action.type !== 'progress/subscribed')
    expect(received).toEqual([
      {
        type: 'progress/received',
        payload: { sessionId: 'build-1', stage: 'classification', message: 'Classifying', percentage: 14 },
      },
      { type: 'progress/failed', payload: { sessionId: 'build-1', message: 'Stage failed' } },
      { type: 'progress/timedOut', payload: { sessionId: 'build-1', message: 'Stage timed out' } },
    ])

    store.dispatch(progressUnsubscribed({ sessionId: 'build-1' }))
    await until(async () => (await members('build-1')) === 0)
    close()
  })

  it('shares one connection between subscriptions', async () => {
    const { store, opened, close } = storeRecordingActions()
    store.dispatch(progressSubscribed({ sessionId: 'build-a' }))
    store.dispatch(progressSubscribed({ sessionId: 'build-b' }))
    await until(async () => (await members('build-a')) === 1 && (await members('build-b')) === 1)
    expect(opened()).toBe(1)
    close()
  })

  it('ignores events for sessions it is not subscribed to', async () => {
    const { store, types, close } = storeRecordingActions()
    store.dispatch(progressSubscribed({ sessionId: 'mine' }))
    await until(async () => (await members('mine')) === 1)
    fixture.app.io.to(progressRoom('mine')).emit('progress', { sessionId: 'theirs', stage: 's', message: 'm', percentage: 1 })
    fixture.app.io.to(progressRoom('mine')).emit('progress', { sessionId: 'mine', stage: 's', message: 'm', percentage: 2 })
    await until(() => types().includes('progress/received'))
    expect(store.getState().filter((action) => action.type === 'progress/received')).toHaveLength(1)
    close()
  })
})
