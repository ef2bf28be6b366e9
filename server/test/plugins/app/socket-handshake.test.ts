import { randomUUID } from 'node:crypto'
import { io as connect, type Socket } from 'socket.io-client'
import { buildTestApp, useTestApp } from '../../helper'
import { chatConfig, VISITOR_COOKIE } from '../../support/chat'
import { listenOnLoopback } from '../../support/sockets'

/**
 * A socket.io client written against the protocol itself (engine.io 4 long-polling), as a client
 * in any language would be: no cookie jar, nothing but what the server answers.
 */
class PollingClient {
  private sid = ''
  /** Packets received but not yet taken. */
  private inbox: string[] = []
  /** The Set-Cookie of the handshake answer. */
  setCookie: string[] = []

  constructor(
    private readonly base: string,
    private readonly headers: Record<string, string> = {},
  ) {}

  private url(): string {
    return `${this.base}/socket.io/?EIO=4&transport=polling${this.sid ? `&sid=${this.sid}` : ''}`
  }

  async open(): Promise<void> {
    const response = await fetch(this.url(), { headers: this.headers })
    this.setCookie = response.headers.getSetCookie()
    const [open] = (await response.text()).split('\x1e')
    this.sid = (JSON.parse((open ?? '').slice(1)) as { sid: string }).sid
    await this.send('40')
    await this.next((packet) => packet.startsWith('40'))
  }

  async send(packet: string): Promise<void> {
    const response = await fetch(this.url(), { method: 'POST', body: packet, headers: { ...this.headers, 'content-type': 'text/plain' } })
    expect(await response.text()).toBe('ok')
  }

  /** Long-polls until a packet matches; answers pings on the way. */
  async next(matches: (packet: string) => boolean): Promise<string> {
    for (;;) {
      const index = this.inbox.findIndex(matches)
      if (index >= 0) return this.inbox.splice(index, 1)[0] as string
      const response = await fetch(this.url(), { headers: this.headers })
      for (const packet of (await response.text()).split('\x1e')) {
        if (packet === '2') await this.send('3')
        else this.inbox.push(packet)
      }
    }
  }

  /** Emits an event with an acknowledgement and waits for it. */
  async emitWithAck(event: string, ...args: unknown[]): Promise<unknown> {
    const id = Math.floor(Math.random() * 1e6)
    await this.send(`42${id}${JSON.stringify([event, ...args])}`)
    const ack = await this.next((packet) => packet.startsWith(`43${id}[`))
    return (JSON.parse(ack.slice(`43${id}`.length)) as unknown[])[0]
  }

  async close(): Promise<void> {
    if (this.sid) await this.send('1').catch(() => undefined)
  }
}

describe('socket.io handshake', () => {
  const fixture = useTestApp({ config: () => ({ ...chatConfig(), allowedOrigins: ['https://app.example.com'] }), listen: true })
  const clients: Socket[] = []

  afterAll(() => {
    for (const client of clients) client.disconnect()
  })

  /** Connects with `origin` over `transport`; resolves with the connect error, or undefined once connected. */
  const tryConnect = (
    origin: string | undefined,
    transport: 'websocket' | 'polling',
    headers: Record<string, string> = {},
    url = fixture.url,
  ): Promise<Error | undefined> => {
    const client = connect(url, {
      path: '/socket.io',
      reconnection: false,
      transports: [transport],
      extraHeaders: { ...headers, ...(origin === undefined ? {} : { origin }) },
    })
    clients.push(client)
    return new Promise((resolve) => {
      client.once('connect', () => resolve(undefined))
      client.once('connect_error', resolve)
    })
  }

  it.each(['websocket', 'polling'] as const)('refuses a page of a foreign origin over %s', async (transport) => {
    for (const origin of ['https://evil.example', 'null', 'http://127.0.0.1.evil.example', 'http://127.0.0.1:1']) {
      expect(await tryConnect(origin, transport)).toBeInstanceOf(Error)
    }
  })

  it.each(['websocket', 'polling'] as const)('admits the site’s own origin, ALLOWED_ORIGINS and clients without an Origin over %s', async (transport) => {
    for (const origin of [fixture.url, 'https://app.example.com', undefined]) expect(await tryConnect(origin, transport)).toBeUndefined()
  })

  it('reads the site’s host from a trusted proxy’s X-Forwarded-Host, as the HTTP API does', async () => {
    const proxied = { origin: 'https://site.example', 'x-forwarded-host': 'site.example', 'x-forwarded-proto': 'https' }
    expect(await tryConnect(proxied.origin, 'polling', proxied)).toBeInstanceOf(Error)

    const behindProxy = await buildTestApp(fixture.db, { ...chatConfig(), trustProxy: true })
    try {
      const url = await listenOnLoopback(behindProxy)
      expect(await tryConnect(proxied.origin, 'polling', proxied, url)).toBeUndefined()
      expect(await tryConnect('https://evil.example', 'polling', { ...proxied, origin: 'https://evil.example' }, url)).toBeInstanceOf(Error)
    } finally {
      for (const client of clients.splice(0)) client.disconnect()
      await behindProxy.close()
    }
  })

  it('gives a client without cookies a visitor in the handshake, and streams it the reply it subscribed to before sending', async () => {
    const client = new PollingClient(fixture.url)
    await client.open()
    const cookie = client.setCookie.find((line) => line.startsWith(`${VISITOR_COOKIE}=`))
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)

    const sessionId = randomUUID()
    expect(await client.emitWithAck('subscribe:progress', sessionId)).toEqual({ ok: true })

    const visitor = (cookie as string).split(';')[0] as string
    const response = await fixture.app.inject({
      method: 'POST',
      url: '/api/overseer-dev/chat',
      headers: { cookie: visitor },
      payload: { messages: [{ role: 'user', content: 'Which port does the server listen on?' }], model: 'overseer-local', sessionId },
    })
    expect(response.statusCode).toBe(200)
    const done = await client.next((packet) => packet.startsWith('42["chat:done"'))
    expect(JSON.parse(done.slice(2))).toEqual(['chat:done', expect.objectContaining({ sessionId, status: 'completed' })])
    await client.close()
  })

  it('tells a subscriber why it was removed when the session is claimed by another identity', async () => {
    const client = new PollingClient(fixture.url)
    await client.open()
    const sessionId = randomUUID()
    expect(await client.emitWithAck('subscribe:progress', sessionId)).toEqual({ ok: true })

    // The chat request comes without the connection's cookie: another visitor claims the session.
    const response = await fixture.app.inject({
      method: 'POST',
      url: '/api/overseer-dev/chat',
      payload: { messages: [{ role: 'user', content: 'Hello' }], model: 'overseer-local', sessionId },
    })
    expect(response.statusCode).toBe(200)
    const error = await client.next((packet) => packet.startsWith('42["error"'))
    expect(JSON.parse(error.slice(2))).toEqual(['error', { sessionId, message: expect.stringContaining('claimed by another identity') }])
    await client.close()
  })

  it('gives no new visitor to a client that already has one', async () => {
    const client = new PollingClient(fixture.url, { cookie: `${VISITOR_COOKIE}=${'a'.repeat(43)}` })
    await client.open()
    expect(client.setCookie).toEqual([])
    await client.close()
  })
})
