import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createSandbox, type Sandbox } from '../../src/sandbox'
import { createPreviewOrigin, OPEN_PATH, ORIGIN_MESSAGES, PREVIEW_COOKIE } from '../../src/preview/origin'
import { PREVIEW_MESSAGES, PreviewService, type PreviewableBuild, type PreviewEvent } from '../../src/preview/service'
import { TEST_SANDBOX_LIMITS } from '../support/builds'
import { until } from '../support/processes'

/**
 * Previews in the real sandbox, through the real preview origin, of small projects written for
 * each case (the build pipeline's own web apps are previewed in preview-routes.test.ts): what the
 * app can reach, the limits that stop it, a crash and its console.
 */

const packageJson = JSON.stringify({ name: 'app', version: '1.0.0', scripts: { start: 'node server.js', test: 'node --test' } })

/** An app that answers `/` with `hello`, and on `/probe` tries what an app must not do and says what happened. */
const PROBING_APP = `'use strict'
const http = require('node:http')
const net = require('node:net')
const fs = require('node:fs')
const attempt = (port) => new Promise((resolve) => {
  const socket = net.connect(port, '127.0.0.1')
  socket.on('connect', () => { socket.destroy(); resolve('CONNECTED') })
  socket.on('error', (error) => resolve('REFUSED ' + error.code))
})
const write = (file) => { try { fs.writeFileSync(file, 'x'); return 'WROTE' } catch (error) { return 'DENIED ' + error.code } }
http.createServer(async (req, res) => {
  if (req.url.startsWith('/probe')) {
    const port = Number(new URL(req.url, 'http://x').searchParams.get('port'))
    const result = { network: await attempt(port), etc: write('/etc/overseer-preview'), up: write('../outside'), here: write('inside.txt') }
    res.writeHead(200, { 'content-type': 'application/json' })
    return res.end(JSON.stringify(result))
  }
  if (req.method === 'POST') {
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    return req.on('end', () => { res.writeHead(201, { 'content-type': 'application/json' }); res.end(JSON.stringify({ got: JSON.parse(body), cookie: req.headers.cookie || null })) })
  }
  res.writeHead(200, { 'content-type': 'text/plain', 'x-frame-options': 'DENY' })
  res.end('hello ' + req.url)
}).listen(process.env.PORT, () => console.log('listening on ' + process.env.PORT))
`

/** An app that reads PORT as a number, as many do: it listens on TCP port 3000 of the sandbox's own loopback. */
const TCP_APP = `'use strict'
const port = Number(process.env.PORT) || 3000
require('node:http').createServer((req, res) => res.end('tcp ' + req.url)).listen(port, () => console.log('listening on ' + port))
`

/** An app that prints a line and exits with an error before it listens. */
const CRASHING_APP = `'use strict'
console.error('TypeError: Cannot read properties of undefined (reading \\'title\\')')
process.exit(3)
`

const project = (server: string) => [
  { path: 'package.json', content: packageJson },
  { path: 'server.js', content: server },
]

