import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { FrameworkModule } from '@/entities/framework-module'
import { renderWithProviders } from '@tests/setup/renderWithProviders'
import { ModuleCatalog } from './ModuleCatalog'

/** `count` modules, alternating between two categories; titles 'Module 1'... */
const modules = (count: number): FrameworkModule[] =>
  Array.from({ length: count }, (_, index) => ({
    id: `module-${index + 1}`,
    title: `Module ${index + 1}`,
    description: index === 0 ? 'The only one about sandboxes.' : 'A module of the framework.',
    link: `/apps/module-${index + 1}`,
    icon: 'core',
    category: index % 2 === 0 ? 'Odd' : 'Even',
  }))

const titles = () =>
  within(screen.getByRole('list', { name: 'Modules' }))
    .getAllByRole('heading')
    .map((heading) => heading.textContent)

const pager = () => screen.getByRole('navigation', { name: 'Module pages' })

describe('ModuleCatalog', () => {
  it.each([
    [1, '3'],
    [3, '3'],
    [4, '4'],
    [5, '3'],
    [6, '3'],
  ])('lays %i cards out in %s columns', (count, columns) => {
    renderWithProviders(<ModuleCatalog modules={modules(count)} categories={['Odd', 'Even']} />)
    expect(screen.getByRole('list', { name: 'Modules' })).toHaveAttribute('data-columns', columns)
  })

  it('pages six cards at a time with Previous, Next and page numbers', async () => {
    const user = userEvent.setup()
    renderWithProviders(<ModuleCatalog modules={modules(13)} categories={['Odd', 'Even']} />)
    expect(titles()).toEqual(['Module 1', 'Module 2', 'Module 3', 'Module 4', 'Module 5', 'Module 6'])
    expect(within(pager()).getByRole('button', { name: 'Previous' })).toBeDisabled()
    expect(within(pager()).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page')

    await user.click(within(pager()).getByRole('button', { name: 'Next' }))
    expect(titles()).toEqual(['Module 7', 'Module 8', 'Module 9', 'Module 10', 'Module 11', 'Module 12'])
    expect(screen.getByRole('status')).toHaveTextContent('Showing 7–12 of 13 modules')
    expect(screen.getByRole('status')).toHaveFocus()

    await user.click(within(pager()).getByRole('button', { name: 'Page 3' }))
    expect(titles()).toEqual(['Module 13'])
    expect(within(pager()).getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page')
    expect(within(pager()).getByRole('button', { name: 'Next' })).toBeDisabled()
    // One card on the last page: three columns.
    expect(screen.getByRole('list', { name: 'Modules' })).toHaveAttribute('data-columns', '3')

    await user.click(within(pager()).getByRole('button', { name: 'Previous' }))
    expect(titles()[0]).toBe('Module 7')
  })

  it('goes back to page 1 when the category or the search changes', async () => {
    const user = userEvent.setup()
    renderWithProviders(<ModuleCatalog modules={modules(26)} categories={['Odd', 'Even']} />)

    await user.click(within(pager()).getByRole('button', { name: 'Page 3' }))
    await user.click(screen.getByRole('button', { name: 'Even' }))
    expect(within(pager()).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page')
    expect(titles()[0]).toBe('Module 2')

    await user.click(within(pager()).getByRole('button', { name: 'Page 2' }))
    await user.type(screen.getByRole('searchbox', { name: 'Search modules' }), 'module')
    expect(within(pager()).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page')
    expect(titles()[0]).toBe('Module 2')

    await user.clear(screen.getByRole('searchbox', { name: 'Search modules' }))
    await user.type(screen.getByRole('searchbox', { name: 'Search modules' }), 'sandboxes')
    expect(screen.getByText('No modules found matching your criteria.')).toBeInTheDocument()
    expect(screen.queryByRole('navigation', { name: 'Module pages' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'All' }))
    expect(titles()).toEqual(['Module 1'])
  })
})
