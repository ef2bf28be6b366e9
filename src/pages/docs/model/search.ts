import { DOCS_TOPICS, sectionOf } from './navigation'
import type { DocSearchResult, DocSearchSource } from './types'

/** How long the searching state shows before the results (spec section 9). */
export const SEARCH_DELAY_MS = 500

export const NO_RESULTS_MESSAGE = "No results found. We couldn't find any documentation matching your search."

const EXCERPT_BEFORE = 60
const EXCERPT_AFTER = 140

/** The query as it is matched: trimmed, inner whitespace collapsed, lower case. */
export const normalizeQuery = (query: string): string => query.trim().replace(/\s+/g, ' ').toLowerCase()

/** Text around the first match, cut at word boundaries, with an ellipsis where it was cut. */
export const excerptAround = (text: string, index: number, length: number): string => {
  let start = Math.max(0, index - EXCERPT_BEFORE)
  let end = Math.min(text.length, index + length + EXCERPT_AFTER)
  if (start > 0) {
    const space = text.indexOf(' ', start)
    if (space !== -1 && space < index) start = space + 1
  }
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end)
    if (space > index + length) end = space
  }
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`
}

const shorten = (text: string, max = EXCERPT_BEFORE + EXCERPT_AFTER): string => {
  if (text.length <= max) return text
  const cut = text.lastIndexOf(' ', max)
  return `${text.slice(0, cut > 0 ? cut : max)}…`
}

/**
 * Case-insensitive search across every documentation page, on the title or the text. Pages whose
 * title matches come first; otherwise the sidebar order holds. An empty query finds nothing.
 */
export const searchDocs = (sources: Readonly<Record<string, DocSearchSource>>, query: string): DocSearchResult[] => {
  const needle = normalizeQuery(query)
  if (!needle) return []
  const titleHits: DocSearchResult[] = []
  const textHits: DocSearchResult[] = []
  for (const topic of DOCS_TOPICS) {
    const source = sources[topic.path]
    if (!source) continue
    const inTitle = source.title.toLowerCase().includes(needle)
    const index = source.text.toLowerCase().indexOf(needle)
    if (!inTitle && index === -1) continue
    const result: DocSearchResult = {
      title: source.title,
      path: topic.path,
      sectionTitle: sectionOf(topic).title,
      excerpt: index === -1 ? shorten(source.description) : excerptAround(source.text, index, needle.length),
    }
    ;(inTitle ? titleHits : textHits).push(result)
  }
  return [...titleHits, ...textHits]
}
