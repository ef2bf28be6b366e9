import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderWithProviders } from '@tests/setup/renderWithProviders'
import { AppsPage } from './AppsPage'

const MODULE_LINKS = [
  '/apps/overseer-core',
  '/apps/clarification-loop',
  '/apps/devloop-matrix',
  '/apps/file-planner',
  '/apps/assembly-agent',
  '/apps/architect-suite',
]

const cardLinks = () =>
  within(screen.getByRole('list', { name: 'Modules' }))
    .getAllByRole('link')
    .map((link) => link.getAttribute('href'))

const renderPage = async () => {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime })
  renderWithProviders(<AppsPage />, { route: '/apps' })
  await screen.findByRole('heading', { level: 1 })
  act(() => jest.advanceTimersByTime(800))
  return user
}

describe('AppsPage', () => {
  beforeEach(() => jest.useFakeTimers())
  afterEach(() => jest.useRealTimers())

  it('shows card skeletons for 800 ms, then the six module cards', async () => {
    renderWithProviders(<AppsPage />, { route: '/apps' })
    expect(await screen.findAllByTestId('module-card-skeleton')).toHaveLength(6)
    expect(document.title).toBe('Intelligence Applications | Overseer Labs')
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Intelligence Applications')

    act(() => jest.advanceTimersByTime(799))
    expect(screen.getAllByTestId('module-card-skeleton')).toHaveLength(6)

    act(() => jest.advanceTimersByTime(1))
    expect(screen.queryByTestId('module-card-skeleton')).not.toBeInTheDocument()
    expect(cardLinks()).toEqual(MODULE_LINKS)
    expect(screen.getByRole('status')).toHaveTextContent('Showing 1–6 of 6 modules')
    // Six cards fit on one page: no pager.
    expect(screen.queryByRole('navigation', { name: 'Module pages' })).not.toBeInTheDocument()
  })

  it('filters by category with pressed buttons', async () => {
    const user = await renderPage()
    const filters = screen.getByRole('group', { name: 'Filter by category' })
    expect(within(filters).getAllByRole('button').map((button) => button.textContent)).toEqual([
      'All',
      'Orchestration',
      'Planning',
      'Development',
    ])
    expect(within(filters).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true')

    await user.click(within(filters).getByRole('button', { name: 'Planning' }))
    expect(within(filters).getByRole('button', { name: 'Planning' })).toHaveAttribute('aria-pressed', 'true')
    expect(within(filters).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'false')
    expect(cardLinks()).toEqual(['/apps/clarification-loop', '/apps/file-planner'])

    await user.click(within(filters).getByRole('button', { name: 'All' }))
    expect(cardLinks()).toEqual(MODULE_LINKS)
  })

  it('searches, and says so with a Clear filters button when nothing matches', async () => {
    const user = await renderPage()
    const search = screen.getByRole('searchbox', { name: 'Search modules' })

    await user.type(search, 'assembly')
    expect(cardLinks()).toEqual(['/apps/assembly-agent'])

    await user.click(screen.getByRole('button', { name: 'Orchestration' }))
    expect(screen.queryByRole('list', { name: 'Modules' })).not.toBeInTheDocument()
    expect(screen.getByText('No modules found matching your criteria.')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Clear filters' }))
    expect(search).toHaveValue('')
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true')
    expect(cardLinks()).toEqual(MODULE_LINKS)
  })

  it('has the newsletter signup and the waitlist CTA', async () => {
    await renderPage()
    expect(screen.getByRole('region', { name: 'Stay Updated' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Join the Waitlist' })).toHaveAttribute('href', '/waitlist')
  })
})
