import { http, HttpResponse, delay } from 'msw'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Socket } from 'socket.io-client'
import type { RouteObject } from 'react-router-dom'
import { persistStore } from 'redux-persist'
import { createFakeSocket, type FakeSocket } from '@/shared/lib/socket'
import { server } from '@tests/setup/msw'
import { renderWithProviders } from '@tests/setup/renderWithProviders'
import { setupStore } from '@tests/setup/store'
import { AssistantPage } from './AssistantPage'

/** The assistant's addresses, as the app's route table has them: /assistant and /assistant/c/{id} keep the page mounted. */
const CONVERSATION_ROUTES = [{ index: true, element: null }, { path: 'c/:conversationId', element: null }]

const API = 'http://localhost/api'
const CONVERSATION_ID = '0b9d3a52-8a3e-4c55-9d55-5b0f7e1e4a11'
const ZIP_URL = '/api/overseer/downloads/2d5e8c1a-9f3b-4e7d-a6c2-5b1f0e9d8a47'
const SAVED_FILES = 'Your project files have been saved to the server downloads directory.'

/** A completed build's answer, as the server gives it: its Markdown ends with the download link. */
const buildReply = (sessionId: string) => ({
  success: true,
  reply: `## Todo Web App\n\nI built a **web app** starter project for your request.\n\n[Download todo-web-app.zip](${ZIP_URL})`,
  zipUrl: ZIP_URL,
  conversationId: CONVERSATION_ID,
  sessionId,
  model: 'overseer-local',
  status: 'completed',
  stopped: false,
})

const MODELS = {
  success: true,
  data: {
    models: {
      'overseer-local': {
        description: 'Offline docs assistant',
        costPer1kTokens: 0,
        capabilities: ['chat', 'offline'],
        provider: 'Overseer Labs',
        source: 'local',
      },
      'gpt-test': {
        description: 'A remote model',
        costPer1kTokens: 0.002,
        capabilities: ['chat'],
        provider: 'OpenAI',
        source: 'openai-compatible',
        pricingUrl: 'https://openai.com/api/pricing/',
      },
    },
    currentOverseerModel: 'overseer-local',
  },
}

interface ChatBody {
  messages: { role: string; content: string }[]
  model?: string
  sessionId: string
  conversationId?: string
}

const item = (n: number, extra: Record<string, unknown> = {}) => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  date: '2025-05-10T12:00:00.000Z',
  createdAt: '2025-05-10T12:00:00.000Z',
  status: 'completed',
  title: `Question ${n}`,
  messageCount: 2,
  messages: [{ role: 'user', content: `Question ${n}` }],
  response: `Answer ${n} `.repeat(20),
  model: 'overseer-local',
  stopped: false,
  ...extra,
})

const historyPage = (items: unknown[], page = 1, pages = 1) => ({
  success: true,
  data: items,
  pagination: { page, pages, total: items.length, limit: 5 },
})

/** Requests the handlers saw, for assertions on what the page sent. */
let chatBodies: { path: string; body: ChatBody }[]
let historyRequests: { url: URL; at: number }[]

const useDefaults = ({ reply = 'Hello from **Overseer**.' }: { reply?: string } = {}) => {
  server.use(
    http.get(`${API}/overseer-dev/models`, () => HttpResponse.json(MODELS)),
    http.get(`${API}/overseer-dev/chat/history`, ({ request }) => {
      historyRequests.push({ url: new URL(request.url), at: Date.now() })
      return HttpResponse.json(historyPage([]))
    }),
    http.post(`${API}/overseer-dev/chat`, async ({ request }) => {
      const body = (await request.json()) as ChatBody
      chatBodies.push({ path: 'dev', body })
      return HttpResponse.json({ success: true, reply, conversationId: CONVERSATION_ID, sessionId: body.sessionId, stopped: false })
    }),
  )
}

const renderPage = ({ fake = createFakeSocket() }: { fake?: FakeSocket } = {}) => {
  const store = setupStore({ socketFactory: () => Promise.resolve(fake as unknown as Socket) })
  return { ...renderWithProviders(<AssistantPage />, { store, route: '/assistant', children: CONVERSATION_ROUTES }), fake }
}

const messageBox = () => screen.getByRole('textbox', { name: 'Your Message' })
const sendButton = () => screen.getByRole('button', { name: 'Send Message' })
const conversation = () => screen.getByRole('region', { name: 'Current Conversation' })

// A resumed or reconnected build reads its timeline's missed steps: none here. A delivered build's
// files and preview read its state: none is stored here (a test that needs one answers it itself).
beforeEach(() => {
  server.use(
    http.get('http://localhost/api/overseer/builds/:sessionId', () => HttpResponse.json({ success: false, message: 'Build not found' }, { status: 404 })),
    http.get('http://localhost/api/overseer/builds/:sessionId/events', () => HttpResponse.json({ success: true, data: { events: [], more: false } })),
  )
})

beforeEach(() => {
  chatBodies = []
  historyRequests = []
})

