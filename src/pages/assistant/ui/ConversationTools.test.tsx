import { http, HttpResponse } from 'msw'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Socket } from 'socket.io-client'
import { createFakeSocket, type FakeSocket } from '@/shared/lib/socket'
import { server } from '@tests/setup/msw'
import { renderWithProviders } from '@tests/setup/renderWithProviders'
import { setupStore } from '@tests/setup/store'
import { AssistantPage } from './AssistantPage'

/** The assistant's addresses, as the app's route table has them: /assistant and /assistant/c/{id} keep the page mounted. */
const CONVERSATION_ROUTES = [{ index: true, element: null }, { path: 'c/:conversationId', element: null }]

/**
 * The conversation tools on /assistant with the real store: Regenerate and Edit (with the inline
 * editor), and a reload while a reply or a build was on its way.
 */

const API = 'http://localhost/api'
const CONVERSATION_ID = '0b9d3a52-8a3e-4c55-9d55-5b0f7e1e4a11'
const SESSION = '6f1c2a9e-3b7d-4c55-9a41-2f0d8e7b1c33'
const ZIP_URL = '/api/overseer/downloads/2d5e8c1a-9f3b-4e7d-a6c2-5b1f0e9d8a47'
const SAVED_FILES = 'Your project files have been saved to the server downloads directory.'

const MODELS = {
  success: true,
  data: {
    models: { 'overseer-local': { description: 'Offline', costPer1kTokens: 0, capabilities: ['chat'], provider: 'Overseer Labs', source: 'local' } },
    currentOverseerModel: 'overseer-local',
  },
}

interface ChatBody {
  messages: { role: string; content: string }[]
  model?: string
  sessionId: string
  conversationId?: string
  replaceFrom?: number
}

const stored = (extra: Record<string, unknown> = {}) => ({
  id: CONVERSATION_ID,
  date: '2025-05-10T12:00:00.000Z',
  createdAt: '2025-05-10T12:00:00.000Z',
  status: 'completed',
  title: 'Q1',
  messageCount: 2,
  messages: [{ role: 'user', content: 'Q1' }],
  response: 'A1',
  model: 'overseer-local',
  stopped: false,
  usage: { promptTokens: 1, completionTokens: 1, totalTokens: 2 },
  ...extra,
})

let bodies: ChatBody[]
/** What the dev chat answers next, in order; then `Answer N`. */
let answers: ((body: ChatBody) => Response)[]

const useServer = () => {
  server.use(
    http.get(`${API}/overseer-dev/models`, () => HttpResponse.json(MODELS)),
    http.get(`${API}/overseer-dev/chat/history`, () => HttpResponse.json({ success: true, data: [], pagination: { page: 1, pages: 1, total: 0, limit: 5 } })),
    http.post(`${API}/overseer-dev/chat`, async ({ request }) => {
      const body = (await request.json()) as ChatBody
      bodies.push(body)
      const answer = answers.shift()
      if (answer) return answer(body)
      return HttpResponse.json({ success: true, reply: `Answer ${bodies.length}`, conversationId: CONVERSATION_ID, sessionId: body.sessionId, stopped: false })
    }),
  )
}

const renderPage = ({ fake = createFakeSocket() }: { fake?: FakeSocket } = {}) => {
  const store = setupStore({ socketFactory: () => Promise.resolve(fake as unknown as Socket) })
  return { ...renderWithProviders(<AssistantPage />, { store, route: '/assistant', children: CONVERSATION_ROUTES }), store, fake }
}

const conversation = () => screen.getByRole('region', { name: 'Current Conversation' })
const messages = () => within(conversation()).queryByRole('log', { name: 'Messages' })
const turnTexts = () =>
  within(messages() ?? conversation())
    .queryAllByRole('listitem')
    .map((item) => item.textContent ?? '')

/**
 * Waits for a reply in the conversation, looked up afresh each time: the first reply a file shows
 * is plain text while the Markdown renderer loads (lazily), and then gives way to the rendered
 * one, so an element found before that swap may have left the document by the time it is checked.
 */
const replyShown = (reply: string) => waitFor(() => expect(within(conversation()).getByText(reply)).toBeInTheDocument())

const send = async (user: ReturnType<typeof userEvent.setup>, text: string, reply: string) => {
  await user.type(screen.getByRole('textbox', { name: 'Your Message' }), `${text}{Enter}`)
  await replyShown(reply)
}

// A resumed or reconnected build reads its timeline's missed steps: none here.
beforeEach(() => {
  server.use(http.get('http://localhost/api/overseer/builds/:sessionId/events', () => HttpResponse.json({ success: true, data: { events: [], more: false } })))
})

beforeEach(() => {
  bodies = []
  answers = []
  window.sessionStorage.clear()
})

