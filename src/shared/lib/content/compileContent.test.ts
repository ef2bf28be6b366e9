import { compileContent } from '../../../../scripts/markdown/content'

const FILE = 'content/example.md'

describe('compileContent (the Markdown loader for content/)', () => {
  it('reads the front matter and fills placeholders from the config, there and in the text', () => {
    const page = compileContent('---\ntitle: "About {{company.name}}"\ncount: 3\n---\n\n{{product.name}} by {{company.name}}.\n', FILE)
    expect(page.slug).toBe('example')
    expect(page.meta).toEqual({ title: 'About Overseer Labs', count: 3 })
    expect(page.html).toBe('<p>Overseer by Overseer Labs.</p>\n')
    expect(page.sections).toEqual([])
  })

  it('splits the body into sections at "##" headings, with the anchor given or the slug of the title', () => {
    const page = compileContent('---\n---\nIntro.\n\n## Who we are {#who}\n\nWe [build](/about).\n\n## Data Retention\n\n- one\n- two\n', FILE)
    expect(page.html).toBe('<p>Intro.</p>\n')
    expect(page.sections.map(({ id, title }) => [id, title])).toEqual([
      ['who', 'Who we are'],
      ['data-retention', 'Data Retention'],
    ])
    // A one-paragraph section can be placed inside another element.
    expect(page.sections[0]?.inline).toBe('We <a href="/about">build</a>.')
    expect(page.sections[1]?.inline).toBeUndefined()
  })

  it('gives a table its caption and row headers, with each cell labelled by its column', () => {
    const page = compileContent('---\n---\nTable: Stored items\n\n| Name | Purpose |\n| --- | --- |\n| `a_b` | Keeps you signed in |\n', FILE)
    const element = document.createElement('div')
    element.innerHTML = page.html
    const table = element.querySelector('table')
    expect(table?.caption?.textContent).toBe('Stored items')
    expect(element.querySelector('tbody th[scope="row"] > code')?.textContent).toBe('a_b')
    expect(element.querySelector('tbody td')).toHaveAttribute('data-label', 'Purpose')
  })

  it('writes the company address block with the e-mail subject given', () => {
    const page = compileContent('---\n---\n{{company.address "Privacy request"}}\n', FILE)
    expect(page.html).toContain('<address><strong>Overseer Labs</strong><br>548 Market Street, Suite 400<br>')
    expect(page.html).toContain('href="mailto:hello@overseerlabs.ai?subject=Privacy%20request"')
  })

  it('refuses a file without front matter, an unknown placeholder, a "#" title and a repeated anchor', () => {
    expect(() => compileContent('No front matter.\n', FILE)).toThrow('front matter')
    expect(() => compileContent('---\n---\n{{company.nickname}}\n', FILE)).toThrow('unknown placeholder {{company.nickname}}')
    expect(() => compileContent('---\n---\n# Title\n', FILE)).toThrow('front matter')
    expect(() => compileContent('---\n---\n## A {#x}\n\n## B {#x}\n', FILE)).toThrow('two sections have the id "x"')
  })
})
