import { http, HttpResponse } from 'msw'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Socket } from 'socket.io-client'
import { createFakeSocket } from '@/shared/lib/socket'
import { server } from '@tests/setup/msw'
import { renderWithProviders } from '@tests/setup/renderWithProviders'
import { setupStore } from '@tests/setup/store'
import { AssistantPage } from './AssistantPage'

/**
 * A failed build on /assistant: 'Retry from development' under the failed reply (from the build's
 * state), and the retry's reply in the failure's place.
 */

const CONVERSATION_ROUTES = [{ index: true, element: null }, { path: 'c/:conversationId', element: null }]
const API = 'http://localhost/api'
const CONVERSATION_ID = '0b9d3a52-8a3e-4c55-9d55-5b0f7e1e4a11'
const ZIP_URL = '/api/overseer/downloads/2d5e8c1a-9f3b-4e7d-a6c2-5b1f0e9d8a47'
const FAILURE = 'The development loop spent its 6 iterations and the tests still fail: sum adds two numbers.'
const MODELS = {
  success: true,
  data: {
    models: { 'overseer-local': { description: 'Offline', costPer1kTokens: 0, capabilities: ['chat'], provider: 'Overseer Labs', source: 'local' } },
    currentOverseerModel: 'overseer-local',
  },
}

let retries: string[]
/** How often the page read the build's state. */
let stateReads: number
/** What the build's state says: failed at development (retryable), failed at a gate (not), or delivered. */
let state: 'retryable' | 'denied' | 'completed' | 'running'

const stateOf = (sessionId: string) => ({
  success: true,
  data: {
    sessionId,
    status: state === 'completed' ? 'completed' : state === 'running' ? 'running' : 'error',
    stage: 'development',
    percentage: state === 'completed' ? 100 : 70,
    message: state === 'completed' ? 'Your project is ready.' : state === 'running' ? 'Resumed after an interruption: development' : FAILURE,
    ...((state === 'retryable' || state === 'denied') && { error: FAILURE }),
    ...(state === 'retryable' && { retryStage: 'development' }),
    conversationId: CONVERSATION_ID,
    model: 'overseer-local',
    createdAt: '2026-11-29T12:00:00.000Z',
    updatedAt: '2026-11-29T12:00:00.000Z',
    iterations: [],
  },
})

beforeEach(() => {
  retries = []
  stateReads = 0
  state = 'retryable'
  server.use(
    http.get(`${API}/overseer-dev/models`, () => HttpResponse.json(MODELS)),
    http.get(`${API}/overseer-dev/chat/history`, () => HttpResponse.json({ success: true, data: [], pagination: { page: 1, pages: 1, total: 0, limit: 5 } })),
    http.get(`${API}/overseer/builds/:sessionId/events`, () => HttpResponse.json({ success: true, data: { events: [], more: false } })),
    http.get(`${API}/overseer/builds/:sessionId`, ({ params }) => {
      stateReads += 1
      return HttpResponse.json(stateOf(String(params.sessionId)))
    }),
    http.post(`${API}/overseer/chat`, async ({ request }) => {
      const { sessionId } = (await request.json()) as { sessionId: string }
      return HttpResponse.json(
        { success: false, message: FAILURE, conversationId: CONVERSATION_ID, sessionId, status: 'error', ...(state === 'retryable' && { retryStage: 'development' }) },
        { status: 500 },
      )
    }),
    http.post(`${API}/overseer/builds/:sessionId/retry`, ({ params }) => {
      retries.push(String(params.sessionId))
      state = 'completed'
      return HttpResponse.json({
        success: true,
        reply: `## Sum Library\n\nBuilt on the second try.\n\n[Download sum-library.zip](${ZIP_URL})`,
        zipUrl: ZIP_URL,
        conversationId: CONVERSATION_ID,
        sessionId: String(params.sessionId),
        model: 'overseer-local',
        status: 'completed',
        stopped: false,
      })
    }),
  )
})

const renderPage = () => {
  const store = setupStore({ socketFactory: () => Promise.resolve(createFakeSocket() as unknown as Socket) })
  return renderWithProviders(<AssistantPage />, { store, route: '/assistant', children: CONVERSATION_ROUTES })
}

const conversation = () => screen.getByRole('region', { name: 'Current Conversation' })