describe('regenerate and edit', () => {
  it('regenerates the last reply: its question again, at its stored position, and the new reply takes the old one’s place', async () => {
    useServer()
    const user = userEvent.setup()
    renderPage()
    await send(user, 'How do gates work?', 'Answer 1')

    await user.click(await within(conversation()).findByRole('button', { name: 'Regenerate' }))
    await replyShown('Answer 2')
    expect(bodies[1]).toMatchObject({ messages: [{ role: 'user', content: 'How do gates work?' }], conversationId: CONVERSATION_ID, replaceFrom: 0, model: 'overseer-local' })
    expect(turnTexts()).toHaveLength(2)
    expect(within(conversation()).queryByText('Answer 1')).not.toBeInTheDocument()
  })

  it('edits a sent message inline: Escape cancels and gives the focus back; Save & resend replaces it and every later turn', async () => {
    useServer()
    const user = userEvent.setup()
    renderPage()
    await send(user, 'Q1', 'Answer 1')
    await send(user, 'Q2', 'Answer 2')
    expect(bodies[1]).toMatchObject({ conversationId: CONVERSATION_ID })
    expect(bodies[1]).not.toHaveProperty('replaceFrom')

    const edit = await within(conversation()).findByRole('button', { name: 'Edit your message: Q1' })
    await user.click(edit)
    const editor = within(conversation()).getByRole('textbox', { name: 'Edit your message' })
    expect(editor).toHaveFocus()
    expect(editor).toHaveValue('Q1')
    // The message's text gives way to the editor.
    expect(within(conversation()).queryByText('Q1', { ignore: 'textarea' })).not.toBeInTheDocument()
    await user.keyboard('{Escape}')
    expect(within(conversation()).queryByRole('textbox', { name: 'Edit your message' })).not.toBeInTheDocument()
    expect(within(conversation()).getByRole('button', { name: 'Edit your message: Q1' })).toHaveFocus()
    expect(bodies).toHaveLength(2)

    await user.keyboard('{Enter}')
    const again = within(conversation()).getByRole('textbox', { name: 'Edit your message' })
    await user.clear(again)
    await user.type(again, 'Q1 edited')
    await user.click(within(conversation()).getByRole('button', { name: 'Save & resend' }))
    await replyShown('Answer 3')
    expect(bodies[2]).toMatchObject({ messages: [{ role: 'user', content: 'Q1 edited' }], conversationId: CONVERSATION_ID, replaceFrom: 0 })
    expect(turnTexts()).toEqual([expect.stringContaining('Q1 edited'), expect.stringContaining('Answer 3')])
  })

  it('sends a build request edited from a question to the build endpoint, with its position', async () => {
    useServer()
    const builds: ChatBody[] = []
    server.use(
      http.post(`${API}/overseer/chat`, async ({ request }) => {
        const body = (await request.json()) as ChatBody
        builds.push(body)
        return HttpResponse.json({ success: true, reply: 'Build stopped.', conversationId: CONVERSATION_ID, sessionId: body.sessionId, status: 'completed', stopped: true })
      }),
    )
    const user = userEvent.setup()
    renderPage()
    await send(user, 'What is a gate?', 'Answer 1')
    await user.click(await within(conversation()).findByRole('button', { name: /^Edit your message/ }))
    const editor = within(conversation()).getByRole('textbox', { name: 'Edit your message' })
    await user.clear(editor)
    await user.type(editor, 'Build a todo web app{Enter}')
    await replyShown('Build stopped.')
    expect(builds).toEqual([expect.objectContaining({ messages: [{ role: 'user', content: 'Build a todo web app' }], conversationId: CONVERSATION_ID, replaceFrom: 0 })])
  })

  it('reads the conversation back as the server has it when the server refused the edit', async () => {
    useServer()
    server.use(http.get(`${API}/overseer-dev/chat/history/:id`, () => HttpResponse.json({ success: true, data: stored({ messages: [{ role: 'user', content: 'Q1' }], response: 'Answer 1' }) })))
    answers.push(() => HttpResponse.json({ success: true, reply: 'Answer 1', conversationId: CONVERSATION_ID, sessionId: SESSION, stopped: false }))
    answers.push(() => HttpResponse.json({ success: false, message: 'Too many messages. Please wait 12 seconds before sending another.' }, { status: 429 }))
    const user = userEvent.setup()
    renderPage()
    await send(user, 'Q1', 'Answer 1')
    await user.click(await within(conversation()).findByRole('button', { name: 'Regenerate' }))
    expect(await screen.findByText('Backend error: 429')).toBeInTheDocument()
    // The server kept the reply: it is back, and no error turn is left.
    await waitFor(() => expect(turnTexts()).toEqual([expect.stringContaining('Q1'), expect.stringContaining('Answer 1')]))
  })
})

