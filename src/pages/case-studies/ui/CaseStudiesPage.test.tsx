import { screen, within } from '@testing-library/react'
import { renderWithProviders } from '@tests/setup/renderWithProviders'
import { CASE_STUDIES } from '../model/caseStudies'
import { CaseStudiesPage } from './CaseStudiesPage'

describe('CaseStudiesPage', () => {
  it('shows at least three case studies of early design partners with challenge, approach and results', async () => {
    renderWithProviders(<CaseStudiesPage />, { route: '/case-studies' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Case Studies' })).toBeInTheDocument()
    expect(document.title).toBe('Case Studies | Overseer Labs')
    const studies = screen.getAllByRole('article')
    expect(studies.length).toBeGreaterThanOrEqual(3)
    for (const [index, article] of studies.entries()) {
      const study = CASE_STUDIES[index]
      if (!study) throw new Error('more articles than case studies')
      const view = within(article)
      expect(article).toHaveAttribute('id', study.id)
      expect(view.getByRole('heading', { level: 2, name: study.customer })).toBeInTheDocument()
      expect(view.getByText('Early design partner')).toBeInTheDocument()
      expect(view.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Challenge', 'Approach', 'Results'])
      const results = view.getAllByRole('listitem')
      expect(results.length).toBeGreaterThanOrEqual(3)
      // Every result carries a figure.
      for (const result of results) expect(result.textContent).toMatch(/\d/)
    }
  })

  it('quotes the partner who led the pilot and links to each study on the page', async () => {
    renderWithProviders(<CaseStudiesPage />, { route: '/case-studies' })
    const northwind = await screen.findByRole('article', { name: 'Northwind Analytics' })
    expect(within(northwind).getByRole('figure')).toHaveTextContent('Maya Chen, Engineering Lead, Northwind Analytics')
    const toc = screen.getByRole('navigation', { name: 'Case studies on this page' })
    expect(within(toc).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(CASE_STUDIES.map((study) => `/case-studies#${study.id}`))
    expect(screen.getByRole('link', { name: 'Join the Waitlist' })).toHaveAttribute('href', '/waitlist')
  })
})
