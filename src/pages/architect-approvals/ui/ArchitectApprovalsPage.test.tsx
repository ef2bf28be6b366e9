import { delay, http, HttpResponse } from 'msw'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { server } from '@tests/setup/msw'
import { renderWithProviders } from '@tests/setup/renderWithProviders'
import { signedInStaff } from '@tests/setup/staffPage'
import { AuthProvider } from '@/entities/session'
import { ArchitectApprovalsPage } from './ArchitectApprovalsPage'

const API = 'http://localhost/api'
const LIST = `${API}/architect/approvals`

const signedIn = (permissions = ['architect.access', 'architect.approvals']) => signedInStaff(permissions)

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`

const approval = (n: number, gate: 'planning' | 'development' | 'deployment', extra: Record<string, unknown> = {}) => ({
  id: uuid(n),
  title: `Request ${n}`,
  description: `Approve the ${gate} of build ${n}`,
  category: gate,
  priority: 'High',
  timestamp: new Date(Date.UTC(2026, 10, 23, 12, n)).toISOString(),
  gate,
  status: 'pending',
  expiresAt: null,
  decidedAt: null,
  decidedBy: null,
  comment: null,
  context: {
    request: `Build app number ${n}`,
    kind: 'web-app',
    name: `app-${n}`,
    stage: gate === 'planning' ? 'development' : gate === 'development' ? 'assembly' : 'delivery',
    details: [`Planned 12 files for app ${n}`],
  },
  build: { id: uuid(100 + n), sessionId: `session-${n}`, status: 'running', stage: 'structuring', percentage: 45, message: 'Waiting for approval' },
  ...extra,
})

type ApprovalBody = Omit<ReturnType<typeof approval>, 'decidedAt' | 'decidedBy'> & {
  decidedAt: string | null
  decidedBy: { userId: number; email: string } | null
}

/** A fake approvals API: the pending list and decisions, which close a request; records decisions. */
const approvalsServer = (initial: ApprovalBody[], { hold }: { hold?: Promise<void> } = {}) => {
  let all: ApprovalBody[] = initial
  const decisions: Array<{ id: string; decision: string }> = []
  const lists: URL[] = []
  server.use(
    http.get(LIST, async ({ request }) => {
      lists.push(new URL(request.url))
      await delay(10)
      return HttpResponse.json({
        success: true,
        data: all.filter((item) => item.status === 'pending'),
        pagination: { page: 1, pages: 1, total: all.length, limit: 100 },
      })
    }),
    http.post(`${LIST}/:id/decision`, async ({ params, request }) => {
      const { decision } = (await request.json()) as { decision: string }
      decisions.push({ id: String(params.id), decision })
      if (hold) await hold
      const decided = {
        ...all.find((item) => item.id === params.id)!,
        status: decision === 'approve' ? 'approved' : 'denied',
        decidedAt: '2026-11-23T13:30:00.000Z',
        decidedBy: { userId: 1, email: 'ops@example.com' },
      }
      all = all.map((item) => (item.id === params.id ? decided : item))
      return HttpResponse.json({ success: true, data: decided })
    }),
  )
  return { decisions, lists, add: (item: ApprovalBody) => (all = [item, ...all]) }
}

const renderPage = () =>
  renderWithProviders(
    <AuthProvider>
      <ArchitectApprovalsPage />
    </AuthProvider>,
    { route: '/architect/approvals' },
  )

const card = (title: string) => screen.getByRole('article', { name: title })

describe('ArchitectApprovalsPage', () => {
  it('shows the action filter, Refresh, the three permission kinds with their counts and the server’s cards', async () => {
    server.use(signedIn())
    const { lists } = approvalsServer([approval(3, 'deployment', { priority: 'Critical' }), approval(2, 'development'), approval(1, 'planning', { priority: 'Low' })])
    renderPage()
    expect(await screen.findByRole('heading', { level: 1, name: 'Permission Controls' })).toBeInTheDocument()
    expect(screen.getByText('Loading approval requests...')).toBeInTheDocument()
    await screen.findByRole('article', { name: 'Request 1' })
    expect(Object.fromEntries(lists[0]!.searchParams)).toEqual({ status: 'pending', limit: '100' })

    const action = screen.getByRole('combobox', { name: 'Action' })
    expect(within(action).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'All Actions',
      'Code Generation',
      'File Structure',
      'System Architecture',
      'Deployment',
    ])
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeEnabled()
    const kinds = within(screen.getByRole('region', { name: 'Permission kinds' }))
    expect(kinds.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Planning', 'Development', 'Deployment'])
    expect(kinds.getAllByText('1 pending')).toHaveLength(3)

    const titles = screen.getAllByRole('article').map((article) => within(article).getByRole('heading').textContent)
    expect(titles).toEqual(['Request 3', 'Request 2', 'Request 1'])
    const first = within(card('Request 3'))
    expect(first.getByText('Approve the deployment of build 3')).toBeInTheDocument()
    expect(first.getByText('Deployment')).toBeInTheDocument()
    expect(first.getByText('Critical')).toBeInTheDocument()
    expect(first.getByText(/Priority:/).parentElement).toHaveTextContent('Priority: Critical')
    expect(first.getByText(/^Requested/).querySelector('time')).toHaveAttribute('dateTime', approval(3, 'deployment').timestamp)
    expect(first.getByRole('button', { name: 'Approve' })).toBeEnabled()
    expect(first.getByRole('button', { name: 'Deny' })).toBeEnabled()
    expect(screen.queryByText('No more approvals pending')).not.toBeInTheDocument()
  })

  it('filters by action: System Architecture and File Structure show planning, Code Generation development', async () => {
    server.use(signedIn())
    approvalsServer([approval(3, 'deployment'), approval(2, 'development'), approval(1, 'planning')])
    const user = userEvent.setup()
    renderPage()
    await screen.findByRole('article', { name: 'Request 1' })
    const action = screen.getByRole('combobox', { name: 'Action' })
    const shown = () => screen.queryAllByRole('article').map((article) => within(article).getByRole('heading').textContent)
    await user.selectOptions(action, 'System Architecture')
    expect(shown()).toEqual(['Request 1'])
    await user.selectOptions(action, 'File Structure')
    expect(shown()).toEqual(['Request 1'])
    await user.selectOptions(action, 'Code Generation')
    expect(shown()).toEqual(['Request 2'])
    await user.selectOptions(action, 'Deployment')
    expect(shown()).toEqual(['Request 3'])
    await user.selectOptions(action, 'All Actions')
    expect(shown()).toEqual(['Request 3', 'Request 2', 'Request 1'])
  })

  it('approves: a spinner and both buttons disabled while saving, then Approved with the title and time, announced and focused', async () => {
    server.use(signedIn())
    let release: () => void = () => {}
    const hold = new Promise<void>((resolve) => (release = resolve))
    const { decisions } = approvalsServer([approval(2, 'development'), approval(1, 'planning')], { hold })
    const user = userEvent.setup()
    renderPage()
    await screen.findByRole('article', { name: 'Request 1' })

    await user.click(within(card('Request 1')).getByRole('button', { name: 'Approve' }))
    expect(within(card('Request 1')).getByText('Saving decision...')).toBeInTheDocument()
    expect(within(card('Request 1')).getByRole('button', { name: 'Approve' })).toBeDisabled()
    expect(within(card('Request 1')).getByRole('button', { name: 'Deny' })).toBeDisabled()
    // The other card is not held up.
    expect(within(card('Request 2')).getByRole('button', { name: 'Approve' })).toBeEnabled()
    expect(decisions).toEqual([{ id: uuid(1), decision: 'approve' }])

    release()
    const outcome = await within(card('Request 1')).findByText('Approved')
    const decidedLine = outcome.closest('p')!
    expect(decidedLine).toHaveTextContent('Request 1')
    expect(decidedLine.querySelector('time')).toHaveAttribute('dateTime', '2026-11-23T13:30:00.000Z')
    expect(decidedLine).toHaveTextContent('by ops@example.com')
    await waitFor(() => expect(decidedLine).toHaveFocus())
    expect(within(card('Request 1')).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument()
    expect(screen.getByText('Approved: Request 1')).toHaveAttribute('role', 'status')
    // The planning kind has none left.
    const kinds = within(screen.getByRole('region', { name: 'Permission kinds' }))
    expect(kinds.getAllByText(/pending$/).map((line) => line.textContent)).toEqual(['0 pending', '1 pending', '0 pending'])
  })

  it('denies, keeps the decided card after Refresh and says No more approvals pending when none are left', async () => {
    server.use(signedIn())
    const { lists } = approvalsServer([approval(1, 'planning')])
    const user = userEvent.setup()
    renderPage()
    await screen.findByRole('article', { name: 'Request 1' })
    await user.click(within(card('Request 1')).getByRole('button', { name: 'Deny' }))
    expect(await within(card('Request 1')).findByText('Denied')).toBeInTheDocument()
    expect(screen.getByText('No more approvals pending')).toBeInTheDocument()
    expect(screen.getByText('Denied: Request 1')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Refresh' }))
    await waitFor(() => expect(lists).toHaveLength(2))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Refresh' })).toBeEnabled())
    expect(within(card('Request 1')).getByText('Denied')).toBeInTheDocument()
  })

  it('shows new requests on Refresh', async () => {
    server.use(signedIn())
    const fake = approvalsServer([])
    const user = userEvent.setup()
    renderPage()
    expect(await screen.findByText('No more approvals pending')).toBeInTheDocument()
    expect(screen.queryByRole('article')).not.toBeInTheDocument()
    fake.add(approval(5, 'deployment'))
    await user.click(screen.getByRole('button', { name: 'Refresh' }))
    expect(await screen.findByRole('article', { name: 'Request 5' })).toBeInTheDocument()
    expect(screen.queryByText('No more approvals pending')).not.toBeInTheDocument()
  })

  it('keeps the card pending and says why when the decision fails, and lets it be tried again', async () => {
    server.use(signedIn())
    approvalsServer([approval(1, 'planning')])
    let attempts = 0
    server.use(
      http.post(`${LIST}/:id/decision`, async () => {
        attempts += 1
        await delay(10)
        return attempts === 1
          ? HttpResponse.json({ success: false, message: 'This approval request was already expired' }, { status: 409 })
          : HttpResponse.json({ success: true, data: { ...approval(1, 'planning'), status: 'approved', decidedAt: '2026-11-23T13:31:00.000Z' } })
      }),
    )
    const user = userEvent.setup()
    renderPage()
    await screen.findByRole('article', { name: 'Request 1' })
    await user.click(within(card('Request 1')).getByRole('button', { name: 'Approve' }))
    expect(await within(card('Request 1')).findByRole('alert')).toHaveTextContent(
      'The decision could not be saved: This approval request was already expired',
    )
    expect(within(card('Request 1')).getByRole('button', { name: 'Approve' })).toBeEnabled()
    expect(within(card('Request 1')).getByRole('button', { name: 'Deny' })).toBeEnabled()

    await user.click(within(card('Request 1')).getByRole('button', { name: 'Approve' }))
    expect(await within(card('Request 1')).findByText('Approved')).toBeInTheDocument()
    expect(within(card('Request 1')).queryByRole('alert')).not.toBeInTheDocument()
  })

  it('toggles More Details with the build’s context', async () => {
    server.use(signedIn())
    approvalsServer([approval(1, 'planning'), approval(2, 'planning', { build: null })])
    const user = userEvent.setup()
    renderPage()
    await screen.findByRole('article', { name: 'Request 1' })
    const toggle = within(card('Request 1')).getByRole('button', { name: 'More Details' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(within(card('Request 1')).queryByText('Build app number 1')).not.toBeVisible()

    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    const details = within(card('Request 1'))
    expect(details.getByText('Build app number 1')).toBeVisible()
    expect(details.getByText('app-1 (web-app)')).toBeVisible()
    expect(details.getByText('Development')).toBeVisible()
    expect(details.getByText('Running · Structuring · 45% · Waiting for approval')).toBeVisible()
    expect(details.getByText('Planned 12 files for app 1')).toBeVisible()

    await user.click(within(card('Request 2')).getByRole('button', { name: 'More Details' }))
    expect(within(card('Request 2')).getByText('No build waits on this request.')).toBeVisible()

    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(within(card('Request 1')).queryByText('Build app number 1')).not.toBeVisible()
  })

  it('shows the development gate’s diff against the template, added and removed lines marked', async () => {
    server.use(signedIn())
    const base = approval(3, 'development')
    const diff = '--- a/src/index.js\n+++ b/src/index.js\n@@ -1,3 +1,3 @@\n-const sum = (a, b) => a - b\n+const sum = (a, b) => a + b\n module.exports = { sum }\n'
    const evidence = { diff, tests: { passed: 4, failed: 0, failing: [] }, details: ['Last test run in the sandbox: 4 passed, 0 failed'] }
    approvalsServer([{ ...base, context: { ...base.context, ...evidence } }])
    const user = userEvent.setup()
    renderPage()
    await screen.findByRole('article', { name: 'Request 3' })
    await user.click(within(card('Request 3')).getByRole('button', { name: 'More Details' }))
    const changes = within(card('Request 3')).getByLabelText('Changes to review, as a unified diff')
    expect(changes).toBeVisible()
    expect(within(changes).getByText('+const sum = (a, b) => a + b')).toHaveClass('diffAdded')
    expect(within(changes).getByText('-const sum = (a, b) => a - b')).toHaveClass('diffRemoved')
    expect(within(card('Request 3')).getByText('Last test run in the sandbox: 4 passed, 0 failed')).toBeVisible()
  })

  it('shows the server’s error and loads again on Try again', async () => {
    let calls = 0
    server.use(
      signedIn(),
      http.get(LIST, () => {
        calls += 1
        return calls === 1
          ? HttpResponse.json({ success: false, message: 'Internal server error' }, { status: 500 })
          : HttpResponse.json({ success: true, data: [approval(1, 'planning')], pagination: { page: 1, pages: 1, total: 1, limit: 100 } })
      }),
    )
    renderPage()
    expect((await screen.findByText('Error: Internal server error')).closest('[role="alert"]')).toBeInTheDocument()
    expect(screen.queryByText('No more approvals pending')).not.toBeInTheDocument()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('article', { name: 'Request 1' })).toBeInTheDocument()
  })

  it('rejects a request of the wrong shape', async () => {
    server.use(
      signedIn(),
      http.get(LIST, () => HttpResponse.json({ success: true, data: [{ id: 'x', title: 'T' }], pagination: { page: 1, pages: 1, total: 1, limit: 100 } })),
    )
    renderPage()
    expect(await screen.findByText('Error: Invalid response format')).toBeInTheDocument()
  })

  it('shows Access Restricted without architect.approvals', async () => {
    server.use(signedIn(['architect.access', 'architect.logs']))
    renderPage()
    expect(await screen.findByText('You do not have permission to access the Permission Controls module.')).toBeInTheDocument()
  })
})
