import { render } from '@testing-library/react'
import type { PageMeta } from './pageHead'
import { usePageMeta } from './usePageMeta'

const Page = (meta: PageMeta) => {
  usePageMeta(meta)
  return null
}

const content = (selector: string) => document.head.querySelector(selector)?.getAttribute('content')

describe('usePageMeta', () => {
  it('sets the title, description, canonical link and social card', () => {
    render(<Page title="About" description="Who we are." path="/about" />)
    expect(document.title).toBe('About | Overseer Labs')
    expect(content('meta[name="description"]')).toBe('Who we are.')
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('https://overseerlabs.ai/about')
    expect(content('meta[property="og:title"]')).toBe('About | Overseer Labs')
    expect(content('meta[property="og:description"]')).toBe('Who we are.')
    expect(content('meta[property="og:image"]')).toBe('https://overseerlabs.ai/social-card.png')
    expect(content('meta[name="twitter:card"]')).toBe('summary_large_image')
  })

  it('updates the same tags for the next page instead of adding more', () => {
    const { rerender } = render(<Page title="About" description="Who we are." />)
    rerender(<Page title="Careers" description="Open roles." />)
    expect(document.title).toBe('Careers | Overseer Labs')
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1)
    expect(content('meta[name="description"]')).toBe('Open roles.')
  })
})
