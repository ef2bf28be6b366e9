/** The docs search's texts and timing, and the excerpt helpers; the ranking itself is in ./rank, loaded with the index. */

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

export const shorten = (text: string, max = EXCERPT_BEFORE + EXCERPT_AFTER): string => {
  if (text.length <= max) return text
  const cut = text.lastIndexOf(' ', max)
  return `${text.slice(0, cut > 0 ? cut : max)}…`
}

