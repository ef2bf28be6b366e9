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
      const index = all.findIndex((entry) => entry.id === params.id)
      if (index < 0) return HttpResponse.json({ success: false, message: 'Conversation not found' }, { status: 404 })
      deleted.set(params.id as string, { index, entry: all[index]! })
      all = all.filter((entry) => entry.id !== params.id)
      return HttpResponse.json({ success: true })
    }),
    http.post(`${HISTORY_URL}/:id/restore`, ({ params }) => {
      const gone = deleted.get(params.id as string)
      if (!gone) return HttpResponse.json({ success: false, message: 'This conversation can no longer be restored' }, { status: 404 })
      deleted.delete(params.id as string)
      all = [...all.slice(0, gone.index), gone.entry, ...all.slice(gone.index)]
      return HttpResponse.json({ success: true })
    }),
    http.patch(`${HISTORY_URL}/:id`, async ({ params, request }) => {
      const { title } = (await request.json()) as { title: string }
      all = all.map((entry) => (entry.id === params.id ? { ...entry, title } : entry))
      return HttpResponse.json({ success: true, data: { id: params.id, title, renamed: true } })
    }),
    http.post(`${HISTORY_URL}/:id/share`, ({ params }) => {
      const sharedAt = '2025-05-11T09:30:00.000Z'
      all = all.map((entry) => (entry.id === params.id ? { ...entry, sharedAt } : entry))
      return HttpResponse.json({ success: true, data: { token: 'T'.repeat(43), path: `/share/${'T'.repeat(43)}`, sharedAt } }, { status: 201 })
    }),
    http.delete(`${HISTORY_URL}/:id/share`, ({ params }) => {
      all = all.map((entry) => (entry.id === params.id ? { ...entry, sharedAt: undefined } : entry))
      return HttpResponse.json({ success: true })
    }),
  )
  return requests
}

/** What the fake server was asked to change, by kind. */
const deleted = new Map<string, { index: number; entry: ReturnType<typeof item> }>()
beforeEach(() => deleted.clear())

