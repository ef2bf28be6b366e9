import { http, HttpResponse } from 'msw'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Socket } from 'socket.io-client'
import { createFakeSocket } from '@/shared/lib/socket'
import { server } from '@tests/setup/msw'
import { renderWithProviders } from '@tests/setup/renderWithProviders'
import { setupStore } from '@tests/setup/store'
import { AssistantPage } from './AssistantPage'

/**
 * 'Helpful' and 'Not helpful' on /assistant with the real store: each reply rated at its stored
 * position, and the ratings of a conversation opened from its address (a reload) or the history.
 */

/** The assistant's addresses, as the app's route table has them: /assistant and /assistant/c/{id} keep the page mounted. */
const CONVERSATION_ROUTES = [{ index: true, element: null }, { path: 'c/:conversationId', element: null }]

const API = 'http://localhost/api'
const CONVERSATION_ID = '0b9d3a52-8a3e-4c55-9d55-5b0f7e1e4a11'

const MODELS = {
  success: true,
  data: {
    models: { 'overseer-local': { description: 'Offline', costPer1kTokens: 0, capabilities: ['chat'], provider: 'Overseer Labs', source: 'local' } },
    currentOverseerModel: 'overseer-local',
  },
}

const stored = (extra: Record<string, unknown> = {}) => ({
  id: CONVERSATION_ID,
  date: '2025-05-10T12:00:00.000Z',
  createdAt: '2025-05-10T12:00:00.000Z',
  status: 'completed',
  title: 'Q1',
  messageCount: 6,
  messages: [
    { role: 'user', content: 'Q1' },
    { role: 'assistant', content: 'Answer 1' },
    { role: 'user', content: 'Build a todo web app' },
    { role: 'assistant', content: 'Built your todo web app' },
    { role: 'user', content: 'Q3' },
  ],
  response: 'Answer 3',
  model: 'overseer-local',
  stopped: false,
  builds: [{ sessionId: '6f1c2a9e-3b7d-4c55-9a41-2f0d8e7b1c33', position: 2 }],
  ...extra,
})

/** The rating calls the server saw: method and path after the conversation's. */
let ratingCalls: { method: string; path: string; body: unknown }[]
/** What the dev chat answers next, in order; then `Answer N`. */
let answers: (() => Response)[]

const useServer = (history: unknown[] = []) => {
  let asked = 0
  const rating = async ({ request }: { request: Request }) => {
    ratingCalls.push({
      method: request.method,
      path: new URL(request.url).pathname.replace('/api/overseer-dev/chat/history/', ''),
      body: request.method === 'PUT' ? await request.json() : undefined,
    })
    return HttpResponse.json({ success: true })
  }
  server.use(
    http.get(`${API}/overseer-dev/models`, () => HttpResponse.json(MODELS)),
    http.get(`${API}/overseer-dev/chat/history`, () => HttpResponse.json({ success: true, data: history, pagination: { page: 1, pages: 1, total: history.length, limit: 5 } })),
    http.post(`${API}/overseer-dev/chat`, async ({ request }) => {
      const body = (await request.json()) as { sessionId: string }
      asked += 1
      const answer = answers.shift()
      if (answer) return answer()
      return HttpResponse.json({ success: true, reply: `Answer ${asked}`, conversationId: CONVERSATION_ID, sessionId: body.sessionId, stopped: false })
    }),
    http.put(`${API}/overseer-dev/chat/history/:id/ratings/:position`, rating),
    http.delete(`${API}/overseer-dev/chat/history/:id/ratings/:position`, rating),
    // A build's reply shows its timeline (none stored here) and reads its state (none).
    http.get(`${API}/overseer/builds/:sessionId`, () => HttpResponse.json({ success: false, message: 'Build not found' }, { status: 404 })),
    http.get(`${API}/overseer/builds/:sessionId/events`, () => HttpResponse.json({ success: true, data: { events: [], more: false } })),
  )
}

const renderAt = (at = '/assistant') => {
  const store = setupStore({ socketFactory: () => Promise.resolve(createFakeSocket() as unknown as Socket) })
  return renderWithProviders(<AssistantPage />, { store, route: '/assistant', at, children: CONVERSATION_ROUTES })
}

const conversation = () => screen.getByRole('region', { name: 'Current Conversation' })
/** The turn that shows `text`, looked up afresh (a reply's plain text gives way to its Markdown). */
const turnOf = (text: string) => within(conversation()).getByText(text).closest('li') as HTMLElement
const button = (text: string, name: 'Helpful' | 'Not helpful') => within(within(turnOf(text)).getByRole('group', { name: 'Rate this reply' })).getByRole('button', { name })

const send = async (user: ReturnType<typeof userEvent.setup>, text: string, reply: string) => {
  await user.type(screen.getByRole('textbox', { name: 'Your Message' }), `${text}{Enter}`)
  await waitFor(() => expect(within(conversation()).getByText(reply)).toBeInTheDocument())
}

