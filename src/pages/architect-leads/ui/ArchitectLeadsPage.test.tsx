import { delay, http, HttpResponse } from 'msw'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { server } from '@tests/setup/msw'
import { renderStaffPage, signedInStaff } from '@tests/setup/staffPage'
import { ArchitectLeadsPage } from './ArchitectLeadsPage'

const API = 'http://localhost/api'

const signedIn = (permissions = ['architect.access', 'architect.leads']) => signedInStaff(permissions, { email: 'admin@example.com', roles: ['admin'] })

const created = (n: number) => new Date(Date.UTC(2026, 10, 1, 9, n)).toISOString()

const waitlist = (n: number, answers: { role?: string; source?: string } = {}) => ({
  id: n,
  name: `Person ${n}`,
  email: `person${n}@example.com`,
  company: `Company ${n}`,
  role: 'developer',
  useCase: n === 1 ? 'Internal tools' : '',
  source: n === 1 ? 'search' : null,
  plan: null,
  product: null,
  consentedAt: created(n),
  createdAt: created(n),
  ...answers,
})
const contact = (n: number, subject = 'demo') => ({
  id: n,
  name: `Writer ${n}`,
  email: `writer${n}@example.com`,
  company: '',
  subject,
  message: `Please show me a demo (${n})`,
  product: null,
  createdAt: created(n),
})
const newsletter = (n: number) => ({ id: n, email: `reader${n}@example.com`, createdAt: created(n) })

type Lead = { email: string; name?: string; company?: string }

/** A fake leads API over fixed entries of each kind; records each request's URL. */
const leadsServer = (data: Record<'waitlist' | 'contact' | 'newsletter', Lead[]>) => {
  const requests: URL[] = []
  server.use(
    http.get(`${API}/architect/leads`, async ({ request }) => {
      const url = new URL(request.url)
      requests.push(url)
      await delay(10)
      const kind = url.searchParams.get('kind') as keyof typeof data
      const page = Number(url.searchParams.get('page') ?? '1')
      const limit = Number(url.searchParams.get('limit') ?? '20')
      const search = url.searchParams.get('search')?.toLowerCase() ?? ''
      const matching = data[kind].filter((lead) => [lead.email, lead.name ?? '', lead.company ?? ''].some((text) => text.toLowerCase().includes(search)))
      return HttpResponse.json({
        success: true,
        data: matching.slice((page - 1) * limit, page * limit),
        pagination: { page, pages: Math.max(1, Math.ceil(matching.length / limit)), total: matching.length, limit },
      })
    }),
  )
  return requests
}

const renderAt = (url = '/architect/leads') => renderStaffPage('/architect/leads', <ArchitectLeadsPage />, url)

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1)
const csvLink = () => screen.getByRole('link', { name: /^Download CSV/ })

