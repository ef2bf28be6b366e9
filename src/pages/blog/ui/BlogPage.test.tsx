import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderWithProviders } from '@tests/setup/renderWithProviders'
import { POSTS } from '../model/posts'
import { BlogPage } from './BlogPage'

beforeAll(() => {
  // jsdom does not lay pages out, so it has no scrollIntoView.
  Element.prototype.scrollIntoView = jest.fn()
})

describe('BlogPage', () => {
  it('lists at least four posts with date, author and summary', async () => {
    renderWithProviders(<BlogPage />, { route: '/blog' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Blog' })).toBeInTheDocument()
    expect(document.title).toBe('Blog | Overseer Labs')
    const posts = within(screen.getByRole('region', { name: 'All posts' })).getAllByRole('article')
    expect(posts.length).toBeGreaterThanOrEqual(4)
    for (const [index, article] of posts.entries()) {
      const post = POSTS[index]
      if (!post) throw new Error('more articles than posts')
      const view = within(article)
      expect(view.getByRole('heading', { level: 3, name: post.title })).toBeInTheDocument()
      expect(article.querySelector('time')).toHaveAttribute('dateTime', post.date)
      expect(view.getByText(`${post.author.name}, ${post.author.role}`)).toBeInTheDocument()
      expect(view.getByText(post.summary)).toBeInTheDocument()
      expect(post.date.startsWith('2025-')).toBe(true)
    }
    expect(screen.getByText('May 13, 2025')).toBeInTheDocument()
  })

  it('opens the full text of a post on the page and closes it again', async () => {
    const post = POSTS[2]
    if (!post) throw new Error('no third post')
    renderWithProviders(<BlogPage />, { route: '/blog' })
    const article = await screen.findByRole('article', { name: post.title })
    const toggle = within(article).getByRole('button', { name: 'Read the full post' })
    const firstParagraph = { text: new DOMParser().parseFromString(post.html, 'text/html').querySelector('p')?.textContent }
    if (!firstParagraph.text) throw new Error('no paragraph')
    expect(within(article).getByText(firstParagraph.text)).not.toBeVisible()

    await userEvent.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    expect(within(article).getByText(firstParagraph.text)).toBeVisible()
    for (const link of post.related) expect(within(article).getByRole('link', { name: link.label })).toHaveAttribute('href', link.to)

    await userEvent.click(within(article).getByRole('button', { name: 'Show less' }))
    expect(within(article).getByText(firstParagraph.text)).not.toBeVisible()
  })

  it('opens the post a link points at (/blog#id)', async () => {
    const post = POSTS[1]
    if (!post) throw new Error('no second post')
    renderWithProviders(<BlogPage />, { route: '/blog' })
    await userEvent.click(await screen.findByRole('link', { name: `Link to this post: ${post.title}` }))
    const article = screen.getByRole('article', { name: post.title })
    expect(within(article).getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true')
    expect(Element.prototype.scrollIntoView).toHaveBeenCalled()
    const others = screen.getAllByRole('button', { name: 'Read the full post' })
    expect(others).toHaveLength(POSTS.length - 1)
  })
})
