import { screen, within } from '@testing-library/react'
import { renderWithProviders } from '@tests/setup/renderWithProviders'
import { PRESS_RELEASES } from '../model/press'
import { PressPage } from './PressPage'

describe('PressPage', () => {
  it('shows dated press releases in full, newest first', async () => {
    renderWithProviders(<PressPage />, { route: '/press' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Press' })).toBeInTheDocument()
    expect(document.title).toBe('Press | Overseer Labs')
    const releases = within(screen.getByRole('region', { name: 'Press releases' })).getAllByRole('article')
    expect(releases.length).toBeGreaterThanOrEqual(3)
    const dates = releases.map((release) => release.querySelector('time')?.getAttribute('dateTime') ?? '')
    expect(dates).toEqual([...dates].sort().reverse())
    for (const [index, release] of releases.entries()) {
      const data = PRESS_RELEASES[index]
      if (!data) throw new Error('more articles than releases')
      expect(within(release).getByRole('heading', { level: 3, name: data.title })).toBeInTheDocument()
      const paragraphs = Array.from(new DOMParser().parseFromString(data.html, 'text/html').querySelectorAll('p'), (p) => p.textContent ?? '')
      expect(paragraphs.length).toBeGreaterThan(0)
      for (const paragraph of paragraphs) expect(within(release).getByText(paragraph)).toBeVisible()
    }
    expect(screen.getAllByText('May 6, 2025').length).toBeGreaterThanOrEqual(1)
  })

  it('gives the press contact from the configured domain, brand facts and the media kit', async () => {
    renderWithProviders(<PressPage />, { route: '/press' })
    const kit = await screen.findByRole('complementary', { name: 'Media kit' })
    const contact = within(kit).getByRole('region', { name: 'Press contact' })
    expect(within(contact).getByRole('link', { name: 'press@overseerlabs.ai' })).toHaveAttribute('href', 'mailto:press@overseerlabs.ai')
    expect(within(contact).getByRole('link', { name: 'Request the full media kit' })).toHaveAttribute(
      'href',
      'mailto:press@overseerlabs.ai?subject=Media%20kit%20request',
    )
    const facts = within(kit).getByRole('region', { name: 'Brand facts' })
    expect(facts).toHaveTextContent('Overseer Labs')
    expect(facts).toHaveTextContent('548 Market Street, Suite 400, San Francisco, CA 94104')
    expect(facts).toHaveTextContent('Early access June 2025; public beta July to August 2025; full release September 2025')
    expect(within(kit).getByRole('img', { name: 'Overseer Labs logo mark on a dark background' })).toBeInTheDocument()
  })
})
