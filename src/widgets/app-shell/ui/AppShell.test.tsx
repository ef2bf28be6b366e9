import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router-dom'
import { renderWithProviders } from '@tests/setup/renderWithProviders'
import { AppShell } from './AppShell'

const App = () => (
  <AppShell name="Sample App" tagline="Does sample things." basePath="/apps/sample">
    <Routes>
      <Route index element={<p>overview page</p>} />
      <Route path="features" element={<p>features page</p>} />
      <Route path="docs" element={<p id="anchor">docs page</p>} />
    </Routes>
  </AppShell>
)

describe('AppShell', () => {
  // jsdom has no layout and no scrollIntoView; each test that needs it installs a recorder.
  const originalScrollIntoView = Element.prototype.scrollIntoView
  afterEach(() => {
    Element.prototype.scrollIntoView = originalScrollIntoView
  })

  it('shows the app name, Back to Apps and the default tabs, marking the current one', async () => {
    const user = userEvent.setup()
    const { router } = renderWithProviders(<App />, { route: '/apps/sample/*' })
    await act(() => router.navigate('/apps/sample'))

    expect(screen.getByRole('heading', { level: 1, name: 'Sample App' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /Back to Apps/ })).toHaveAttribute('href', '/apps')
    const tabs = screen.getByRole('navigation', { name: 'Sample App sections' })
    expect(within(tabs).getAllByRole('link').map((link) => link.textContent)).toEqual(['Overview', 'Features', 'Documentation'])
    expect(within(tabs).getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page')
    expect(screen.getByText('overview page')).toBeInTheDocument()

    await user.click(within(tabs).getByRole('link', { name: 'Documentation' }))
    expect(within(tabs).getByRole('link', { name: 'Documentation' })).toHaveAttribute('aria-current', 'page')
    expect(within(tabs).getByRole('link', { name: 'Overview' })).not.toHaveAttribute('aria-current')
    expect(screen.getByText('docs page')).toBeInTheDocument()
  })

  it('scrolls to the element named by the address’s hash once it is rendered', async () => {
    const scrollIntoView = jest.fn()
    Element.prototype.scrollIntoView = scrollIntoView
    const { router } = renderWithProviders(<App />, { route: '/apps/sample/*' })
    await act(() => router.navigate('/apps/sample/docs#anchor'))
    await act(() => new Promise((resolve) => window.requestAnimationFrame(resolve)))
    expect(scrollIntoView).toHaveBeenCalled()
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('anchor'))
  })

  it('scrolls the strip of tabs, not the page, to show the current tab when it is out of sight', async () => {
    // jsdom lays nothing out: the strip is a phone's width, the current tab (Documentation) right of it.
    const originalRect = Element.prototype.getBoundingClientRect
    const box = (left: number, width: number) => ({ left, right: left + width, width, top: 0, bottom: 48, height: 48, x: left, y: 0, toJSON: () => ({}) })
    Element.prototype.getBoundingClientRect = function (this: Element) {
      if (this.tagName === 'UL') return box(0, 390)
      if (this.getAttribute('aria-current') === 'page') return box(600, 100)
      return box(0, 100)
    }
    const originalScrollBy = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollBy')
    const scrollBy = jest.fn()
    Element.prototype.scrollBy = scrollBy
    try {
      const { router } = renderWithProviders(<App />, { route: '/apps/sample/*' })
      await act(() => router.navigate('/apps/sample/docs'))
      expect(scrollBy).toHaveBeenCalledWith({ left: 600 - (390 - 100) / 2 })
      expect(scrollBy.mock.contexts.at(-1)).toBe(screen.getByRole('navigation', { name: 'Sample App sections' }).querySelector('ul'))
    } finally {
      Element.prototype.getBoundingClientRect = originalRect
      if (originalScrollBy) Object.defineProperty(Element.prototype, 'scrollBy', originalScrollBy)
      else delete (Element.prototype as Partial<Element>).scrollBy
    }
  })

  it('shows no tabs when the app has none', () => {
    renderWithProviders(
      <AppShell name="Single" tagline="One page." basePath="/apps/single" tabs={[]}>
        <p>content</p>
      </AppShell>,
    )
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument()
  })
})