beforeEach(() => {
  ratingCalls = []
  answers = []
})

describe('rating the assistant’s replies', () => {
  it('rates each reply of a new conversation at its stored position', async () => {
    useServer()
    const user = userEvent.setup()
    renderAt()
    await send(user, 'How do gates work?', 'Answer 1')
    await send(user, 'And the DevLoop?', 'Answer 2')

    await user.click(await waitFor(() => button('Answer 2', 'Not helpful')))
    await waitFor(() => expect(button('Answer 2', 'Not helpful')).toHaveAttribute('aria-pressed', 'true'))
    await user.type(within(turnOf('Answer 2')).getByRole('textbox', { name: 'Tell us more (optional)' }), 'It skipped the matrix.')
    await user.click(within(turnOf('Answer 2')).getByRole('button', { name: 'Send' }))
    await user.click(button('Answer 1', 'Helpful'))
    await waitFor(() => expect(ratingCalls).toHaveLength(3))
    expect(ratingCalls).toEqual([
      { method: 'PUT', path: `${CONVERSATION_ID}/ratings/3`, body: { rating: 'not_helpful' } },
      { method: 'PUT', path: `${CONVERSATION_ID}/ratings/3`, body: { rating: 'not_helpful', comment: 'It skipped the matrix.' } },
      { method: 'PUT', path: `${CONVERSATION_ID}/ratings/1`, body: { rating: 'helpful' } },
    ])
    expect(within(turnOf('Answer 1')).getByText('Thanks for your feedback.')).toBeInTheDocument()
  })

  it('counts only what the server stored: a refused question and its failed turn have no position', async () => {
    useServer()
    answers.push(
      () => HttpResponse.json({ success: true, reply: 'Answer 1', conversationId: CONVERSATION_ID, sessionId: 'x', stopped: false }),
      () => HttpResponse.json({ success: false, message: 'Too many messages.' }, { status: 429 }),
    )
    const user = userEvent.setup()
    renderAt()
    await send(user, 'Q1', 'Answer 1')
    await user.type(screen.getByRole('textbox', { name: 'Your Message' }), 'Q2{Enter}')
    expect(await screen.findByText('Backend error: 429')).toBeInTheDocument()
    expect(within(turnOf('[Error from Overseer backend]')).queryByRole('group')).not.toBeInTheDocument()
    await send(user, 'Q3', 'Answer 3')

    await user.click(await waitFor(() => button('Answer 3', 'Helpful')))
    await waitFor(() => expect(ratingCalls).toEqual([{ method: 'PUT', path: `${CONVERSATION_ID}/ratings/3`, body: { rating: 'helpful' } }]))
  })

  it('shows the ratings of a conversation opened from its address as pressed, offers none on a build’s reply, and takes one back', async () => {
    useServer()
    server.use(
      http.get(`${API}/overseer-dev/chat/history/:id`, () =>
        HttpResponse.json({
          success: true,
          data: { ...stored({ ratings: [{ position: 5, rating: 'not_helpful', comment: 'Too vague.' }] }), usage: { promptTokens: 1, completionTokens: 1, totalTokens: 2 } },
        }),
      ),
    )
    const user = userEvent.setup()
    renderAt(`/assistant/c/${CONVERSATION_ID}`)
    await waitFor(() => expect(button('Answer 3', 'Not helpful')).toHaveAttribute('aria-pressed', 'true'))
    expect(button('Answer 3', 'Helpful')).toHaveAttribute('aria-pressed', 'false')
    expect(within(turnOf('Answer 3')).getByText('Your comment: Too vague.')).toBeInTheDocument()
    expect(button('Answer 1', 'Helpful')).toHaveAttribute('aria-pressed', 'false')
    expect(within(turnOf('Built your todo web app')).queryByRole('group', { name: 'Rate this reply' })).not.toBeInTheDocument()

    await user.click(button('Answer 3', 'Not helpful'))
    await waitFor(() => expect(button('Answer 3', 'Not helpful')).toHaveAttribute('aria-pressed', 'false'))
    expect(ratingCalls).toEqual([{ method: 'DELETE', path: `${CONVERSATION_ID}/ratings/5`, body: undefined }])
  })

  it('shows the ratings of a conversation opened from the history', async () => {
    useServer([stored({ ratings: [{ position: 1, rating: 'helpful' }] })])
    const user = userEvent.setup()
    renderAt()
    await user.click(screen.getByRole('button', { name: 'View Chat History' }))
    await user.click(await screen.findByRole('button', { name: 'Q1' }))
    await waitFor(() => expect(button('Answer 1', 'Helpful')).toHaveAttribute('aria-pressed', 'true'))
    expect(button('Answer 3', 'Helpful')).toHaveAttribute('aria-pressed', 'false')
  })
})
