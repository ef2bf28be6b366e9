import userEvent from '@testing-library/user-event'
import { screen, within } from '@testing-library/react'
import { renderWithProviders } from '@tests/setup/renderWithProviders'
import { SiteLayout } from './SiteLayout'

describe('SiteLayout', () => {
  it('has the main navigation to /, /apps and /about', () => {
    renderWithProviders(<SiteLayout />)
    const nav = screen.getByRole('navigation', { name: 'Main' })
    const hrefs = within(nav).getAllByRole('link').map((link) => link.getAttribute('href'))
    expect(hrefs).toEqual(['/', '/', '/apps', '/about'])
  })

  it('has the four footer link groups with every link of the spec', () => {
    renderWithProviders(<SiteLayout />)
    const group = (name: string) =>
      within(screen.getByRole('navigation', { name })).getAllByRole('link').map((link) => link.getAttribute('href'))
    expect(group('Applications')).toEqual([
      '/apps/intelligence-platform',
      '/apps/Reviews_Compass',
      '/apps/research-tools',
      '/apps/data-visualization',
      '/apps',
    ])
    expect(group('Resources')).toEqual(['/docs', '/docs/api-reference', '/docs/guides', '/blog', '/case-studies', '/assistant'])
    expect(group('Company')).toEqual(['/about', '/careers', '/contact', '/press'])
    expect(group('Legal')).toEqual(['/privacy', '/terms', '/data-processing', '/cookies'])
  })

  it('shows the social links, the copyright with this year, the address and the contact e-mail', () => {
    renderWithProviders(<SiteLayout />)
    const footer = screen.getByRole('contentinfo')
    expect(within(footer).getByRole('list', { name: 'Social media' }).children.length).toBeGreaterThanOrEqual(3)
    expect(within(footer).getByText(new RegExp(`© ${new Date().getFullYear()} Overseer Labs`))).toBeInTheDocument()
    expect(within(footer).getByText(/San Francisco/)).toBeInTheDocument()
    expect(within(footer).getByRole('link', { name: 'hello@overseerlabs.ai' })).toHaveAttribute('href', 'mailto:hello@overseerlabs.ai')
  })

  it('scrolls smoothly to the top when the brand or a footer link is clicked', async () => {
    const user = userEvent.setup()
    const scrollTo = jest.fn()
    window.scrollTo = scrollTo
    const smoothScrolls = () => scrollTo.mock.calls.filter(([options]) => options?.behavior === 'smooth')
    renderWithProviders(<SiteLayout />)
    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getAllByRole('link')[0]!)
    expect(smoothScrolls()).toEqual([[{ top: 0, left: 0, behavior: 'smooth' }]])
    await user.click(within(screen.getByRole('navigation', { name: 'Legal' })).getByRole('link', { name: 'Cookie Policy' }))
    expect(smoothScrolls()).toHaveLength(2)
  })
})
