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

/** A fake approvals API: the pending list and decisions, which close a request (and move its build on, when `moved` says how); records decisions. */
const approvalsServer = (
  initial: ApprovalBody[],
  { hold, moved }: { hold?: Promise<void>; moved?: (decision: string) => ApprovalBody['build'] } = {},
) => {
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
        ...(moved && { build: moved(decision) }),
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
    expect(details.getByRole('link', { name: 'View its trace' })).toHaveAttribute('href', '/architect/builds/session-1')
    expect(details.getByText('Planned 12 files for app 1')).toBeVisible()

    await user.click(within(card('Request 2')).getByRole('button', { name: 'More Details' }))
    expect(within(card('Request 2')).getByText('No build waits on this request.')).toBeVisible()

    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(within(card('Request 1')).queryByText('Build app number 1')).not.toBeVisible()
  })

  it('shows the unified diff of a development request raised before the changes came a file each, added and removed lines marked', async () => {
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

  it('shows at once, after a decision, the build as the server answered: going on once approved, stopping once denied', async () => {
    server.use(signedIn())
    const base = approval(1, 'planning')
    const running = { ...base.build, status: 'running', stage: 'structuring', percentage: 44, message: 'Waiting for approval at the planning gate...' }
    approvalsServer([{ ...base, build: running }, { ...approval(2, 'planning'), build: { ...running, id: uuid(102), sessionId: 'session-2' } }], {
      moved: (decision) =>
        decision === 'approve'
          ? { ...running, stage: 'development', percentage: 45, message: 'Writing and checking the code...' }
          : { ...running, id: uuid(102), sessionId: 'session-2', message: 'The build was denied at the planning gate.' },
    })
    const user = userEvent.setup()
    renderPage()
    await screen.findByRole('article', { name: 'Request 1' })

    await user.click(within(card('Request 1')).getByRole('button', { name: 'More Details' }))
    expect(within(card('Request 1')).getByText('Running · Structuring · 44% · Waiting for approval at the planning gate...')).toBeVisible()
    await user.click(within(card('Request 1')).getByRole('button', { name: 'Approve' }))
    expect(await within(card('Request 1')).findByText('Running · Development · 45% · Writing and checking the code...')).toBeVisible()
    expect(within(card('Request 1')).queryByText(/Waiting for approval/)).not.toBeInTheDocument()

    await user.click(within(card('Request 2')).getByRole('button', { name: 'Deny' }))
    await within(card('Request 2')).findByText('Denied')
    await user.click(within(card('Request 2')).getByRole('button', { name: 'More Details' }))
    expect(within(card('Request 2')).getByText('Stopping · Structuring · 44% · The build was denied at the planning gate.')).toBeVisible()
  })

  it('shows the development gate’s changes a file each: its path, status and highlighted code, a changed file’s lines marked', async () => {
    server.use(signedIn())
    const base = approval(4, 'development')
    const added = Array.from({ length: 60 }, (_, index) => `const value${index} = ${index}`)
    const files = [
      { path: 'src/app.js', status: 'added', language: 'javascript', added: 60, removed: 0, hunks: `@@ -0,0 +1,60 @@\n${added.map((line) => `+${line}`).join('\n')}\n` },
      {
        path: 'src/index.js',
        status: 'changed',
        language: 'javascript',
        added: 1,
        removed: 1,
        hunks: "@@ -1,3 +1,3 @@\n 'use strict'\n-const sum = (a, b) => a - b\n+const sum = (a, b) => a + b\n module.exports = { sum }\n",
      },
      { path: 'test/old.test.js', status: 'removed', language: 'javascript', added: 0, removed: 1, hunks: "@@ -1,1 +0,0 @@\n-require('node:test')\n" },
      { path: 'README.md', status: 'added', language: 'markdown', added: 2, removed: 0, hunks: '@@ -0,0 +1,2 @@\n+# Sums\n+<img src=x onerror="alert(1)"><script>alert(2)</script>\n' },
      { path: 'public/big.css', status: 'added', language: 'css', added: 9000, removed: 0, hunks: '', cut: 'total' },
    ]
    const evidence = { files, tests: { passed: 4, failed: 0, failing: [], output: '✔ sum (1ms)\nℹ tests 4\nℹ pass 4' }, details: ['Last test run in the sandbox: 4 passed, 0 failed'] }
    approvalsServer([{ ...base, context: { ...base.context, ...evidence } }])
    const user = userEvent.setup()
    renderPage()
    await screen.findByRole('article', { name: 'Request 4' })
    await user.click(within(card('Request 4')).getByRole('button', { name: 'More Details' }))
    const changes = within(await within(card('Request 4')).findByRole('region', { name: 'Changes to review' }))
    expect(changes.getByText('5 files: 3 added, 1 changed, 1 removed')).toBeVisible()
    expect(changes.getAllByRole('heading', { level: 5 }).map((heading) => heading.textContent)).toEqual(['src/app.js', 'src/index.js', 'test/old.test.js', 'README.md', 'public/big.css'])

    // An added file: its code, highlighted, the first 40 of its 60 lines until Show all.
    const app = within(changes.getByRole('group', { name: 'src/app.js' }))
    expect(app.getByText('Added · 60 lines')).toBeVisible()
    const code = app.getByLabelText('Code of src/app.js')
    expect(code.querySelectorAll('.hljs-keyword')).toHaveLength(40)
    expect(code).toHaveTextContent('const value39 = 39')
    expect(code).not.toHaveTextContent('const value40 = 40')
    const fold = app.getByRole('button', { name: 'Show all 60 lines' })
    expect(fold).toHaveAttribute('aria-expanded', 'false')
    expect(fold).toHaveAttribute('aria-controls', code.id)
    await user.click(fold)
    expect(code).toHaveTextContent('const value59 = 59')
    expect(code.querySelectorAll('.hljs-keyword')).toHaveLength(60)
    expect(app.getByRole('button', { name: 'Show the first 40 lines only' })).toHaveAttribute('aria-expanded', 'true')

    // A changed file: its diff, the added and removed lines marked, and highlighted too.
    const index = within(changes.getByRole('group', { name: 'src/index.js' }))
    expect(index.getByText('Changed · 1 line added, 1 removed')).toBeVisible()
    const diff = index.getByLabelText('Changes of src/index.js')
    expect(within(diff).getByText('@@ -1,3 +1,3 @@').parentElement).toHaveClass('rowHunk')
    const addedLine = within(diff).getByText((_, element) => element?.classList.contains('rowAdded') === true)
    expect(addedLine).toHaveTextContent('+const sum = (a, b) => a + b')
    expect(addedLine.querySelector('.hljs-keyword')).toHaveTextContent('const')
    expect(within(diff).getByText((_, element) => element?.classList.contains('rowRemoved') === true)).toHaveTextContent('-const sum = (a, b) => a - b')
    expect(within(changes.getByRole('group', { name: 'test/old.test.js' })).getByText('Removed · 1 line')).toBeVisible()

    // Markup in a file is shown as its text.
    const readme = changes.getByLabelText('Code of README.md')
    expect(readme).toHaveTextContent('<img src=x onerror="alert(1)"><script>alert(2)</script>')
    expect(card('Request 4').querySelector('img, script, [onerror]')).toBeNull()

    // A file left out for the total says so.
    const big = within(changes.getByRole('group', { name: 'public/big.css' }))
    expect(big.getByText('Not shown: the changes of all files together are over 150,000 characters.')).toBeVisible()
    expect(big.queryByRole('button')).not.toBeInTheDocument()

    // The tests' output, folded under its summary.
    const output = within(card('Request 4')).getByText('Test output')
    expect(within(card('Request 4')).getByLabelText('Test output, its last lines')).not.toBeVisible()
    await user.click(output)
    expect(within(card('Request 4')).getByLabelText('Test output, its last lines')).toHaveTextContent('ℹ pass 4')
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
