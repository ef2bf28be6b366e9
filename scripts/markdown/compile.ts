import { Marked, Renderer, type Token, type Tokens } from 'marked'
import { frontMatter, headingIds, plainText as markdownText, slugify, splitPage, type DocsPageEntry } from '../../contracts/docsSearch'

/**
 * Turns a documentation page written in Markdown (docs/<section>/<topic>.md) into what the docs
 * page shows and searches. Used at build time by the webpack loader and by jest's transform, so
 * the browser never parses Markdown.
 *
 * A page starts with one `# Title`; the first paragraph after it is the page's description. The
 * title is not part of `html`: the page renders it as its `h1`.
 */

export interface DocHeading {
  level: 2 | 3
  /** The heading's id in `html`, for `#anchor` links. */
  id: string
  text: string
}

export interface CompiledDoc {
  title: string
  /** The first paragraph, as plain text. */
  description: string
  /** The `##` and `###` headings, in order. */
  headings: DocHeading[]
  /** The page without its title, as HTML. */
  html: string
  /** The page without its title, as plain text. */
  text: string
  /** What the docs search indexes (contracts/docsSearch): the same sections the assistant answers from. */
  search: DocsPageEntry
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }

export const decodeEntities = (text: string): string =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16))
    if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10))
    return ENTITIES[name.toLowerCase()] ?? entity
  })

/** Plain text of an HTML fragment: tags dropped, entities decoded, whitespace collapsed. */
export const plainText = (html: string): string =>
  decodeEntities(
    html
      .replace(/<\/?(a|abbr|b|code|del|em|i|kbd|mark|s|small|span|strong|sub|sup|wbr)\b[^>]*>/gi, '')
      .replace(/<[^>]*>/g, ' '),
  )
    .replace(/\s+/g, ' ')
    .trim()

/** `Rate limits` → `rate-limits`; `` `GET /api/auth/me` `` → `get-api-auth-me` (one rule with the docs search). */
export { slugify }

export const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** A link to another site (any scheme but mailto:). */
export const isExternal = (href: string): boolean => /^[a-z][a-z0-9+.-]*:/i.test(href) && !href.startsWith('mailto:')

export class MarkdownError extends Error {
  override name = 'MarkdownError'
}

export const compileMarkdown = (raw: string, file = 'Markdown'): CompiledDoc => {
  const { body: source, keywords } = frontMatter(raw)
  const marked = new Marked({ gfm: true })
  const tokens = marked.lexer(source)

  const titleIndex = tokens.findIndex((token) => token.type !== 'space')
  const titleToken = tokens[titleIndex]
  if (titleToken?.type !== 'heading' || (titleToken as Tokens.Heading).depth !== 1) {
    throw new MarkdownError(`${file}: a documentation page must start with a "# Title" heading`)
  }
  const body: Token[] = tokens.filter((_, index) => index !== titleIndex)
  if (body.some((token) => token.type === 'heading' && (token as Tokens.Heading).depth === 1)) {
    throw new MarkdownError(`${file}: only the title may be a "#" heading; use "##" for sections`)
  }

  const headings: DocHeading[] = []
  const uniqueId = headingIds()

  marked.use({
    renderer: {
      heading({ tokens: inline, depth }) {
        const inner = this.parser.parseInline(inline)
        const text = plainText(inner)
        const id = uniqueId(text)
        if (depth === 2 || depth === 3) headings.push({ level: depth, id, text })
        return `<h${depth} id="${id}">${inner}</h${depth}>\n`
      },
      // Focusable, so a code block that scrolls sideways can be scrolled with the keyboard.
      code({ text, lang }) {
        const language = lang?.trim().split(/\s+/)[0]
        const attribute = language ? ` class="language-${escapeHtml(language)}"` : ''
        return `<pre tabindex="0"><code${attribute}>${escapeHtml(text.replace(/\n$/, ''))}</code></pre>\n`
      },
      // Long identifiers (`market_analysis`, `/api/waitlist/join`) may wrap after _ / . and : on narrow screens.
      codespan({ text }) {
        return `<code>${escapeHtml(decodeEntities(text)).replace(/([_/.:])(?=.)/g, '$1<wbr>')}</code>`
      },
      // A table too wide for a phone scrolls sideways, in a group that the keyboard can reach too.
      table(token) {
        const columns = token.header.map((cell) => plainText(this.parser.parseInline(cell.tokens))).join(', ')
        const table = Renderer.prototype.table.call(this, token)
        return `<div role="group" aria-label="Table: ${escapeHtml(columns)}" tabindex="0">${table}</div>\n`
      },
      link({ href, title, tokens: inline }) {
        const inner = this.parser.parseInline(inline)
        const titleAttribute = title ? ` title="${escapeHtml(title)}"` : ''
        const rel = isExternal(href) ? ' rel="noopener noreferrer"' : ''
        return `<a href="${escapeHtml(href)}"${titleAttribute}${rel}>${inner}</a>`
      },
    },
  })

  const title = plainText(marked.parseInline((titleToken as Tokens.Heading).text) as string)
  const html = marked.parser(body) as string
  const firstParagraph = body.find((token): token is Tokens.Paragraph => token.type === 'paragraph')
  const description = firstParagraph ? plainText(marked.parseInline(firstParagraph.text) as string) : ''
  if (!description) throw new MarkdownError(`${file}: the title must be followed by a paragraph (the page's description)`)

  const sections = splitPage(source).sections.map(({ heading, anchor, markdown }) => ({ heading, anchor, text: markdownText(markdown) }))
  return { title, description, headings, html, text: plainText(html), search: { title, description, keywords, sections } }
}

/** What a `.md` import gives the page (`import doc from './x.md'`): everything but the plain text. */
export const pageModule = ({ title, description, headings, html }: CompiledDoc) => ({ title, description, headings, html })

/** What a `.md?search` import gives the search index: no HTML (jest's transform gives the whole page, `search` included). */
export const searchModule = ({ search }: CompiledDoc): { search: DocsPageEntry } => ({ search })
