import { screen, within } from '@testing-library/react'
import { renderWithProviders } from '@tests/setup/renderWithProviders'
import { AuthProvider } from '@/entities/session'
import { ArchitectTestingPage } from './ArchitectTestingPage'

const renderTesting = (permissions: string[]) =>
  renderWithProviders(
    <AuthProvider>
      <ArchitectTestingPage />
    </AuthProvider>,
    {
      route: '/architect/testing',
      preloadedState: { session: { status: 'authenticated', user: { id: 1, email: 'ada@example.com', roles: ['admin'], permissions } } },
    },
  )

describe('ArchitectTestingPage', () => {
  it("shows the spec's notice, the five planned abilities and the estimate", () => {
    renderTesting(['architect.access', 'architect.testing'])
    expect(screen.getByRole('heading', { level: 1, name: 'DevLoop Testing' })).toBeInTheDocument()
    const notice = screen.getByRole('region', { name: 'DevLoop Testing Module Coming Soon' })
    expect(within(notice).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Monitor recursive improvement cycles',
      'Set quality thresholds',
      'Run simulations',
      'Define custom scenarios',
      'Track improvements',
    ])
    expect(within(notice).getByText('Estimated completion: June 2025')).toBeInTheDocument()
    expect(document.title).toBe('DevLoop Testing | Overseer Labs')
  })

  it('explains the Development Agent and QA Agent loop with recursive improvement', () => {
    renderTesting(['architect.access', 'architect.testing'])
    const loop = screen.getByRole('region', { name: 'How the DevLoop works' })
    expect(loop).toHaveTextContent('Development Agent')
    expect(loop).toHaveTextContent('QA Agent')
    expect(loop).toHaveTextContent(/improves recursively/)
    expect(within(loop).getByRole('list', { name: 'One improvement cycle' }).children).toHaveLength(3)
  })

  it('shows Access Restricted without architect.testing', () => {
    renderTesting(['architect.access'])
    expect(screen.getByRole('heading', { name: 'Access Restricted' })).toBeInTheDocument()
    expect(screen.getByText('You do not have permission to access the DevLoop Testing module.')).toBeInTheDocument()
    expect(screen.queryByText('DevLoop Testing Module Coming Soon')).not.toBeInTheDocument()
  })
})
