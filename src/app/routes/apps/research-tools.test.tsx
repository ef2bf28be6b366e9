import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderAt } from './renderAt'

const tabs = () => screen.getByRole('navigation', { name: 'Research Tools sections' })

describe('ResearchToolsPage', () => {
  it('has the app shell: name, Back to Apps and tabs with the active one marked', async () => {
    const user = userEvent.setup()
    const { router } = await renderAt('/apps/research-tools')
    expect(screen.getByRole('heading', { level: 1, name: 'Research Tools' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /Back to Apps/ })).toHaveAttribute('href', '/apps')
    expect(within(tabs()).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Overview', '/apps/research-tools'],
      ['Features', '/apps/research-tools/features'],
      ['Pricing', '/apps/research-tools/pricing'],
      ['Integrations', '/apps/research-tools/integrations'],
      ['Documentation', '/apps/research-tools/docs'],
    ])
    expect(within(tabs()).getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page')
    expect(document.title).toBe('Research Tools | Overseer Labs')

    await user.click(within(tabs()).getByRole('link', { name: 'Pricing' }))
    expect(router.state.location.pathname).toBe('/apps/research-tools/pricing')
    expect(within(tabs()).getByRole('link', { name: 'Pricing' })).toHaveAttribute('aria-current', 'page')
    expect(within(tabs()).getByRole('link', { name: 'Overview' })).not.toHaveAttribute('aria-current')
    expect(screen.getByRole('heading', { level: 2, name: 'Pricing' })).toBeInTheDocument()
    expect(document.title).toBe('Pricing · Research Tools | Overseer Labs')
  })

  it('has the clarification, prober and market anchors on the overview, linked from the features page', async () => {
    const { router } = await renderAt('/apps/research-tools')
    for (const id of ['clarification', 'prober', 'market']) {
      expect(document.getElementById(id)).toBeInTheDocument()
    }
    await act(() => router.navigate('/apps/research-tools/features'))
    expect(document.getElementById('clarification')).not.toBeInTheDocument()
    const hrefs = screen.getAllByRole('link').map((link) => link.getAttribute('href'))
    expect(hrefs).toEqual(
      expect.arrayContaining([
        '/apps/research-tools#clarification',
        '/apps/research-tools#prober',
        '/apps/research-tools#market',
      ]),
    )
  })

  it('prices Basic at $49/month, Professional at $149/month (popular) and Enterprise as Custom, with their links', async () => {
    await renderAt('/apps/research-tools/pricing')
    const tier = (name: string) => screen.getByRole('article', { name })
    expect(tier('Basic')).toHaveTextContent('$49/month')
    expect(within(tier('Basic')).getByRole('link')).toHaveAttribute('href', '/waitlist?product=research-basic')
    expect(tier('Professional')).toHaveTextContent('$149/month')
    expect(tier('Professional')).toHaveTextContent('Up to 5 team members')
    expect(tier('Professional')).toHaveTextContent('Most popular')
    expect(within(tier('Professional')).getByRole('link')).toHaveAttribute('href', '/waitlist?product=research-pro')
    expect(tier('Enterprise')).toHaveTextContent('Custom')
    expect(tier('Enterprise')).not.toHaveTextContent('Most popular')
    expect(within(tier('Enterprise')).getByRole('link', { name: 'Contact Sales' })).toHaveAttribute(
      'href',
      '/contact?product=research-enterprise',
    )
  })

  it('lists the Jira, Notion, Slack and Google integrations, each with its anchor and link', async () => {
    await renderAt('/apps/research-tools/integrations')
    for (const [id, name] of [
      ['jira', 'Jira'],
      ['notion', 'Notion'],
      ['slack', 'Slack'],
      ['google', 'Google Workspace'],
    ] as const) {
      const card = document.getElementById(id)
      expect(card).toHaveTextContent(name)
      expect(within(card as HTMLElement).getByRole('link', { name: `Visit ${name}` })).toHaveAttribute('href', expect.stringMatching(/^https:\/\//))
    }
  })

  it('links its documentation tab to docs pages', async () => {
    await renderAt('/apps/research-tools/docs')
    const links = within(screen.getByRole('region', { name: 'Documentation' })).getAllByRole('link')
    expect(links.length).toBeGreaterThan(5)
    for (const link of links) expect(link.getAttribute('href')).toMatch(/^\/docs(\/|$)/)
  })

  it('says so at an unknown sub-path and leads back to the overview', async () => {
    await renderAt('/apps/research-tools/nothing-here')
    expect(screen.getByRole('heading', { level: 2, name: 'This page doesn’t exist' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to the Research Tools overview' })).toHaveAttribute(
      'href',
      '/apps/research-tools',
    )
  })
})
