import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { DOCS_SECTIONS, DOCS_TOPICS } from '../model/navigation'
import { NO_RESULTS_MESSAGE } from '../model/search'
import { DocsPage } from './DocsPage'

/** The docs routes as the app declares them, so the page reads its section and topic from the URL. */
const renderDocs = (path: string) => {
  const router = createMemoryRouter(
    [
      { path: '/docs', element: <DocsPage /> },
      { path: '/docs/:section', element: <DocsPage /> },
      { path: '/docs/:section/:topic', element: <DocsPage /> },
      { path: '*', element: <p>landed</p> },
    ],
    { initialEntries: [path] },
  )
  render(<RouterProvider router={router} />)
  return { router }
}

/** Waits until the page's content (its own chunk) has loaded. */
const contentLoaded = () => waitFor(() => expect(screen.queryByText('Loading the page...')).not.toBeInTheDocument())

const sidebar = () => screen.getByRole('navigation', { name: 'Documentation' })
const groupButton = (name: string) => within(sidebar()).getByRole('button', { name })
const heading = () => screen.getByRole('heading', { level: 1 })

describe('DocsPage', () => {
  it('shows the introduction at /docs, with Previous: Home and Next: Quick Start', async () => {
    renderDocs('/docs')
    expect(heading()).toHaveTextContent('Introduction')
    expect(await screen.findByText(/recursive GPT agents/i, { selector: '.prose p, p' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Previous: Home' })).toHaveAttribute('href', '/')
    expect(screen.getByRole('link', { name: 'Next: Quick Start' })).toHaveAttribute('href', '/docs/getting-started/quickstart')
    expect(document.title).toBe('Introduction | Overseer Labs')
    const help = screen.getByRole('region', { name: 'Need help?' })
    expect(within(help).getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact')
    expect(within(help).getByRole('link', { name: 'Join the waitlist' })).toHaveAttribute('href', '/waitlist')
  })

  it('lists the five groups with every topic, and expands the group of the path', async () => {
    renderDocs('/docs/core-modules/devloop-matrix')
    await contentLoaded()
    expect(screen.getByRole('heading', { level: 1, name: 'DevLoop Matrix' })).toBeInTheDocument()
    const groups = within(sidebar()).getAllByRole('button')
    expect(groups.map((button) => button.textContent)).toEqual(['Getting Started', 'Core Modules', 'Architect Suite', 'API Reference', 'Guides'])
    expect(groupButton('Core Modules')).toHaveAttribute('aria-expanded', 'true')
    for (const name of ['Getting Started', 'Architect Suite', 'API Reference', 'Guides']) {
      expect(groupButton(name)).toHaveAttribute('aria-expanded', 'false')
    }
    const current = within(sidebar()).getByRole('link', { name: 'DevLoop Matrix' })
    expect(current).toHaveAttribute('aria-current', 'page')
    expect(within(sidebar()).getAllByRole('link').filter((link) => link.getAttribute('aria-current') === 'page')).toHaveLength(1)

    // Every topic is there, in order, whether its group is open or not.
    const links = within(sidebar()).getAllByRole('link', { hidden: true }).map((link) => link.getAttribute('href'))
    expect(links).toEqual(DOCS_TOPICS.map((topic) => topic.path))
  })

  it('opens and closes a group with its button, and opens the group of a page reached later', async () => {
    const user = userEvent.setup()
    const { router } = renderDocs('/docs/getting-started/quickstart')
    await contentLoaded()
    expect(within(sidebar()).queryByRole('link', { name: 'Permission Controls' })).not.toBeInTheDocument()

    await user.click(groupButton('Guides'))
    expect(groupButton('Guides')).toHaveAttribute('aria-expanded', 'true')
    expect(within(sidebar()).getByRole('link', { name: 'Permission Controls' })).toBeVisible()
    await user.click(groupButton('Guides'))
    expect(groupButton('Guides')).toHaveAttribute('aria-expanded', 'false')

    await act(() => router.navigate('/docs/api-reference/rate-limits'))
    await contentLoaded()
    expect(groupButton('API Reference')).toHaveAttribute('aria-expanded', 'true')
    expect(within(sidebar()).getByRole('link', { name: 'Rate Limits' })).toHaveAttribute('aria-current', 'page')
  })

  it("shows a section's first page at /docs/<section>", async () => {
    renderDocs('/docs/api-reference')
    await contentLoaded()
    expect(heading()).toHaveTextContent('Authentication')
    expect(groupButton('API Reference')).toHaveAttribute('aria-expanded', 'true')
    expect(within(sidebar()).getByRole('link', { name: 'Authentication' })).toHaveAttribute('aria-current', 'page')
    expect(screen.getByRole('link', { name: 'Next: Endpoints' })).toBeInTheDocument()
  })

  it('links Previous and Next in sidebar order, from Home to the last guide', async () => {
    const user = userEvent.setup()
    const { router } = renderDocs('/docs')
    for (const [index, topic] of DOCS_TOPICS.entries()) {
      expect(heading()).toHaveTextContent(topic.title)
      const previous = index === 0 ? { title: 'Home', path: '/' } : DOCS_TOPICS[index - 1]
      expect(screen.getByRole('link', { name: `Previous: ${previous?.title}` })).toHaveAttribute('href', previous?.path)
      const next = DOCS_TOPICS[index + 1]
      if (!next) {
        expect(screen.queryByRole('link', { name: /^Next:/ })).not.toBeInTheDocument()
        break
      }
      await user.click(screen.getByRole('link', { name: `Next: ${next.title}` }))
      expect(router.state.location.pathname).toBe(next.path)
      await contentLoaded()
    }
  })

  it('selects a page from the dropdown used on small screens', async () => {
    const user = userEvent.setup()
    const { router } = renderDocs('/docs/guides/intent-clarification')
    await contentLoaded()
    const picker = screen.getByRole('combobox', { name: 'Documentation page' })
    expect(picker).toHaveValue('/docs/guides/intent-clarification')
    expect(within(picker).getAllByRole('group').map((group) => group.getAttribute('label'))).toEqual(
      DOCS_SECTIONS.map((section) => section.title),
    )
    await user.selectOptions(picker, 'Logs Viewer')
    expect(router.state.location.pathname).toBe('/docs/architect-suite/logs-viewer')
    await contentLoaded()
    expect(heading()).toHaveTextContent('Logs Viewer')
  })

  it('follows links inside the page without leaving the app', async () => {
    const user = userEvent.setup()
    const { router } = renderDocs('/docs/getting-started/introduction')
    await screen.findByRole('link', { name: 'Next: Quick Start' })
    const article = screen.getByRole('article')
    const inner = await within(article).findAllByRole('link', { name: /.+/ })
    const docLink = inner.find((link) => link.getAttribute('href')?.startsWith('/docs/') && link.closest('[class*="prose"]'))
    expect(docLink).toBeDefined()
    await user.click(docLink as HTMLElement)
    expect(router.state.location.pathname).toBe(docLink?.getAttribute('href')?.split('#')[0])
    await contentLoaded()
  })

  it('says a page is not in the docs, with links back, for an unknown topic or section', async () => {
    renderDocs('/docs/guides/no-such-guide')
    expect(heading()).toHaveTextContent('Page not found in the docs')
    expect(screen.getByText('/docs/guides/no-such-guide')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Guides' })).toHaveAttribute('href', '/docs/guides')
    expect(screen.getByRole('link', { name: 'Introduction' })).toHaveAttribute('href', '/docs/getting-started/introduction')
    expect(groupButton('Guides')).toHaveAttribute('aria-expanded', 'true')
    expect(screen.queryByText('landed')).not.toBeInTheDocument()
    expect(document.title).toBe('Page Not Found in Docs | Overseer Labs')
  })

  it('handles an unknown section the same way', () => {
    renderDocs('/docs/tutorials')
    expect(heading()).toHaveTextContent('Page not found in the docs')
    expect(within(sidebar()).queryByRole('link', { current: 'page' })).not.toBeInTheDocument()
  })

  describe('search', () => {
    beforeEach(() => jest.useFakeTimers())
    afterEach(() => jest.useRealTimers())

    const setup = async (path = '/docs') => {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime })
      const rendered = renderDocs(path)
      await contentLoaded()
      const box = screen.getByRole('searchbox', { name: 'Search documentation' })
      return { user, box, ...rendered }
    }

    it('shows Searching... for 500 ms, then the pages that match, best first, with the matching words marked', async () => {
      const { user, box } = await setup()
      await user.type(box, 'APPROVAL GATE')
      expect(screen.getByRole('status')).toHaveTextContent('Searching...')
      expect(heading()).toHaveTextContent('Search results')

      await act(async () => jest.advanceTimersByTime(499))
      expect(screen.getByRole('status')).toHaveTextContent('Searching...')

      await act(async () => jest.advanceTimersByTime(1))
      expect(screen.getByRole('status')).not.toHaveTextContent('Searching...')
      const results = within(screen.getByRole('list', { name: 'Search results' })).getAllByRole('listitem')
      expect(results.length).toBeGreaterThan(1)
      const paths = results.map((item) => within(item).getByRole('link').getAttribute('href'))
      expect(paths.slice(0, 3)).toContain('/docs/guides/permission-controls')
      for (const item of results) {
        const link = within(item).getByRole('link')
        expect(within(item).getByText(link.getAttribute('href') ?? '')).toBeInTheDocument()
        const marked = [...item.querySelectorAll('mark')].map((mark) => mark.textContent?.toLowerCase())
        expect(marked.length).toBeGreaterThan(0)
      }
      expect(screen.getByRole('status')).toHaveTextContent(`${results.length} pages match “APPROVAL GATE”.`)
    })

    it('matches titles too, and opens a result', async () => {
      const { user, box, router } = await setup()
      await user.type(box, 'rate limits')
      await act(async () => jest.advanceTimersByTime(500))
      const first = within(screen.getByRole('list', { name: 'Search results' })).getAllByRole('listitem')[0] as HTMLElement
      const link = within(first).getByRole('link', { name: 'Rate Limits' })
      await user.click(link)
      expect(router.state.location.pathname).toBe('/docs/api-reference/rate-limits')
      await contentLoaded()
      expect(heading()).toHaveTextContent('Rate Limits')
      expect(screen.getByRole('searchbox', { name: 'Search documentation' })).toHaveValue('')
    })

    it('says so when nothing matches, and Clear search returns to the page', async () => {
      const { user, box } = await setup('/docs/guides/recursive-improvement')
      await user.type(box, 'kubernetes helm chart')
      await act(async () => jest.advanceTimersByTime(500))
      expect(screen.getByText(NO_RESULTS_MESSAGE)).toBeInTheDocument()
      expect(screen.getByRole('status')).toHaveTextContent(
        "No results found. We couldn't find any documentation matching your search.",
      )

      await user.click(screen.getByRole('button', { name: 'Clear search' }))
      expect(box).toHaveValue('')
      expect(box).toHaveFocus()
      expect(screen.queryByText(NO_RESULTS_MESSAGE)).not.toBeInTheDocument()
      expect(heading()).toHaveTextContent('Recursive Improvement')
      expect(screen.getByRole('link', { name: 'Next: Permission Controls' })).toBeInTheDocument()
    })

    it('does nothing for an empty or whitespace-only query', async () => {
      const { user, box } = await setup('/docs/getting-started/quickstart')
      await user.type(box, '   ')
      expect(screen.getByRole('status')).toBeEmptyDOMElement()
      await act(async () => jest.advanceTimersByTime(1000))
      expect(screen.getByRole('status')).toBeEmptyDOMElement()
      expect(heading()).toHaveTextContent('Quick Start')
      expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument()
    })

    it('hides the results when the query is erased', async () => {
      const { user, box } = await setup()
      await user.type(box, 'sandbox')
      await act(async () => jest.advanceTimersByTime(500))
      expect(heading()).toHaveTextContent('Search results')
      await user.clear(box)
      expect(heading()).toHaveTextContent('Introduction')
      expect(screen.getByRole('status')).toBeEmptyDOMElement()
      await act(async () => jest.advanceTimersByTime(1000))
      expect(heading()).toHaveTextContent('Introduction')
    })
  })
})
