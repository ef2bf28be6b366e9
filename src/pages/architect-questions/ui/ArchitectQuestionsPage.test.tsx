import { delay, http, HttpResponse } from 'msw'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { server } from '@tests/setup/msw'
import { renderStaffPage, signedInStaff } from '@tests/setup/staffPage'
import { ArchitectQuestionsPage } from './ArchitectQuestionsPage'

const API = 'http://localhost/api/architect/questions'

const signedIn = (permissions = ['architect.access', 'architect.questions']) => signedInStaff(permissions, { email: 'ops@example.com', roles: ['operator'] })

const at = (n: number) => new Date(Date.UTC(2026, 10, 1, 9, n)).toISOString()
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`

const GATES = { path: '/docs/guides/permission-controls', title: 'Permission Controls', anchor: 'approval-gates', heading: 'Approval gates' }
const LOGIN = { path: '/docs/api-reference/authentication', title: 'Authentication', anchor: 'staff-login', heading: 'Staff login' }
const SECTIONS = [
  { path: GATES.path, title: GATES.title, anchor: null, heading: null },
  GATES,
  { path: LOGIN.path, title: LOGIN.title, anchor: null, heading: null },
  LOGIN,
]

type Asked = {
  question: string
  askedAt: string
  count: number
  outcome: 'docs' | 'unknown' | 'reply' | 'model'
  answeredFrom: typeof GATES | null
  model: string
  rating: 'helpful' | 'not_helpful' | null
  comment: string | null
  notHelpful: number
  corrected: boolean
}

const asked = (question: string, n: number, extra: Partial<Asked> = {}): Asked => ({
  question,
  askedAt: at(n),
  count: 1,
  outcome: 'docs',
  answeredFrom: GATES,
  model: 'overseer-local',
  rating: null,
  comment: null,
  notHelpful: 0,
  corrected: false,
  ...extra,
})

const ASKED = [
  asked('How do approval gates work?', 5, { rating: 'helpful' }),
  asked('Does the staff login support two-factor authentication?', 4, { outcome: 'unknown', answeredFrom: null, rating: 'not_helpful', comment: 'It should say', notHelpful: 1 }),
  asked('Hello', 3, { outcome: 'reply', answeredFrom: null }),
  asked('Write me a poem', 2, { outcome: 'model', answeredFrom: null, model: 'gpt-4o-mini' }),
]

type CorrectionJson = {
  id: string
  question: string
  answer: typeof GATES | null
  createdAt: string
  createdBy: string
  undoneAt: string | null
  undoneBy: string | null
}

/**
 * A fake questions API over `initial`: filters, searches, groups (by the question, ignoring case)
 * and pages as the server does; corrections mark their question corrected and take it off the
 * gaps. Records every request.
 */
const questionsServer = (initial: Asked[] = ASKED, { corrections: stored = [] as CorrectionJson[], gaps: initialGaps = [] as { question: string; count: number; unanswered: number; notHelpful: number; lastAskedAt: string }[] } = {}) => {
  const lists: URL[] = []
  const posts: unknown[] = []
  const deletes: string[] = []
  let corrections = [...stored]
  let gaps = [...initialGaps]
  const inForce = (question: string) => corrections.some((item) => item.undoneAt === null && item.question.toLowerCase() === question.toLowerCase())
  server.use(
    http.get(API, async ({ request }) => {
      const url = new URL(request.url)
      lists.push(url)
      await delay(10)
      const page = Number(url.searchParams.get('page') ?? '1')
      const search = url.searchParams.get('search')?.toLowerCase() ?? ''
      const filter = url.searchParams.get('filter') ?? 'all'
      let items = initial
        .filter((item) => item.question.toLowerCase().includes(search))
        .filter((item) => (filter === 'unanswered' ? item.outcome === 'unknown' : filter === 'not-helpful' ? item.rating === 'not_helpful' : true))
      if (url.searchParams.get('grouped') === 'true') {
        const groups = new Map<string, Asked>()
        for (const item of items) {
          const key = item.question.toLowerCase()
          const group = groups.get(key)
          groups.set(key, group ? { ...group, count: group.count + 1, notHelpful: group.notHelpful + item.notHelpful } : item)
        }
        items = [...groups.values()]
      }
      const data = items.slice((page - 1) * 20, page * 20).map((item) => ({ ...item, corrected: item.corrected || inForce(item.question) }))
      return HttpResponse.json({ success: true, data, pagination: { page, pages: Math.max(1, Math.ceil(items.length / 20)), total: items.length, limit: 20 } })
    }),
    http.get(`${API}/gaps`, () => HttpResponse.json({ success: true, data: gaps.filter((gap) => !inForce(gap.question)) })),
    http.get(`${API}/sections`, () => HttpResponse.json({ success: true, data: SECTIONS })),
    http.get(`${API}/corrections`, () => HttpResponse.json({ success: true, data: corrections })),
    http.post(`${API}/corrections`, async ({ request }) => {
      const body = (await request.json()) as { question: string; answer: { path: string; anchor: string | null } | null }
      posts.push(body)
      const section = body.answer && SECTIONS.find((item) => item.path === body.answer?.path && item.anchor === body.answer.anchor)
      if (body.answer && !section) {
        return HttpResponse.json({ success: false, message: 'That docs page or section does not exist.', errors: { answer: 'That docs page or section does not exist.' } }, { status: 400 })
      }
      const correction = { id: uuid(corrections.length + 1), question: body.question, answer: (section as typeof GATES | undefined) ?? null, createdAt: at(30), createdBy: 'ops@example.com', undoneAt: null, undoneBy: null }
      corrections = [correction, ...corrections]
      return HttpResponse.json({ success: true, data: correction }, { status: 201 })
    }),
    http.delete(`${API}/corrections/:id`, ({ params }) => {
      const id = String(params.id)
      deletes.push(id)
      const correction = corrections.find((item) => item.id === id)
      if (!correction) return HttpResponse.json({ success: false, message: 'Correction not found.' }, { status: 404 })
      if (correction.undoneAt) return HttpResponse.json({ success: false, message: 'This correction was already undone.' }, { status: 409 })
      const undone = { ...correction, undoneAt: at(40), undoneBy: 'ops@example.com' }
      corrections = corrections.map((item) => (item.id === id ? undone : item))
      return HttpResponse.json({ success: true, data: undone })
    }),
  )
  return {
    lists,
    posts,
    deletes,
    /** Another staff member undoes a correction. */
    undoElsewhere: (id: string) => (corrections = corrections.map((item) => (item.id === id ? { ...item, undoneAt: at(45), undoneBy: 'admin@example.com' } : item))),
    setGaps: (next: typeof gaps) => (gaps = next),
  }
}

const renderAt = (url = '/architect/questions') => renderStaffPage('/architect/questions', <ArchitectQuestionsPage />, url)

const table = () => screen.getByRole('table', { name: /^Questions/ })
const bodyRows = () => within(table()).getAllByRole('row').slice(1)
const rowOf = (question: string) => bodyRows().find((row) => within(row).queryByText(question))!
const cells = (row: HTMLElement) => within(row).getAllByRole('cell')
const paramsOf = (url: URL) => Object.fromEntries(url.searchParams)

describe('ArchitectQuestionsPage', () => {
  it('lists the questions: where each answer came from, its rating and comment, and a Correct button', async () => {
    const { lists } = questionsServer()
    server.use(signedIn())
    renderAt()
    expect(await screen.findByRole('heading', { level: 1, name: 'Questions' })).toBeInTheDocument()
    expect(screen.getByText(/Who asked is never shown/)).toBeInTheDocument()
    expect(screen.getByText('Loading questions...')).toBeInTheDocument()
    await screen.findByRole('table', { name: 'Questions, newest first' })
    expect(within(table()).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Question', 'Asked', 'Answer', 'Rating', 'Action'])
    expect(bodyRows()).toHaveLength(4)

    const [gates, twoFactor, hello, poem] = bodyRows().map(cells)
    expect(gates![0]).toHaveTextContent('How do approval gates work?')
    expect(within(gates![1]!).getByText((_text, element) => element?.tagName === 'TIME')).toHaveAttribute('dateTime', at(5))
    expect(within(gates![2]!).getByRole('link', { name: 'Permission Controls: Approval gates' })).toHaveAttribute('href', '/docs/guides/permission-controls#approval-gates')
    expect(gates![3]).toHaveTextContent('Helpful')
    expect(twoFactor![2]).toHaveTextContent('I don’t know')
    expect(twoFactor![3]).toHaveTextContent('Not helpfulIt should say')
    expect(hello![2]).toHaveTextContent('Fixed reply')
    expect(hello![3]).toHaveTextContent('—')
    expect(poem![2]).toHaveTextContent('External model (gpt-4o-mini)')
    expect(within(gates![4]!).getByRole('button', { name: 'Correct “How do approval gates work?”' })).toBeInTheDocument()
    expect(screen.queryByText('Corrected')).not.toBeInTheDocument()

    expect(screen.getByRole('tab', { name: 'Questions' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByText('Showing 4 of 4 questions')).toBeInTheDocument()
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument()
    expect(paramsOf(lists[0]!)).toEqual({ page: '1', filter: 'all', grouped: 'false' })
  })

  it('puts the filter, the grouping and the search in the URL and asks the API for them; back and forward restore them', async () => {
    const repeated = [asked('How do approval gates work?', 9), asked('how do approval gates work?', 8), ...ASKED]
    const { lists } = questionsServer(repeated)
    server.use(signedIn())
    const user = userEvent.setup()
    const router = renderAt()
    await waitFor(() => expect(bodyRows()).toHaveLength(6))

    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Unanswered')
    await waitFor(() => expect(bodyRows()).toHaveLength(1))
    expect(bodyRows()[0]).toHaveTextContent('Does the staff login support two-factor authentication?')
    expect(router.state.location.search).toBe('?filter=unanswered')
    expect(paramsOf(lists.at(-1)!)).toEqual({ page: '1', filter: 'unanswered', grouped: 'false' })

    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'All')
    await user.click(screen.getByRole('checkbox', { name: 'Group similar questions' }))
    await screen.findByRole('table', { name: 'Questions, similar ones together, latest first' })
    expect(router.state.location.search).toBe('?grouped=true')
    expect(paramsOf(lists.at(-1)!)).toEqual({ page: '1', filter: 'all', grouped: 'true' })
    expect(bodyRows()).toHaveLength(4)
    expect(cells(bodyRows()[0]!)[0]).toHaveTextContent('How do approval gates work?×3, asked 3 times')
    expect(within(table()).getAllByRole('columnheader')[1]).toHaveTextContent('Last asked')
    expect(screen.getByText('Showing 4 of 4 groups of similar questions')).toBeInTheDocument()

    // Typing searches once it settles, replacing the history entry.
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'gates')
    await waitFor(() => expect(router.state.location.search).toBe('?search=gates&grouped=true'))
    expect(router.state.historyAction).toBe('REPLACE')
    await waitFor(() => expect(bodyRows()).toHaveLength(1))
    expect(paramsOf(lists.at(-1)!)).toEqual({ page: '1', filter: 'all', grouped: 'true', search: 'gates' })
    expect(lists.filter((url) => url.searchParams.has('search'))).toHaveLength(1)

    // Back: before the grouping (the search replaced the grouped entry), the box emptied; back again: the filter.
    await act(() => router.navigate(-1))
    expect(router.state.location.search).toBe('')
    await waitFor(() => expect(bodyRows()).toHaveLength(6))
    expect(screen.getByRole('checkbox', { name: 'Group similar questions' })).not.toBeChecked()
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('')
    await act(() => router.navigate(-1))
    expect(screen.getByRole('combobox', { name: 'Show' })).toHaveValue('unanswered')
    await waitFor(() => expect(bodyRows()).toHaveLength(1))
    // Forward to the search: the box shows it again, and it is not searched anew.
    await act(() => router.navigate(2))
    expect(router.state.location.search).toBe('?search=gates&grouped=true')
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('gates')
    await waitFor(() => expect(bodyRows()).toHaveLength(1))
    await act(() => delay(600))
    expect(router.state.location.search).toBe('?search=gates&grouped=true')
  })

  it('opens a reloaded address as it was: view, search, filter, grouping and page', async () => {
    const many = Array.from({ length: 25 }, (_, index) => asked(`Question number ${index + 1} about gates`, 50 - index, { outcome: 'unknown', answeredFrom: null }))
    const { lists } = questionsServer(many)
    server.use(signedIn())
    const user = userEvent.setup()
    const router = renderAt('/architect/questions?search=gates&filter=unanswered&grouped=true&page=2')
    await waitFor(() => expect(bodyRows()).toHaveLength(5))
    expect(paramsOf(lists[0]!)).toEqual({ page: '2', filter: 'unanswered', grouped: 'true', search: 'gates' })
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('gates')
    expect(screen.getByRole('combobox', { name: 'Show' })).toHaveValue('unanswered')
    expect(screen.getByRole('checkbox', { name: 'Group similar questions' })).toBeChecked()
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Previous' }))
    await waitFor(() => expect(bodyRows()).toHaveLength(20))
    expect(router.state.location.search).toBe('?search=gates&filter=unanswered&grouped=true')
  })

  it('corrects a question to a docs section: the dialog posts the section, says so, gives the focus back, and the row shows Corrected', async () => {
    const { posts } = questionsServer()
    server.use(signedIn())
    const user = userEvent.setup()
    renderAt()
    await screen.findByRole('table', { name: 'Questions, newest first' })
    const open = within(rowOf('How do approval gates work?')).getByRole('button', { name: /^Correct/ })
    await user.click(open)

    const dialog = await screen.findByRole('dialog', { name: 'Correct the answer' })
    expect(dialog).toHaveAttribute('aria-modal', 'true')
    expect(dialog).toHaveAccessibleDescription(/The assistant will answer this question, and questions worded like it/)
    const question = within(dialog).getByRole('textbox', { name: /^Question/ })
    expect(question).toHaveFocus()
    expect(question).toHaveValue('How do approval gates work?')
    expect(within(dialog).getByRole('radio', { name: 'Answered by a docs section' })).toBeChecked()
    const select = await within(dialog).findByRole('combobox', { name: /^Docs section/ })
    // The section it was answered from, to begin with; the sections grouped by page.
    expect(select).toHaveDisplayValue('Permission Controls: Approval gates')
    expect(within(select).getAllByRole('group').map((group) => group.getAttribute('label'))).toEqual(['Permission Controls', 'Authentication'])
    expect(within(within(select).getAllByRole('group')[1]!).getAllByRole('option').map((option) => option.textContent)).toEqual(['Authentication (introduction)', 'Authentication: Staff login'])

    await user.selectOptions(select, 'Authentication: Staff login')
    await user.click(within(dialog).getByRole('button', { name: 'Save correction' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(posts).toEqual([{ question: 'How do approval gates work?', answer: { path: LOGIN.path, anchor: 'staff-login' } }])
    expect(screen.getByText('Correction saved: the assistant now answers “How do approval gates work?” from Authentication: Staff login.')).toHaveAttribute('role', 'status')
    await waitFor(() => expect(within(rowOf('How do approval gates work?')).getByText('Corrected')).toBeInTheDocument())
    expect(within(rowOf('How do approval gates work?')).getByRole('button', { name: /^Correct/ })).toHaveFocus()
  })

  it('corrects a reworded question to “not covered by the docs”: the answer is null', async () => {
    const { posts } = questionsServer()
    server.use(signedIn())
    const user = userEvent.setup()
    renderAt()
    await screen.findByRole('table', { name: 'Questions, newest first' })
    await user.click(within(rowOf('Does the staff login support two-factor authentication?')).getByRole('button', { name: /^Correct/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Correct the answer' })
    const select = await within(dialog).findByRole('combobox', { name: /^Docs section/ })
    expect(select).toHaveValue('')

    await user.click(within(dialog).getByRole('radio', { name: 'Not covered by the docs' }))
    expect(within(dialog).queryByRole('combobox')).not.toBeInTheDocument()
    expect(within(dialog).getByText(/The assistant will say it does not know/)).toBeInTheDocument()
    const question = within(dialog).getByRole('textbox', { name: /^Question/ })
    await user.clear(question)
    await user.type(question, '  Is there two-factor sign-in for staff? ')
    await user.click(within(dialog).getByRole('button', { name: 'Save correction' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(posts).toEqual([{ question: 'Is there two-factor sign-in for staff?', answer: null }])
    expect(screen.getByText('Correction saved: the assistant now says it does not know the answer to “Is there two-factor sign-in for staff?”.')).toBeInTheDocument()
  })

  it('checks the form before it posts, shows the server’s word under its field, keeps the focus inside and closes on Escape', async () => {
    const { posts } = questionsServer([asked('How do approval gates work?', 1, { answeredFrom: { ...GATES, anchor: 'removed-section', heading: 'Removed' } })])
    server.use(signedIn())
    const user = userEvent.setup()
    renderAt()
    await screen.findByRole('table', { name: 'Questions, newest first' })
    const open = within(bodyRows()[0]!).getByRole('button', { name: /^Correct/ })
    await user.click(open)
    const dialog = await screen.findByRole('dialog', { name: 'Correct the answer' })
    await within(dialog).findByRole('combobox', { name: /^Docs section/ })

    // A blank question: the form's own message, the focus on the field, nothing sent.
    const question = within(dialog).getByRole('textbox', { name: /^Question/ })
    await user.clear(question)
    await user.type(question, '   ')
    await user.click(within(dialog).getByRole('button', { name: 'Save correction' }))
    expect(await within(dialog).findByText('Enter the question.')).toBeInTheDocument()
    expect(question).toHaveFocus()
    expect(question).toHaveAccessibleDescription('Enter the question.')
    expect(posts).toEqual([])

    // A section the docs no longer have (the answer's, kept as it was): the server says so under the select.
    await user.type(question, 'How do approval gates work?')
    await user.click(within(dialog).getByRole('button', { name: 'Save correction' }))
    const select = within(dialog).getByRole('combobox', { name: /^Docs section/ })
    await waitFor(() => expect(select).toHaveAccessibleDescription(/That docs page or section does not exist\./))
    expect(select).toHaveFocus()
    expect(posts).toHaveLength(1)

    // Tab from the last control goes round to the first; Shift+Tab back.
    act(() => within(dialog).getByRole('button', { name: 'Cancel' }).focus())
    await user.tab()
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus()
    await user.tab({ shift: true })
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus()

    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(open).toHaveFocus()
  })

  it('lists the docs gaps with their counts; Correct opens the same dialog, and the corrected gap leaves the list', async () => {
    const { posts } = questionsServer(ASKED, {
      gaps: [
        { question: 'Does the staff login support two-factor authentication?', count: 5, unanswered: 3, notHelpful: 2, lastAskedAt: at(4) },
        { question: 'Can I export builds as PDF?', count: 1, unanswered: 1, notHelpful: 0, lastAskedAt: at(2) },
      ],
    })
    server.use(signedIn())
    const user = userEvent.setup()
    const router = renderAt()
    await screen.findByRole('table', { name: 'Questions, newest first' })
    await user.click(screen.getByRole('tab', { name: 'Docs gaps' }))
    expect(router.state.location.search).toBe('?view=gaps')
    const list = await screen.findByRole('list', { name: 'Docs gaps, most frequent first' })
    const items = within(list).getAllByRole('listitem')
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual(['Does the staff login support two-factor authentication?', 'Can I export builds as PDF?'])
    expect(items[0]).toHaveTextContent('Not answered well 5 times: 3 unanswered, 2 rated not helpful. Last asked')
    expect(items[1]).toHaveTextContent('Not answered well once: 1 unanswered. Last asked')

    await user.click(within(items[0]!).getByRole('button', { name: 'Correct “Does the staff login support two-factor authentication?”' }))
    const dialog = await screen.findByRole('dialog', { name: 'Correct the answer' })
    expect(within(dialog).getByRole('textbox', { name: /^Question/ })).toHaveValue('Does the staff login support two-factor authentication?')
    await user.selectOptions(await within(dialog).findByRole('combobox', { name: /^Docs section/ }), 'Authentication: Staff login')
    await user.click(within(dialog).getByRole('button', { name: 'Save correction' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(posts).toEqual([{ question: 'Does the staff login support two-factor authentication?', answer: { path: LOGIN.path, anchor: 'staff-login' } }])
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1))
    // Its button went with it: the panel holds the focus.
    expect(screen.getByRole('tabpanel')).toHaveFocus()
  })

  it('lists the corrections and undoes one: DELETE, the result said, the new status focused; one undone elsewhere says so', async () => {
    const corrections: CorrectionJson[] = [
      { id: uuid(3), question: 'Is there a dark mode?', answer: null, createdAt: at(20), createdBy: 'ops@example.com', undoneAt: null, undoneBy: null },
      { id: uuid(2), question: 'How do approval gates work?', answer: GATES, createdAt: at(10), createdBy: 'admin@example.com', undoneAt: null, undoneBy: null },
      { id: uuid(1), question: 'Old question', answer: LOGIN, createdAt: at(1), createdBy: 'admin@example.com', undoneAt: at(2), undoneBy: 'ops@example.com' },
    ]
    const { deletes, undoElsewhere } = questionsServer(ASKED, { corrections })
    server.use(signedIn())
    const user = userEvent.setup()
    renderAt('/architect/questions?view=corrections')
    const list = await screen.findByRole('list', { name: 'Corrections, newest first' })
    expect(screen.getByRole('tab', { name: 'Corrections' })).toHaveAttribute('aria-selected', 'true')
    const [darkMode, gates, old] = within(list).getAllByRole('listitem')
    expect(darkMode).toHaveTextContent('Answer: Not covered by the docs')
    expect(darkMode).toHaveTextContent(/By ops@example\.com on .+In force/)
    expect(within(gates!).getByRole('link', { name: 'Permission Controls: Approval gates' })).toHaveAttribute('href', '/docs/guides/permission-controls#approval-gates')
    expect(old).toHaveTextContent(/Undone by ops@example\.com on /)
    expect(within(old!).queryByRole('button')).not.toBeInTheDocument()

    await user.click(within(darkMode!).getByRole('button', { name: 'Undo the correction of “Is there a dark mode?”' }))
    await waitFor(() => expect(darkMode).toHaveTextContent(/Undone by ops@example\.com on /))
    expect(deletes).toEqual([uuid(3)])
    expect(within(darkMode!).queryByRole('button', { name: /^Undo/ })).not.toBeInTheDocument()
    expect(within(darkMode!).getByText(/^Undone by/)).toHaveFocus()
    expect(screen.getByText('Correction undone: the assistant answers “Is there a dark mode?” from the docs again.')).toBeInTheDocument()

    // Another staff member undid this one meanwhile: the server's 409, then who did it.
    undoElsewhere(uuid(2))
    await user.click(within(gates!).getByRole('button', { name: /^Undo/ }))
    expect(await within(gates!).findByRole('alert')).toHaveTextContent('Error: This correction was already undone.')
    await waitFor(() => expect(gates).toHaveTextContent(/Undone by admin@example\.com on /))
    expect(deletes).toEqual([uuid(3), uuid(2)])
  })

  it('moves between the views with the arrow keys, keeping the questions’ search for the way back', async () => {
    questionsServer()
    server.use(signedIn())
    const user = userEvent.setup()
    const router = renderAt('/architect/questions?search=gates')
    await screen.findByRole('table', { name: 'Questions, newest first' })
    screen.getByRole('tab', { name: 'Questions' }).focus()
    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: 'Docs gaps' })).toHaveFocus()
    expect(router.state.location.search).toBe('?view=gaps&search=gates')
    expect(await screen.findByText(/No docs gaps/)).toBeInTheDocument()
    await user.keyboard('{End}')
    expect(screen.getByRole('tab', { name: 'Corrections' })).toHaveFocus()
    expect(await screen.findByText('No corrections yet.')).toBeInTheDocument()
    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: 'Questions' })).toHaveAttribute('aria-selected', 'true')
    expect(router.state.location.search).toBe('?search=gates')
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('gates')
  })

  it('says when there are no questions, and when none match', async () => {
    questionsServer([])
    server.use(signedIn())
    const user = userEvent.setup()
    renderAt()
    expect(await screen.findByText('No questions yet.')).toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Not helpful')
    expect(await screen.findByText('No reply was rated not helpful.')).toBeInTheDocument()
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'zzz')
    expect(await screen.findByText('No questions rated not helpful match “zzz”.')).toBeInTheDocument()
  })

  it('shows the server’s error and loads again on Try again; rejects a response of the wrong shape', async () => {
    let calls = 0
    server.use(
      signedIn(),
      http.get(API, () => {
        calls += 1
        if (calls === 1) return HttpResponse.json({ success: false, message: 'Internal server error' }, { status: 500 })
        if (calls === 2) return HttpResponse.json({ success: true, data: [{ question: 'Half a row' }], pagination: { page: 1, pages: 1, total: 1, limit: 20 } })
        return HttpResponse.json({ success: true, data: [asked('Back again', 1)], pagination: { page: 1, pages: 1, total: 1, limit: 20 } })
      }),
    )
    const user = userEvent.setup()
    renderAt()
    expect((await screen.findByText('Error: Internal server error')).closest('[role="alert"]')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('Error: Invalid response format')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('Back again')).toBeInTheDocument()
  })

  it('shows Access Restricted without architect.questions', async () => {
    server.use(signedIn(['architect.access', 'architect.logs']))
    renderAt()
    expect(await screen.findByText('You do not have permission to access the Questions module.')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Access Restricted' })).toBeInTheDocument()
    expect(screen.queryByRole('tab')).not.toBeInTheDocument()
  })
})
