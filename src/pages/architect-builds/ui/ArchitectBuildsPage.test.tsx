import { delay, http, HttpResponse } from 'msw'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { BuildSummary } from '@contracts/architectBuilds'
import { server } from '@tests/setup/msw'
import { renderStaffPage, signedInStaff } from '@tests/setup/staffPage'
import { ArchitectBuildsPage } from './ArchitectBuildsPage'

const API = 'http://localhost/api'

const summary = (n: number, extra: Partial<BuildSummary> = {}): BuildSummary => ({
  sessionId: `session-${n}`,
  ownerKind: n % 2 === 0 ? 'staff' : 'visitor',
  title: `Build number ${n}`,
  kind: 'http-api',
  name: `app-${n}`,
  status: 'completed',
  model: 'overseer-local',
  stage: 'delivery',
  startedAt: new Date(Date.UTC(2026, 10, 23, 12, 0, n)).toISOString(),
  finishedAt: new Date(Date.UTC(2026, 10, 23, 12, 1, n)).toISOString(),
  durationMs: 4_200,
  iterations: 2,
  promptTokens: 1_000,
  completionTokens: 234,
  tokens: 1_234,
  costUsd: 0,
  ...extra,
})

/** A fake Builds API: `builds` filtered as the server does, 20 a page; records each request's URL. */
const buildsServer = (builds: BuildSummary[]) => {
  const requests: URL[] = []
  server.use(
    http.get(`${API}/architect/builds`, async ({ request }) => {
      const url = new URL(request.url)
      requests.push(url)
      await delay(10)
      const page = Number(url.searchParams.get('page') ?? '1')
      const search = url.searchParams.get('search')?.toLowerCase()
      const status = url.searchParams.get('status')
      const matching = builds.filter((build) => (!search || build.title.toLowerCase().includes(search)) && (!status || build.status === status))
      return HttpResponse.json({
        success: true,
        data: matching.slice((page - 1) * 20, page * 20),
        pagination: { page, pages: Math.max(1, Math.ceil(matching.length / 20)), total: matching.length, limit: 20 },
      })
    }),
  )
  return requests
}

const renderAt = (url = '/architect/builds') => renderStaffPage('/architect/builds', <ArchitectBuildsPage />, url)
const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1)

describe('ArchitectBuildsPage', () => {
  it('lists builds with owner kind, title, kind, status, duration, iterations, tokens and cost, each title linking to its trace', async () => {
    server.use(signedInStaff(['architect.access', 'architect.overseer']))
    buildsServer([summary(1), summary(2, { status: 'error', kind: null, costUsd: null, durationMs: 185_000 })])
    renderAt()
    expect(await screen.findByRole('heading', { level: 1, name: 'Builds' })).toBeInTheDocument()
    const table = await screen.findByRole('table', { name: 'Builds, newest first' })
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Title',
      'Owner',
      'Kind',
      'Status',
      'Started',
      'Duration',
      'Iterations',
      'Tokens',
      'Cost',
    ])
    const [first, second] = rows().map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))
    expect(first).toEqual(['Build number 1', 'Visitor', 'http-api', 'Completed', expect.stringContaining('2026'), '4.2 s', '2', '1,234', '$0.00'])
    expect(second).toEqual(['Build number 2', 'Staff', '–', 'Failed', expect.stringContaining('2026'), '3 min 05 s', '2', '1,234', 'Unknown'])
    expect(within(rows()[0]!).getByRole('link', { name: 'Build number 1' })).toHaveAttribute('href', '/architect/builds/session-1')
    expect(screen.getByText('Showing 2 of 2 builds')).toBeInTheDocument()
  })

  it('puts the status filter, the title search and the page in the URL, and reads them back from it', async () => {
    server.use(signedInStaff(['architect.access', 'architect.overseer']))
    const builds = [
      ...Array.from({ length: 25 }, (_, index) => summary(index + 1, { title: `Todo app ${index + 1}`, status: 'completed' })),
      summary(30, { title: 'Todo API that failed', status: 'error' }),
    ]
    const requests = buildsServer(builds)
    const user = userEvent.setup()
    const router = renderAt()
    await screen.findByRole('table')
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Next' }))
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'))
    await waitFor(() => expect(rows()).toHaveLength(6))

    await user.type(screen.getByRole('searchbox', { name: 'Search titles' }), 'todo')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Failed')
    await user.click(screen.getByRole('button', { name: 'Filter' }))
    await waitFor(() => expect(router.state.location.search).toBe('?search=todo&status=error'))
    await waitFor(() => expect(rows()).toHaveLength(1))
    expect(within(rows()[0]!).getByRole('link', { name: 'Todo API that failed' })).toBeInTheDocument()
    const last = requests.at(-1)!
    expect(Object.fromEntries(last.searchParams)).toEqual({ page: '1', search: 'todo', status: 'error' })

    // Back returns to the view before, as a link or a reload would show it.
    await act(() => router.navigate(-1))
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'))
    await waitFor(() => expect(screen.getByText('Page 2 of 2')).toBeInTheDocument())
    expect(screen.getByRole('searchbox', { name: 'Search titles' })).toHaveValue('')
  })

  it('starts from the URL’s view, ignoring values it does not know', async () => {
    server.use(signedInStaff(['architect.access', 'architect.overseer']))
    const requests = buildsServer([summary(1, { status: 'stopped', title: 'Stopped one' }), summary(2)])
    renderAt('/architect/builds?status=stopped&search=stopped')
    await screen.findByRole('table')
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('stopped')
    expect(screen.getByRole('searchbox', { name: 'Search titles' })).toHaveValue('stopped')
    expect(rows()).toHaveLength(1)
    expect(Object.fromEntries(requests[0]!.searchParams)).toEqual({ page: '1', search: 'stopped', status: 'stopped' })
  })

  it('reads an unknown status and a bad page in the URL as all statuses and page 1', async () => {
    server.use(signedInStaff(['architect.access', 'architect.overseer']))
    const requests = buildsServer([summary(1)])
    renderAt('/architect/builds?status=bogus&page=-3')
    await screen.findByRole('table')
    expect(Object.fromEntries(requests[0]!.searchParams)).toEqual({ page: '1' })
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('')
  })

  it('says when nothing matches', async () => {
    server.use(signedInStaff(['architect.access', 'architect.overseer']))
    buildsServer([])
    renderAt()
    expect(await screen.findByText('No builds match these filters.')).toBeInTheDocument()
  })

  it('says when the builds cannot be read', async () => {
    server.use(
      signedInStaff(['architect.access', 'architect.overseer']),
      http.get(`${API}/architect/builds`, () => HttpResponse.json({ success: false, message: 'Database unavailable' }, { status: 500 })),
    )
    renderAt('/architect/builds?page=2')
    expect(await screen.findByText('Error: Database unavailable')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })

  it('shows Access Restricted without architect.overseer', async () => {
    server.use(signedInStaff(['architect.access', 'architect.logs']))
    buildsServer([summary(1)])
    renderAt()
    expect(await screen.findByRole('heading', { name: 'Access Restricted' })).toBeInTheDocument()
    expect(screen.getByText('You do not have permission to access the Builds module.')).toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
  })
})
