import { Marked, type Token, type Tokens } from 'marked'
import { parse as parseYaml } from 'yaml'
import { CONTACT_EMAIL, POSTAL_ADDRESS, PRESS_EMAIL } from '../../src/shared/config/company'
import { BRAND_NAME, PRODUCT_NAME } from '../../src/shared/config/env'
import { AUTH_TOKEN_KEY, CANVAS_STORAGE_KEY, SELECTED_MODEL_KEY } from '../../src/shared/config/storage-keys'
import path from 'node:path'
import { decodeEntities, escapeHtml, isExternal, MarkdownError, plainText, slugify } from './compile'

/**
 * Turns a page of the site's copy (content/<family>/<name>.md: legal documents, blog posts, jobs,
 * press, case studies, the app areas) into what its page renders, at build time, so the browser
 * never parses Markdown.
 *
 * A file starts with YAML front matter between `---` lines (the page's fields: title, dates,
 * links...). The body's `##` headings split it into sections; `## Title {#id}` sets a section's
 * anchor (otherwise the title's slug). `{{company.name}}` and the other placeholders below are
 * filled from the site's config, so brand names live in one place. A paragraph `Table: caption`
 * right before a table is its caption; a table's first column heads its rows.
 */

export interface ContentSection {
  id: string
  title: string
  /** The section without its heading, as HTML. */
  html: string
  /** When the section is one paragraph: its content without the `<p>`, to place inside another element. */
  inline?: string
}

export interface CompiledContent {
  /** The file's name without `.md`: a post's or job's id. */
  slug: string
  /** The front matter, placeholders filled. */
  meta: Record<string, unknown>
  /** The body before its first `##` heading, as HTML (all of it when there is none). */
  html: string
  sections: ContentSection[]
}

/** The company's postal address and e-mail; the argument is the e-mail's subject. */
const companyAddress = (subject: string): string =>
  `<address><strong>${escapeHtml(BRAND_NAME)}</strong><br>${escapeHtml(POSTAL_ADDRESS.street)}<br>` +
  `${escapeHtml(POSTAL_ADDRESS.city)}<br>${escapeHtml(POSTAL_ADDRESS.country)}<br>` +
  `E-mail: <a href="mailto:${CONTACT_EMAIL}?subject=${encodeURIComponent(subject)}">${escapeHtml(CONTACT_EMAIL)}</a></address>`

/** What `{{name}}` stands for; `{{company.address "Subject"}}` is the address block. */
export const PLACEHOLDERS: Readonly<Record<string, string>> = {
  'company.name': BRAND_NAME,
  'product.name': PRODUCT_NAME,
  'company.email': CONTACT_EMAIL,
  'company.pressEmail': PRESS_EMAIL,
  'company.street': POSTAL_ADDRESS.street,
  'company.city': POSTAL_ADDRESS.city,
  'company.country': POSTAL_ADDRESS.country,
  'storage.authToken': AUTH_TOKEN_KEY,
  'storage.selectedModel': SELECTED_MODEL_KEY,
  'storage.canvas': CANVAS_STORAGE_KEY,
}

export const fillPlaceholders = (text: string, file: string): string =>
  text.replace(/\{\{\s*([\w.]+)(?:\s+"([^"]*)")?\s*\}\}/g, (_, name: string, argument: string | undefined) => {
    if (name === 'company.address') return companyAddress(argument ?? '')
    const value = PLACEHOLDERS[name]
    if (value === undefined) throw new MarkdownError(`${file}: unknown placeholder {{${name}}}`)
    return value
  })

const FRONT_MATTER = /^---\r?\n(?:([\s\S]*?)\r?\n)?---\r?\n/

const splitFrontMatter = (source: string, file: string): { meta: Record<string, unknown>; body: string } => {
  const match = FRONT_MATTER.exec(source)
  if (!match) throw new MarkdownError(`${file}: a content page starts with front matter between "---" lines`)
  const meta: unknown = parseYaml(match[1] ?? '') ?? {}
  if (typeof meta !== 'object' || meta === null || Array.isArray(meta)) {
    throw new MarkdownError(`${file}: the front matter must be a map of fields`)
  }
  return { meta: meta as Record<string, unknown>, body: source.slice(match[0].length) }
}

/** Fills the placeholders in every string of the front matter. */
const fillMeta = (value: unknown, file: string): unknown => {
  if (typeof value === 'string') return fillPlaceholders(value, file)
  if (Array.isArray(value)) return value.map((item) => fillMeta(item, file))
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillMeta(item, file)]))
  }
  return value
}

