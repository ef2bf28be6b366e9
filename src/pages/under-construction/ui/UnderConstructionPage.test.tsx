import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderWithProviders } from '@tests/setup/renderWithProviders'
import { UnderConstructionPage } from './UnderConstructionPage'

describe('UnderConstructionPage', () => {
  it('shows its title, estimate, alternate link, Contact Us toggle and newsletter card', async () => {
    renderWithProviders(<UnderConstructionPage alternateLink="/login" alternateLabel="Login to Access" />)
    expect(screen.getByRole('heading', { level: 1, name: 'Overseer Site - Coming Soon' })).toBeInTheDocument()
    expect(screen.getByText('Q3 2025')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Login to Access' })).toHaveAttribute('href', '/login')
    expect(screen.getByRole('region', { name: 'Stay Updated' })).toBeInTheDocument()

    const toggle = screen.getByRole('button', { name: 'Contact Us' })
    expect(screen.queryByRole('link', { name: 'hello@overseerlabs.ai' })).not.toBeInTheDocument()
    await userEvent.setup().click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    expect(screen.getByRole('link', { name: 'hello@overseerlabs.ai' })).toHaveAttribute('href', 'mailto:hello@overseerlabs.ai')
  })

  it('links home by default', () => {
    renderWithProviders(<UnderConstructionPage />)
    expect(screen.getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/')
  })
})
