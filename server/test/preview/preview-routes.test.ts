import type { FastifyInstance } from 'fastify'
import type { PreviewFound, PreviewOpened } from '@contracts/preview'
import type { Database } from '../../src/db'
import { PREVIEW_MESSAGES } from '../../src/preview/service'
import { buildTestApp, databasesUnderTest, SETUP_TIMEOUT_MS } from '../helper'
import { buildConfig, buildRequest, sendBuild, type BuildReplyBody } from '../support/builds'
import { chatConfig, newVisitor, type Headers } from '../support/chat'
import { openPreviewLink } from '../support/previews'

/**
 * The preview API on the real app: a web app and an HTTP API the build pipeline delivered, opened
 * by their owner and used through the preview origin (its page, its API, a POST that changes its
 * data); nobody else's; stopped by DELETE and by deleting the conversation; the site lets its
 * pages frame the preview origin and nothing else.
 */
describe.each(databasesUnderTest())('previews of delivered builds on $name', ({ open }) => {
  let db: Database
  let app: FastifyInstance

  beforeAll(async () => {
    db = await open()
    app = await buildTestApp(db, { ...chatConfig(), ...(await buildConfig()) })
    await app.ready()
  }, SETUP_TIMEOUT_MS)

  afterAll(async () => {
    await app.close()
    await db.close()
  })

  /** A delivered build of `request` for a new visitor. */
  const delivered = async (request: string) => {
    const visitor = await newVisitor(app)
    const body = buildRequest(request)
    const response = await sendBuild(app, visitor, body)
    expect(response.statusCode).toBe(200)
    return { visitor, sessionId: body.sessionId, reply: response.json<BuildReplyBody>() }
  }

  const openPreview = (sessionId: string, headers: Headers, payload: Record<string, unknown> = {}) =>
    app.inject({ method: 'POST', url: `/api/overseer/builds/${sessionId}/preview`, headers, payload })


  it('previews a delivered web app for its owner: its page, its API, and a POST that changes its data', async () => {
    const { visitor, sessionId } = await delivered('Build a web app to track my reading list')
    const response = await openPreview(sessionId, visitor)
    expect(response.statusCode).toBe(200)
    const opened = response.json<PreviewOpened>()
    expect(opened.url).toMatch(/^http:\/\/localhost:\d+\/__overseer\/preview\/open\?token=[\w-]{43}$/)
    expect(opened.data).toMatchObject({ sessionId, kind: 'web-app' })
    expect(Date.parse(opened.expiresAt) - Date.now()).toBeGreaterThan(25 * 60_000)

    const { base, cookie } = await openPreviewLink(opened.url)
    const page = await fetch(`${base}/`, { headers: { cookie } })
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
    expect(await page.text()).toMatch(/<!doctype html>/i)
    // The collection the build made for the request, as its resources file names it.
    const { rows } = await db.query<{ content: string }>(
      `select f.content from build_files f join builds b on b.id = f.build_id where b.session_id = $1 and f.path = 'src/resources.js'`,
      [sessionId],
    )
    const collection = `/api/${/name: '([a-z-]+)'/.exec(rows[0]?.content ?? '')?.[1] ?? 'missing'}`
    const list = async () => ((await (await fetch(`${base}${collection}`, { headers: { cookie } })).json()) as { data: { title: string }[] }).data
    const before = await list()
    const created = await fetch(`${base}${collection}`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ title: 'Dune' }) })
    expect(created.headers.get('content-type')).toMatch(/json/)
    expect(created.status).toBe(201)
    const after = await list()
    expect(after).toHaveLength(before.length + 1)
    expect(after.map((item) => item.title)).toContain('Dune')

    // Its console: the app's output and the requests.
    const found = (await app.inject({ method: 'GET', url: `/api/overseer/builds/${sessionId}/preview`, headers: visitor })).json<PreviewFound>()
    expect(found.data?.status).toBe('running')
    expect(found.data?.console.some((line) => line.stream === 'request' && line.text.startsWith(`POST ${collection} → 201`))).toBe(true)

    // Nobody else's: another visitor gets 404 for the build and for the preview.
    const stranger = await newVisitor(app)
    expect((await openPreview(sessionId, stranger)).statusCode).toBe(404)
    expect((await app.inject({ method: 'GET', url: `/api/overseer/builds/${sessionId}/preview`, headers: stranger })).json()).toEqual({ success: true, data: null })
    expect((await app.inject({ method: 'DELETE', url: `/api/overseer/builds/${sessionId}/preview`, headers: stranger })).statusCode).toBe(404)

    // Stopped by its owner: its link leads nowhere.
    expect((await app.inject({ method: 'DELETE', url: `/api/overseer/builds/${sessionId}/preview`, headers: visitor })).json()).toEqual({ success: true })
    expect((await fetch(`${base}/`, { headers: { cookie } })).status).toBe(404)
    expect((await app.inject({ method: 'DELETE', url: `/api/overseer/builds/${sessionId}/preview`, headers: visitor })).statusCode).toBe(404)
  }, 120_000)

  it('previews a delivered HTTP API, and stops it when its conversation is deleted', async () => {
    const { visitor, sessionId, reply } = await delivered('Build a REST API for a library with books and loans')
    const opened = (await openPreview(sessionId, visitor)).json<PreviewOpened>()
    expect(opened.data.kind).toBe('http-api')
    const { base, cookie } = await openPreviewLink(opened.url)
    const health = await fetch(`${base}/health`, { headers: { cookie } })
    expect(health.status).toBe(200)
    // Its routes, from what was built; the API console's requests go to the running API.
    const collection = opened.data.routes.find((route) => route.startsWith('POST /'))?.slice('POST '.length) ?? '/missing'
    expect(opened.data.routes).toEqual(expect.arrayContaining(['GET /health', `GET ${collection}`, `DELETE ${collection}/:id`]))
    const send = (payload: Record<string, unknown>, headers: Headers = visitor) =>
      app.inject({ method: 'POST', url: `/api/overseer/builds/${sessionId}/preview/requests`, headers, payload })
    const record = await (await fetch(`${base}${collection}`, { headers: { cookie } })).json() as { data: unknown[] }
    const fields = await send({ method: 'POST', path: collection, body: '{}' })
    expect(fields.json()).toMatchObject({ success: true, data: { status: 400, truncated: false } })
    expect(fields.json<{ data: { headers: Record<string, string> } }>().data.headers['content-type']).toMatch(/json/)
    const listed = await send({ method: 'GET', path: collection })
    expect(listed.json()).toMatchObject({ success: true, data: { status: 200 } })
    expect(JSON.parse(listed.json<{ data: { body: string } }>().data.body)).toEqual(record)
    expect((await send({ method: 'TRACE', path: collection })).statusCode).toBe(400)
    expect((await send({ method: 'GET', path: 'no-slash' })).statusCode).toBe(400)
    expect((await send({ method: 'GET', path: collection }, await newVisitor(app))).statusCode).toBe(404)
    const found = (await app.inject({ method: 'GET', url: `/api/overseer/builds/${sessionId}/preview`, headers: visitor })).json<PreviewFound>()
    expect(found.data?.console.some((line) => line.stream === 'request' && line.text.startsWith(`POST ${collection} → 400`))).toBe(true)

    expect((await app.inject({ method: 'DELETE', url: `/api/overseer-dev/chat/history/${reply.conversationId}`, headers: visitor })).statusCode).toBe(200)
    expect((await fetch(`${base}/health`, { headers: { cookie } })).status).toBe(404)
    expect((await openPreview(sessionId, visitor)).json()).toEqual({ success: false, message: PREVIEW_MESSAGES.notDelivered })
  }, 120_000)

  it('refuses a build that has nothing to run, a body it does not know, and an unknown build', async () => {
    const { visitor, sessionId } = await delivered('Create a JavaScript library of date helpers')
    expect((await openPreview(sessionId, visitor)).json()).toEqual({ success: false, message: PREVIEW_MESSAGES.notRunnable })
    expect((await openPreview(sessionId, visitor, { restart: 'yes' })).statusCode).toBe(400)
    expect((await openPreview('7c1f6b0e-2b44-4a8e-9d4c-5a0a0b0c0d0e', visitor)).statusCode).toBe(404)
    expect((await openPreview('7c1f6b0e-2b44-4a8e-9d4c-5a0a0b0c0d0e', {})).statusCode).toBe(404)
  }, 120_000)

  it('lets the site frame its preview origin and nothing else', async () => {
    const page = await app.inject({ method: 'GET', url: '/api/health', headers: { host: 'example.test:8080' } })
    const csp = page.headers['content-security-policy'] as string
    const frameSrc = /frame-src ([^;]+)/.exec(csp)?.[1]
    expect(frameSrc).toMatch(/^'self' http:\/\/example\.test:\d+$/)
  })
})
