import { highlightLines } from './highlightLines'

/** The lines as the page shows them: each put in an element of its own. */
const rendered = (lines: readonly string[]): HTMLElement[] =>
  lines.map((html) => {
    const element = document.createElement('span')
    element.innerHTML = html
    return element
  })

describe('highlightLines', () => {
  it('highlights a project’s languages, one balanced line each, even inside a comment over several lines', () => {
    const lines = highlightLines("/* one\n   two */\nconst x = 'a'\n", 'javascript')
    expect(lines).toHaveLength(4)
    const [first, second, third] = rendered(lines)
    expect(first?.querySelector('.hljs-comment')).toHaveTextContent('/* one')
    expect(second?.querySelector('.hljs-comment')).toHaveTextContent('two */')
    expect(third?.querySelector('.hljs-keyword')).toHaveTextContent('const')
    expect(third?.querySelector('.hljs-string')).toHaveTextContent("'a'")
    // Each line's HTML stands alone: as many spans closed as opened.
    for (const line of lines) expect(line.split('<span').length).toBe(line.split('</span>').length)
  })

  it('knows JSON, HTML, CSS, Markdown and TypeScript by their names and aliases', () => {
    for (const [language, code, token] of [
      ['json', '{ "a": 1 }', '.hljs-attr'],
      ['html', '<p class="x">hi</p>', '.hljs-tag'],
      ['css', 'p { color: red; }', '.hljs-selector-tag'],
      ['markdown', '# Title', '.hljs-section'],
      ['typescript', 'let a: number', '.hljs-keyword'],
    ] as const) {
      expect(rendered(highlightLines(code, language))[0]?.querySelector(token)).not.toBeNull()
    }
  })

  it('shows markup in the code as text, never as markup, whatever the language', () => {
    const code = '<img src=x onerror="alert(1)">\n</span><script>alert(2)</script>\n<!-- <b onclick="x()">b</b> -->'
    for (const language of ['javascript', 'html', 'markdown', 'plaintext', 'no-such-language']) {
      const lines = rendered(highlightLines(code, language))
      expect(lines).toHaveLength(3)
      for (const line of lines) expect(line.querySelector('img, script, b, [onerror], [onclick]')).toBeNull()
      expect(lines.map((line) => line.textContent)).toEqual(code.split('\n'))
    }
  })

  it('escapes the text of a language it does not know', () => {
    expect(highlightLines('a < b && c\n"q"', 'plaintext')).toEqual(['a &lt; b &amp;&amp; c', '&quot;q&quot;'])
  })
})
