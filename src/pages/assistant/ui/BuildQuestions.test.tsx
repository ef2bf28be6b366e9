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
 * A build that asks before it guesses, on /assistant: its questions under its reply (from the
 * build's state), suggestions as buttons, an answer of one's own, Send answers and Just build it.
 */

const CONVERSATION_ROUTES = [{ index: true, element: null }, { path: 'c/:conversationId', element: null }]
const API = 'http://localhost/api'
const CONVERSATION_ID = '0b9d3a52-8a3e-4c55-9d55-5b0f7e1e4a11'
const ZIP_URL = '/api/overseer/downloads/2d5e8c1a-9f3b-4e7d-a6c2-5b1f0e9d8a47'
const QUESTIONS = [
  { question: 'What should it keep track of?', suggestions: ['Customers and orders', 'Products and stock'] },
  { question: 'Who will use it?', suggestions: ['Just me', 'My team', 'My customers'] },
]
const MODELS = {
  success: true,
  data: {
    models: { 'overseer-local': { description: 'Offline', costPer1kTokens: 0, capabilities: ['chat'], provider: 'Overseer Labs', source: 'local' } },
    currentOverseerModel: 'overseer-local',
  },
}

let answersSent: unknown[]
/** How often the page read the build's state. */
let stateReads: number
/** Whether the build still waits for answers (what its state says). */
let waiting: boolean

const stateOf = (sessionId: string) => ({
  success: true,
  data: {
    sessionId,
    status: waiting ? 'running' : 'completed',
    stage: waiting ? 'clarification' : 'delivery',
    percentage: waiting ? 25 : 100,
    message: waiting ? 'Waiting for your answers' : 'Your project is ready.',
    conversationId: CONVERSATION_ID,
    model: 'overseer-local',
    createdAt: '2026-11-29T12:00:00.000Z',
    updatedAt: '2026-11-29T12:00:00.000Z',
    iterations: [],
    ...(waiting && { questions: QUESTIONS }),
  },
})

beforeEach(() => {
  answersSent = []
  stateReads = 0
  waiting = true
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
      const reply = `Before I build this, a few questions.\n\n1. **${QUESTIONS[0]?.question}**\n2. **${QUESTIONS[1]?.question}**`
      return HttpResponse.json({ success: true, reply, questions: QUESTIONS, conversationId: CONVERSATION_ID, sessionId, model: 'overseer-local', status: 'completed', stopped: false })
    }),
    http.post(`${API}/overseer/builds/:sessionId/answers`, async ({ request, params }) => {
      answersSent.push(await request.json())
      waiting = false
      return HttpResponse.json({
        success: true,
        reply: `## Business API\n\n**Built on your answers:** customers and orders.\n\n[Download business-api.zip](${ZIP_URL})`,
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

/** Sends a vague build request and waits for its questions to show. */
const askVaguely = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.type(screen.getByRole('textbox', { name: 'Your Message' }), 'Build me an app for my business{Enter}')
  return within(conversation()).findByRole('region', { name: 'Before I build' })
}

describe('a build’s questions in the chat', () => {
  it('shows each question with its suggestions and a field of its own, and says the build waits', async () => {
    const user = userEvent.setup()
    renderPage()
    const questions = await askVaguely(user)
    expect(within(questions).getByRole('status')).toHaveTextContent('Waiting for your answers')
    for (const { question, suggestions } of QUESTIONS) {
      const group = within(questions).getByRole('group', { name: question })
      expect(within(group).getAllByRole('button').map((button) => button.textContent)).toEqual(suggestions)
      expect(within(group).getByRole('textbox', { name: 'Your answer' })).toHaveValue('')
    }
    // Nothing chosen yet: only skipping is possible.
    expect(within(questions).getByRole('button', { name: 'Send answers' })).toBeDisabled()
    expect(within(questions).getByRole('button', { name: 'Just build it' })).toBeEnabled()
  })

  it('sends a suggestion and an answer of one’s own, shows them as the user’s turn, and the delivered reply replaces the questions', async () => {
    const user = userEvent.setup()
    renderPage()
    const questions = await askVaguely(user)
    const first = within(questions).getByRole('group', { name: QUESTIONS[0]?.question })
    const chosen = within(first).getByRole('button', { name: 'Customers and orders' })
    await user.click(chosen)
    expect(chosen).toHaveAttribute('aria-pressed', 'true')
    expect(within(first).getByRole('textbox', { name: 'Your answer' })).toHaveValue('Customers and orders')
    const second = within(questions).getByRole('group', { name: QUESTIONS[1]?.question })
    await user.type(within(second).getByRole('textbox', { name: 'Your answer' }), 'Three people at the front desk')
    await user.click(within(questions).getByRole('button', { name: 'Send answers' }))

    expect(await within(conversation()).findByRole('heading', { name: 'Business API' })).toBeInTheDocument()
    expect(answersSent).toEqual([{ answers: ['Customers and orders', 'Three people at the front desk'] }])
    expect(within(conversation()).getByText(/Who will use it\? Three people at the front desk/)).toBeInTheDocument()
    await waitFor(() => expect(within(conversation()).queryByRole('region', { name: 'Before I build' })).not.toBeInTheDocument())
  })

  it('skips the questions with Just build it', async () => {
    const user = userEvent.setup()
    renderPage()
    const questions = await askVaguely(user)
    await user.click(within(questions).getByRole('button', { name: 'Just build it' }))
    expect(await within(conversation()).findByRole('heading', { name: 'Business API' })).toBeInTheDocument()
    expect(answersSent).toEqual([{ skip: true }])
  })

  it('shows no questions once the build no longer waits for them (answered elsewhere, stopped or timed out)', async () => {
    waiting = false
    const user = userEvent.setup()
    renderPage()
    await user.type(screen.getByRole('textbox', { name: 'Your Message' }), 'Build me an app for my business{Enter}')
    // Looked up afresh: the reply's plain text gives way to its rendered Markdown once that loads.
    await waitFor(() => expect(within(conversation()).getByText(/a few questions/)).toBeInTheDocument())
    // The build's state has been read, and it asks nothing.
    await waitFor(() => expect(stateReads).toBeGreaterThan(0))
    await act(() => Promise.resolve())
    expect(within(conversation()).queryByRole('region', { name: 'Before I build' })).not.toBeInTheDocument()
  })
})
