type Handler = (...args: unknown[]) => void

/**
 * A stand-in for a socket.io client socket, for tests: it records what the client emits, answers
 * acknowledgements, and delivers server events to the client's handlers. Pass it to the store with
 * `setupStore({ socketFactory: () => Promise.resolve(fake as never) })`.
 */
export interface FakeSocket {
  connected: boolean
  /** Every emit of the client, in order (acknowledgement callbacks left out). */
  emitted: { event: string; args: unknown[] }[]
  on(event: string, handler: Handler): FakeSocket
  emit(event: string, ...args: unknown[]): FakeSocket
  /** What the server answers an acknowledged emit; `{ ok: true }` unless replaced. */
  answer: (event: string, args: unknown[]) => unknown
  /** Delivers an event from the server to the client's handlers. */
  serverEmit(event: string, ...args: unknown[]): void
  /** Connects (or reconnects): sets `connected` and fires `connect`. */
  connect(): void
  /** Closes it from the client's side, as socket.io's `disconnect()` does: fires `disconnect`. */
  disconnect(): FakeSocket
  /** Whether the client closed it. */
  closed: boolean
}

export const createFakeSocket = ({ connected = true }: { connected?: boolean } = {}): FakeSocket => {
  const handlers = new Map<string, Handler[]>()
  const fake: FakeSocket = {
    connected,
    emitted: [],
    answer: () => ({ ok: true }),
    on(event, handler) {
      handlers.set(event, [...(handlers.get(event) ?? []), handler])
      return fake
    },
    emit(event, ...args) {
      const ack = args.at(-1)
      const data = typeof ack === 'function' ? args.slice(0, -1) : args
      fake.emitted.push({ event, args: data })
      if (typeof ack === 'function') {
        const reply = fake.answer(event, data)
        queueMicrotask(() => (ack as Handler)(reply))
      }
      return fake
    },
    serverEmit(event, ...args) {
      for (const handler of handlers.get(event) ?? []) handler(...args)
    },
    connect() {
      fake.connected = true
      fake.serverEmit('connect')
    },
    closed: false,
    disconnect() {
      fake.closed = true
      if (fake.connected) {
        fake.connected = false
        fake.serverEmit('disconnect', 'io client disconnect')
      }
      return fake
    },
  }
  return fake
}
