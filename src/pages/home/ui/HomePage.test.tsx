import { act, screen, within } from '@testing-library/react'
import { renderWithProviders } from '@tests/setup/renderWithProviders'
import { HomePage } from './HomePage'

describe('HomePage', () => {
  beforeEach(() => jest.useFakeTimers())
  afterEach(() => jest.useRealTimers())

  it('shows skeletons for 600 ms, then the three core module cards', async () => {
    renderWithProviders(<HomePage />)
    expect(await screen.findAllByTestId('module-card-skeleton')).toHaveLength(3)

    act(() => jest.advanceTimersByTime(599))
    expect(screen.getAllByTestId('module-card-skeleton')).toHaveLength(3)

    act(() => jest.advanceTimersByTime(1))
    expect(screen.queryByTestId('module-card-skeleton')).not.toBeInTheDocument()
    const section = screen.getByRole('region', { name: 'Core Modules' })
    const links = within(section).getAllByRole('link').map((link) => link.getAttribute('href'))
    expect(links).toEqual(['/architecture/overseer-core', '/architecture/devloop-matrix', '/architecture/analysis-loop'])
  })

  it('has the hero CTA to the architecture page, two testimonials, the newsletter and the waitlist CTA', async () => {
    renderWithProviders(<HomePage />)
    expect(await screen.findByRole('link', { name: 'Explore the Architecture' })).toHaveAttribute('href', '/architecture')
    expect(screen.getByRole('link', { name: 'Talk to the Assistant' })).toHaveAttribute('href', '/assistant')
    expect(within(screen.getByRole('region', { name: 'What early users say' })).getAllByRole('figure')).toHaveLength(2)
    expect(screen.getByRole('region', { name: 'Stay Updated' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Join the Waitlist' })).toHaveAttribute('href', '/waitlist')
    expect(document.title).toBe('AI Development Orchestration | Overseer Labs')
  })
})
