import { delay, http, HttpResponse } from 'msw'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { server } from '@tests/setup/msw'
import { renderStaffPage, signedInStaff } from '@tests/setup/staffPage'
import { ArchitectLogsPage } from './ArchitectLogsPage'

const API = 'http://localhost/api'

const signedIn = (permissions = ['architect.access', 'architect.logs']) => signedInStaff(permissions)

const MODULES = [
  { module: 'overseer-core', name: 'Overseer Core', active: true },
  { module: 'clarification-loop', name: 'Clarification Loop', active: false },
  { module: 'devloop-matrix', name: 'DevLoop Matrix', active: false },
  { module: 'assembly-agent', name: 'Assembly Agent', active: false },
]

const entry = (id: number, level = 'INFO', module = 'overseer-core', source = 'Overseer Core') => ({
  id,
  timestamp: new Date(Date.UTC(2026, 10, 23, 12, 0, id)).toISOString(),
  level,
  source,
  module,
  message: `Entry number ${id}`,
  buildId: null as string | null,
  sessionId: null as string | null,
})

/** A fake log: `entries` filtered as the server does, 20 a page; records each request's URL. */
const logServer = (entries: ReturnType<typeof entry>[], { total, totalCapped }: { total?: number; totalCapped?: boolean } = {}) => {
  const requests: URL[] = []
  server.use(
    http.get(`${API}/architect/logs`, async ({ request }) => {
      const url = new URL(request.url)
      requests.push(url)
      await delay(10)
      const page = Number(url.searchParams.get('page') ?? '1')
      const search = url.searchParams.get('search')?.toLowerCase()
      const module = url.searchParams.get('module')
      const level = url.searchParams.get('level')
      const matching = entries.filter(
        (item) =>
          (!search || item.message.toLowerCase().includes(search)) && (!module || item.module === module) && (!level || item.level === level),
      )
      const count = total ?? matching.length
      return HttpResponse.json({
        success: true,
        data: matching.slice((page - 1) * 20, page * 20),
        pagination: { page, pages: Math.max(1, Math.ceil(count / 20)), total: count, limit: 20, ...(totalCapped ? { totalCapped } : {}) },
      })
    }),
    http.get(`${API}/architect/logs/modules`, () => HttpResponse.json({ success: true, data: MODULES })),
  )
  return requests
}

const renderAt = (url = '/architect/logs') => renderStaffPage('/architect/logs', <ArchitectLogsPage />, url)

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1)

