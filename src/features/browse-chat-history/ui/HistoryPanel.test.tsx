import { http, HttpResponse, delay } from 'msw'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { selectConversationId, selectTurns } from '@/entities/chat'
import { server } from '@tests/setup/msw'
import { renderWithProviders } from '@tests/setup/renderWithProviders'
import { HistoryPanel } from './HistoryPanel'

const HISTORY_URL = 'http://localhost/api/overseer-dev/chat/history'

const item = (n: number, extra: Record<string, unknown> = {}) => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  date: '2025-05-10T12:00:00.000Z',
  createdAt: '2025-05-10T12:00:00.000Z',
  status: 'completed',
  title: `Question ${n}`,
  messageCount: 2,
  messages: [{ role: 'user', content: `Question ${n}` }],
  response: `Answer ${n}. `.repeat(30),
  model: 'overseer-local',
  stopped: false,
  ...extra,
})

/** When each request of the latest `history()` arrived, in the order of its `requests`. */
let requestTimes: number[] = []

/** A fake history of `total` conversations; `search` keeps those whose title has the term. */
const history = (total: number) => {
  const requests: URL[] = []
  requestTimes = []
  let all = Array.from({ length: total }, (_, index) => item(index + 1))
  server.use(
    http.get(HISTORY_URL, async ({ request }) => {
      const url = new URL(request.url)
      requests.push(url)
      requestTimes.push(Date.now())
      await delay(20)
      const page = Number(url.searchParams.get('page') ?? '1')
      const search = url.searchParams.get('search')
      const matching = search ? all.filter((entry) => entry.title.includes(search) || entry.response.includes(search)) : all
      const pages = Math.max(1, Math.ceil(matching.length / 5))
      return HttpResponse.json({
        success: true,
        data: matching.slice((page - 1) * 5, page * 5),
        pagination: { page, pages, total: matching.length, limit: 5 },
      })
    }),
    http.delete(`${HISTORY_URL}/:id`, ({ params }) => {
      all = all.filter((entry) => entry.id !== params.id)
      return HttpResponse.json({ success: true })
    }),
  )
  return requests
}

const titles = () => screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)