/** Opens an item's Actions menu and chooses `action`. */
const choose = async (user: ReturnType<typeof userEvent.setup>, title: string, action: string) => {
  await user.click(screen.getByRole('button', { name: `Actions for “${title}”` }))
  await user.click(screen.getByRole('menuitem', { name: action }))
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

  it('deletes a conversation at once and offers Undo, which brings it back where it was', async () => {
    history(3)
    const user = userEvent.setup()
    renderWithProviders(<HistoryPanel onOpened={() => {}} />)
    await screen.findByText('Page 1 of 1')
    await choose(user, 'Question 2', 'Delete')
    await waitFor(() => expect(titles()).toEqual(['Question 1', 'Question 3']))
    expect(screen.getByText('Conversation deleted')).toBeInTheDocument()
    const undo = screen.getByRole('button', { name: 'Undo' })
    // The keyboard is where the way back is.
    expect(undo).toHaveFocus()
    await user.keyboard('{Enter}')
    await waitFor(() => expect(titles()).toEqual(['Question 1', 'Question 2', 'Question 3']))
    expect(screen.queryByText('Conversation deleted')).not.toBeInTheDocument()
    expect(screen.getByText('Restored “Question 2”.')).toBeInTheDocument()
    expect(screen.getByRole('searchbox')).toHaveFocus()
  })

  it('lets the Undo notice go after its time (the deletion stays), returning the focus to the search box', async () => {
    history(2)
    const user = userEvent.setup()
    renderWithProviders(<HistoryPanel onOpened={() => {}} undoMs={50} />)
    await screen.findByText('Page 1 of 1')
    await choose(user, 'Question 1', 'Delete')
    expect(await screen.findByText('Conversation deleted')).toBeInTheDocument()
    // Waiting while the focus is on Undo; moving it on lets the notice go.
    await user.tab()
    await user.tab()
    await waitFor(() => expect(screen.queryByText('Conversation deleted')).not.toBeInTheDocument())
    // The notice may go (50 ms) before the list refetched after the deletion lands.
    await waitFor(() => expect(titles()).toEqual(['Question 2']))
  })

  it('says so when the undo comes too late', async () => {
    history(2)
    server.use(http.post(`${HISTORY_URL}/:id/restore`, () => HttpResponse.json({ success: false, message: 'This conversation can no longer be restored' }, { status: 404 })))
    const user = userEvent.setup()
    renderWithProviders(<HistoryPanel onOpened={() => {}} />)
    await screen.findByText('Page 1 of 1')
    await choose(user, 'Question 1', 'Delete')
    await user.click(await screen.findByRole('button', { name: 'Undo' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('This conversation can no longer be restored')
    // The list refetched after the deletion may land after the refusal: wait for it, not a moment.
    await waitFor(() => expect(titles()).toEqual(['Question 2']))
  })

  it('continues the open conversation again when its deletion is undone', async () => {
    history(2)
    const user = userEvent.setup()
    const { store } = renderWithProviders(<HistoryPanel onOpened={() => {}} />)
    await user.click(await screen.findByRole('button', { name: 'Question 1' }))
    expect(selectConversationId(store.getState())).toBe(item(1).id)
    await choose(user, 'Question 1', 'Delete')
    await screen.findByText('Conversation deleted')
    expect(selectConversationId(store.getState())).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Undo' }))
    await waitFor(() => expect(selectConversationId(store.getState())).toBe(item(1).id))
  })

  it('renames a conversation in place: Enter saves, Escape cancels, a blank title is refused', async () => {
    history(2)
    const user = userEvent.setup()
    renderWithProviders(<HistoryPanel onOpened={() => {}} />)
    await screen.findByText('Page 1 of 1')
    await choose(user, 'Question 1', 'Rename')
    const box = screen.getByRole('textbox', { name: 'Title' })
    expect(box).toHaveFocus()
    expect(box).toHaveValue('Question 1')
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('textbox', { name: 'Title' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Actions for “Question 1”' })).toHaveFocus()

    await choose(user, 'Question 1', 'Rename')
    await user.clear(screen.getByRole('textbox', { name: 'Title' }))
    await user.keyboard('   {Enter}')
    expect(screen.getByRole('alert')).toHaveTextContent('Title cannot be empty')
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveAttribute('aria-invalid', 'true')
    await user.clear(screen.getByRole('textbox', { name: 'Title' }))
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Deployment notes{Enter}')
    await waitFor(() => expect(titles()).toEqual(['Deployment notes', 'Question 2']))
    expect(screen.getByText('Renamed to “Deployment notes”.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Actions for “Deployment notes”' })).toHaveFocus()
  })

  it('offers both exports as downloads of the conversation', async () => {
    history(1)
    const user = userEvent.setup()
    renderWithProviders(<HistoryPanel onOpened={() => {}} />)
    await user.click(await screen.findByRole('button', { name: 'Actions for “Question 1”' }))
    const markdown = screen.getByRole('menuitem', { name: 'Export as Markdown' })
    expect(markdown).toHaveAttribute('href', `${HISTORY_URL}/${item(1).id}/export?format=md`)
    expect(markdown).toHaveAttribute('download')
    expect(screen.getByRole('menuitem', { name: 'Export as JSON' })).toHaveAttribute(
      'href',
      `${HISTORY_URL}/${item(1).id}/export?format=json`,
    )
  })

  it('makes a share link, shows it once to copy, marks the item shared, and revokes it', async () => {
    history(1)
    const user = userEvent.setup()
    const writeText = jest.fn(() => Promise.resolve())
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    renderWithProviders(<HistoryPanel onOpened={() => {}} />)
    await screen.findByText('Page 1 of 1')
    await choose(user, 'Question 1', 'Share link')
    const panel = screen.getByRole('region', { name: 'Share link' })
    expect(within(panel).getByRole('heading', { name: 'Share link' })).toHaveFocus()
    await user.click(within(panel).getByRole('button', { name: 'Create link' }))
    const link = await within(panel).findByRole('textbox', { name: 'Share link' })
    expect(link).toHaveValue(`http://localhost/share/${'T'.repeat(43)}`)
    expect(link).toHaveFocus()
    await user.click(within(panel).getByRole('button', { name: 'Copy link' }))
    expect(writeText).toHaveBeenCalledWith(`http://localhost/share/${'T'.repeat(43)}`)
    expect(within(panel).getByText('Link copied to the clipboard.')).toBeInTheDocument()
    const card = screen.getByRole('button', { name: 'Question 1' }).closest('li') as HTMLElement
    await waitFor(() => expect(within(card).getByText('Shared')).toBeInTheDocument())

    await user.click(within(panel).getByRole('button', { name: 'Revoke link' }))
    await waitFor(() => expect(within(card).queryByText('Shared')).not.toBeInTheDocument())
    expect(within(panel).queryByRole('textbox')).not.toBeInTheDocument()
    expect(within(panel).getByRole('button', { name: 'Create link' })).toBeInTheDocument()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('region', { name: 'Share link' })).not.toBeInTheDocument()
  })

  it('works the Actions menu with the keyboard', async () => {
    history(1)
    const user = userEvent.setup()
    renderWithProviders(<HistoryPanel onOpened={() => {}} />)
    const button = await screen.findByRole('button', { name: 'Actions for “Question 1”' })
    expect(button).toHaveAttribute('aria-haspopup', 'menu')
    button.focus()
    await user.keyboard('{Enter}')
    expect(button).toHaveAttribute('aria-expanded', 'true')
    const items = within(screen.getByRole('menu')).getAllByRole('menuitem')
    expect(items.map((entry) => entry.textContent)).toEqual(['Rename', 'Share link', 'Export as Markdown', 'Export as JSON', 'Delete'])
    expect(items[0]).toHaveFocus()
    await user.keyboard('{ArrowDown}')
    expect(items[1]).toHaveFocus()
    await user.keyboard('{ArrowUp}{ArrowUp}')
    expect(items[4]).toHaveFocus()
    await user.keyboard('{Home}')
    expect(items[0]).toHaveFocus()
    await user.keyboard('{End}')
    expect(items[4]).toHaveFocus()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('menu')).not.toBeInTheDocument()
    expect(button).toHaveFocus()
    await user.keyboard('{ArrowUp}')
    expect(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Delete' })).toHaveFocus()
    await user.click(document.body)
    expect(screen.queryByRole('menu')).not.toBeInTheDocument()
  })
})
