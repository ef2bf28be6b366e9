import { act, screen, within } from '@testing-library/react'
import { renderWithProviders } from '@tests/setup/renderWithProviders'
import { WaitlistPage } from './WaitlistPage'

describe('WaitlistPage', () => {
  it('has one h1, the form, the benefits, the timeline and the FAQ', async () => {
    renderWithProviders(<WaitlistPage />, { route: '/waitlist' })
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
    expect(screen.getByRole('heading', { level: 1, name: 'Join the Waitlist' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Join Waitlist' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Why join early' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Early access in June 2025' })).toBeInTheDocument()

    const timeline = screen.getByRole('region', { name: 'Release timeline' })
    const steps = within(timeline).getAllByRole('listitem').map((item) => item.textContent)
    expect(steps).toEqual([
      expect.stringMatching(/^June 2025Early access/),
      expect.stringMatching(/^July–August 2025Beta/),
      expect.stringMatching(/^September 2025Full release/),
    ])

    expect(screen.getByRole('heading', { name: 'Frequently Asked Questions' })).toBeInTheDocument()
    await act(async () => {})
    expect(document.title).toBe('Join the Waitlist | Overseer Labs')
  })

  it.each([
    ['/waitlist?plan=team', 'Team plan'],
    ['/waitlist?plan=developer', 'Developer plan'],
    ['/waitlist?product=research-basic', 'Research Tools Basic'],
    ['/waitlist?product=research-pro', 'Research Tools Professional'],
  ])('shows what %s joins for', async (path, label) => {
    const { router } = renderWithProviders(<WaitlistPage />, { route: '/waitlist' })
    await act(() => router.navigate(path))
    expect(screen.getByText("You're joining for:").parentElement).toHaveTextContent(`You're joining for: ${label}`)
  })

  it('ignores an unknown plan', async () => {
    const { router } = renderWithProviders(<WaitlistPage />, { route: '/waitlist' })
    await act(() => router.navigate('/waitlist?plan=platinum'))
    expect(screen.queryByText("You're joining for:")).not.toBeInTheDocument()
  })
})
