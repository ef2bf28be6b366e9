import { screen, within } from '@testing-library/react'
import { renderWithProviders } from '@tests/setup/renderWithProviders'
import { ArchitecturePage } from './ArchitecturePage'

describe('ArchitecturePage', () => {
  it('is titled Architecture with one h1', async () => {
    renderWithProviders(<ArchitecturePage />, { route: '/architecture' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Architecture' })).toBeInTheDocument()
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
    expect(document.title).toBe('Architecture | Overseer Labs')
  })

  it('draws the modular architecture as an image with an accessible name, description and text alternative', async () => {
    renderWithProviders(<ArchitecturePage />, { route: '/architecture' })
    const diagram = await screen.findByRole('img', { name: 'Overseer modular architecture diagram' })
    expect(diagram.tagName.toLowerCase()).toBe('svg')
    expect(diagram).toHaveAccessibleDescription(expect.stringContaining('the Analysis Loop (Clarification agent and Market'))
    expect(diagram).toHaveAccessibleDescription(expect.stringContaining('the DevLoop Matrix (a model that writes the code and a sandbox that runs its tests)'))
    for (const label of ['Overseer Core', 'File Structure Planner', 'Assembly Agent', 'Planning gate', 'Development gate', 'Deployment gate']) {
      expect(within(diagram).getByText(label)).toBeInTheDocument()
    }
    const figure = diagram.closest('figure')
    expect(figure).not.toBeNull()
    const alternative = within(figure as HTMLElement)
    expect(alternative.getByRole('heading', { name: 'Modules' })).toBeInTheDocument()
    expect(alternative.getAllByRole('listitem').map((item) => item.textContent)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Overseer Core: orchestrates/), expect.stringMatching(/^Planning gate:/)]),
    )
  })

  it('explains the four core principles', async () => {
    renderWithProviders(<ArchitecturePage />, { route: '/architecture' })
    const section = await screen.findByRole('region', { name: 'Core principles' })
    const titles = within(section).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)
    expect(titles).toEqual(['Recursive improvement', 'Permissioned autonomy', 'Containment-aware architecture', 'Algebraic logic'])
  })

  it('describes the three permission types and what each gate covers', async () => {
    renderWithProviders(<ArchitecturePage />, { route: '/architecture' })
    const section = await screen.findByRole('region', { name: 'Permission types' })
    const gates = within(section).getAllByRole('article')
    expect(gates.map((gate) => within(gate).getByRole('heading', { level: 3 }).textContent)).toEqual(['Planning', 'Development', 'Deployment'])
    for (const gate of gates) expect(within(gate).getAllByRole('listitem').length).toBeGreaterThanOrEqual(3)
  })

  it('lists the pipeline stages in order and example use cases', async () => {
    renderWithProviders(<ArchitecturePage />, { route: '/architecture' })
    const overview = await screen.findByRole('region', { name: 'System overview' })
    const stages = within(overview).getAllByRole('listitem').map((item) => item.querySelector('code')?.textContent)
    expect(stages).toEqual(['classification', 'clarification', 'market_analysis', 'structuring', 'development', 'assembly', 'delivery'])
    expect(within(screen.getByRole('region', { name: 'Example use cases' })).getAllByRole('article').length).toBeGreaterThanOrEqual(3)
  })

  it('links to the three module pages and asks for access on /waitlist', async () => {
    renderWithProviders(<ArchitecturePage />, { route: '/architecture' })
    const modules = await screen.findByRole('region', { name: 'The core modules in depth' })
    expect(within(modules).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/architecture/overseer-core',
      '/architecture/devloop-matrix',
      '/architecture/analysis-loop',
    ])
    const cta = screen.getByRole('region', { name: 'See it on your own project' })
    expect(within(cta).getByRole('link', { name: 'Request Access' })).toHaveAttribute('href', '/waitlist')
  })
})
