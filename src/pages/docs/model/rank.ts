import { DocsSearch, stemOf, type SearchPassage } from '@contracts/docsSearch'
import { DOCS_TOPICS, sectionOf } from './navigation'
import { escapeRegExp } from '@contracts/text'
import { excerptAround, normalizeQuery, shorten } from './search'
import type { DocSearchResult, DocSearchSource } from './types'

/*
 * The docs page's search over the assistant's index. It comes with the search index's chunk
 * (./searchIndex), so the page's first load carries neither the index nor the search library.
 */

/** For a word the docs never use, the docs' words that mean the same (contracts/docsSearch/thesaurus.json). */
type Thesaurus = Readonly<Record<string, readonly string[]>>

interface IndexedPassage extends SearchPassage {
  sectionTitle: string
}

/** No thesaurus: one object, so that the index built without it is reused. */
const NONE: Readonly<Record<string, never>> = {}

/** The index of each set of sources, with the thesaurus it was built with. */
const indexes = new WeakMap<object, { thesaurus: Thesaurus; index: DocsSearch<IndexedPassage> }>()

/** The docs search index over every page's sections (contracts/docsSearch, as the assistant's), built once per source set. */
const indexOf = (sources: Readonly<Record<string, DocSearchSource>>, thesaurus: Thesaurus): DocsSearch<IndexedPassage> => {
  const cached = indexes.get(sources)
  if (cached?.thesaurus === thesaurus) return cached.index
  const passages: IndexedPassage[] = []
  for (const topic of DOCS_TOPICS) {
    const entry = sources[topic.path]?.search
    if (!entry) continue
    const page = { title: entry.title, path: topic.path, keywords: entry.keywords }
    const sectionTitle = sectionOf(topic).title
    for (const section of entry.sections) passages.push({ page, sectionTitle, heading: section.heading, anchor: section.anchor, text: section.text })
  }
  const index = new DocsSearch(passages, thesaurus)
  indexes.set(sources, { thesaurus, index })
  return index
}

/** The words of `text` whose stem is one of `stems`, as written, in order of appearance. */
const wordsWithStems = (text: string, stems: ReadonlySet<string>): string[] => {
  const found = new Set<string>()
  for (const word of text.match(/[\p{L}\p{N}]+/gu) ?? []) {
    const lower = word.toLowerCase()
    if (stems.has(stemOf(lower)) || [...stems].some((matched) => lower.startsWith(matched) && matched.length >= 3)) found.add(word)
  }
  return [...found]
}

/** The query as `text` writes it (any case; a space or a hyphen between its words), if it has it. */
const phraseIn = (text: string, query: string): string | undefined => {
  const parts = query.split(/[\s-]+/).filter(Boolean)
  if (parts.length < 2) return undefined
  const pattern = parts.map(escapeRegExp).join('[\\s-]+')
  return new RegExp(`(?<![\\p{L}\\p{N}])${pattern}(?![\\p{L}\\p{N}])`, 'iu').exec(text)?.[0]
}

/** The share of the query a page must cover to be listed (as the assistant needs to answer from it). */
const MIN_COVERAGE = 0.5

/**
 * Searches every documentation page with the assistant's index (contracts/docsSearch): word forms,
 * synonyms, titles and headings above text, misspellings, and the last word as a prefix while
 * typing. One result per page, best first, with an excerpt of its best passage. A blank query finds nothing.
 */
export const searchDocs = (sources: Readonly<Record<string, DocSearchSource>>, query: string, thesaurus: Thesaurus = NONE): DocSearchResult[] => {
  const needle = normalizeQuery(query)
  if (!needle) return []
  const results: DocSearchResult[] = []
  const seen = new Set<string>()
  for (const hit of indexOf(sources, thesaurus).search(needle, { prefixLast: true })) {
    const { page, text, sectionTitle } = hit.passage
    if (hit.coverage < MIN_COVERAGE || seen.has(page.path)) continue
    seen.add(page.path)
    // The query as typed, where the text has it ('retry-after'), then each word that matched.
    const phrase = phraseIn(text, needle)
    const marks = [...(phrase ? [phrase] : []), ...wordsWithStems(text, new Set(hit.matched))]
    const first = marks[0] === undefined ? -1 : text.search(new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(marks[0])}(?![\\p{L}\\p{N}])`, 'u'))
    const excerpt = first === -1 ? shorten(text) : excerptAround(text, first, marks[0]?.length ?? 0)
    results.push({ title: page.title, path: page.path, sectionTitle, excerpt, marks })
  }
  return results
}
