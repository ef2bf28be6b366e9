import { screen, within } from '@testing-library/react'
import { Navigate } from 'react-router-dom'
import userEvent from '@testing-library/user-event'
import { renderWithProviders } from '@tests/setup/renderWithProviders'
import { ArchitectureModulePage } from './ArchitectureModulePage'

/** Opens `/architecture/{id}` through the route pattern, as the app does, so the page reads its param. */
const renderModule = (id: string) =>
  renderWithProviders(<Navigate to={`/architecture/${id}`} replace />, {
    route: '/start',
    routes: [{ path: '/architecture/:module', element: <ArchitectureModulePage /> }],
  })

const MODULES = [
  { id: 'overseer-core', title: 'Overseer Core', docs: '/docs/core-modules/overseer-core', others: ['/architecture/devloop-matrix', '/architecture/analysis-loop'] },
  { id: 'devloop-matrix', title: 'DevLoop Matrix', docs: '/docs/core-modules/devloop-matrix', others: ['/architecture/overseer-core', '/architecture/analysis-loop'] },
  { id: 'analysis-loop', title: 'Analysis Loop', docs: '/docs/core-modules/clarification-loop', others: ['/architecture/overseer-core', '/architecture/devloop-matrix'] },
]

describe('ArchitectureModulePage', () => {
  it.each(MODULES)('shows the deep dive of $id', async ({ id, title, docs, others }) => {
    renderModule(id)
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument()
    expect(document.title).toBe(`${title} | Architecture | Overseer Labs`)
    for (const name of ['Role in the system', 'Inputs and outputs', 'How it loops', 'What it asks permission for']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument()
    }
    const related = screen.getByRole('complementary', { name: 'Related modules' })
    const hrefs = within(related).getAllByRole('link').map((link) => link.getAttribute('href'))
    expect(hrefs).toEqual(expect.arrayContaining([...others, docs, '/architecture']))
    expect(hrefs).not.toContain(`/architecture/${id}`)
  })

  it('moves between module pages through the related links', async () => {
    renderModule('overseer-core')
    await userEvent.click(await screen.findByRole('link', { name: 'DevLoop Matrix' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'DevLoop Matrix' })).toBeInTheDocument()
    expect(screen.getByText(/QA sandbox/, { selector: 'dt' })).toBeInTheDocument()
  })

  it('explains an unknown module and links back to the architecture page', async () => {
    renderModule('quantum-widget')
    expect(await screen.findByRole('heading', { level: 1, name: 'Module not found' })).toBeInTheDocument()
    expect(screen.getByText(/quantum-widget/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to the architecture overview' })).toHaveAttribute('href', '/architecture')
    const known = screen.getByRole('region', { name: 'The core modules' })
    expect(within(known).getAllByRole('link')).toHaveLength(3)
    expect(document.title).toBe('Module Not Found | Overseer Labs')
  })
})