describe('HistoryPanel', () => {
  it('shows the loading state, then five conversations a page with Previous, Next and Page X of Y', async () => {
    const requests = history(7)
    const user = userEvent.setup()
    renderWithProviders(<HistoryPanel onOpened={() => {}} />)
    expect(screen.getByRole('heading', { name: 'Previous Conversations' })).toBeInTheDocument()
    expect(screen.getByText('Loading conversation history...')).toBeInTheDocument()
    await waitFor(() => expect(titles()).toEqual(['Question 1', 'Question 2', 'Question 3', 'Question 4', 'Question 5']))
    expect(requests[0]?.searchParams.get('page')).toBe('1')
    expect(requests[0]?.searchParams.get('limit')).toBe('5')
    expect(requests[0]?.searchParams.has('search')).toBe(false)
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled()

    await user.click(screen.getByRole('button', { name: 'Next' }))
    await waitFor(() => expect(titles()).toEqual(['Question 6', 'Question 7']))
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Previous' }))
    await waitFor(() => expect(screen.getByText('Page 1 of 2')).toBeInTheDocument())
  })

  it('shows each item: title, message count, the first 100 characters of the response and an ellipsis, date, badge', async () => {
    history(0)
    server.use(
      http.get(HISTORY_URL, () =>
        HttpResponse.json({
          success: true,
          data: [item(1), item(2, { status: 'error', response: '' }), item(3, { status: 'processing', response: '' })],
          pagination: { page: 1, pages: 1, total: 3, limit: 5 },
        }),
      ),
    )
    renderWithProviders(<HistoryPanel onOpened={() => {}} />)
    const first = (await screen.findByRole('button', { name: 'Question 1' })).closest('li') as HTMLElement
    expect(within(first).getByText('2 messages')).toBeInTheDocument()
    expect(within(first).getByText(`${'Answer 1. '.repeat(30).slice(0, 100)}...`)).toBeInTheDocument()
    expect(within(first).getByText('May 10, 2025', { exact: false })).toBeInTheDocument()
    expect(within(first).getByText('Completed')).toHaveClass('success')
    const second = screen.getByRole('button', { name: 'Question 2' }).closest('li') as HTMLElement
    expect(within(second).getByText('Error')).toHaveClass('error')
    const third = screen.getByRole('button', { name: 'Question 3' }).closest('li') as HTMLElement
    const processing = within(third).getByText('Processing')
    expect(processing).toHaveClass('pending')
    expect(processing.querySelector('.badgeSpinner')).not.toBeNull()
  })

  it('searches 500 ms after the last keystroke, from page 1, and says what it shows', async () => {
    const requests = history(12)
    const user = userEvent.setup()
    renderWithProviders(<HistoryPanel onOpened={() => {}} />)
    await screen.findByText('Page 1 of 3')
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await screen.findByText('Page 2 of 3')
    const before = requests.length

    // The last keystroke's input event comes before the debounce timer starts; a busy machine can
    // only make the gap to the request longer.
    const searchBox = screen.getByPlaceholderText('Search by keywords or phrases...')
    let lastKeystroke = 0
    searchBox.addEventListener('input', () => {
      lastKeystroke = Date.now()
    })
    await user.type(searchBox, 'Question 1')
    await waitFor(() => expect(requests.some((url) => url.searchParams.get('search') === 'Question 1')).toBe(true))
    const searchedAt = requestTimes[requests.findIndex((url) => url.searchParams.get('search') === 'Question 1')]!
    expect(searchedAt - lastKeystroke).toBeGreaterThanOrEqual(495)
    // One request for the whole term, none for its first letters.
    const searches = requests.slice(before).filter((url) => url.searchParams.has('search'))
    expect(searches.map((url) => url.searchParams.get('search'))).toEqual(['Question 1'])
    expect(searches[0]?.searchParams.get('page')).toBe('1')
    expect(await screen.findByText('Showing results for “Question 1”')).toBeInTheDocument()
    await waitFor(() => expect(titles()).toEqual(['Question 1', 'Question 10', 'Question 11', 'Question 12']))
  })

  it("shows 'No conversations matching ...' with a clear-search link that lists everything again", async () => {
    history(3)
    const user = userEvent.setup()
    renderWithProviders(<HistoryPanel onOpened={() => {}} />)
    await screen.findByText('Page 1 of 1')
    await user.type(screen.getByRole('searchbox', { name: 'Search conversations' }), 'kubernetes')
    expect(await screen.findByText('No conversations matching “kubernetes”')).toBeInTheDocument()
    // The link of the empty state (the box has a clear control of the same name).
    await user.click(screen.getByText('Clear search', { selector: 'button' }))
    await waitFor(() => expect(titles()).toHaveLength(3))
    expect(screen.getByRole('searchbox')).toHaveValue('')
    expect(screen.queryByText(/Showing results for/)).not.toBeInTheDocument()
  })

  it('clears the search with the clear control beside the box', async () => {
    history(3)
    const user = userEvent.setup()
    renderWithProviders(<HistoryPanel onOpened={() => {}} />)
    await user.type(screen.getByRole('searchbox'), 'Question 2')
    await screen.findByText('Showing results for “Question 2”')
    const clear = screen.getAllByRole('button', { name: 'Clear search' })[0]!
    await user.click(clear)
    expect(screen.getByRole('searchbox')).toHaveValue('')
    expect(screen.getByRole('searchbox')).toHaveFocus()
    await waitFor(() => expect(titles()).toHaveLength(3))
  })

  it("shows 'No conversations yet' when there are none", async () => {
    history(0)
    renderWithProviders(<HistoryPanel onOpened={() => {}} />)
    expect(await screen.findByText('No conversations yet')).toBeInTheDocument()
    expect(screen.getByText('Start a new conversation by sending a message below')).toBeInTheDocument()
  })

  it("shows the server's message when the history fails, else 'Failed to load chat history'", async () => {
    server.use(http.get(HISTORY_URL, () => HttpResponse.json({ success: false, message: 'Database is down' }, { status: 503 })))
    const { unmount } = renderWithProviders(<HistoryPanel onOpened={() => {}} />)
    expect(await screen.findByRole('alert')).toHaveTextContent('Database is down')
    unmount()
    server.use(http.get(HISTORY_URL, () => new HttpResponse(null, { status: 500 })))
    renderWithProviders(<HistoryPanel onOpened={() => {}} />)
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load chat history')
  })

  it.each([
    ['success is not true', { success: false, data: [] }],
    ['data is not a list', { success: true, data: {} }],
  ])("says 'Invalid response format' when %s", async (_case, body) => {
    server.use(http.get(HISTORY_URL, () => HttpResponse.json(body)))
    renderWithProviders(<HistoryPanel onOpened={() => {}} />)
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid response format')
  })

  it('opens a conversation: its messages and its response become the current conversation', async () => {
    history(2)
    const onOpened = jest.fn()
    const user = userEvent.setup()
    const { store } = renderWithProviders(<HistoryPanel onOpened={onOpened} />)
    await user.click(await screen.findByRole('button', { name: 'Question 2' }))
    expect(onOpened).toHaveBeenCalled()
    expect(selectTurns(store.getState()).map(({ role, content }) => ({ role, content }))).toEqual([
      { role: 'user', content: 'Question 2' },
      { role: 'assistant', content: 'Answer 2. '.repeat(30) },
    ])
    expect(selectConversationId(store.getState())).toBe(item(2).id)
  })

  it('deletes a conversation only after confirmation', async () => {
    history(2)
    const user = userEvent.setup()
    renderWithProviders(<HistoryPanel onOpened={() => {}} />)
    await screen.findByText('Page 1 of 1')
    await user.click(screen.getByRole('button', { name: 'Delete conversation “Question 1”' }))
    const confirm = screen.getByRole('group', { name: 'Delete “Question 1”?' })
    expect(within(confirm).getByRole('button', { name: 'Delete' })).toHaveFocus()
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    expect(titles()).toEqual(['Question 1', 'Question 2'])

    await user.click(screen.getByRole('button', { name: 'Delete conversation “Question 1”' }))
    await user.click(within(screen.getByRole('group', { name: 'Delete “Question 1”?' })).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(titles()).toEqual(['Question 2']))
    expect(screen.getByText('Deleted “Question 1”.')).toBeInTheDocument()
  })
})
