import { createServer, type Server as HttpServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { http, HttpResponse, passthrough } from 'msw'
import { Server, type Socket as ServerSocket } from 'socket.io'
import { io } from 'socket.io-client'
import { waitFor } from '@testing-library/react'
import { server as api } from '@tests/setup/msw'
import { buildStarted, selectCurrentBuild } from '@/entities/build'
import { chatApi, messageSent, replyReceived, selectConversationId, selectPendingReply, selectTurns } from '@/entities/chat'
import { loggedIn, loggedOut, selectSessionUser, sessionChecked } from '@/entities/session'
import { joinSession } from '@/shared/lib/socket'
import { setupStore } from './store'

/**
 * One tab that changes hands (a visitor signs in, then out) with the real store and a real
 * socket.io server: the socket reconnects as the new owner, the conversation starts again and the
 * API cache is emptied.
 */

const API = 'http://localhost/api'
/**
 * How long a join may wait for the real server's acknowledgement: the app gives up after 1.5 s,
 * which a loaded test machine can exceed; these tests are about who joins, not how fast.
 */
const JOIN_WAIT_MS = 15_000
const admin = { id: 1, email: 'admin@example.com', roles: ['admin'], permissions: ['architect.access', 'architect.leads'] }

interface Connection {
  token: string | null
  socket: ServerSocket
}

let httpServer: HttpServer
let socketServer: Server
let url = ''
const connections: Connection[] = []

beforeAll(async () => {
  httpServer = createServer()
  socketServer = new Server(httpServer, { path: '/socket.io' })
  socketServer.on('connection', (socket) => {
    const token: unknown = socket.handshake.auth.token
    connections.push({ token: typeof token === 'string' ? token : null, socket })
    socket.on('subscribe:progress', (sessionId: string, ack: (answer: { ok: boolean }) => void) => {
      void socket.join(sessionId)
      ack({ ok: true })
    })
  })
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`
})

// The component tests' request handler sees the socket's requests too: these go through to the real server.
beforeEach(() => {
  api.use(http.all(`${url}/socket.io/*`, () => passthrough()))
})

afterAll(async () => {
  await socketServer.close()
})

afterEach(() => {
  for (const { socket } of connections.splice(0)) socket.disconnect(true)
})

/** The app's store, its socket opened on the test's server with the token it is given (as the app's is). */
const makeStore = () => {
  const clients: ReturnType<typeof io>[] = []
  const store = setupStore({
    socketFactory: (token) => {
      const client = io(url, { path: '/socket.io', transports: ['websocket'], forceNew: true, auth: token ? { token } : {} })
      clients.push(client)
      return Promise.resolve(client)
    },
  })
  return { store, clients }
}

/** A visitor's conversation in progress, its history cached, and a build followed over the socket. */
const visitorAtWork = async (store: AppStore) => {
  api.use(
    http.get(`${API}/overseer-dev/chat/history`, () =>
      HttpResponse.json({ success: true, data: [], pagination: { page: 1, pages: 1, total: 0, limit: 5 } }),
    ),
  )
  store.dispatch(messageSent({ sessionId: 'visitor-1', content: 'What does the clarification loop do?' }))
  store.dispatch(replyReceived({ sessionId: 'visitor-1', reply: 'It asks before it builds.', conversationId: 'visitor-conversation' }))
  await store.dispatch(chatApi.endpoints.getChatHistory.initiate({ page: 1, search: '' }, { subscribe: false }))
  store.dispatch(buildStarted({ sessionId: 'visitor-build' }))
  await expect(joinSession(store.dispatch, 'visitor-build', JOIN_WAIT_MS)).resolves.toBe(true)
  expect(connections.map((connection) => connection.token)).toEqual([null])
  expect(Object.keys(store.getState().api?.queries ?? {})).not.toEqual([])
}

const progressOf = (sessionId: string) => ({ sessionId, stage: 'structuring', message: 'Planning the files', percentage: 40 })

describe('a tab that changes hands', () => {
  it('signing in reconnects the socket as the new owner, starts a new conversation and empties the API cache', async () => {
    api.use(http.post(`${API}/auth/login`, () => HttpResponse.json({ success: true, data: { user: admin, token: 'admin-token' } })))
    const { store, clients } = makeStore()
    await visitorAtWork(store)

    await store.dispatch(loggedIn({ email: admin.email, password: 'admin-password-1' })).unwrap()
    expect(selectSessionUser(store.getState())).toEqual(admin)
    // The visitor's connection is closed, from the client's side; nothing followed on it is left.
    await waitFor(() => expect(connections[0]?.socket.connected).toBe(false))
    expect(clients[0]?.connected).toBe(false)
    expect(selectCurrentBuild(store.getState())).toBeNull()
    // A new conversation: the next message does not continue the visitor's.
    expect(selectTurns(store.getState())).toEqual([])
    expect(selectConversationId(store.getState())).toBeNull()
    // The cache of the visitor's requests is gone.
    await waitFor(() => expect(store.getState().api?.queries).toEqual({}))

    // The next subscription opens a new connection, whose handshake carries the admin's token, and
    // the admin's progress arrives; the visitor's room is gone with the old connection.
    store.dispatch(buildStarted({ sessionId: 'admin-build' }))
    await expect(joinSession(store.dispatch, 'admin-build', JOIN_WAIT_MS)).resolves.toBe(true)
    expect(connections.map((connection) => connection.token)).toEqual([null, 'admin-token'])
    socketServer.to('visitor-build').emit('progress', progressOf('visitor-build'))
    socketServer.to('admin-build').emit('progress', progressOf('admin-build'))
    await waitFor(() => expect(selectCurrentBuild(store.getState())).toMatchObject({ sessionId: 'admin-build', percentage: 40 }))
    expect(store.getState().build?.builds['visitor-build']).toBeUndefined()
    for (const client of clients) client.disconnect()
  })

  it('signing out does the same: a new connection without the token, a new conversation, an empty cache', async () => {
    localStorage.setItem('auth_token', 'admin-token')
    api.use(
      http.get(`${API}/auth/me`, () => HttpResponse.json({ success: true, data: admin })),
      http.post(`${API}/auth/logout`, () => HttpResponse.json({ success: true })),
    )
    const { store, clients } = makeStore()
    await store.dispatch(sessionChecked())
    store.dispatch(messageSent({ sessionId: 'admin-1', content: 'Build a todo app' }))
    store.dispatch(replyReceived({ sessionId: 'admin-1', reply: 'Done.', conversationId: 'admin-conversation' }))
    await expect(joinSession(store.dispatch, 'admin-build', JOIN_WAIT_MS)).resolves.toBe(true)
    expect(connections.map((connection) => connection.token)).toEqual(['admin-token'])

    await store.dispatch(loggedOut())
    expect(selectSessionUser(store.getState())).toBeNull()
    await waitFor(() => expect(connections[0]?.socket.connected).toBe(false))
    expect(selectConversationId(store.getState())).toBeNull()
    expect(selectTurns(store.getState())).toEqual([])
    await waitFor(() => expect(store.getState().api?.queries).toEqual({}))
    await expect(joinSession(store.dispatch, 'visitor-build', JOIN_WAIT_MS)).resolves.toBe(true)
    expect(connections.map((connection) => connection.token)).toEqual(['admin-token', null])
    for (const client of clients) client.disconnect()
  })

  it('a stored token the server refuses changes hands too; a first check that finds the user does not', async () => {
    localStorage.setItem('auth_token', 'stale-token')
    api.use(http.get(`${API}/auth/me`, () => HttpResponse.json({ success: false, message: 'Not signed in' }, { status: 401 })))
    const { store, clients } = makeStore()
    // The assistant was used before the session was checked: with the stored token.
    store.dispatch(messageSent({ sessionId: 'early', content: 'Hello' }))
    await expect(joinSession(store.dispatch, 'early', JOIN_WAIT_MS)).resolves.toBe(true)
    expect(selectPendingReply(store.getState())).not.toBeNull()

    await store.dispatch(sessionChecked())
    expect(localStorage.getItem('auth_token')).toBeNull()
    await waitFor(() => expect(connections[0]?.socket.connected).toBe(false))
    // The reply still on its way belonged to the token's owner: it is not awaited any more.
    expect(selectPendingReply(store.getState())).toBeNull()
    expect(selectTurns(store.getState())).toEqual([])
    for (const client of clients) client.disconnect()

    // A check that confirms who is signed in changes nothing.
    localStorage.setItem('auth_token', 'good-token')
    api.use(http.get(`${API}/auth/me`, () => HttpResponse.json({ success: true, data: admin })))
    const next = makeStore()
    next.store.dispatch(messageSent({ sessionId: 'kept', content: 'Hello' }))
    next.store.dispatch(replyReceived({ sessionId: 'kept', reply: 'Hi.', conversationId: 'kept-conversation' }))
    await expect(joinSession(next.store.dispatch, 'kept', JOIN_WAIT_MS)).resolves.toBe(true)
    await next.store.dispatch(sessionChecked())
    expect(selectSessionUser(next.store.getState())).toEqual(admin)
    expect(selectConversationId(next.store.getState())).toBe('kept-conversation')
    expect(connections.at(-1)?.socket.connected).toBe(true)
    for (const client of next.clients) client.disconnect()
  })
})