describe('AssistantPage', () => {
  it('shows the heading, the intro, the status box and the empty conversation', async () => {
    useDefaults()
    renderPage()
    expect(screen.getByRole('heading', { level: 1, name: 'Overseer Assistant' })).toBeInTheDocument()
    expect(screen.getByText(/will soon be powered by an external AI provider/)).toBeInTheDocument()
    const status = screen.getByRole('group', { name: 'Assistant status' })
    expect(status).toHaveTextContent('Online')
    expect(status).toHaveTextContent('v2.4.1')
    expect(status).toHaveTextContent('May 10, 2025')
    expect(within(conversation()).getByText(/No messages yet/)).toBeInTheDocument()
    expect(sendButton()).toBeDisabled()
    await act(async () => {})
    expect(document.title).toBe('Overseer Assistant | Overseer Labs')
  })

  it('sends a message: the user turn, Sending..., then the reply as Markdown, to the dev chat with the default model', async () => {
    useDefaults()
    server.use(
      http.post(`${API}/overseer-dev/chat`, async ({ request }) => {
        const body = (await request.json()) as ChatBody
        chatBodies.push({ path: 'dev', body })
        await delay(50)
        return HttpResponse.json({ success: true, reply: 'See the **docs**.', conversationId: CONVERSATION_ID, sessionId: body.sessionId })
      }),
    )
    const user = userEvent.setup()
    const { fake } = renderPage()
    await screen.findByRole('option', { name: /overseer-local/ })
    await user.type(messageBox(), '  What is Overseer?  ')
    await user.click(sendButton())

    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled()
    expect(within(conversation()).getByText('What is Overseer?')).toBeInTheDocument()
    expect(await within(conversation()).findByText('docs', { selector: 'strong' })).toBeInTheDocument()
    expect(within(conversation()).getByText('You')).toBeInTheDocument()
    expect(within(conversation()).getByText('Overseer')).toBeInTheDocument()

    expect(chatBodies).toHaveLength(1)
    const { body } = chatBodies[0]!
    expect(body.messages).toEqual([{ role: 'user', content: 'What is Overseer?' }])
    expect(body.model).toBe('overseer-local')
    expect(body.sessionId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(body.conversationId).toBeUndefined()
    // It joined the session's room before it sent, and left after.
    expect(fake.emitted.map((e) => e.event)).toEqual(['subscribe:progress', 'unsubscribe:progress'])
    expect(fake.emitted[0]!.args).toEqual([body.sessionId])
  })

  it('continues the conversation: a follow-up sends its conversationId and only the new question', async () => {
    useDefaults()
    const user = userEvent.setup()
    renderPage()
    await user.type(messageBox(), 'First{Enter}')
    await within(conversation()).findByText('Overseer', { selector: 'strong' })
    await user.type(messageBox(), 'Second{Enter}')
    await waitFor(() => expect(chatBodies).toHaveLength(2))
    expect(chatBodies[1]!.body.conversationId).toBe(CONVERSATION_ID)
    expect(chatBodies[1]!.body.messages).toEqual([{ role: 'user', content: 'Second' }])
  })

  it('sends on Enter, adds a line on Shift+Enter, and never sends a blank message', async () => {
    useDefaults()
    const user = userEvent.setup()
    renderPage()
    await user.type(messageBox(), '   {Enter}')
    expect(chatBodies).toHaveLength(0)
    await user.clear(messageBox())
    await user.type(messageBox(), 'Line one{Shift>}{Enter}{/Shift}Line two')
    expect(messageBox()).toHaveValue('Line one\nLine two')
    expect(chatBodies).toHaveLength(0)
    await user.keyboard('{Enter}')
    await waitFor(() => expect(chatBodies).toHaveLength(1))
    expect(chatBodies[0]!.body.messages[0]!.content).toBe('Line one\nLine two')
    expect(messageBox()).toHaveValue('')
  })

  it.each([
    ['build', 'Build me a todo app'],
    ['create', 'Please CREATE a landing page'],
    ['make', 'make a CLI'],
    ['develop', 'Develop an API'],
    ['generate', 'generate tests'],
    ['zip file', 'send me a zip file'],
  ])('sends a message with "%s" to the build endpoint', async (_keyword, text) => {
    useDefaults()
    let buildBody: ChatBody | undefined
    server.use(
      http.post(`${API}/overseer/chat`, async ({ request }) => {
        buildBody = (await request.json()) as ChatBody
        return HttpResponse.json(buildReply(buildBody.sessionId))
      }),
    )
    const user = userEvent.setup()
    renderPage()
    await user.type(messageBox(), `${text}{Enter}`)
    expect(await within(conversation()).findByText(SAVED_FILES)).toBeInTheDocument()
    expect(buildBody?.messages.at(-1)?.content).toBe(text)
    expect(chatBodies).toHaveLength(0)
  })

  it('after a delivered build, sends a change without a build word to the builder with the tracker, and a question about it to the dev chat', async () => {
    useDefaults()
    const buildBodies: ChatBody[] = []
    let release: () => void = () => {}
    server.use(
      http.post(`${API}/overseer/chat`, async ({ request }) => {
        const body = (await request.json()) as ChatBody
        buildBodies.push(body)
        if (buildBodies.length > 1) await new Promise<void>((resolve) => (release = resolve))
        return HttpResponse.json(buildReply(body.sessionId))
      }),
    )
    const user = userEvent.setup()
    renderPage()
    await user.type(messageBox(), 'Build a todo web app{Enter}')
    expect(await within(conversation()).findByText(SAVED_FILES)).toBeInTheDocument()

    await user.type(messageBox(), 'now add a tags collection{Enter}')
    expect(await screen.findByRole('progressbar', { name: 'Build progress' })).toHaveAttribute('aria-valuenow', '5')
    await waitFor(() => expect(buildBodies).toHaveLength(2))
    expect(buildBodies[1]).toMatchObject({ conversationId: CONVERSATION_ID, messages: [{ role: 'user', content: 'now add a tags collection' }] })
    act(() => release())
    await waitFor(() => expect(within(conversation()).getAllByText(SAVED_FILES)).toHaveLength(2))

    await user.type(messageBox(), 'how do I run it?{Enter}')
    await waitFor(() => expect(chatBodies).toHaveLength(1))
    expect(chatBodies[0]!.body).toMatchObject({ conversationId: CONVERSATION_ID, messages: [{ role: 'user', content: 'how do I run it?' }] })
    expect(buildBodies).toHaveLength(2)
  })

  it('sends a change without a build word to the dev chat in a conversation that delivered no project', async () => {
    useDefaults()
    const user = userEvent.setup()
    renderPage()
    await user.type(messageBox(), 'What is Overseer?{Enter}')
    await within(conversation()).findByText('Overseer', { selector: 'strong' })
    await user.type(messageBox(), 'add a search box{Enter}')
    await waitFor(() => expect(chatBodies).toHaveLength(2))
    expect(chatBodies[1]!.body.messages).toEqual([{ role: 'user', content: 'add a search box' }])
  })

  it('follows a build: the tracker from 5% through its stages to green, then the reply with one download link and the toast', async () => {
    useDefaults()
    let release: () => void = () => {}
    const fake = createFakeSocket()
    const progress = (sessionId: string, stage: string, percentage: number, message: string) =>
      fake.serverEmit('progress', { sessionId, stage, message, percentage })
    let sessionId = ''
    server.use(
      http.post(`${API}/overseer/chat`, async ({ request }) => {
        sessionId = ((await request.json()) as ChatBody).sessionId
        await new Promise<void>((resolve) => (release = resolve))
        return HttpResponse.json(buildReply(sessionId))
      }),
    )
    const user = userEvent.setup()
    renderPage({ fake })
    await user.type(messageBox(), 'Build a todo web app{Enter}')

    const bar = await screen.findByRole('progressbar', { name: 'Build progress' })
    expect(bar).toHaveAttribute('aria-valuenow', '5')
    expect(screen.getByRole('region', { name: 'Build progress' })).toHaveTextContent('Initializing...')
    // A build cannot be stopped: no Stop button while it runs.
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled()
    expect(screen.queryByRole('button', { name: 'Stop' })).not.toBeInTheDocument()
    await waitFor(() => expect(sessionId).not.toBe(''))
    // Subscribed to the build's room before it was sent.
    expect(fake.emitted[0]).toEqual({ event: 'subscribe:progress', args: [sessionId] })

    act(() => progress(sessionId, 'classification', 5, 'Classifying the request...'))
    act(() => progress(sessionId, 'development', 45, 'Writing and checking the code...'))
    const stages = within(screen.getByRole('list', { name: 'Build stages' }))
    expect(stages.getByText('Structuring').closest('li')).toHaveAttribute('data-state', 'done')
    expect(stages.getByText('Development').closest('li')).toHaveAttribute('aria-current', 'step')
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '45')
    act(() => progress(sessionId, 'delivery', 100, 'Your project is ready.'))
    expect(screen.getByRole('region', { name: 'Build progress' })).toHaveAttribute('data-tone', 'green')

    release()
    expect(await within(conversation()).findByText(SAVED_FILES)).toBeInTheDocument()
    // The reply's own link is the only one: none is added under it.
    const links = within(conversation()).getAllByRole('link', { name: /Download/ })
    expect(links).toHaveLength(1)
    expect(links[0]).toHaveTextContent('Download todo-web-app.zip')
    expect(links[0]).toHaveAttribute('href', ZIP_URL)
    // It is a download, not a page of the app: the click is left to the browser.
    // (jsdom cannot follow it: its own default is held back; the app's handler still sees the click.)
    links[0]!.addEventListener('click', (event) => event.preventDefault())
    await user.click(links[0]!)
    expect(screen.queryByText('landed')).not.toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'Overseer Assistant' })).toBeInTheDocument()
    expect(screen.getAllByRole('status').some((element) => element.textContent === SAVED_FILES)).toBe(true)
    expect(fake.emitted.at(-1)).toEqual({ event: 'unsubscribe:progress', args: [sessionId] })
    // The finished tracker goes after a moment.
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument(), { timeout: 4000 })
  })

  it("shows 'Backend error: {status}' and the server's message in red when a build fails", async () => {
    useDefaults()
    const fake = createFakeSocket()
    const reason = 'The build failed at the development stage. Please try again.'
    server.use(
      http.post(`${API}/overseer/chat`, async ({ request }) => {
        const { sessionId } = (await request.json()) as ChatBody
        fake.serverEmit('progress', { sessionId, stage: 'development', message: 'Writing...', percentage: 45 })
        fake.serverEmit('error', { sessionId, message: reason })
        return HttpResponse.json({ success: false, message: reason, conversationId: CONVERSATION_ID, sessionId, status: 'error' }, { status: 500 })
      }),
    )
    const user = userEvent.setup()
    renderPage({ fake })
    await user.type(messageBox(), 'Build me a todo app{Enter}')
    expect(await screen.findByText('Backend error: 500')).toHaveAttribute('role', 'alert')
    expect(screen.getByText(reason)).toHaveAttribute('role', 'alert')
    expect(within(conversation()).getByText('[Error from Overseer backend]')).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Build progress' })).toHaveAttribute('data-tone', 'red')
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument(), { timeout: 4000 })
    expect(screen.getByText(reason)).toBeInTheDocument()
    // The next message clears it, as it clears the error line.
    await user.type(messageBox(), 'What went wrong?{Enter}')
    await waitFor(() => expect(screen.queryByText(reason)).not.toBeInTheDocument())
    expect(screen.queryByText('Backend error: 500')).not.toBeInTheDocument()
  })

  it.each([
    [500, 'The build was denied at the planning gate.'],
    [504, 'The development stage did not finish within 2 minutes.'],
  ])("shows the server's message in red when the failed answer (%i) comes before the build's event", async (status, reason) => {
    useDefaults()
    const fake = createFakeSocket()
    let failedSession = ''
    server.use(
      http.post(`${API}/overseer/chat`, async ({ request }) => {
        const { sessionId } = (await request.json()) as ChatBody
        failedSession = sessionId
        fake.serverEmit('progress', { sessionId, stage: 'structuring', message: 'Waiting for approval at the planning gate...', percentage: 40 })
        return HttpResponse.json({ success: false, message: reason, conversationId: CONVERSATION_ID, sessionId, status: 'error' }, { status })
      }),
    )
    const user = userEvent.setup()
    renderPage({ fake })
    await user.type(messageBox(), 'Build me a todo app{Enter}')
    expect(await screen.findByText(`Backend error: ${status}`)).toHaveAttribute('role', 'alert')
    expect(screen.getByText(reason)).toHaveAttribute('role', 'alert')
    expect(screen.getByRole('region', { name: 'Build progress' })).toHaveAttribute('data-tone', 'red')
    // The event that comes after it changes nothing: one message, once.
    fake.serverEmit(status === 504 ? 'timeout' : 'error', { sessionId: failedSession, message: reason })
    expect(screen.getAllByText(reason)).toHaveLength(1)
  })

  it("shows 'Backend error: {status}' and no tracker when a build request is refused", async () => {
    useDefaults()
    server.use(
      http.post(`${API}/overseer/chat`, () =>
        HttpResponse.json({ success: false, message: 'Too many messages. Please wait 12 seconds before sending another.' }, { status: 429 }),
      ),
    )
    const user = userEvent.setup()
    renderPage()
    await user.type(messageBox(), 'Build me a todo app{Enter}')
    expect(await screen.findByText('Backend error: 429')).toHaveAttribute('role', 'alert')
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
    expect(screen.getAllByRole('alert')).toHaveLength(1)
  })

  it("shows 'Backend error: {status}' and the error turn when the server fails", async () => {
    useDefaults()
    server.use(
      http.post(`${API}/overseer-dev/chat`, () =>
        HttpResponse.json({ success: false, message: 'Too many messages', status: 'error' }, { status: 429 }),
      ),
    )
    const user = userEvent.setup()
    renderPage()
    await user.type(messageBox(), 'Hello?{Enter}')
    const alert = await screen.findByText('Backend error: 429')
    expect(alert).toHaveAttribute('role', 'alert')
    expect(within(conversation()).getByText('[Error from Overseer backend]')).toBeInTheDocument()
    expect(messageBox()).toHaveAttribute('aria-invalid', 'true')
    // The next send clears the error line.
    useDefaults()
    await user.type(messageBox(), 'Again{Enter}')
    await waitFor(() => expect(screen.queryByText('Backend error: 429')).not.toBeInTheDocument())
  })

  it('rejects a reply that is not JSON', async () => {
    useDefaults()
    server.use(http.post(`${API}/overseer-dev/chat`, () => HttpResponse.html('<html>proxy page</html>')))
    const user = userEvent.setup()
    renderPage()
    await user.type(messageBox(), 'Hello?{Enter}')
    expect(await screen.findByText('Invalid response format: Expected JSON but got text/html')).toBeInTheDocument()
  })

  it("shows '[No response]' for an empty reply", async () => {
    useDefaults({ reply: '' })
    const user = userEvent.setup()
    renderPage()
    await user.type(messageBox(), 'Hello?{Enter}')
    expect(await within(conversation()).findByText('[No response]')).toBeInTheDocument()
  })

  it('adds the saved-files text and a download link to a reply with zipUrl that links none, and shows it in a toast', async () => {
    useDefaults()
    server.use(
      http.post(`${API}/overseer/chat`, () =>
        HttpResponse.json({ success: true, reply: 'Your project is ready.', zipUrl: '/api/downloads/project.zip' }),
      ),
    )
    const user = userEvent.setup()
    renderPage()
    await user.type(messageBox(), 'Build a todo app{Enter}')
    const text = 'Your project files have been saved to the server downloads directory.'
    expect(await within(conversation()).findByText(text)).toBeInTheDocument()
    expect(within(conversation()).getByRole('link', { name: /Download your project files/ })).toHaveAttribute(
      'href',
      '/api/downloads/project.zip',
    )
    const toast = screen.getAllByRole('status').find((element) => element.textContent === text)
    expect(toast).toBeDefined()
  })

  it('renders a hostile reply inert: no script, no event handler, no javascript: link', async () => {
    useDefaults({
      reply:
        'Hi <script>window.pwned = 1</script> <img src="x" onerror="window.pwned = 2"> [click](javascript:window.pwned=3) <a href="javascript:alert(1)">raw</a>',
    })
    const user = userEvent.setup()
    renderPage()
    await user.type(messageBox(), 'Hello?{Enter}')
    const link = await within(conversation()).findByText('click')
    const log = conversation()
    expect(log.querySelector('script, img, iframe, [onerror], [onclick]')).toBeNull()
    expect(link.closest('a')).not.toHaveAttribute('href')
    expect(log.querySelector('a[href^="javascript"]')).toBeNull()
    expect(log).toHaveTextContent('<script>window.pwned = 1</script>')
    expect((window as unknown as { pwned?: number }).pwned).toBeUndefined()
  })

  it('gives code blocks a Copy button that says Copied', async () => {
    useDefaults({ reply: '```bash\nnpm start\n```' })
    const user = userEvent.setup()
    // user-event gives the page a clipboard of its own (after setup).
    const writeText = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue()
    renderPage()
    await user.type(messageBox(), 'How do I start?{Enter}')
    const copy = await within(conversation()).findByRole('button', { name: 'Copy' })
    await user.click(copy)
    expect(writeText).toHaveBeenCalledWith('npm start')
    expect(await within(conversation()).findByRole('button', { name: 'Copied' })).toBeInTheDocument()
  })

  it('streams the reply from chat:delta events, and Stop asks the server to stop it', async () => {
    useDefaults()
    let release: () => void = () => {}
    let stoppedSession: string | undefined
    const fake = createFakeSocket()
    server.use(
      http.post(`${API}/overseer-dev/chat`, async ({ request }) => {
        const body = (await request.json()) as ChatBody
        fake.serverEmit('chat:delta', { sessionId: body.sessionId, conversationId: CONVERSATION_ID, delta: 'Overseer plans ' })
        fake.serverEmit('chat:delta', { sessionId: body.sessionId, conversationId: CONVERSATION_ID, delta: 'the files' })
        await new Promise<void>((resolve) => (release = resolve))
        return HttpResponse.json({ success: true, reply: 'Overseer plans the files.\n\n_Stopped._', conversationId: CONVERSATION_ID, stopped: true })
      }),
      http.post(`${API}/overseer-dev/sessions/:sessionId/stop`, ({ params }) => {
        stoppedSession = String(params.sessionId)
        return HttpResponse.json({ success: true, stopped: true })
      }),
    )
    const user = userEvent.setup()
    renderPage({ fake })
    await user.type(messageBox(), 'How are files planned?{Enter}')
    const streaming = await screen.findByTestId('streaming-reply')
    await waitFor(() => expect(streaming).toHaveTextContent('Overseer plans the files'))
    expect(streaming).toHaveAttribute('aria-busy', 'true')
    await user.click(screen.getByRole('button', { name: 'Stop' }))
    await waitFor(() => expect(stoppedSession).toBe(fake.emitted[0]!.args[0]))
    act(() => release())
    expect(await within(conversation()).findByText('Stopped.')).toBeInTheDocument()
    expect(screen.queryByTestId('streaming-reply')).not.toBeInTheDocument()
  })

  it('New Conversation clears the conversation and starts a new one', async () => {
    useDefaults()
    const user = userEvent.setup()
    renderPage()
    await user.type(messageBox(), 'First{Enter}')
    await within(conversation()).findByText('Overseer', { selector: 'strong' })
    await user.click(screen.getByRole('button', { name: 'New Conversation' }))
    expect(within(conversation()).getByText(/No messages yet/)).toBeInTheDocument()
    expect(messageBox()).toHaveFocus()
    await user.type(messageBox(), 'Fresh{Enter}')
    await waitFor(() => expect(chatBodies).toHaveLength(2))
    expect(chatBodies[1]!.body.conversationId).toBeUndefined()
  })
})

