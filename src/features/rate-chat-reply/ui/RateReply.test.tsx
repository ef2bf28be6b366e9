import { http, HttpResponse } from 'msw'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { conversationOpened, ConversationLog, replyReceived, messageSent, selectTurns, type HistoryItem } from '@/entities/chat'
import { server } from '@tests/setup/msw'
import { renderWithProviders } from '@tests/setup/renderWithProviders'
import { RateReply } from './RateReply'

const CONVERSATION_ID = '0b9d3a52-8a3e-4c55-9d55-5b0f7e1e4a11'
const RATINGS = `http://localhost/api/overseer-dev/chat/history/${CONVERSATION_ID}/ratings/:position`

interface Call {
  method: string
  position: string
  body: unknown
}

/** The rating calls the server saw. */
let calls: Call[]

/** A server that stores every rating; `refuse` answers each call with that status and message instead. */
const useServer = (refuse?: { status: number; message: string }) => {
  const answer = async ({ request, params }: { request: Request; params: Record<string, string | readonly string[] | undefined> }) => {
    const body: unknown = request.method === 'PUT' ? await request.json() : undefined
    calls.push({ method: request.method, position: String(params.position), body })
    if (refuse) return HttpResponse.json({ success: false, message: refuse.message }, { status: refuse.status })
    return HttpResponse.json(request.method === 'PUT' ? { success: true, data: { position: Number(params.position), ...(body as object) } } : { success: true })
  }
  server.use(http.put(RATINGS, answer), http.delete(RATINGS, answer))
}

const item = (extra: Partial<HistoryItem> = {}): HistoryItem => ({
  id: CONVERSATION_ID,
  date: '2025-05-10T12:00:00.000Z',
  status: 'completed',
  title: 'Q1',
  messageCount: 4,
  messages: [
    { role: 'user', content: 'Q1' },
    { role: 'assistant', content: 'A1' },
    { role: 'user', content: 'Q2' },
  ],
  response: 'A2',
  ...extra,
})

/** The conversation as the assistant page shows it, with the rating under each rateable reply. */
const renderLog = (opened?: HistoryItem) => {
  const view = renderWithProviders(<ConversationLog emptyText="No messages yet." renderAfterTurn={(turn) => <RateReply turn={turn} />} />)
  if (opened) act(() => view.store.dispatch(conversationOpened(opened)))
  return view
}

/** The turn (a list item) that shows `text`. */
const turnOf = (text: string) => screen.getByText(text).closest('li') as HTMLElement
const ratingOf = (text: string) => within(turnOf(text)).getByRole('group', { name: 'Rate this reply' })
const button = (text: string, name: 'Helpful' | 'Not helpful') => within(ratingOf(text)).getByRole('button', { name })
/** The polite status under the reply that shows `text`, saying `said`. */
const expectStatus = (text: string, said: string) => expect(within(turnOf(text)).getByText(said)).toHaveAttribute('role', 'status')

// The Markdown renderer loads lazily with the first reply: loaded once here, so that it never swaps in during a test.
beforeAll(async () => {
  const { store, unmount } = renderWithProviders(<ConversationLog emptyText="" />)
  act(() => {
    store.dispatch(messageSent({ sessionId: 'warm-up', content: 'Hi' }))
    store.dispatch(replyReceived({ sessionId: 'warm-up', reply: '**Loaded**' }))
  })
  expect(await screen.findByText('Loaded', { selector: 'strong' })).toBeInTheDocument()
  unmount()
})

beforeEach(() => {
  calls = []
})