describe('ArchitectLeadsPage', () => {
  it('shows the waitlist first: loading, then its columns, the counter and the CSV link', async () => {
    const requests = leadsServer({ waitlist: [waitlist(1), waitlist(2)], contact: [], newsletter: [] })
    server.use(signedIn())
    renderAt()
    expect(await screen.findByRole('heading', { level: 1, name: 'Leads' })).toBeInTheDocument()
    expect(screen.getByText('Loading waitlist signups...')).toBeInTheDocument()
    const table = await screen.findByRole('table', { name: 'Waitlist entries, newest first' })
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Name',
      'E-mail',
      'Company',
      'Role',
      'Use case',
      'Heard via',
      'Joined',
    ])
    expect(within(bodyRows()[0]!).getAllByRole('cell').map((cell) => cell.textContent).slice(0, 6)).toEqual([
      'Person 1',
      'person1@example.com',
      'Company 1',
      'Developer',
      'Internal tools',
      'Search engine',
    ])
    expect(within(bodyRows()[1]!).getAllByRole('cell')[4]).toHaveTextContent('—')
    expect(screen.getByRole('tab', { name: 'Waitlist' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByText('Showing 2 of 2 waitlist signups')).toBeInTheDocument()
    expect(csvLink()).toHaveAttribute('href', 'http://localhost/api/architect/leads/export.csv?kind=waitlist')
    expect(csvLink()).toHaveAccessibleName('Download CSV of all waitlist signups')
    expect(Object.fromEntries(requests[0]!.searchParams)).toEqual({ kind: 'waitlist', page: '1', limit: '20' })
  })

  it('switches to contact and newsletter entries with the tabs and the arrow keys, keeping the kind in the URL', async () => {
    leadsServer({ waitlist: [waitlist(1)], contact: [contact(1)], newsletter: [newsletter(1), newsletter(2), newsletter(3)] })
    server.use(signedIn())
    const user = userEvent.setup()
    const router = renderAt()
    await screen.findByRole('table', { name: 'Waitlist entries, newest first' })

    await user.click(screen.getByRole('tab', { name: 'Contact' }))
    const contacts = await screen.findByRole('table', { name: 'Contact entries, newest first' })
    expect(within(contacts).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Name', 'E-mail', 'Company', 'Subject', 'Message', 'Sent'])
    expect(screen.getByText('Please show me a demo (1)')).toBeInTheDocument()
    expect(router.state.location.search).toBe('?kind=contact')
    expect(csvLink()).toHaveAttribute('href', 'http://localhost/api/architect/leads/export.csv?kind=contact')

    await user.keyboard('{ArrowRight}')
    const readers = await screen.findByRole('table', { name: 'Newsletter entries, newest first' })
    expect(within(readers).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['E-mail', 'Subscribed'])
    expect(screen.getByRole('tab', { name: 'Newsletter' })).toHaveFocus()
    expect(screen.getByText('Showing 3 of 3 newsletter subscriptions')).toBeInTheDocument()
    expect(router.state.location.search).toBe('?kind=newsletter')
  })

  it('shows the labels people chose in the forms, not the stored codes; the CSV link is unchanged', async () => {
    leadsServer({
      waitlist: [
        waitlist(1, { role: 'tech_lead', source: 'recommendation' }),
        waitlist(2, { role: 'cto', source: 'publication' }),
        // A code the forms no longer offer shows as stored.
        waitlist(3, { role: 'astronaut', source: 'carrier_pigeon' }),
      ],
      contact: [contact(1, 'overseer_info'), contact(2, 'technical')],
      newsletter: [],
    })
    server.use(signedIn())
    const user = userEvent.setup()
    renderAt()
    await screen.findByRole('table', { name: 'Waitlist entries, newest first' })
    const roleAndSource = (row: HTMLElement) => {
      const cells = within(row).getAllByRole('cell')
      return [cells[3]?.textContent, cells[5]?.textContent]
    }
    expect(bodyRows().map(roleAndSource)).toEqual([
      ['Tech Lead', 'Recommendation'],
      ['CTO', 'Article or publication'],
      ['astronaut', 'carrier_pigeon'],
    ])
    expect(screen.queryByText('tech_lead')).not.toBeInTheDocument()
    expect(csvLink()).toHaveAttribute('href', 'http://localhost/api/architect/leads/export.csv?kind=waitlist')

    await user.click(screen.getByRole('tab', { name: 'Contact' }))
    await screen.findByRole('table', { name: 'Contact entries, newest first' })
    expect(bodyRows().map((row) => within(row).getAllByRole('cell')[3]?.textContent)).toEqual(['Overseer information', 'Technical support'])
    expect(screen.queryByText('overseer_info')).not.toBeInTheDocument()
  })

  it('searches once typing settles, back on page 1, and the CSV link follows the search', async () => {
    const requests = leadsServer({
      waitlist: Array.from({ length: 30 }, (_, index) => waitlist(index + 1)),
      contact: [],
      newsletter: [],
    })
    server.use(signedIn())
    const user = userEvent.setup()
    const router = renderAt('/architect/leads?page=2')
    await waitFor(() => expect(screen.getByText('Showing 10 of 30 waitlist signups')).toBeInTheDocument())
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'person2')
    await waitFor(() => expect(screen.getByText('Showing 11 of 11 waitlist signups')).toBeInTheDocument())
    // One request for the settled term, none for each keystroke.
    expect(requests.map((url) => url.searchParams.get('search'))).toEqual([null, 'person2'])
    expect(router.state.location.search).toBe('?search=person2')
    expect(csvLink()).toHaveAttribute('href', 'http://localhost/api/architect/leads/export.csv?kind=waitlist&search=person2')
    expect(csvLink()).toHaveAccessibleName('Download CSV of waitlist signups matching “person2”')
  })

  it('pages with Previous and Next, disabled at the ends', async () => {
    leadsServer({ waitlist: [], contact: [], newsletter: Array.from({ length: 25 }, (_, index) => newsletter(index + 1)) })
    server.use(signedIn())
    const user = userEvent.setup()
    const router = renderAt('/architect/leads?kind=newsletter')
    await waitFor(() => expect(bodyRows()).toHaveLength(20))
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await waitFor(() => expect(bodyRows()).toHaveLength(5))
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled()
    expect(router.state.location.search).toBe('?kind=newsletter&page=2')
  })

  it('says when there are no entries, and when none match', async () => {
    leadsServer({ waitlist: [], contact: [contact(1)], newsletter: [] })
    server.use(signedIn())
    const user = userEvent.setup()
    renderAt()
    expect(await screen.findByText('No waitlist signups yet.')).toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    await user.click(screen.getByRole('tab', { name: 'Contact' }))
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'zzz')
    expect(await screen.findByText('No contact messages match “zzz”.')).toBeInTheDocument()
  })

  it('shows the server’s error and loads again on Try again', async () => {
    let calls = 0
    server.use(
      signedIn(),
      http.get(`${API}/architect/leads`, () => {
        calls += 1
        return calls === 1
          ? HttpResponse.json({ success: false, message: 'Internal server error' }, { status: 500 })
          : HttpResponse.json({ success: true, data: [newsletter(7)], pagination: { page: 1, pages: 1, total: 1, limit: 20 } })
      }),
    )
    renderAt('/architect/leads?kind=newsletter')
    expect((await screen.findByText('Error: Internal server error')).closest('[role="alert"]')).toBeInTheDocument()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('reader7@example.com')).toBeInTheDocument()
  })

  it('rejects entries of the wrong shape', async () => {
    server.use(
      signedIn(),
      http.get(`${API}/architect/leads`, () =>
        HttpResponse.json({ success: true, data: [{ id: 1 }], pagination: { page: 1, pages: 1, total: 1, limit: 20 } }),
      ),
    )
    renderAt()
    expect(await screen.findByText('Error: Invalid response format')).toBeInTheDocument()
  })

  it('shows Access Restricted without architect.leads', async () => {
    server.use(signedIn(['architect.access', 'architect.logs']))
    renderAt()
    expect(await screen.findByText('You do not have permission to access the Leads module.')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Access Restricted' })).toBeInTheDocument()
  })
})