describe('AssistantPage model picker', () => {
  it("says 'Loading models...' while loading, then selects the server's current model", async () => {
    useDefaults()
    server.use(
      http.get(`${API}/overseer-dev/models`, async () => {
        await delay(100)
        return HttpResponse.json({ ...MODELS, data: { ...MODELS.data, currentOverseerModel: 'gpt-test' } })
      }),
    )
    renderPage()
    const select = screen.getByRole('combobox', { name: 'Model' })
    expect(select).toBeDisabled()
    expect(select).toHaveDisplayValue('Loading models...')
    await waitFor(() => expect(select).toBeEnabled())
    expect(select).toHaveValue('gpt-test')
  })

  it('falls back to the first model when the current one is not listed', async () => {
    useDefaults()
    server.use(
      http.get(`${API}/overseer-dev/models`, () =>
        HttpResponse.json({ ...MODELS, data: { ...MODELS.data, currentOverseerModel: 'gone' } }),
      ),
    )
    renderPage()
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Model' })).toHaveValue('overseer-local'))
  })

  it("says 'No models available' when there are none", async () => {
    useDefaults()
    server.use(
      http.get(`${API}/overseer-dev/models`, () =>
        HttpResponse.json({ success: true, data: { models: {}, currentOverseerModel: 'overseer-local' } }),
      ),
    )
    renderPage()
    const select = screen.getByRole('combobox', { name: 'Model' })
    await waitFor(() => expect(select).toHaveDisplayValue('No models available'))
    expect(select).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Model details' })).toBeDisabled()
  })

  it("only logs a failed model list and says 'No models loaded'", async () => {
    useDefaults()
    server.use(http.get(`${API}/overseer-dev/models`, () => HttpResponse.json({ success: false }, { status: 500 })))
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {})
    renderPage()
    const select = screen.getByRole('combobox', { name: 'Model' })
    await waitFor(() => expect(select).toHaveDisplayValue('No models loaded'))
    expect(select).toBeDisabled()
    expect(logged).toHaveBeenCalled()
    // Nothing else says so: the error line stays empty.
    expect(screen.getByRole('alert')).toBeEmptyDOMElement()
    logged.mockRestore()
  })

  it("rejects a model response without success true and data ('No models loaded')", async () => {
    useDefaults()
    server.use(http.get(`${API}/overseer-dev/models`, () => HttpResponse.json({ success: true })))
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {})
    renderPage()
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Model' })).toHaveDisplayValue('No models loaded'))
    logged.mockRestore()
  })

  it('keeps the chosen model in overseer_selected_model and sends with it', async () => {
    useDefaults()
    const user = userEvent.setup()
    const store = setupStore({ socketFactory: () => Promise.resolve(createFakeSocket() as unknown as Socket) })
    persistStore(store)
    renderWithProviders(<AssistantPage />, { store, route: '/assistant', children: CONVERSATION_ROUTES })
    const select = screen.getByRole('combobox', { name: 'Model' })
    await waitFor(() => expect(select).toBeEnabled())
    await user.selectOptions(select, 'gpt-test')
    await waitFor(() => expect(localStorage.getItem('overseer_selected_model')).toContain('gpt-test'))
    await user.type(messageBox(), 'Hi{Enter}')
    await waitFor(() => expect(chatBodies[0]?.body.model).toBe('gpt-test'))
  })

  it('starts with the persisted choice on the next visit', async () => {
    useDefaults()
    localStorage.setItem('overseer_selected_model', JSON.stringify({ selectedModel: '"gpt-test"', _persist: '{"version":1,"rehydrated":true}' }))
    const store = setupStore({ socketFactory: () => Promise.resolve(createFakeSocket() as unknown as Socket) })
    persistStore(store)
    renderWithProviders(<AssistantPage />, { store, route: '/assistant', children: CONVERSATION_ROUTES })
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Model' })).toHaveValue('gpt-test'))
  })

  it('opens the model details, links the pricing page, and closes on Escape, the close button and outside clicks', async () => {
    useDefaults()
    const user = userEvent.setup()
    renderPage()
    const select = screen.getByRole('combobox', { name: 'Model' })
    await waitFor(() => expect(select).toBeEnabled())
    await user.selectOptions(select, 'gpt-test')
    const info = screen.getByRole('button', { name: 'Model details' })

    await user.click(info)
    // The dialog's code loads when it is first opened.
    let dialog = await screen.findByRole('dialog', { name: 'gpt-test' })
    expect(dialog).toHaveTextContent('A remote model')
    expect(dialog).toHaveTextContent('$0.002 per 1,000 tokens')
    expect(within(dialog).getByRole('link', { name: /OpenAI pricing/ })).toHaveAttribute('href', 'https://openai.com/api/pricing/')
    expect(within(dialog).getByRole('button', { name: 'Close model details' })).toHaveFocus()
    // Focus stays inside.
    await user.tab()
    await user.tab()
    expect(dialog).toContainElement(document.activeElement as HTMLElement)
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(info).toHaveFocus()

    await user.click(info)
    await user.click(screen.getByRole('button', { name: 'Close model details' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()

    await user.click(info)
    dialog = screen.getByRole('dialog')
    await user.click(dialog)
    expect(screen.getByRole('dialog')).toBeInTheDocument()
    await user.click(screen.getByTestId('model-details-backdrop'))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})

describe('AssistantPage history', () => {
  it('toggles the history panel, and opening an item loads it, closes the panel and continues it', async () => {
    useDefaults()
    server.use(http.get(`${API}/overseer-dev/chat/history`, () => HttpResponse.json(historyPage([item(1), item(2)]))))
    const user = userEvent.setup()
    renderPage()
    const toggle = screen.getByRole('button', { name: 'View Chat History' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await user.click(toggle)
    expect(screen.getByRole('button', { name: 'Close History' })).toHaveAttribute('aria-expanded', 'true')
    await user.click(await screen.findByRole('button', { name: 'Question 2' }))

    expect(screen.queryByRole('heading', { name: 'Previous Conversations' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'View Chat History' })).toBeInTheDocument()
    expect(within(conversation()).getByText('Question 2')).toBeInTheDocument()
    expect(await within(conversation()).findByText(/^Answer 2/)).toBeInTheDocument()
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Current Conversation' })).toHaveFocus())

    await user.type(messageBox(), 'And then?{Enter}')
    await waitFor(() => expect(chatBodies).toHaveLength(1))
    expect(chatBodies[0]!.body.conversationId).toBe(item(2).id)
  })

  it('sends a follow-up to the builder in an opened conversation whose reply delivered a project', async () => {
    useDefaults()
    const delivered = item(3, { title: 'Library API', response: `## Library API\n\nI built an **HTTP API**.\n\n[Download library-api.zip](${ZIP_URL})` })
    server.use(http.get(`${API}/overseer-dev/chat/history`, () => HttpResponse.json(historyPage([delivered]))))
    let buildBody: ChatBody | undefined
    server.use(
      http.post(`${API}/overseer/chat`, async ({ request }) => {
        buildBody = (await request.json()) as ChatBody
        return HttpResponse.json(buildReply(buildBody.sessionId))
      }),
    )
    const user = userEvent.setup()
    renderPage()
    await user.click(screen.getByRole('button', { name: 'View Chat History' }))
    await user.click(await screen.findByRole('button', { name: 'Library API' }))
    await user.type(messageBox(), 'also a fines collection{Enter}')
    expect(await within(conversation()).findByText(SAVED_FILES)).toBeInTheDocument()
    expect(buildBody).toMatchObject({ conversationId: delivered.id, messages: [{ role: 'user', content: 'also a fines collection' }] })
    expect(chatBodies).toHaveLength(0)
  })

  it('refreshes page 1 of the history a second after a send', async () => {
    useDefaults()
    const user = userEvent.setup()
    renderPage()
    await user.click(screen.getByRole('button', { name: 'View Chat History' }))
    await screen.findByText('No conversations yet')
    const before = historyRequests.length
    // The handler's answer is certainly before the page starts its one-second timer; a busy
    // machine can only make the gap longer.
    let answeredAt = 0
    server.use(
      http.post(`${API}/overseer-dev/chat`, async ({ request }) => {
        const body = (await request.json()) as ChatBody
        answeredAt = Date.now()
        return HttpResponse.json({ success: true, reply: 'Hello from **Overseer**.', conversationId: CONVERSATION_ID, sessionId: body.sessionId, stopped: false })
      }),
    )
    await user.type(messageBox(), 'Hello{Enter}')
    await within(conversation()).findByText('Overseer', { selector: 'strong' })
    await waitFor(() => expect(historyRequests.length).toBeGreaterThan(before), { timeout: 3000 })
    expect(historyRequests.at(-1)!.at - answeredAt).toBeGreaterThanOrEqual(995)
    expect(historyRequests.at(-1)!.url.searchParams.get('page')).toBe('1')
  })

  it('Refresh History opens the panel on page 1', async () => {
    useDefaults()
    const user = userEvent.setup()
    renderPage()
    await user.click(screen.getByRole('button', { name: 'Refresh History' }))
    expect(await screen.findByRole('heading', { name: 'Previous Conversations' })).toBeInTheDocument()
    await waitFor(() => expect(historyRequests.at(-1)?.url.searchParams.get('page')).toBe('1'))
  })
})


describe("AssistantPage: the conversation's address", () => {
  const stored = (id: string) => ({
    success: true,
    data: { ...item(7, { id, title: 'Stored question', messages: [{ role: 'user', content: 'Stored question' }], response: 'The **stored** answer.' }), usage: { promptTokens: 3, completionTokens: 4, totalTokens: 7 } },
  })

  const renderAt = (at: string, routes: RouteObject[] = []) => {
    const store = setupStore({ socketFactory: () => Promise.resolve(createFakeSocket() as unknown as Socket) })
    return renderWithProviders(<AssistantPage />, { store, route: '/assistant', at, children: CONVERSATION_ROUTES, routes })
  }

  it('gives the conversation its address once the first reply has created it, and Back leaves it for a new one', async () => {
    useDefaults()
    const user = userEvent.setup()
    const { router } = renderAt('/assistant')
    await user.type(messageBox(), 'What is Overseer?{Enter}')
    await within(conversation()).findByText('Overseer', { selector: 'strong' })
    await waitFor(() => expect(router.state.location.pathname).toBe(`/assistant/c/${CONVERSATION_ID}`))

    // A follow-up stays in the same conversation, at the same address.
    await user.type(messageBox(), 'And the DevLoop?{Enter}')
    await waitFor(() => expect(chatBodies).toHaveLength(2))
    expect(chatBodies[1]!.body.conversationId).toBe(CONVERSATION_ID)
    expect(router.state.location.pathname).toBe(`/assistant/c/${CONVERSATION_ID}`)

    await act(async () => router.navigate(-1))
    expect(router.state.location.pathname).toBe('/assistant')
    expect(await within(conversation()).findByText(/No messages yet/)).toBeInTheDocument()
  })

  it('lets a link followed as the first reply ends go on, though the reply gives the conversation its address', async () => {
    useDefaults()
    let answer = (): void => undefined
    const answered = new Promise<void>((resolve) => (answer = resolve))
    server.use(
      http.post(`${API}/overseer-dev/chat`, async ({ request }) => {
        const body = (await request.json()) as ChatBody
        chatBodies.push({ path: 'dev', body })
        await answered
        return HttpResponse.json({ success: true, reply: 'See [the docs](/docs/intro).', conversationId: CONVERSATION_ID, sessionId: body.sessionId, stopped: false })
      }),
    )
    // The docs page's code loads when the test says so, as a lazy route's chunk does.
    let load = (): void => undefined
    const loaded = new Promise<void>((resolve) => (load = resolve))
    const { router } = renderAt('/assistant', [{ path: '/docs/*', lazy: async () => loaded.then(() => ({ Component: () => <p>The docs page</p> })) }])
    const user = userEvent.setup()
    await user.type(messageBox(), 'What is Overseer?{Enter}')
    await waitFor(() => expect(chatBodies).toHaveLength(1))
    // A link is followed while the reply is on its way; the reply ends before the page has loaded.
    let followed: Promise<void> = Promise.resolve()
    act(() => {
      followed = router.navigate('/docs/intro')
    })
    await waitFor(() => expect(router.state.navigation.state).toBe('loading'))
    answer()
    await within(conversation()).findByRole('link', { name: 'the docs' })
    await act(async () => {
      load()
      await followed
    })
    expect(router.state.location.pathname).toBe('/docs/intro')
    expect(await screen.findByText('The docs page')).toBeInTheDocument()
  })

  it('opens the conversation an address names (a reload, a link) and continues it', async () => {
    useDefaults()
    const id = '5f0c1b7e-2a44-4d7b-9b1e-0d2f6c8a9e31'
    let asked = 0
    server.use(
      http.get(`${API}/overseer-dev/chat/history/:id`, ({ params }) => {
        asked += 1
        return params.id === id ? HttpResponse.json(stored(id)) : HttpResponse.json({ success: false, message: 'Conversation not found' }, { status: 404 })
      }),
    )
    const user = userEvent.setup()
    const { router } = renderAt(`/assistant/c/${id}`)
    expect(await within(conversation()).findByText('stored', { selector: 'strong' })).toBeInTheDocument()
    expect(within(conversation()).getByText('Stored question')).toBeInTheDocument()
    expect(asked).toBe(1)

    await user.type(messageBox(), 'Tell me more{Enter}')
    await waitFor(() => expect(chatBodies).toHaveLength(1))
    expect(chatBodies[0]!.body.conversationId).toBe(id)
    expect(router.state.location.pathname).not.toBe('/assistant')
  })

  it("says only 'not found' for an address that is not one of the visitor's conversations, and New Conversation leaves it", async () => {
    useDefaults()
    server.use(http.get(`${API}/overseer-dev/chat/history/:id`, () => HttpResponse.json({ success: false, message: 'Conversation not found' }, { status: 404 })))
    const user = userEvent.setup()
    const { router } = renderAt('/assistant/c/8d6a0f3e-1c2b-4e5f-9a8b-7c6d5e4f3a21')
    const notice = await screen.findByText(/^Conversation not found/)
    expect(notice).toHaveAttribute('role', 'alert')
    expect(notice).toHaveTextContent('Conversation not found: it was deleted, or this address is not one of yours. Start a new conversation.')
    expect(within(conversation()).getByText(/No messages yet/)).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'New Conversation' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/assistant'))
    expect(screen.queryByText(/^Conversation not found/)).not.toBeInTheDocument()
  })
})
