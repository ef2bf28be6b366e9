import { renderMarkdown } from './renderMarkdown'

/** Renders into a detached element, as the chat does, and returns it. */
const rendered = (markdown: string): HTMLElement => {
  const element = document.createElement('div')
  element.innerHTML = renderMarkdown(markdown)
  return element
}

describe('renderMarkdown', () => {
  it('renders Markdown: emphasis, lists and links to the docs', () => {
    const element = rendered('**Overseer** plans files.\n\n- one\n- two\n\nSee [Quickstart](/docs/getting-started/quickstart).')
    expect(element.querySelector('strong')).toHaveTextContent('Overseer')
    expect(element.querySelectorAll('li')).toHaveLength(2)
    const link = element.querySelector('a')
    expect(link).toHaveAttribute('href', '/docs/getting-started/quickstart')
    expect(link).not.toHaveAttribute('target')
  })

  it('shows HTML in a reply as text, never as markup', () => {
    const element = rendered('Hi <script>alert(1)</script> <img src=x onerror="alert(2)"> <b onclick="x()">bold</b>')
    expect(element.querySelector('script, img, b, [onerror], [onclick]')).toBeNull()
    expect(element.textContent).toContain('<script>alert(1)</script>')
    expect(element.textContent).toContain('<img src=x onerror="alert(2)">')
  })

  it('drops javascript:, data: and protocol-relative links but keeps their text', () => {
    const element = rendered('[a](javascript:alert(1)) [b](JaVaScRiPt:alert(1)) [c](data:text/html,hi) [d](//evil.example/x)')
    const links = Array.from(element.querySelectorAll('a'))
    expect(links.map((link) => link.textContent)).toEqual(['a', 'b', 'c', 'd'])
    for (const link of links) expect(link).not.toHaveAttribute('href')
  })

  it('opens external links in a new tab without giving them the opener', () => {
    const link = rendered('[Pricing](https://example.com/pricing)').querySelector('a')
    expect(link).toHaveAttribute('href', 'https://example.com/pricing')
    expect(link).toHaveAttribute('target', '_blank')
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow')
  })

  it('turns images into links instead of loading them', () => {
    const element = rendered('![tracker](https://example.com/pixel.png)')
    expect(element.querySelector('img')).toBeNull()
    expect(element.querySelector('a')).toHaveTextContent('tracker')
  })

  it('highlights code of a registered language and gives every block a copy button', () => {
    const element = rendered('```ts\nconst answer: number = 42\n```\n\n```\nplain <text>\n```')
    const blocks = element.querySelectorAll('.md-code')
    expect(blocks).toHaveLength(2)
    expect(blocks[0]?.querySelector('code.language-ts .hljs-keyword')).toHaveTextContent('const')
    expect(blocks[1]?.querySelector('code')).toHaveTextContent('plain <text>')
    for (const block of Array.from(blocks)) {
      expect(block.querySelector('button[data-copy-code]')).toHaveTextContent('Copy')
      expect(block.querySelector('pre')).toHaveAttribute('tabindex', '0')
    }
  })

  it('cannot smuggle markup through a code block language', () => {
    const element = rendered('```"><img src=x onerror=alert(1)>\nx\n```')
    expect(element.querySelector('img, [onerror]')).toBeNull()
  })

  it('keeps reply headings below the page headings', () => {
    const element = rendered('# Big\n\n## Smaller')
    expect(element.querySelector('h1, h2')).toBeNull()
    expect(element.querySelector('h3')).toHaveTextContent('Big')
    expect(element.querySelector('h4')).toHaveTextContent('Smaller')
  })
})
