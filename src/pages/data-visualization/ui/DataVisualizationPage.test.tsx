import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderWithProviders } from '@tests/setup/renderWithProviders'
import { DataVisualizationPage } from './DataVisualizationPage'

describe('DataVisualizationPage', () => {
  it('shows sample pipeline data in accessible charts, with a way back to the apps and a CTA', async () => {
    const user = userEvent.setup()
    renderWithProviders(<DataVisualizationPage />, { route: '/apps/data-visualization' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Data Visualization' })).toBeInTheDocument()
    expect(document.title).toBe('Data Visualization | Overseer Labs')
    expect(screen.getByRole('link', { name: /Back to Apps/ })).toHaveAttribute('href', '/apps')

    expect(screen.getByText('Week starting May 5: 41 completed builds')).toBeInTheDocument()
    const chart = screen.getByRole('img', { name: /Tokens per iteration/ })
    expect(chart).toHaveAccessibleName(expect.stringContaining('from 48,200 in iteration 1 to 13,200 in iteration 8'))

    const tokenFigure = chart.closest('figure') as HTMLElement
    await user.click(within(tokenFigure).getByText('Show the data'))
    expect(within(tokenFigure).getByRole('table')).toHaveTextContent('48,200')
    expect(screen.getByText('89,400 (56%)')).toBeInTheDocument()

    for (const id of ['pipeline-runs', 'token-usage', 'stage-costs']) {
      expect(document.getElementById(id)).toBeInTheDocument()
      expect(within(screen.getByRole('navigation', { name: 'Charts on this page' })).getAllByRole('link').map((link) => link.getAttribute('href'))).toContain(
        `/apps/data-visualization#${id}`,
      )
    }
    expect(screen.getByRole('link', { name: 'Join the Waitlist' })).toHaveAttribute('href', '/waitlist?product=data-visualization')
  })
})
