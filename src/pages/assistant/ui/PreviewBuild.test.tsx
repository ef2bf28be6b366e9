import { http, HttpResponse } from 'msw'
import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Socket } from 'socket.io-client'
import type { PreviewView } from '@contracts/preview'
import { createFakeSocket, previewEventReceived, type FakeSocket } from '@/shared/lib/socket'
import { server } from '@tests/setup/msw'
import { renderWithProviders } from '@tests/setup/renderWithProviders'
import { setupStore } from '@tests/setup/store'
import { PreviewBuild } from './PreviewBuild'

/**
 * The live preview under a delivered build's reply: Preview starts it (the link opens it in a
 * frame), its console follows the `preview` events, a crash offers 'Ask Overseer to fix this', an
 * API gets its request console, and a preview that runs is found again after a reload.
 */

const API = 'http://localhost/api'
const SESSION = '5b2f7c1e-3a4d-4e8f-9b1c-2d3e4f5a6b7c'
const LINK = 'http://localhost:8081/__overseer/preview/open?token=abc'

let kind: 'web-app' | 'http-api' | 'library'
let running: PreviewView | null
let opened: number
let sent: unknown[]

const view = (overrides: Partial<PreviewView> = {}): PreviewView => ({
  id: '0c7d2b4e-1f3a-4b5c-8d9e-0f1a2b3c4d5e',
  sessionId: SESSION,
  buildId: '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d',
  kind: kind === 'library' ? 'web-app' : kind,
  status: 'starting',
  startedAt: '2026-11-29T20:00:00.000Z',
  expiresAt: '2026-11-29T20:30:00.000Z',
  idleUntil: '2026-11-29T20:10:00.000Z',
  routes: kind === 'http-api' ? ['GET /health', 'GET /items', 'POST /items'] : [],
  console: [{ at: '2026-11-29T20:00:00.000Z', stream: 'system', text: '$ npm start' }],
  ...overrides,
})

beforeEach(() => {
  kind = 'web-app'
  running = null
  opened = 0
  sent = []
  server.use(
    http.get(`${API}/overseer/builds/:sessionId`, ({ params }) =>
      HttpResponse.json({
        success: true,
        data: {
          sessionId: String(params.sessionId),
          status: 'completed',
          stage: 'delivery',
          percentage: 100,
          message: 'Your project is ready.',
          kind,
          conversationId: '0b9d3a52-8a3e-4c55-9d55-5b0f7e1e4a11',
          model: 'overseer-local',
          createdAt: '2026-11-29T20:00:00.000Z',
          updatedAt: '2026-11-29T20:00:00.000Z',
          iterations: [],
        },
      }),
    ),
    http.get(`${API}/overseer/builds/:sessionId/preview`, () => HttpResponse.json({ success: true, data: running })),
    http.post(`${API}/overseer/builds/:sessionId/preview`, () => {
      opened += 1
      running = view()
      return HttpResponse.json({ success: true, url: LINK, expiresAt: running.expiresAt, data: running })
    }),
    http.post(`${API}/overseer/builds/:sessionId/preview/requests`, async ({ request }) => {
      sent.push(await request.json())
      return HttpResponse.json({ success: true, data: { status: 201, headers: { 'content-type': 'application/json' }, body: '{"id":1,"title":"Milk"}', truncated: false, durationMs: 3 } })
    }),
    http.delete(`${API}/overseer/builds/:sessionId/preview`, () => {
      running = null
      return HttpResponse.json({ success: true })
    }),
  )
})

/** A preview as its status event carries it: without its console. */
const summary = ({ console: _console, ...rest }: PreviewView) => rest

/** Whether the page joined the build's room (the preview's events come there). */
const joined = (fake: FakeSocket): boolean => fake.emitted.some(({ event, args }) => event === 'subscribe:progress' && args[0] === SESSION)

const renderPreview = (onFix: (request: string) => void = () => undefined) => {
  const fake = createFakeSocket()
  const store = setupStore({ socketFactory: () => Promise.resolve(fake as unknown as Socket) })
  renderWithProviders(<PreviewBuild sessionId={SESSION} onFix={onFix} busy={false} />, { store })
  return { fake, store }
}