describe('ArchitectLogsPage', () => {
  it("reads '1,000+' when more entries match than the server counts", async () => {
    server.use(signedIn())
    logServer(Array.from({ length: 20 }, (_, index) => entry(index + 1)), { total: 1_000, totalCapped: true })
    renderAt()
    expect(await screen.findByText('Showing 20 of 1,000+ logs')).toBeInTheDocument()
    expect(screen.getByText('Page 1 of 50')).toBeInTheDocument()
  })

  it('shows Loading logs..., then the table with levels as text and colour, the real counter and the status tiles', async () => {
    server.use(signedIn())
    logServer([entry(1, 'ERROR'), entry(2, 'WARNING'), entry(3, 'INFO'), entry(4, 'DEBUG'), entry(5, 'OWNER')], { total: 1243 })
    renderAt()
    expect(await screen.findByRole('heading', { level: 1, name: 'Agent Logs' })).toBeInTheDocument()
    expect(screen.getByText('Loading logs...')).toBeInTheDocument()

    const table = await screen.findByRole('table', { name: 'Agent log entries, newest first' })
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Time', 'Level', 'Source', 'Message'])
    expect(rows()).toHaveLength(5)
    const levels = rows().map((row) => within(row).getAllByRole('cell')[1]!.firstElementChild!)
    expect(levels.map((badge) => badge.textContent)).toEqual(['ERROR', 'WARNING', 'INFO', 'DEBUG', 'OWNER'])
    expect(levels.map((badge) => badge.className)).toEqual([
      'level levelError',
      'level levelWarning',
      'level levelInfo',
      'level levelDebug',
      'level levelOwner',
    ])
    expect(within(rows()[0]!).getByText('Overseer Core')).toBeInTheDocument()
    expect(within(rows()[0]!).getByText('Entry number 1')).toBeInTheDocument()
    expect(within(rows()[0]!).getByText(/2026/).closest('time')).toHaveAttribute('dateTime', entry(1).timestamp)

    expect(screen.getByText('Showing 5 of 1,243 logs')).toBeInTheDocument()
    expect(screen.getByText('Page 1 of 63')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled()

    const tiles = await screen.findAllByRole('listitem')
    expect(tiles.map((tile) => tile.textContent)).toEqual([
      'Overseer CoreActive',
      'Clarification LoopIdle',
      'DevLoop MatrixIdle',
      'Assembly AgentIdle',
    ])
  })

  it('offers the spec’s module and level choices, each control labelled', async () => {
    server.use(signedIn())
    logServer([])
    renderAt()
    const module = await screen.findByRole('combobox', { name: 'Module' })
    expect(within(module).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'All Modules',
      'Overseer Core',
      'Clarification Loop',
      'DevLoop Matrix',
      'File Structure Planner',
      'Assembly Agent',
    ])
    const level = screen.getByRole('combobox', { name: 'Level' })
    expect(within(level).getAllByRole('option').map((option) => option.textContent)).toEqual(['All Levels', 'Info', 'Warning', 'Error', 'Debug'])
    expect(screen.getByRole('searchbox', { name: 'Search' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Filter' })).toBeInTheDocument()
  })

  it('says when no logs match, with a counter of 0', async () => {
    server.use(signedIn())
    logServer([])
    renderAt('/architect/logs?search=nothing')
    expect(await screen.findByText('No logs match these filters.')).toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    expect(screen.getByText('Showing 0 of 0 logs')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled()
  })

  it('shows the server’s error and loads again on Try again', async () => {
    server.use(signedIn())
    let calls = 0
    server.use(
      http.get(`${API}/architect/logs/modules`, () => HttpResponse.json({ success: true, data: MODULES })),
      http.get(`${API}/architect/logs`, () => {
        calls += 1
        return calls === 1
          ? HttpResponse.json({ success: false, message: 'Database unavailable' }, { status: 503 })
          : HttpResponse.json({ success: true, data: [entry(9)], pagination: { page: 1, pages: 1, total: 1, limit: 20 } })
      }),
    )
    renderAt()
    expect((await screen.findByText('Error: Database unavailable')).closest('[role="alert"]')).toBeInTheDocument()
    expect(screen.queryByText(/^Showing/)).not.toBeInTheDocument()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('Entry number 9')).toBeInTheDocument()
    expect(screen.getByText('Showing 1 of 1 logs')).toBeInTheDocument()
  })

  it('rejects a body that is not a page of entries', async () => {
    server.use(signedIn(), http.get(`${API}/architect/logs`, () => HttpResponse.json({ success: true, data: 'nope' })))
    server.use(http.get(`${API}/architect/logs/modules`, () => HttpResponse.json({ success: true, data: MODULES })))
    renderAt()
    expect(await screen.findByText('Error: Invalid response format')).toBeInTheDocument()
  })

  it('applies search, module and level only on Filter, puts them in the URL and goes back to page 1', async () => {
    server.use(signedIn())
    const all = [
      ...Array.from({ length: 25 }, (_, index) => entry(index + 1, 'DEBUG', 'devloop-matrix', 'DevLoop Matrix')),
      entry(100, 'INFO', 'devloop-matrix', 'DevLoop Matrix'),
      entry(101, 'DEBUG', 'overseer-core'),
    ]
    const requests = logServer(all)
    const user = userEvent.setup()
    const router = renderAt('/architect/logs?page=2')
    await waitFor(() => expect(rows()).toHaveLength(7))

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'entry')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Module' }), 'DevLoop Matrix')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Level' }), 'Debug')
    // Nothing is asked before Filter.
    expect(requests).toHaveLength(1)
    await user.click(screen.getByRole('button', { name: 'Filter' }))

    await waitFor(() => expect(screen.getByText('Showing 20 of 25 logs')).toBeInTheDocument())
    const last = requests.at(-1)!
    expect(Object.fromEntries(last.searchParams)).toEqual({ page: '1', search: 'entry', module: 'devloop-matrix', level: 'DEBUG' })
    expect(router.state.location.search).toBe('?search=entry&module=devloop-matrix&level=DEBUG')

    await user.click(screen.getByRole('button', { name: 'Next' }))
    await waitFor(() => expect(screen.getByText('Showing 5 of 25 logs')).toBeInTheDocument())
    expect(router.state.location.search).toBe('?search=entry&module=devloop-matrix&level=DEBUG&page=2')
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled()
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Log entries' })).toHaveFocus())

    await user.click(screen.getByRole('button', { name: 'Previous' }))
    await waitFor(() => expect(screen.getByText('Showing 20 of 25 logs')).toBeInTheDocument())
    expect(router.state.location.search).toBe('?search=entry&module=devloop-matrix&level=DEBUG')
  })

  it('reads the log again on Filter when the filters are unchanged', async () => {
    server.use(signedIn())
    const requests = logServer([entry(1)])
    renderAt('/architect/logs?level=INFO')
    expect(await screen.findByText('Showing 1 of 1 logs')).toBeInTheDocument()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Filter' }))
    await waitFor(() => expect(requests).toHaveLength(2))
    expect(Object.fromEntries(requests[1]!.searchParams)).toEqual({ page: '1', level: 'INFO' })
  })

  it('opens a shared or reloaded URL with its filters in the form and the query', async () => {
    server.use(signedIn())
    const requests = logServer(Array.from({ length: 45 }, (_, index) => entry(index + 1, 'WARNING', 'clarification-loop', 'Clarification Loop')))
    renderAt('/architect/logs?search=Entry&module=clarification-loop&level=WARNING&page=3')
    expect(await screen.findByText('Showing 5 of 45 logs')).toBeInTheDocument()
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument()
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('Entry')
    expect(screen.getByRole('combobox', { name: 'Module' })).toHaveDisplayValue('Clarification Loop')
    expect(screen.getByRole('combobox', { name: 'Level' })).toHaveDisplayValue('Warning')
    expect(Object.fromEntries(requests[0]!.searchParams)).toEqual({ page: '3', search: 'Entry', module: 'clarification-loop', level: 'WARNING' })
  })

  it('follows Back to the previous view, form included', async () => {
    server.use(signedIn())
    logServer([entry(1, 'ERROR'), entry(2, 'INFO')])
    const user = userEvent.setup()
    const router = renderAt()
    await waitFor(() => expect(rows()).toHaveLength(2))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Level' }), 'Error')
    await user.click(screen.getByRole('button', { name: 'Filter' }))
    await waitFor(() => expect(screen.getByText('Showing 1 of 1 logs')).toBeInTheDocument())
    await act(() => router.navigate(-1))
    await waitFor(() => expect(screen.getByText('Showing 2 of 2 logs')).toBeInTheDocument())
    expect(screen.getByRole('combobox', { name: 'Level' })).toHaveDisplayValue('All Levels')
  })

  it('links an entry that belongs to a build to that build’s trace', async () => {
    server.use(signedIn())
    logServer([{ ...entry(1), buildId: '00000000-0000-4000-8000-000000000001', sessionId: 'session-1' }, entry(2)])
    renderAt()
    await screen.findByRole('table')
    const [first, second] = rows()
    expect(within(first!).getByRole('link', { name: 'Build trace' })).toHaveAttribute('href', '/architect/builds/session-1')
    expect(within(second!).queryByRole('link')).not.toBeInTheDocument()
  })

  it('ignores unknown filter values in the URL', async () => {
    server.use(signedIn())
    const requests = logServer([entry(1)])
    renderAt('/architect/logs?module=nope&level=LOUD&page=-4')
    expect(await screen.findByText('Showing 1 of 1 logs')).toBeInTheDocument()
    expect(Object.fromEntries(requests[0]!.searchParams)).toEqual({ page: '1' })
  })

  it('says when the module status cannot be read', async () => {
    server.use(
      signedIn(),
      http.get(`${API}/architect/logs`, () => HttpResponse.json({ success: true, data: [], pagination: { page: 1, pages: 1, total: 0, limit: 20 } })),
      http.get(`${API}/architect/logs/modules`, () => HttpResponse.json({ success: false, message: 'Not found' }, { status: 404 })),
    )
    renderAt()
    expect(await screen.findByText('Checking module status...')).toBeInTheDocument()
    expect(await screen.findByText('Module status is unavailable: Not found')).toBeInTheDocument()
  })

  it('shows Access Restricted without architect.logs', async () => {
    server.use(signedIn(['architect.access']))
    renderAt()
    expect(await screen.findByText('You do not have permission to access the Agent Logs module.')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Access Restricted' })).toBeInTheDocument()
  })
})