describe('live previews in the sandbox', () => {
  let sandbox: Sandbox
  const builds = new Map<string, PreviewableBuild>()
  const events: { sessionId: string; event: PreviewEvent }[] = []
  const services: PreviewService[] = []
  const origins: Server[] = []

  beforeAll(async () => {
    sandbox = await createSandbox('bwrap', TEST_SANDBOX_LIMITS)
  })

  afterAll(async () => {
    for (const service of services) await service.close()
    for (const origin of origins) await new Promise((resolve) => origin.close(resolve))
  })

  const addBuild = (sessionId: string, ownerKey: string, server: string, extra: Partial<PreviewableBuild> = {}) => {
    builds.set(sessionId, {
      buildId: crypto.randomUUID(),
      sessionId,
      ownerKey,
      conversationId: crypto.randomUUID(),
      status: 'completed',
      kind: 'web-app',
      files: async () => project(server),
      ...extra,
    })
  }

  /** A service with `limits`, and its origin on a free loopback port. */
  const start = async (limits: Partial<{ max: number; idleMs: number; maxMs: number }> = {}) => {
    const service = new PreviewService({
      sandbox: async () => sandbox,
      limits: { max: 4, idleMs: 60_000, maxMs: 120_000, ...limits },
      findBuild: async (ownerKey, sessionId) => {
        const build = builds.get(sessionId)
        return build?.ownerKey === ownerKey ? build : undefined
      },
      emit: (sessionId, event) => events.push({ sessionId, event }),
      readyWaitMs: 10_000,
    })
    services.push(service)
    const origin = createPreviewOrigin({ find: (token) => service.byLinkToken(token), frameAncestors: () => ['http://127.0.0.1:*'], secureCookies: false })
    origins.push(origin)
    await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve))
    const base = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`
    return { service, base }
  }

  /** Opens `token`'s link as a browser would: the cookie it sets. */
  const cookieFor = async (base: string, token: string): Promise<string> => {
    const opened = await fetch(`${base}${OPEN_PATH}?token=${token}`, { redirect: 'manual' })
    expect(opened.status).toBe(302)
    expect(opened.headers.get('location')).toBe('/')
    const cookie = opened.headers.get('set-cookie') ?? ''
    expect(cookie).toMatch(new RegExp(`^${PREVIEW_COOKIE}=[\\w-]+; Path=/; HttpOnly; SameSite=Lax$`))
    return cookie.split(';')[0] as string
  }

  it('serves the app through the preview origin to its owner alone, with its console, and keeps it off other sites and search engines', async () => {
    const { service, base } = await start()
    addBuild('s-serve', 'alice', PROBING_APP)
    const opened = await service.open('alice', 's-serve')
    if (opened.kind !== 'opened') throw new Error(opened.kind)
    expect(opened.preview).toMatchObject({ sessionId: 's-serve', status: 'starting', kind: 'web-app' })
    const cookie = await cookieFor(base, opened.token)

    const page = await fetch(`${base}/items?x=1`, { headers: { cookie } })
    expect(page.status).toBe(200)
    expect(await page.text()).toBe('hello /items?x=1')
    expect(page.headers.get('x-robots-tag')).toBe('noindex, nofollow')
    expect(page.headers.get('content-security-policy')).toBe("frame-ancestors 'self' http://127.0.0.1:*")
    // The app's own framing refusal is replaced by the preview's rule.
    expect(page.headers.get('x-frame-options')).toBeNull()
    // A POST with its body goes through; the app never sees the preview's cookie.
    const posted = await fetch(`${base}/items`, { method: 'POST', headers: { cookie: `${cookie}; theme=dark`, 'content-type': 'application/json' }, body: JSON.stringify({ title: 'Buy milk' }) })
    expect(posted.status).toBe(201)
    expect(await posted.json()).toEqual({ got: { title: 'Buy milk' }, cookie: 'theme=dark' })

    const view = service.find('alice', 's-serve')
    expect(view?.status).toBe('running')
    const lines = view?.console.map((line) => `${line.stream}: ${line.text}`) ?? []
    expect(lines).toContain('system: $ npm start')
    expect(lines.some((line) => /^output: listening on \/project\/\.overseer-preview\.sock$/.test(line))).toBe(true)
    expect(lines.some((line) => /^request: GET \/items\?x=1 → 200 \(\d+ ms\)$/.test(line))).toBe(true)
    expect(lines.some((line) => /^request: POST \/items → 201 \(\d+ ms\)$/.test(line))).toBe(true)
    expect(events.some(({ sessionId, event }) => sessionId === 's-serve' && event.type === 'status' && event.preview.status === 'running')).toBe(true)

    // No one else: another owner finds nothing, a request without the cookie, a guessed link or cookie is 404.
    expect(await service.open('bob', 's-serve')).toEqual({ kind: 'not-found' })
    expect(service.find('bob', 's-serve')).toBeUndefined()
    const anonymous = await fetch(`${base}/`)
    expect(anonymous.status).toBe(404)
    expect(await anonymous.text()).toBe(ORIGIN_MESSAGES.notFound)
    expect((await fetch(`${base}${OPEN_PATH}?token=${'A'.repeat(43)}`, { redirect: 'manual' })).status).toBe(404)
    expect((await fetch(`${base}/`, { headers: { cookie: `${PREVIEW_COOKIE}=guessed` } })).status).toBe(404)

    // Stopped: its link and cookie lead nowhere, and its process tree is gone.
    expect(await service.stop('alice', 's-serve')).toBe(true)
    expect((await fetch(`${base}/`, { headers: { cookie } })).status).toBe(404)
    expect(service.running).toBe(0)
  }, 60_000)

  it('reaches an app that listens on a TCP port instead of PORT’s socket, through the bridge beside it', async () => {
    const { service, base } = await start()
    addBuild('s-tcp', 'tcp-owner', TCP_APP)
    const opened = await service.open('tcp-owner', 's-tcp')
    if (opened.kind !== 'opened') throw new Error(opened.kind)
    const cookie = await cookieFor(base, opened.token)
    const page = await fetch(`${base}/hello`, { headers: { cookie } })
    expect(page.status).toBe(200)
    expect(await page.text()).toBe('tcp /hello')
    expect(service.find('tcp-owner', 's-tcp')?.console.map((line) => line.text)).toContain('listening on 3000')
    await service.stop('tcp-owner', 's-tcp')
  }, 60_000)

  it('runs the app with no network and no place to write but its own folder', async () => {
    const { service, base } = await start()
    // A server on this machine the app must not reach.
    const bait = createServer((_request, response) => response.end('reached'))
    await new Promise<void>((resolve) => bait.listen(0, '127.0.0.1', resolve))
    try {
      addBuild('s-probe', 'carol', PROBING_APP)
      const opened = await service.open('carol', 's-probe')
      if (opened.kind !== 'opened') throw new Error(opened.kind)
      const cookie = await cookieFor(base, opened.token)
      const probe = await fetch(`${base}/probe?port=${(bait.address() as AddressInfo).port}`, { headers: { cookie } })
      expect(await probe.json()).toEqual({ network: 'REFUSED ECONNREFUSED', etc: 'DENIED EROFS', up: 'DENIED EROFS', here: 'WROTE' })
    } finally {
      await service.stop('carol', 's-probe')
      await new Promise((resolve) => bait.close(resolve))
    }
  }, 60_000)

  it('stops a preview without requests after the idle time, and any preview at its time limit', async () => {
    const { service } = await start({ idleMs: 1_000, maxMs: 120_000 })
    addBuild('s-idle', 'dave', PROBING_APP)
    expect((await service.open('dave', 's-idle')).kind).toBe('opened')
    await until('idle preview stopped', async () => service.find('dave', 's-idle')?.status === 'exited', 30_000)
    expect(service.find('dave', 's-idle')?.ended).toMatchObject({ reason: 'idle', message: 'The preview was stopped after a while without requests.' })

    const limited = await start({ idleMs: 60_000, maxMs: 1_500 })
    addBuild('s-max', 'erin', PROBING_APP)
    expect((await limited.service.open('erin', 's-max')).kind).toBe('opened')
    await until('preview at its time limit', async () => limited.service.find('erin', 's-max')?.status === 'exited', 30_000)
    expect(limited.service.find('erin', 's-max')?.ended?.reason).toBe('expired')
    expect(limited.service.running).toBe(0)
  }, 90_000)

  it('keeps one preview per owner and at most PREVIEW_MAX per process', async () => {
    const { service } = await start({ max: 1 })
    addBuild('s-first', 'frank', PROBING_APP)
    addBuild('s-second', 'frank', PROBING_APP)
    addBuild('s-other', 'grace', PROBING_APP)
    expect((await service.open('frank', 's-first')).kind).toBe('opened')
    // The owner's next preview replaces the first.
    const second = await service.open('frank', 's-second')
    if (second.kind !== 'opened') throw new Error(second.kind)
    expect(service.find('frank', 's-first')).toBeUndefined()
    expect(service.running).toBe(1)
    // The process is full: another owner is told to come back.
    expect(await service.open('grace', 's-other')).toEqual({ kind: 'refused', status: 429, message: PREVIEW_MESSAGES.full(1) })
    // Running once it listens, without a request; opened again, it is kept, with a new link.
    await until('second preview listening', () => service.find('frank', 's-second')?.status === 'running')
    const again = await service.open('frank', 's-second')
    if (again.kind !== 'opened') throw new Error(again.kind)
    expect(again.preview).toMatchObject({ id: second.preview.id, status: 'running' })
    expect(again.token).not.toBe(second.token)
    await service.stop('frank', 's-second')
    // Two opens at once (a press and a reloaded page's check): one process, both links to it.
    const [one, two] = await Promise.all([service.open('grace', 's-other'), service.open('grace', 's-other')])
    expect(one.kind === 'opened' && two.kind === 'opened' && one.preview.id === two.preview.id).toBe(true)
    expect(service.running).toBe(1)
    await service.stop('grace', 's-other')
    expect(service.running).toBe(0)
  }, 60_000)

  it('reports a crash with its output, and answers requests with why the app is not answering', async () => {
    const { service, base } = await start()
    addBuild('s-crash', 'heidi', CRASHING_APP)
    const opened = await service.open('heidi', 's-crash')
    if (opened.kind !== 'opened') throw new Error(opened.kind)
    const cookie = await cookieFor(base, opened.token).catch(() => `${PREVIEW_COOKIE}=${opened.token}`)
    await until('crashed preview', async () => service.find('heidi', 's-crash')?.status === 'exited', 30_000)
    const view = service.find('heidi', 's-crash')
    expect(view?.ended).toMatchObject({ reason: 'crashed', exitCode: 3, message: 'The app stopped with exit code 3. Its console shows why.' })
    expect(view?.console.map((line) => line.text)).toContain("TypeError: Cannot read properties of undefined (reading 'title')")
    // Ended: its link leads nowhere.
    expect((await fetch(`${base}/`, { headers: { cookie } })).status).toBe(404)
  }, 60_000)

  it('refuses what it cannot run: a build not delivered, a project with no server, one without a start script', async () => {
    const { service } = await start()
    addBuild('s-running', 'ivan', PROBING_APP, { status: 'running' })
    addBuild('s-library', 'ivan', PROBING_APP, { kind: 'library' })
    addBuild('s-nostart', 'ivan', PROBING_APP, { files: async () => [{ path: 'package.json', content: '{"name":"x","scripts":{"test":"node --test"}}' }] })
    expect(await service.open('ivan', 's-running')).toEqual({ kind: 'refused', status: 409, message: PREVIEW_MESSAGES.notDelivered })
    expect(await service.open('ivan', 's-library')).toEqual({ kind: 'refused', status: 409, message: PREVIEW_MESSAGES.notRunnable })
    expect(await service.open('ivan', 's-nostart')).toEqual({ kind: 'refused', status: 409, message: PREVIEW_MESSAGES.noStart })
    expect(service.running).toBe(0)
  })

  it('passes nothing on for a request body over 1 MiB', async () => {
    const { service, base } = await start()
    addBuild('s-big', 'judy', PROBING_APP)
    const opened = await service.open('judy', 's-big')
    if (opened.kind !== 'opened') throw new Error(opened.kind)
    const cookie = await cookieFor(base, opened.token)
    const status = await new Promise<number>((resolve, reject) => {
      const sent = request(`${base}/items`, { method: 'POST', headers: { cookie, 'content-length': String(2 * 1024 * 1024) } }, (response) => resolve(response.statusCode ?? 0))
      sent.on('error', reject)
      sent.end()
    })
    expect(status).toBe(413)
    await service.stop('judy', 's-big')
  }, 60_000)
})