describe('after a reload while a reply or a build was on its way', () => {
  it('brings the conversation back with its reply pending, and the whole reply once it is done', async () => {
    useServer()
    let status = 'processing'
    const reads: string[] = []
    server.use(
      http.get(`${API}/overseer-dev/sessions/:sessionId`, ({ params }) =>
        HttpResponse.json({ success: true, data: { sessionId: String(params.sessionId), kind: 'chat', conversationId: CONVERSATION_ID } }),
      ),
      http.get(`${API}/overseer-dev/chat/history/:id`, () => {
        reads.push(status)
        return HttpResponse.json({ success: true, data: status === 'processing' ? stored({ status, response: '' }) : stored({ response: 'The whole reply.' }) })
      }),
    )
    window.sessionStorage.setItem('overseer_in_flight', JSON.stringify({ sessionId: SESSION, kind: 'chat' }))
    const { fake } = renderPage()

    expect(await within(conversation()).findByText('Q1')).toBeInTheDocument()
    expect(screen.getByTestId('streaming-reply')).toHaveTextContent('Thinking…')
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled()
    // It joined the session's room again.
    expect(fake.emitted).toContainEqual({ event: 'subscribe:progress', args: [SESSION] })

    status = 'completed'
    await act(async () => fake.serverEmit('chat:done', { sessionId: SESSION, conversationId: CONVERSATION_ID, status: 'completed', stopped: false }))
    await replyShown('The whole reply.')
    expect(screen.queryByTestId('streaming-reply')).not.toBeInTheDocument()
    expect(reads).toEqual(['processing', 'completed'])
    await waitFor(() => expect(window.sessionStorage.getItem('overseer_in_flight')).toBeNull())
  })

  it('resumes a build: its tracker where it is, then its reply with the project once delivered', async () => {
    useServer()
    let done = false
    server.use(
      http.get(`${API}/overseer-dev/sessions/:sessionId`, () =>
        HttpResponse.json({ success: true, data: { sessionId: SESSION, kind: 'build', conversationId: CONVERSATION_ID } }),
      ),
      http.get(`${API}/overseer-dev/chat/history/:id`, () =>
        HttpResponse.json({
          success: true,
          data: done
            ? stored({ messages: [{ role: 'user', content: 'Build a todo web app' }], response: `## Todo Web App\n\n[Download todo-web-app.zip](${ZIP_URL})` })
            : stored({ messages: [{ role: 'user', content: 'Build a todo web app' }], status: 'processing', response: '' }),
        }),
      ),
      http.get(`${API}/overseer/builds/:sessionId`, () =>
        HttpResponse.json({
          success: true,
          data: {
            sessionId: SESSION,
            conversationId: CONVERSATION_ID,
            model: 'overseer-local',
            createdAt: '',
            updatedAt: '',
            iterations: [],
            ...(done
              ? { status: 'completed', stage: 'delivery', percentage: 100, message: 'Your project is ready.', zipUrl: ZIP_URL, files: [] }
              : { status: 'running', stage: 'structuring', percentage: 35, message: 'Planning the file structure...' }),
          },
        }),
      ),
    )
    window.sessionStorage.setItem('overseer_in_flight', JSON.stringify({ sessionId: SESSION, kind: 'build' }))
    const { fake } = renderPage()

    expect(await within(conversation()).findByText('Build a todo web app')).toBeInTheDocument()
    const bar = await screen.findByRole('progressbar', { name: 'Build progress' })
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '35'))
    expect(screen.getByRole('button', { name: 'Stop build' })).toBeEnabled()
    // Only the tracker stops a build.
    expect(screen.queryByRole('button', { name: 'Stop' })).not.toBeInTheDocument()

    done = true
    await act(async () => fake.serverEmit('progress', { sessionId: SESSION, stage: 'delivery', message: 'Your project is ready.', percentage: 100 }))
    await replyShown(SAVED_FILES)
    expect(within(conversation()).getByRole('link', { name: 'Download todo-web-app.zip' })).toHaveAttribute('href', ZIP_URL)
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeInTheDocument()
  })

  it('starts afresh when the request never reached the server', async () => {
    useServer()
    server.use(
      http.get(`${API}/overseer-dev/sessions/:sessionId`, () => HttpResponse.json({ success: false, message: 'No such session of yours' }, { status: 404 })),
      http.get(`${API}/overseer/builds/:sessionId`, () => HttpResponse.json({ success: false, message: 'Build not found' }, { status: 404 })),
    )
    window.sessionStorage.setItem('overseer_in_flight', JSON.stringify({ sessionId: SESSION, kind: 'build' }))
    renderPage()
    await waitFor(() => expect(window.sessionStorage.getItem('overseer_in_flight')).toBeNull())
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
    expect(within(conversation()).getByText(/No messages yet/)).toBeInTheDocument()
  })
})