const HEADING_ID = /\s*\{#([a-z0-9-]+)\}\s*$/

export const compileContent = (source: string, file = 'Markdown'): CompiledContent => {
  const { meta, body } = splitFrontMatter(source, file)
  const marked = new Marked({ gfm: true })
  const captions = new WeakMap<Token, string>()

  marked.use({
    renderer: {
      codespan({ text }) {
        return `<code>${escapeHtml(decodeEntities(text))}</code>`
      },
      link({ href, title, tokens: inline }) {
        const inner = this.parser.parseInline(inline)
        const titleAttribute = title ? ` title="${escapeHtml(title)}"` : ''
        const rel = isExternal(href) ? ' rel="noopener noreferrer"' : ''
        return `<a href="${escapeHtml(href)}"${titleAttribute}${rel}>${inner}</a>`
      },
      // Explicit roles keep it a table for assistive technology when narrow screens show each row as a card.
      table(token) {
        const labels = token.header.map((cell) => plainText(this.parser.parseInline(cell.tokens)))
        const caption = captions.get(token)
        const head = token.header
          .map((cell) => `<th scope="col" role="columnheader">${this.parser.parseInline(cell.tokens)}</th>`)
          .join('')
        const rows = token.rows
          .map((row) => {
            const cells = row.map((cell, index) => {
              const inner = this.parser.parseInline(cell.tokens)
              return index === 0
                ? `<th scope="row" role="rowheader">${inner}</th>`
                : `<td role="cell" data-label="${escapeHtml(labels[index] ?? '')}">${inner}</td>`
            })
            return `<tr role="row">${cells.join('')}</tr>`
          })
          .join('')
        return (
          `<div class="table"><table role="table">${caption ? `<caption>${escapeHtml(caption)}</caption>` : ''}` +
          `<thead role="rowgroup"><tr role="row">${head}</tr></thead><tbody role="rowgroup">${rows}</tbody></table></div>\n`
        )
      },
    },
  })

  const tokens = marked.lexer(fillPlaceholders(body, file))

  // `Table: caption` paragraphs become their table's caption.
  const kept: Token[] = []
  tokens.forEach((token, index) => {
    const next = tokens.slice(index + 1).find((candidate) => candidate.type !== 'space')
    if (token.type === 'paragraph' && token.raw.startsWith('Table: ') && next?.type === 'table') {
      captions.set(next, plainText(marked.parseInline(token.text.slice('Table: '.length)) as string))
      return
    }
    kept.push(token)
  })

  const intro: Token[] = []
  const groups: { id: string; title: string; tokens: Token[] }[] = []
  const usedIds = new Set<string>()
  for (const token of kept) {
    if (token.type === 'heading' && (token as Tokens.Heading).depth === 1) {
      throw new MarkdownError(`${file}: the title belongs in the front matter; use "##" for sections`)
    }
    if (token.type === 'heading' && (token as Tokens.Heading).depth === 2) {
      const heading = token as Tokens.Heading
      const explicitId = HEADING_ID.exec(heading.text)?.[1]
      const title = plainText(marked.parseInline(heading.text.replace(HEADING_ID, '')) as string)
      const id = explicitId ?? slugify(title)
      if (usedIds.has(id)) throw new MarkdownError(`${file}: two sections have the id "${id}"`)
      usedIds.add(id)
      groups.push({ id, title, tokens: [] })
      continue
    }
    const current = groups.at(-1)
    if (current) current.tokens.push(token)
    else intro.push(token)
  }

  return {
    slug: path.basename(file, '.md'),
    meta: fillMeta(meta, file) as Record<string, unknown>,
    html: marked.parser(intro) as string,
    sections: groups.map(({ id, title, tokens: sectionTokens }) => {
      const html = marked.parser(sectionTokens) as string
      const onlyParagraph = sectionTokens.filter((token) => token.type !== 'space').map((token) => token.type).join() === 'paragraph'
      const inline = onlyParagraph ? /^<p>([\s\S]*)<\/p>\n?$/.exec(html)?.[1] : undefined
      return { id, title, html, ...(inline === undefined ? {} : { inline }) }
    }),
  }
}

/** Whether a Markdown file is site copy (under `<root>/content/`) rather than documentation. */
export const isContentFile = (file: string, root: string): boolean => {
  const relative = path.relative(root, file)
  return relative.startsWith(`content${path.sep}`)
}
