import DOMPurify from 'dompurify'
import hljs from 'highlight.js/lib/core'
import bash from 'highlight.js/lib/languages/bash'
import css from 'highlight.js/lib/languages/css'
import javascript from 'highlight.js/lib/languages/javascript'
import json from 'highlight.js/lib/languages/json'
import python from 'highlight.js/lib/languages/python'
import sql from 'highlight.js/lib/languages/sql'
import typescript from 'highlight.js/lib/languages/typescript'
import xml from 'highlight.js/lib/languages/xml'
import yaml from 'highlight.js/lib/languages/yaml'
import { Marked, Renderer } from 'marked'

// highlight.js core with a few languages (and their aliases: ts, js, sh, py, html, yml...).
const LANGUAGES = { typescript, javascript, json, bash, python, css, xml, sql, yaml }
for (const [name, language] of Object.entries(LANGUAGES)) hljs.registerLanguage(name, language)

/** The attribute that marks a code block's copy button; the UI handles its clicks. */
export const COPY_ATTRIBUTE = 'data-copy-code'

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')

/** Only these link targets survive: the web, e-mail, and paths and anchors of this site. */
const SAFE_HREF = /^(?:https?:\/\/|mailto:|\/(?!\/)|#)/i
const isExternal = (href: string): boolean => /^https?:\/\//i.test(href)

/** `code` as HTML: highlighted when its language is registered, else escaped text. */
export const highlightCode = (code: string, language: string | undefined): string => highlight(code, language)

const highlight = (code: string, language: string | undefined): string => {
  if (language && hljs.getLanguage(language)) return hljs.highlight(code, { language, ignoreIllegals: true }).value
  return escapeHtml(code)
}

const marked = new Marked({
  gfm: true,
  breaks: true,
  renderer: {
    // HTML in a reply is shown as text: it never becomes markup.
    html({ text }) {
      return escapeHtml(text)
    },
    // Reply headings sit under the conversation's own headings.
    heading({ tokens, depth }) {
      const level = Math.min(depth + 2, 6)
      return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`
    },
    code({ text, lang }) {
      const language = lang?.trim().split(/\s+/)[0]?.toLowerCase().replace(/[^a-z0-9+#-]/g, '')
      const label = language ? `<span class="md-code-lang">${escapeHtml(language)}</span>` : '<span class="md-code-lang">code</span>'
      const languageClass = language ? ` language-${language}` : ''
      return (
        `<div class="md-code"><div class="md-code-bar">${label}` +
        `<button type="button" class="md-copy" ${COPY_ATTRIBUTE}="">Copy</button></div>` +
        // Focusable, so a block that scrolls sideways can be scrolled with the keyboard.
        `<pre tabindex="0"><code class="hljs${languageClass}">${highlight(text.replace(/\n$/, ''), language)}</code></pre></div>\n`
      )
    },
    // Images are not loaded from replies (they could track the reader): they become links.
    image({ href, text }) {
      return `<a href="${escapeHtml(href)}">${escapeHtml(text || href)}</a>`
    },
    table(token) {
      return `<div class="md-table" tabindex="0">${Renderer.prototype.table.call(this, token)}</div>\n`
    },
  },
})

const purifier = DOMPurify()
purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName !== 'A') return
  const href = node.getAttribute('href') ?? ''
  if (!SAFE_HREF.test(href)) {
    node.removeAttribute('href')
    return
  }
  if (isExternal(href)) {
    node.setAttribute('target', '_blank')
    node.setAttribute('rel', 'noopener noreferrer nofollow')
  }
})

const ALLOWED_TAGS = [
  'p', 'br', 'strong', 'em', 'del', 'code', 'pre', 'blockquote', 'ul', 'ol', 'li', 'a', 'hr',
  'h3', 'h4', 'h5', 'h6', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'span', 'div', 'button', 'input',
]
const ALLOWED_ATTR = ['href', 'title', 'class', 'type', 'tabindex', 'start', 'align', 'checked', 'disabled', COPY_ATTRIBUTE]

/**
 * A reply's Markdown as safe HTML: marked renders it (raw HTML escaped, code highlighted with a
 * copy button), DOMPurify keeps only the tags and attributes above, and links keep only http(s),
 * mailto, site paths and anchors (external ones open in a new tab without opener).
 */
export const renderMarkdown = (markdown: string): string => {
  const html = marked.parse(markdown, { async: false })
  return purifier.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOW_DATA_ATTR: false })
}