describe('RateReply', () => {
  it('offers Helpful and Not helpful under each reply of the assistant, not under questions, failed replies or a build’s reply', () => {
    renderLog(
      item({
        messageCount: 6,
        messages: [
          { role: 'user', content: 'Q1' },
          { role: 'assistant', content: 'A1' },
          { role: 'user', content: 'Build me a todo app' },
          { role: 'assistant', content: 'Built it' },
          { role: 'user', content: 'Q3' },
        ],
        response: '',
        status: 'error',
        builds: [{ sessionId: 'b1', position: 2 }],
      }),
    )
    expect(screen.getAllByRole('group', { name: 'Rate this reply' })).toHaveLength(1)
    expect(button('A1', 'Helpful')).toHaveAttribute('aria-pressed', 'false')
    expect(button('A1', 'Not helpful')).toHaveAttribute('aria-pressed', 'false')
    for (const text of ['Q1', 'Built it', '[Error from Overseer backend]']) expect(within(turnOf(text)).queryByRole('group')).not.toBeInTheDocument()
  })

  it('shows the ratings of a conversation opened from the history as pressed, with their comments', () => {
    renderLog(item({ ratings: [{ position: 1, rating: 'helpful' }, { position: 3, rating: 'not_helpful', comment: 'It named the wrong page.' }] }))
    expect(button('A1', 'Helpful')).toHaveAttribute('aria-pressed', 'true')
    expect(button('A1', 'Not helpful')).toHaveAttribute('aria-pressed', 'false')
    expect(button('A2', 'Not helpful')).toHaveAttribute('aria-pressed', 'true')
    expect(within(turnOf('A2')).getByText('Your comment: It named the wrong page.')).toBeInTheDocument()
    expect(within(turnOf('A1')).getByRole('button', { name: 'Add a comment' })).toBeInTheDocument()
  })

  it('rates a reply Not helpful at its stored position, then sends the comment typed for it', async () => {
    useServer()
    const user = userEvent.setup()
    renderLog(item())
    await user.click(button('A2', 'Not helpful'))

    await waitFor(() => expect(button('A2', 'Not helpful')).toHaveAttribute('aria-pressed', 'true'))
    expect(calls).toEqual([{ method: 'PUT', position: '3', body: { rating: 'not_helpful' } }])
    expect(button('A2', 'Helpful')).toHaveAttribute('aria-pressed', 'false')
    expectStatus('A2', 'Thanks for your feedback.')
    // The comment is offered; the focus stays on the button that was pressed.
    const box = within(turnOf('A2')).getByRole('textbox', { name: 'Tell us more (optional)' })
    expect(box).toHaveAttribute('maxLength', '1000')
    expect(button('A2', 'Not helpful')).toHaveFocus()

    await user.type(box, '  It did not answer the question.  ')
    await user.click(within(turnOf('A2')).getByRole('button', { name: 'Send' }))
    await waitFor(() => expect(within(turnOf('A2')).queryByRole('textbox')).not.toBeInTheDocument())
    expect(calls[1]).toEqual({ method: 'PUT', position: '3', body: { rating: 'not_helpful', comment: 'It did not answer the question.' } })
    expect(within(turnOf('A2')).getByText('Your comment: It did not answer the question.')).toBeInTheDocument()
    expect(button('A2', 'Not helpful')).toHaveFocus()
    // The other reply was left alone.
    expect(button('A1', 'Not helpful')).toHaveAttribute('aria-pressed', 'false')
  })

  it('takes a rating back when its pressed button is pressed again', async () => {
    useServer()
    const user = userEvent.setup()
    const { store } = renderLog(item({ ratings: [{ position: 1, rating: 'helpful', comment: 'Clear.' }] }))
    await user.click(button('A1', 'Helpful'))
    await waitFor(() => expect(button('A1', 'Helpful')).toHaveAttribute('aria-pressed', 'false'))
    expect(calls).toEqual([{ method: 'DELETE', position: '1', body: undefined }])
    expectStatus('A1', 'Your rating was taken back.')
    expect(within(turnOf('A1')).queryByText(/Your comment/)).not.toBeInTheDocument()
    expect(selectTurns(store.getState())[1]?.rating).toBeUndefined()
  })

  it('changes a rating with the keyboard, keeping its comment, and closes the comment with Escape', async () => {
    useServer()
    const user = userEvent.setup()
    renderLog(item({ ratings: [{ position: 3, rating: 'helpful', comment: 'Clear.' }] }))
    button('A2', 'Not helpful').focus()
    await user.keyboard('{Enter}')
    await waitFor(() => expect(button('A2', 'Not helpful')).toHaveAttribute('aria-pressed', 'true'))
    expect(calls).toEqual([{ method: 'PUT', position: '3', body: { rating: 'not_helpful', comment: 'Clear.' } }])
    expect(button('A2', 'Helpful')).toHaveAttribute('aria-pressed', 'false')
    const box = within(turnOf('A2')).getByRole('textbox', { name: 'Tell us more (optional)' })
    expect(box).toHaveValue('Clear.')
    await user.click(box)
    await user.keyboard('{Escape}')
    expect(within(turnOf('A2')).queryByRole('textbox')).not.toBeInTheDocument()
    expect(button('A2', 'Not helpful')).toHaveFocus()

    // 'Edit your comment' opens it again, with the focus in it; Enter sends.
    await user.click(within(turnOf('A2')).getByRole('button', { name: 'Edit your comment' }))
    const again = within(turnOf('A2')).getByRole('textbox', { name: 'Tell us more (optional)' })
    expect(again).toHaveFocus()
    await user.clear(again)
    await user.keyboard('Not quite.{Enter}')
    await waitFor(() => expect(calls).toHaveLength(2))
    expect(calls[1]?.body).toEqual({ rating: 'not_helpful', comment: 'Not quite.' })
  })

  it('says why the server refused a rating, and shows the reply unrated', async () => {
    useServer({ status: 404, message: 'Only a reply of the assistant can be rated.' })
    const user = userEvent.setup()
    renderLog(item())
    await user.click(button('A1', 'Helpful'))
    expect(await within(turnOf('A1')).findByRole('alert')).toHaveTextContent('Only a reply of the assistant can be rated.')
    expect(button('A1', 'Helpful')).toHaveAttribute('aria-pressed', 'false')
    expect(within(turnOf('A1')).queryByRole('textbox')).not.toBeInTheDocument()
    expect(within(turnOf('A1')).queryByText('Thanks for your feedback.')).not.toBeInTheDocument()
  })

  it('rates the first reply of a new conversation at position 1, once the reply has named its conversation', async () => {
    useServer()
    const user = userEvent.setup()
    const { store } = renderLog()
    act(() => {
      store.dispatch(messageSent({ sessionId: 's1', content: 'How do gates work?' }))
      store.dispatch(replyReceived({ sessionId: 's1', reply: 'Like this.', conversationId: CONVERSATION_ID }))
    })
    await user.click(button('Like this.', 'Helpful'))
    await waitFor(() => expect(calls).toEqual([{ method: 'PUT', position: '1', body: { rating: 'helpful' } }]))
  })

  it('offers nothing for a reply of no stored conversation', () => {
    const { store } = renderLog()
    act(() => {
      store.dispatch(messageSent({ sessionId: 's1', content: 'Hi' }))
      store.dispatch(replyReceived({ sessionId: 's1', reply: 'Hello.' }))
    })
    expect(screen.getByText('Hello.')).toBeInTheDocument()
    expect(screen.queryByRole('group', { name: 'Rate this reply' })).not.toBeInTheDocument()
  })
})