describe('retrying a failed build in the chat', () => {
  it('offers Retry from development under the failure, and the retry’s reply takes the failure’s place', async () => {
    const user = userEvent.setup()
    renderPage()
    await user.type(screen.getByRole('textbox', { name: 'Your Message' }), 'Build a JavaScript library with a function sum(a, b){Enter}')
    const retry = await within(conversation()).findByRole('button', { name: 'Retry from development' })
    await user.click(retry)

    expect(await within(conversation()).findByRole('heading', { name: 'Sum Library' })).toBeInTheDocument()
    expect(retries).toHaveLength(1)
    // One request, one reply: the failure is gone, and so is the button.
    await waitFor(() => expect(within(conversation()).queryByText('[Error from Overseer backend]')).not.toBeInTheDocument())
    expect(within(conversation()).queryByRole('button', { name: 'Retry from development' })).not.toBeInTheDocument()
  })

  it('offers no retry for a build that cannot be retried (denied at a gate)', async () => {
    state = 'denied'
    const user = userEvent.setup()
    renderPage()
    await user.type(screen.getByRole('textbox', { name: 'Your Message' }), 'Build a JavaScript library with a function sum(a, b){Enter}')
    expect(await within(conversation()).findByText('[Error from Overseer backend]')).toBeInTheDocument()
    // The build's state has been read, and it cannot be retried.
    await waitFor(() => expect(stateReads).toBeGreaterThan(0))
    await act(() => Promise.resolve())
    expect(within(conversation()).queryByRole('button', { name: /Retry from/ })).not.toBeInTheDocument()
  })
})

describe('a build whose server went down while it ran', () => {
  it('keeps following it (no failure shown) and shows its reply once the build, taken over, is delivered', async () => {
    let delivered = false
    state = 'running'
    const fake = createFakeSocket()
    const conversation = (sessionId: string) => ({
      success: true,
      data: {
        id: CONVERSATION_ID,
        date: '2026-11-29T12:00:00.000Z',
        createdAt: '2026-11-29T12:00:00.000Z',
        status: delivered ? 'completed' : 'processing',
        title: 'Build a JavaScript library with a function sum(a, b)',
        messageCount: delivered ? 2 : 1,
        messages: [{ role: 'user', content: 'Build a JavaScript library with a function sum(a, b)' }],
        response: delivered ? '## Sum Library\n\nResumed after the restart and delivered.' : '',
        model: 'overseer-local',
        stopped: false,
        builds: [{ sessionId, position: 0 }],
        usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 },
      },
    })
    let sent = ''
    server.use(
      http.post(`${API}/overseer/chat`, async ({ request }) => {
        const { sessionId } = (await request.json()) as { sessionId: string }
        sent = sessionId
        return HttpResponse.json(
          {
            success: false,
            status: 'processing',
            message: 'The server is restarting: your build is saved and goes on from where it was once the server is back. Follow it in this conversation.',
            conversationId: CONVERSATION_ID,
            sessionId,
          },
          { status: 503 },
        )
      }),
      http.get(`${API}/overseer-dev/sessions/:sessionId`, ({ params }) =>
        HttpResponse.json({ success: true, data: { sessionId: String(params.sessionId), kind: 'build', conversationId: CONVERSATION_ID } }),
      ),
      http.get(`${API}/overseer-dev/chat/history/:id`, () => HttpResponse.json(conversation(sent))),
    )
    const user = userEvent.setup()
    const store = setupStore({ socketFactory: () => Promise.resolve(fake as unknown as Socket) })
    renderWithProviders(<AssistantPage />, { store, route: '/assistant', children: CONVERSATION_ROUTES })
    await user.type(screen.getByRole('textbox', { name: 'Your Message' }), 'Build a JavaScript library with a function sum(a, b){Enter}')
    // Followed again: the conversation is read, still processing; no failure is shown.
    await waitFor(() => expect(store.getState().chat?.conversationId).toBe(CONVERSATION_ID))
    expect(within(screen.getByRole('region', { name: 'Current Conversation' })).queryByText('[Error from Overseer backend]')).not.toBeInTheDocument()
    expect(screen.queryByText(/Backend error/)).not.toBeInTheDocument()

    // Taken over and delivered: the end reaches the room, and the reply shows.
    delivered = true
    state = 'completed'
    act(() => fake.serverEmit('progress', { sessionId: sent, stage: 'delivery', message: 'Your project is ready.', percentage: 100 }))
    expect(await within(screen.getByRole('region', { name: 'Current Conversation' })).findByRole('heading', { name: 'Sum Library' })).toBeInTheDocument()
  })
})
