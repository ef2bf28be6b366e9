import hljs from 'highlight.js/lib/core'
import css from 'highlight.js/lib/languages/css'
import javascript from 'highlight.js/lib/languages/javascript'
import json from 'highlight.js/lib/languages/json'
import markdown from 'highlight.js/lib/languages/markdown'
import typescript from 'highlight.js/lib/languages/typescript'
import xml from 'highlight.js/lib/languages/xml'

// The languages of a generated project's files (and their aliases: js, ts, html, md…); others are plain text.
const LANGUAGES = { javascript, typescript, json, xml, css, markdown }
for (const [name, language] of Object.entries(LANGUAGES)) if (!hljs.getLanguage(name)) hljs.registerLanguage(name, language)

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')

/** What highlight.js writes: its spans, and escaped text (no `<` of its own). */
const TOKEN = /<span class="([\w -]+)">|<\/span>|[^<]+/gy

/**
 * highlight.js's HTML cut into lines, each one balanced (spans open across a line break are closed
 * at its end and opened again on the next). Undefined when the HTML holds anything but its spans
 * and escaped text, so nothing else can ever become markup.
 */
const splitLines = (html: string): string[] | undefined => {
  const lines: string[] = []
  const open: string[] = []
  let line = ''
  TOKEN.lastIndex = 0
  while (TOKEN.lastIndex < html.length) {
    const match = TOKEN.exec(html)
    if (!match) return undefined
    const [token, className] = match
    if (className !== undefined) {
      open.push(token)
      line += token
    } else if (token === '</span>') {
      if (open.pop() === undefined) return undefined
      line += token
    } else {
      const parts = token.split('\n')
      line += parts[0]
      for (const part of parts.slice(1)) {
        lines.push(line + '</span>'.repeat(open.length))
        line = open.join('') + part
      }
    }
  }
  if (open.length > 0) return undefined
  lines.push(line)
  return lines
}

/**
 * `code` as HTML, one string a line, highlighted as `language` when it is one of a project's
 * languages, else escaped text. Every line is safe to put in the page as it is: highlight.js
 * escapes the code, and its output is checked to be only its own spans.
 */
export const highlightLines = (code: string, language: string): string[] => {
  const plain = () => code.split('\n').map(escapeHtml)
  if (!hljs.getLanguage(language)) return plain()
  return splitLines(hljs.highlight(code, { language, ignoreIllegals: true }).value) ?? plain()
}
