import { baseForm } from './wordForms'
import { stem } from './stemmer'

/**
 * The words of the docs search, on both sides: the server's assistant and the docs page's search
 * box index and query through these, so the two never read a word differently.
 */

/** Words that say nothing about a topic: left out of the index and of queries. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  `a about above after again against all also am an and any are aren as at be because been before being below
  between both but by can cannot could couldn did didn do does doesn doing don down during each either else
  etc ever every few for from further get gets getting got had has have having he her here hers herself him
  himself his how i if in into is isn it its itself just let lets like me might more most much must my myself
  need no nor not now of off on once one only or other ought our ours ourselves out over own please same
  shall she should so some such tell than that the their theirs them themselves then there these they this
  those through to too under until up upon us use used using very via want was wasn way we well were weren
  what when where which while who whom whose why will with within without would yes yet you your yours
  yourself yourselves s t re ve ll d m thing things know explain show give work works
  haven hasn hadn won wouldn shouldn mustn needn mightn ain dont doesnt didnt cant isnt arent wasnt
  werent havent hasnt hadnt wont wouldnt shouldnt couldnt im ive youre theyre thats whats`
    .split(/\s+/)
    .filter(Boolean),
)

const WORD = /[\p{L}\p{N}]+/gu

/** The words of `text` as written, split on anything that is not a letter or digit. */
export const wordsAsTyped = (text: string): string[] => text.match(WORD) ?? []

/** Lower-case words of `text`, split on anything that is not a letter or digit. */
export const words = (text: string): string[] => wordsAsTyped(text.toLowerCase())

/** Stems already worked out: the docs and the questions use a few thousand words, again and again. */
const STEMS = new Map<string, string | null>()
const MAX_REMEMBERED = 50_000

/** The stem of a lower-case word's base form ('written' → 'write', 'colors' → 'colour'), stop word or not. */
export const stemOf = (word: string): string => stem(baseForm(word))

/** The index term of one lower-case word: its stem (of its base form: 'written' → 'write', 'color' → 'colour'), or null for a stop word or a lone letter. */
export const termOf = (word: string): string | null => {
  if (word.length < 2 && !/\d/.test(word)) return null
  if (STOP_WORDS.has(word)) return null
  const known = STEMS.get(word)
  if (known !== undefined) return known
  const stemmed = stemOf(word)
  // A word whose stem is a stop word ('ones' → 'on') says no more than the stop word.
  const term = STOP_WORDS.has(stemmed) ? null : stemmed
  if (STEMS.size < MAX_REMEMBERED) STEMS.set(word, term)
  return term
}

/** The index terms of `text`: words without stop words, stemmed. */
export const terms = (text: string): string[] => {
  const out: string[] = []
  for (const word of words(text)) {
    const term = termOf(word)
    if (term !== null) out.push(term)
  }
  return out
}

/** Markdown reduced to the text a reader sees: no markup, links as their text, code kept. */
export const plainText = (markdown: string): string =>
  markdown
    .replace(/^```.*$/gm, ' ')
    // A table's rule under its header ('|---|:---:|') is not text.
    .replace(/^\s*\|?(\s*:?-{3,}:?\s*\|)+\s*:?-{0,}:?\s*$/gm, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, ' ')
    .replace(/[`*_>#|~]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()

/**
 * The id a heading gets on the docs page (scripts/markdown/compile.ts renders it):
 * `Rate limits` → `rate-limits`; `` `GET /api/auth/me` `` → `get-api-auth-me`.
 */
export const slugify = (text: string): string =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'section'

/** Ids for a page's headings in order, as the docs page renders them: the slug, then `-2`, `-3`… when repeated. */
export const headingIds = (): ((text: string) => string) => {
  const used = new Set<string>()
  return (text) => {
    const base = slugify(text)
    let id = base
    for (let n = 2; used.has(id); n += 1) id = `${base}-${n}`
    used.add(id)
    return id
  }
}