describe('the live preview of a delivered build', () => {
  it('runs a web app in a frame on the preview origin, with its console live, and stops it', async () => {
    const user = userEvent.setup()
    const { fake, store } = renderPreview()
    await user.click(await screen.findByRole('button', { name: 'Preview' }))
    expect(await screen.findByRole('heading', { name: 'Preview' })).toHaveFocus()
    expect(screen.getByTitle('The app, running')).toHaveAttribute('src', LINK)
    expect(screen.getByTitle('The app, running')).toHaveAttribute('sandbox', 'allow-scripts allow-forms allow-same-origin allow-popups allow-modals')
    expect(screen.getByRole('link', { name: 'Open in a new tab (opens in a new tab)' })).toHaveAttribute('href', LINK)
    expect(screen.getByRole('status')).toHaveTextContent(/^Starting: npm start in the sandbox\.\.\. Stops at .+ unless it gets a request, at .+ at the latest\.$/)
    await waitFor(() => expect(joined(fake)).toBe(true))

    act(() => {
      fake.serverEmit('preview', { sessionId: SESSION, type: 'status', preview: summary(view({ status: 'running' })) })
      fake.serverEmit('preview', { sessionId: SESSION, type: 'console', lines: [{ at: '2026-11-29T20:00:01.000Z', stream: 'request', text: 'POST /api/items → 201 (3 ms)' }] })
    })
    expect(screen.getByRole('status')).toHaveTextContent(/^Running\. /)
    expect(screen.getByRole('log', { name: 'Preview console' })).toHaveTextContent('POST /api/items → 201 (3 ms)')
    expect(screen.getByText('Console (2 lines)')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Stop preview' }))
    expect(await screen.findByRole('button', { name: 'Preview' })).toBeInTheDocument()
    expect(screen.queryByTitle('The app, running')).not.toBeInTheDocument()

    // Its last event, sent as it stopped, can come after the stop's answer, before the page has
    // left the build's room: it stays stopped.
    act(() => {
      store.dispatch(previewEventReceived({ sessionId: SESSION, type: 'status', preview: summary(view({ status: 'exited', ended: { reason: 'stopped', exitCode: null, message: 'Stopped by its owner.' } })) }))
    })
    expect(screen.getByRole('button', { name: 'Preview' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Preview' })).not.toBeInTheDocument()
  })

  it('keeps the preview it opened when the check asked before it answers after it (none running then)', async () => {
    let answerCheck: () => void = () => undefined
    const checkAnswered = new Promise<void>((resolve) => (answerCheck = resolve))
    let checked = false
    server.use(
      http.get(`${API}/overseer/builds/:sessionId/preview`, async () => {
        // Read when asked (nothing runs yet), answered only after the POST has been.
        const found = running
        checked = true
        await checkAnswered
        return HttpResponse.json({ success: true, data: found })
      }),
    )
    const user = userEvent.setup()
    const { store } = renderPreview()
    await user.click(await screen.findByRole('button', { name: 'Preview' }))
    expect(await screen.findByRole('heading', { name: 'Preview' })).toHaveFocus()
    expect(checked).toBe(true)
    answerCheck()
    const checks = () => Object.values(store.getState().api?.queries ?? {}).filter((query) => query?.endpointName === 'getPreview')
    await waitFor(() => expect(checks().map((query) => query?.status)).toEqual(['fulfilled']))
    expect(screen.getByRole('heading', { name: 'Preview' })).toBeInTheDocument()
    expect(screen.getByTitle('The app, running')).toHaveAttribute('src', LINK)
  })

  it('keeps showing the restarted preview when the replaced one reports its end late', async () => {
    const user = userEvent.setup()
    const { store } = renderPreview()
    await user.click(await screen.findByRole('button', { name: 'Preview' }))
    const first = view({ status: 'running' })
    server.use(
      http.post(`${API}/overseer/builds/:sessionId/preview`, () => {
        running = view({ id: '7e6d5c4b-3a29-4817-9f6e-5d4c3b2a1908', startedAt: '2026-11-29T20:05:00.000Z' })
        return HttpResponse.json({ success: true, url: `${LINK}2`, expiresAt: running.expiresAt, data: running })
      }),
    )
    await user.click(screen.getByRole('button', { name: 'Restart' }))
    await waitFor(() => expect(screen.getByTitle('The app, running')).toHaveAttribute('src', `${LINK}2`))
    act(() => {
      store.dispatch(previewEventReceived({ sessionId: SESSION, type: 'status', preview: summary({ ...first, status: 'exited', ended: { reason: 'stopped', exitCode: null, message: 'Stopped by its owner.' } }) }))
    })
    expect(screen.getByTitle('The app, running')).toHaveAttribute('src', `${LINK}2`)
    expect(screen.getByRole('status')).toHaveTextContent(/^Starting: /)
  })

  it("says when the app crashed and asks Overseer to fix it with the console's last lines", async () => {
    const user = userEvent.setup()
    const fixes: string[] = []
    const { fake } = renderPreview((request) => fixes.push(request))
    await user.click(await screen.findByRole('button', { name: 'Preview' }))
    await waitFor(() => expect(joined(fake)).toBe(true))
    act(() => {
      fake.serverEmit('preview', { sessionId: SESSION, type: 'console', lines: [{ at: '2026-11-29T20:00:01.000Z', stream: 'output', text: "TypeError: Cannot read properties of undefined (reading 'title')" }] })
      fake.serverEmit('preview', {
        sessionId: SESSION,
        type: 'status',
        preview: summary(view({ status: 'exited', ended: { reason: 'crashed', exitCode: 1, message: 'The app stopped with exit code 1. Its console shows why.' } })),
      })
    })
    expect(screen.getByRole('alert')).toHaveTextContent('The app stopped with exit code 1. Its console shows why.')
    expect(screen.queryByTitle('The app, running')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Ask Overseer to fix this' }))
    expect(fixes).toHaveLength(1)
    expect(fixes[0]).toMatch(/^Fix this error in the app: The app stopped with exit code 1\./)
    expect(fixes[0]).toContain("TypeError: Cannot read properties of undefined (reading 'title')")
  })

  it('gives an HTTP API its request console: a route, a JSON body, the answer', async () => {
    kind = 'http-api'
    const user = userEvent.setup()
    renderPreview()
    await user.click(await screen.findByRole('button', { name: 'Preview' }))
    expect(await screen.findByRole('heading', { name: 'API console' })).toBeInTheDocument()
    expect(screen.queryByTitle('The app, running')).not.toBeInTheDocument()
    expect(screen.getByText('Routes: GET /health · GET /items · POST /items')).toBeInTheDocument()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Method' }), 'POST')
    await user.clear(screen.getByRole('combobox', { name: 'Path' }))
    await user.type(screen.getByRole('combobox', { name: 'Path' }), '/items')
    const body = screen.getByRole('textbox', { name: 'JSON body' })
    await user.clear(body)
    await user.type(body, 'not json')
    await user.click(screen.getByRole('button', { name: 'Send request' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('The body is not valid JSON.')
    expect(sent).toEqual([])
    await user.clear(body)
    await user.type(body, '{{"title":"Milk"}')
    await user.click(screen.getByRole('button', { name: 'Send request' }))
    expect(await screen.findByText('Status 201')).toBeInTheDocument()
    expect(screen.getByLabelText('Response body')).toHaveTextContent('"title": "Milk"')
    expect(sent).toEqual([{ method: 'POST', path: '/items', body: '{"title":"Milk"}' }])
  })

  it('finds a running preview again after a reload, with a new link, and offers nothing for a project without a server', async () => {
    running = view({ status: 'running' })
    renderPreview()
    expect(await screen.findByTitle('The app, running')).toHaveAttribute('src', LINK)
    expect(opened).toBe(1)
  })

  it('starts at once when asked to (the fix asked for from an earlier preview was delivered)', async () => {
    const fake = createFakeSocket()
    const store = setupStore({ socketFactory: () => Promise.resolve(fake as unknown as Socket) })
    let started = 0
    renderWithProviders(<PreviewBuild sessionId={SESSION} onFix={() => undefined} busy={false} autoStart onAutoStarted={() => (started += 1)} />, { store })
    expect(await screen.findByTitle('The app, running')).toHaveAttribute('src', LINK)
    expect(started).toBe(1)
    expect(opened).toBe(1)
  })

  it('offers no preview for a library', async () => {
    kind = 'library'
    renderPreview()
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Preview' })).not.toBeInTheDocument())
  })
})
