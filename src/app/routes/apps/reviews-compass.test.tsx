import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderAt } from './renderAt'

const tabs = () => screen.getByRole('navigation', { name: 'Reviews Compass sections' })

describe('ReviewsCompassPage', () => {
  afterEach(() => jest.useRealTimers())

  it('has tabs for every sub-page, the active one marked', async () => {
    const user = userEvent.setup()
    const { router } = await renderAt('/apps/Reviews_Compass')
    expect(screen.getByRole('heading', { level: 1, name: 'Reviews Compass' })).toBeInTheDocument()
    expect(within(tabs()).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/apps/Reviews_Compass',
      '/apps/Reviews_Compass/features',
      '/apps/Reviews_Compass/use-cases',
      '/apps/Reviews_Compass/sentiment',
      '/apps/Reviews_Compass/themes',
      '/apps/Reviews_Compass/benchmarking',
      '/apps/Reviews_Compass/docs',
      '/apps/Reviews_Compass/trial',
    ])
    for (const [tab, heading] of [
      ['Features', 'Features'],
      ['Use Cases', 'Use cases'],
      ['Themes', 'Themes'],
      ['Benchmarking', 'Benchmarking'],
      ['Documentation', 'Documentation'],
      ['Free Trial', 'Free trial'],
    ]) {
      await user.click(within(tabs()).getByRole('link', { name: tab }))
      expect(within(tabs()).getByRole('link', { name: tab })).toHaveAttribute('aria-current', 'page')
      expect(within(tabs()).getAllByRole('link').filter((link) => link.hasAttribute('aria-current'))).toHaveLength(1)
      expect(screen.getByRole('heading', { level: 2, name: heading })).toBeInTheDocument()
    }
    expect(router.state.location.pathname).toBe('/apps/Reviews_Compass/trial')
  })

  it('shows the sentiment dashboard after 800 ms, each category as a whole percentage with its change', async () => {
    jest.useFakeTimers()
    await renderAt('/apps/Reviews_Compass/sentiment')
    expect(screen.getByRole('status')).toHaveTextContent('Loading sentiment data…')
    expect(screen.getAllByTestId('sentiment-skeleton')).toHaveLength(6)

    act(() => jest.advanceTimersByTime(799))
    expect(screen.queryByTestId('sentiment-category')).not.toBeInTheDocument()

    act(() => jest.advanceTimersByTime(1))
    const cards = within(screen.getByRole('list', { name: 'Sentiment by category' })).getAllByRole('listitem')
    expect(cards).toHaveLength(6)
    const card = (category: string) => cards.find((item) => within(item).queryByRole('heading', { name: category })) as HTMLElement
    expect(card('Product Quality')).toHaveTextContent('82% positive')
    expect(card('Product Quality')).toHaveTextContent('up 4%')
    expect(card('Ease of Use')).toHaveTextContent('87% positive')
    expect(card('Ease of Use')).toHaveTextContent('up 6%')
    expect(card('Customer Service')).toHaveTextContent('74% positive')
    expect(card('Customer Service')).toHaveTextContent('down 2%')
    expect(card('Shipping & Delivery')).toHaveTextContent('61% positive')
    expect(card('Shipping & Delivery')).toHaveTextContent('down 5%')
    expect(card('Returns & Refunds')).toHaveTextContent('no change')
    expect(within(card('Product Quality')).getByText('▲')).toHaveAttribute('aria-hidden', 'true')
    expect(within(card('Customer Service')).getByText('▼')).toBeInTheDocument()
    expect(card('Product Quality')).toHaveTextContent('1,284 reviews')
    expect(screen.getByRole('status')).toHaveTextContent('4,758 reviews in 6 categories')
  })

  it('offers the free trial through the waitlist', async () => {
    await renderAt('/apps/Reviews_Compass/trial')
    expect(screen.getByRole('link', { name: 'Start your free trial' })).toHaveAttribute('href', '/waitlist?product=reviews-compass')
    expect(document.title).toBe('Free Trial · Reviews Compass | Overseer Labs')
  })

  it('has themes and benchmarks with real figures', async () => {
    const { router } = await renderAt('/apps/Reviews_Compass/themes')
    const themes = screen.getByRole('table')
    expect(within(themes).getByRole('rowheader', { name: 'Late deliveries' }).closest('tr')).toHaveTextContent('down 11%')
    await act(() => router.navigate('/apps/Reviews_Compass/benchmarking'))
    const shipping = within(screen.getByRole('list', { name: /Sentiment against the market/ }))
      .getByRole('heading', { name: 'Shipping & Delivery' })
      .closest('li') as HTMLElement
    expect(shipping).toHaveTextContent('9 points behind the industry average and 17 points behind the leader')
  })

  it('links its documentation to docs pages and shows the others an unknown sub-path message', async () => {
    const { router } = await renderAt('/apps/Reviews_Compass/docs')
    const further = within(screen.getByRole('region', { name: 'Further reading' })).getAllByRole('link')
    for (const link of further) expect(link.getAttribute('href')).toMatch(/^\/docs(\/|$)/)
    await act(() => router.navigate('/apps/Reviews_Compass/nope'))
    expect(screen.getByRole('link', { name: 'Go to the Reviews Compass overview' })).toHaveAttribute('href', '/apps/Reviews_Compass')
  })
})
