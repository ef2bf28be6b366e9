import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderAt } from './renderAt'

const tabs = () => screen.getByRole('navigation', { name: 'Intelligence Platform sections' })

describe('IntelligencePlatformPage', () => {
  it('has the app shell: name, Back to Apps and tabs with the active one marked', async () => {
    const user = userEvent.setup()
    const { router } = await renderAt('/apps/intelligence-platform')
    expect(screen.getByRole('heading', { level: 1, name: 'Intelligence Platform' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /Back to Apps/ })).toHaveAttribute('href', '/apps')
    expect(within(tabs()).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Overview', '/apps/intelligence-platform'],
      ['Features', '/apps/intelligence-platform/features'],
      ['Pricing', '/apps/intelligence-platform/pricing'],
      ['Integrations', '/apps/intelligence-platform/integrations'],
      ['Documentation', '/apps/intelligence-platform/docs'],
    ])
    expect(within(tabs()).getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page')
    expect(document.title).toBe('Intelligence Platform | Overseer Labs')

    await user.click(within(tabs()).getByRole('link', { name: 'Pricing' }))
    expect(router.state.location.pathname).toBe('/apps/intelligence-platform/pricing')
    expect(within(tabs()).getByRole('link', { name: 'Pricing' })).toHaveAttribute('aria-current', 'page')
    expect(within(tabs()).getByRole('link', { name: 'Overview' })).not.toHaveAttribute('aria-current')
    expect(screen.getByRole('heading', { level: 2, name: 'Pricing' })).toBeInTheDocument()
    expect(document.title).toBe('Pricing · Intelligence Platform | Overseer Labs')
  })

  it('has the orchestration, modular and recursive anchors on the overview, linked from the features page', async () => {
    const { router } = await renderAt('/apps/intelligence-platform')
    for (const id of ['orchestration', 'modular', 'recursive']) {
      expect(document.getElementById(id)).toBeInTheDocument()
    }
    await act(() => router.navigate('/apps/intelligence-platform/features'))
    expect(document.getElementById('orchestration')).not.toBeInTheDocument()
    const hrefs = screen.getAllByRole('link').map((link) => link.getAttribute('href'))
    expect(hrefs).toEqual(
      expect.arrayContaining([
        '/apps/intelligence-platform#orchestration',
        '/apps/intelligence-platform#modular',
        '/apps/intelligence-platform#recursive',
      ]),
    )
  })

  it('prices Developer at $99/month, Team at $299/month (most popular) and Enterprise as Custom, with their links', async () => {
    await renderAt('/apps/intelligence-platform/pricing')
    const tier = (name: string) => screen.getByRole('article', { name })
    expect(tier('Developer')).toHaveTextContent('$99/month')
    expect(tier('Developer')).toHaveTextContent('1 user')
    expect(within(tier('Developer')).getByRole('link')).toHaveAttribute('href', '/waitlist?plan=developer')
    expect(tier('Team')).toHaveTextContent('$299/month')
    expect(tier('Team')).toHaveTextContent('Up to 5 team members')
    expect(tier('Team')).toHaveTextContent('Most popular')
    expect(within(tier('Team')).getByRole('link')).toHaveAttribute('href', '/waitlist?plan=team')
    expect(tier('Enterprise')).toHaveTextContent('Custom')
    expect(within(tier('Enterprise')).getByRole('link', { name: 'Contact Sales' })).toHaveAttribute('href', '/contact?product=enterprise')
    expect(screen.getByRole('region', { name: 'Pricing questions' })).toBeInTheDocument()
  })

  it('lists the GitHub, VS Code, Slack and Jira integrations, each with its anchor and link', async () => {
    await renderAt('/apps/intelligence-platform/integrations')
    for (const [id, name] of [
      ['github', 'GitHub'],
      ['vscode', 'VS Code'],
      ['slack', 'Slack'],
      ['jira', 'Jira'],
    ] as const) {
      const card = document.getElementById(id)
      expect(card).toHaveTextContent(name)
      expect(within(card as HTMLElement).getByRole('link', { name: `Visit ${name}` })).toHaveAttribute('href', expect.stringMatching(/^https:\/\//))
    }
  })

  it('links its documentation tab to docs pages', async () => {
    await renderAt('/apps/intelligence-platform/docs')
    const links = within(screen.getByRole('region', { name: 'Documentation' })).getAllByRole('link')
    expect(links.length).toBeGreaterThan(5)
    for (const link of links) expect(link.getAttribute('href')).toMatch(/^\/docs(\/|$)/)
  })

  it('says so at an unknown sub-path and leads back to the overview', async () => {
    await renderAt('/apps/intelligence-platform/nothing-here')
    expect(screen.getByRole('heading', { level: 2, name: 'This page doesn’t exist' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to the Intelligence Platform overview' })).toHaveAttribute(
      'href',
      '/apps/intelligence-platform',
    )
  })
})
