import MiniSearch, { type SearchResult } from 'minisearch'
import { stem } from './stemmer'
import { QUESTION_HINTS, SYNONYM_GROUPS } from './synonyms'
import { termOf, terms, words } from './text'

export { splitPage, frontMatter, type PageSection, type SplitPage } from './passages'
export { headingIds, plainText, slugify, termOf, terms, words } from './text'
export { stem } from './stemmer'

/** A docs page as both sides index it (a `.md?search` import, or the server's reading of docs/). */
export interface DocsPageEntry {
  title: string
  description: string
  /** How visitors ask about the page (front matter `keywords:`); searched, never shown. */
  keywords: string
  sections: { heading: string | null; anchor: string | null; text: string }[]
}

/**
 * Questions visitors asked (contracts/docsSearch/asked.json, from the assistant's question sets):
 * those the docs answer, under the page that answers each, and those they do not.
 */
export interface AskedQuestions {
  answered: Readonly<Record<string, readonly string[]>>
  unanswered: readonly string[]
}

/** A question as one asked before is matched: its words in lower case, punctuation and spacing aside. */
export const questionKey = (question: string): string =>
  question
    .toLowerCase()
    .replace(/[’']/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()

/** What the search needs of a passage: its page, its heading and its text. */
export interface SearchPassage {
  page: { title: string; path: string; keywords?: string }
  heading: string | null
  anchor: string | null
  /** The plain text a reader sees. */
  text: string
}

/** One idea of the query: the word asked, and the words that say the same in the docs. */
export interface Concept {
  /** The stem of the word asked (for an idea only a phrase gave, its first synonym). */
  term: string
  /** The stems that stand for it, with their weight: the word asked counts 1. */
  alternatives: ReadonlyMap<string, number>
  /** How much the idea counts: a follow-up's earlier question counts less. */
  weight: number
  /** What a question word asks for ('who can': access): helps rank, not needed to answer. */
  hint?: true
}

export interface DocsHit<P extends SearchPassage> {
  passage: P
  score: number
  /**
   * The share of the query's meaning the passage covers: the idf-weighted share of its ideas (a
   * word, or one of its synonyms) that the passage has; an idea no page has counts at full idf.
   */
  coverage: number
  /** The stems of the passage that matched. */
  matched: readonly string[]
}

export interface SearchOptions {
  /** Match the last word as the start of a longer one (a search box, as the reader types). */
  prefixLast?: boolean
  limit?: number
}

/** How much a synonym counts against the word asked. */
const SYNONYM_WEIGHT = 0.4
/** How much an unknown code (an id, a hash, a number) counts against a question's coverage. */
const CODE_WEIGHT = 0.1

/** A token with a digit ('3f9a0b1c', '80158195', 'x86') or a long run of hex letters ('deadbeef'): an id, a hash, a number, not a word. */
export const isCode = (term: string): boolean => /\d/.test(term) || /^[0-9a-f]{8,}$/.test(term)

/** How much a thesaurus word counts for a word the docs never use. */
const THESAURUS_WEIGHT = 0.5
/** How much a question word's hint counts. */
const HINT_WEIGHT = 0.4
/** Title, heading and body: a word in a heading says more about a passage than one in its text. */
const FIELD_BOOST = { title: 2, about: 0.5, heading: 2.5, text: 1 } as const
/** Two ideas of the query next to each other in a passage (at most this many words apart). */
const PROXIMITY_WINDOW = 4
const PROXIMITY_BONUS = 0.3
/**
 * How much a page's best match among its `keywords:` phrases (how visitors ask about it) adds to
 * each of its passages, against the best passage's score (both read as a share of the best).
 */
const PHRASE_WEIGHT = 0.5
/**
 * How much a page's closest asked question (questions visitors asked, each with the page that
 * answers it) adds to each of its passages, read as PHRASE_WEIGHT reads keyword phrases. Chosen
 * by leaving each question set out in turn (0.3 to 1.5 tried on the first seven sets; 0.75 and 1 best).
 */
const ASKED_WEIGHT = 0.75
/** A query of fewer ideas than this is not leaned by asked questions: a search, not a question. */
const ASKED_MIN_IDEAS = 3
/** How much an idea's other words count beside its best one (Elasticsearch's dis_max tie_breaker). */
const TIE_BREAKER = 0.3
const COVERAGE_POWER = 1

interface SynonymRule {
  phrase: readonly string[]
  expansions: readonly string[]
}

const stemsOf = (text: string): string[] => words(text).map((word) => stem(word))

/** Every phrase of every group, with the terms of the other phrases of its groups. */
const SYNONYM_RULES: readonly SynonymRule[] = (() => {
  const byPhrase = new Map<string, { phrase: string[]; expansions: Set<string> }>()
  for (const group of SYNONYM_GROUPS) {
    for (const phrase of group) {
      const key = stemsOf(phrase).join(' ')
      const rule = byPhrase.get(key) ?? { phrase: stemsOf(phrase), expansions: new Set<string>() }
      for (const other of group) if (other !== phrase) for (const term of terms(other)) rule.expansions.add(term)
      byPhrase.set(key, rule)
    }
  }
  // Longer phrases first, so 'turn off' is read before 'turn'.
  return [...byPhrase.values()]
    .map(({ phrase, expansions }) => ({ phrase, expansions: [...expansions] }))
    .sort((a, b) => b.phrase.length - a.phrase.length)
})()

/** What can stand between a verb and its particle: 'turn *it* on', 'take *them* back', 'log *me* in'. */
const PARTICLE_OBJECTS: ReadonlySet<string> = new Set(['it', 'them', 'this', 'that', 'me', 'us', 'him', 'her', 'everything', 'everyone'].map((word) => stem(word)))

/**
 * Where `phrase` (stems) stands in `stems` from `start`: the positions of its words, or undefined.
 * A two-word phrase may have a pronoun between its words, as a verb and its particle do.
 */
const phraseAt = (phrase: readonly string[], stems: readonly string[], start: number): number[] | undefined => {
  if (phrase.every((part, offset) => stems[start + offset] === part)) return phrase.map((_, offset) => start + offset)
  const object = stems[start + 1]
  if (phrase.length === 2 && stems[start] === phrase[0] && object !== undefined && PARTICLE_OBJECTS.has(object) && stems[start + 2] === phrase[1]) {
    return [start, start + 2]
  }
  return undefined
}

/**
 * The ideas of a query: each word (stop words aside) with its synonyms; a phrase such as 'turn on'
 * or 'without internet' lends its synonyms to the words it contains.
 */
export const conceptsOf = (query: string, weight = 1): Concept[] => {
  const raw = words(query)
  const stems = raw.map((word) => stem(word))
  const concepts: { own: string[]; alternatives: Map<string, number> }[] = raw.map((word) => {
    const term = termOf(word)
    return { own: term === null ? [] : [term], alternatives: new Map(term === null ? [] : [[term, 1]]) }
  })
  for (const rule of SYNONYM_RULES) {
    const length = rule.phrase.length
    for (let start = 0; start + length <= stems.length; start += 1) {
      const slots = phraseAt(rule.phrase, stems, start)
      if (!slots) continue
      // The phrase's synonyms go to its first word that is not a stop word (or its first word).
      const slot = slots.find((index) => (concepts[index]?.own.length ?? 0) > 0) ?? start
      const concept = concepts[slot]
      // A phrase of stop words only ('need', 'right now') says too little to search for.
      if (!concept || concept.own.length === 0) continue
      for (const term of rule.expansions) {
        if (!concept.alternatives.has(term)) concept.alternatives.set(term, SYNONYM_WEIGHT)
      }
    }
  }
  // A word asked twice ('a Python project… Python code') is one idea, with the synonyms of both.
  const byTerm = new Map<string, Concept>()
  for (const { own, alternatives } of concepts) {
    if (alternatives.size === 0) continue
    const term = own[0] ?? (alternatives.keys().next().value as string)
    const same = byTerm.get(term)
    if (!same) {
      byTerm.set(term, { term, alternatives, weight })
      continue
    }
    const merged = new Map(same.alternatives)
    for (const [alternative, strength] of alternatives) merged.set(alternative, Math.max(strength, merged.get(alternative) ?? 0))
    byTerm.set(term, { ...same, alternatives: merged })
  }
  const found: Concept[] = [...byTerm.values()]
  const spaced = ` ${raw.join(' ')} `
  for (const [phrase, hint] of QUESTION_HINTS) {
    if (!spaced.includes(` ${phrase} `)) continue
    found.push({ term: `?${phrase}`, alternatives: new Map(terms(hint).map((term) => [term, HINT_WEIGHT])), weight, hint: true })
  }
  return found
}

/** One way visitors ask about a page: a phrase of its `keywords:` line. */
interface PhrasePassage extends SearchPassage {
  heading: null
  anchor: null
}

/** A page's `keywords:` line in phrases: 'hotkeys, keyboard shortcuts; lock out an employee' → three. */
const phrasesOf = (keywords: string): string[] =>
  keywords
    .split(/[,;\n]/)
    .map((phrase) => phrase.trim())
    .filter(Boolean)

interface Document {
  id: number
  title: string
  about: string
  heading: string
  text: string
}

/** How much of a page's introduction describes the page, for every chunk of it. */
const ABOUT_CHARS = 300

interface Chunk {
  /** The passage it is part of. */
  passage: number
  /** The chunk's stems in order (title, heading, text), for proximity. */
  sequence: readonly string[]
}

/** A passage longer than this is indexed in pieces of about this size, cut at sentence ends. */
const CHUNK_CHARS = 700

/** A long text in pieces of at most about CHUNK_CHARS characters, at sentence ends. */
const chunksOf = (text: string): string[] => {
  if (text.length <= CHUNK_CHARS) return [text]
  const sentences = text.match(/[^.!?]+(?:[.!?]+(?=\s|$)|$)\s*/g) ?? [text]
  const chunks: string[] = []
  let current = ''
  for (const sentence of sentences) {
    if (current && current.length + sentence.length > CHUNK_CHARS) {
      chunks.push(current.trim())
      current = ''
    }
    current += sentence
  }
  if (current.trim()) chunks.push(current.trim())
  return chunks
}

/**
 * The docs search: BM25 (MiniSearch) over the docs' passages, with the title and heading weighted
 * above the text, stemming, synonyms of the docs' own terms, fuzzy matching of misspelt words and
 * a bonus for the query's words side by side. Shared by the assistant (server) and the docs page's
 * search box (browser): the same passages and the same query give the same order.
 */
export class DocsSearch<P extends SearchPassage> {
  private readonly engine: MiniSearch<Document>
  private readonly passages: readonly P[]
  private readonly chunks: Chunk[] = []
  private readonly documentFrequency = new Map<string, number>()
  /** The pages' keyword phrases, each searched on its own: a question close to one points to its page. */
  private readonly phrases: DocsSearch<PhrasePassage> | undefined
  /** Questions visitors asked, each under the page that answers it: a question close to one points to its page. */
  private readonly asked: DocsSearch<PhrasePassage> | undefined

  /**
   * @param thesaurus For a word the docs never use, docs words that mean the same (stems; see
   *   scripts/thesaurus.ts, from WordNet): searched for it, at less weight than a synonym.
   * @param asked Questions visitors asked, under the page that answers each (AskedQuestions'
   *   `answered`): a question close to one leans to its page.
   */
  constructor(
    passages: readonly P[],
    private readonly thesaurus: Readonly<Record<string, readonly string[]>> = {},
    asked: AskedQuestions['answered'] = {},
  ) {
    this.engine = new MiniSearch({
      fields: ['title', 'about', 'heading', 'text'],
      tokenize: (text) => words(text),
      processTerm: (word) => termOf(word) ?? null,
      searchOptions: { boost: { ...FIELD_BOOST } },
    })
    this.passages = passages
    // Every chunk also knows what its page is about: its keywords and its opening words.
    const about = new Map<string, string>()
    for (const passage of passages) {
      if (passage.heading === null && !about.has(passage.page.path)) about.set(passage.page.path, passage.text.slice(0, ABOUT_CHARS))
    }
    for (const passage of passages) {
      const { path, keywords } = passage.page
      if (keywords && !about.get(path)?.startsWith(keywords)) about.set(path, `${keywords} ${about.get(path) ?? ''}`)
    }
    const documents: Document[] = []
    passages.forEach((passage, index) => {
      for (const text of chunksOf(passage.text)) {
        const page = about.get(passage.page.path) ?? ''
        documents.push({ id: this.chunks.length, title: passage.page.title, about: page, heading: passage.heading ?? '', text })
        this.chunks.push({ passage: index, sequence: terms(`${passage.page.title} ${passage.heading ?? ''} ${text}`) })
      }
    })
    this.engine.addAll(documents)
    for (const chunk of this.chunks) {
      for (const term of new Set(chunk.sequence)) this.documentFrequency.set(term, (this.documentFrequency.get(term) ?? 0) + 1)
    }
    const phrases: PhrasePassage[] = []
    const phrased = new Set<string>()
    for (const { page } of passages) {
      if (!page.keywords || phrased.has(page.path)) continue
      phrased.add(page.path)
      for (const text of phrasesOf(page.keywords)) phrases.push({ page: { title: '', path: page.path }, heading: null, anchor: null, text })
    }
    this.phrases = phrases.length > 0 ? new DocsSearch(phrases, thesaurus) : undefined
    const questions: PhrasePassage[] = []
    for (const path of new Set(passages.map((passage) => passage.page.path))) {
      for (const text of asked[path] ?? []) questions.push({ page: { title: '', path }, heading: null, anchor: null, text })
    }
    this.asked = questions.length > 0 ? new DocsSearch(questions, thesaurus) : undefined
  }

  /** How many passages it searches. */
  get size(): number {
    return this.passages.length
  }

  /** Whether any passage has `term` (a stem). */
  has(term: string): boolean {
    return this.documentFrequency.has(term)
  }

  /** Inverse document frequency of a stem; highest for one no passage has. */
  idf(term: string): number {
    const n = this.chunks.length
    const df = this.documentFrequency.get(term) ?? 0
    return Math.log(1 + (n - df + 0.5) / (df + 0.5))
  }

  /**
   * How much an idea counts: its rarest known word, else full weight for a word no page has; but
   * a code no page has ('3f9a0b1c', an id or a hash pasted with the question) says almost nothing.
   */
  private conceptIdf(concept: Concept): number {
    let best = 0
    for (const [term, weight] of concept.alternatives) if (this.has(term)) best = Math.max(best, this.idf(term) * weight)
    if (best > 0) return best
    return this.idf('\u0000') * (isCode(concept.term) ? CODE_WEIGHT : 1)
  }

  /**
   * Whether the docs use an idea: its word or one of its synonyms is in some passage. A word the
   * docs know only through the thesaurus helps find a passage, but does not make a question one
   * the docs answer ('dark mode' is not 'blue mode').
   */
  knows(concept: Concept): boolean {
    for (const term of concept.alternatives.keys()) if (this.has(term)) return true
    return false
  }

  /** An idea none of whose words the docs use borrows the thesaurus's docs words for it. */
  private enrich(concepts: readonly Concept[]): Concept[] {
    return concepts.map((concept) => {
      if (concept.hint || [...concept.alternatives.keys()].some((term) => this.has(term))) return concept
      const borrowed = (this.thesaurus[concept.term] ?? []).filter((term) => this.has(term))
      if (borrowed.length === 0) return concept
      const alternatives = new Map(concept.alternatives)
      for (const term of borrowed) if (!alternatives.has(term)) alternatives.set(term, THESAURUS_WEIGHT)
      return { ...concept, alternatives }
    })
  }

  /** The passages for `query` (a question, or ideas already read from one), best first. */
  search(query: string | readonly Concept[], options: SearchOptions = {}): DocsHit<P>[] {
    const concepts = this.enrich(typeof query === 'string' ? conceptsOf(query) : query)
    if (concepts.length === 0 || this.chunks.length === 0) return []
    const owned = new Set(concepts.map((concept) => concept.term))
    const lastOwn = options.prefixLast && typeof query === 'string' ? termOf(words(query).at(-1) ?? '') : null

    // Each word on its own (BM25 over the fields), so that an idea scores by its best word, not
    // by how many of its synonyms a passage happens to use.
    const perTerm = new Map<string, Map<number, { score: number; terms: string[] }>>()
    const scoresOf = (term: string): Map<number, { score: number; terms: string[] }> => {
      const known = perTerm.get(term)
      if (known) return known
      const results: SearchResult[] = this.engine.search(term, {
        tokenize: (text) => [text],
        processTerm: (text) => text,
        // Only a word no page has is read as misspelt: a known word, or a synonym, matches as it is.
        fuzzy: this.has(term) || !owned.has(term) ? false : term.length >= 8 ? 2 : term.length >= 5 ? 1 : false,
        maxFuzzy: 2,
        // While typing, the last word may be the start of a longer one.
        prefix: term === lastOwn && term.length >= 2,
        weights: { fuzzy: 0.3, prefix: 0.5 },
      })
      const scores = new Map(results.map((result) => [result.id as number, { score: result.score, terms: result.terms }]))
      perTerm.set(term, scores)
      return scores
    }

    const ideas = concepts.filter((concept) => !concept.hint)
    const total = ideas.reduce((sum, concept) => sum + this.conceptIdf(concept) * concept.weight, 0)
    const chunkScores = new Map<number, { score: number; covered: number; terms: Set<string> }>()
    for (const concept of concepts) {
      // This idea's best word in each chunk.
      const bestOf = new Map<number, { score: number; sum: number; terms: string[] }>()
      for (const [term, weight] of concept.alternatives) {
        for (const [id, found] of scoresOf(term)) {
          const score = found.score * weight * concept.weight
          const entry = bestOf.get(id) ?? { score: 0, sum: 0, terms: [] }
          entry.sum += score
          entry.terms.push(...found.terms)
          if (score > entry.score) entry.score = score
          bestOf.set(id, entry)
        }
      }
      // The best word counts fully, the idea's other words a little (a tie-breaker).
      for (const entry of bestOf.values()) entry.score += TIE_BREAKER * (entry.sum - entry.score)
      const idf = concept.hint ? 0 : this.conceptIdf(concept) * concept.weight
      for (const [id, found] of bestOf) {
        const entry = chunkScores.get(id) ?? { score: 0, covered: 0, terms: new Set<string>() }
        entry.score += found.score
        entry.covered += idf
        for (const term of found.terms) entry.terms.add(term)
        chunkScores.set(id, entry)
      }
    }

    // A passage is as good as its best chunk.
    const best = new Map<number, DocsHit<P>>()
    for (const [id, found] of chunkScores) {
      const chunk = this.chunks[id]
      const passage = chunk && this.passages[chunk.passage]
      if (!chunk || !passage) continue
      const coverage = total > 0 ? found.covered / total : 0
      const bonus = this.proximity(chunk.sequence, ideas, found.terms)
      const hit: DocsHit<P> = {
        passage,
        // A passage that covers more of the question's ideas ranks above one that repeats a few.
        score: found.score * (1 + PROXIMITY_BONUS * bonus) * coverage ** COVERAGE_POWER,
        coverage,
        matched: [...found.terms],
      }
      const previous = best.get(chunk.passage)
      if (!previous || previous.score < hit.score) best.set(chunk.passage, hit)
    }
    const hits = this.withPhrases([...best.values()], query, options, ideas.filter((concept) => concept.weight === 1).length)
    hits.sort((a, b) => b.score - a.score)
    return options.limit === undefined ? hits : hits.slice(0, options.limit)
  }

  /**
   * Each passage's score as a share of the best one, plus its page's best keyword phrase's (as a
   * share of the best phrase's): a question asked the way a page's keywords put it leans to that page;
   * and, for a question of ASKED_MIN_IDEAS ideas or more, its page's closest asked question's, so.
   */
  private withPhrases(hits: DocsHit<P>[], query: string | readonly Concept[], options: SearchOptions, ideas: number): DocsHit<P>[] {
    const top = hits.reduce((max, hit) => Math.max(max, hit.score), 0)
    if (top <= 0) return hits
    const phrases = this.closest(this.phrases, query, options)
    // A few words typed in the search box ('retry-after') are matched as they are, not as a question.
    const asked = ideas >= ASKED_MIN_IDEAS ? this.closest(this.asked, query, options) : new Map<string, number>()
    return hits.map((hit) => ({
      ...hit,
      score: hit.score / top + PHRASE_WEIGHT * (phrases.get(hit.passage.page.path) ?? 0) + ASKED_WEIGHT * (asked.get(hit.passage.page.path) ?? 0),
    }))
  }

  /** Each page's best match in a phrase index, as a share of the best page's. */
  private closest(index: DocsSearch<PhrasePassage> | undefined, query: string | readonly Concept[], options: SearchOptions): Map<string, number> {
    const byPage = new Map<string, number>()
    if (!index) return byPage
    const found = index.search(query, { prefixLast: options.prefixLast })
    const top = found[0]?.score ?? 0
    for (const hit of found) {
      const path = hit.passage.page.path
      if (!byPage.has(path)) byPage.set(path, top > 0 ? hit.score / top : 0)
    }
    return byPage
  }

  /** The share of the query's neighbouring ideas that also stand near each other in the passage. */
  private proximity(sequence: readonly string[], concepts: readonly Concept[], matched: ReadonlySet<string>): number {
    if (concepts.length < 2) return 0
    const positions = concepts.map((concept) => {
      const out: number[] = []
      sequence.forEach((term, index) => {
        if (concept.alternatives.has(term) && matched.has(term)) out.push(index)
      })
      return out
    })
    let near = 0
    for (let i = 0; i + 1 < positions.length; i += 1) {
      const a = positions[i] ?? []
      const b = positions[i + 1] ?? []
      if (a.some((x) => b.some((y) => Math.abs(x - y) <= PROXIMITY_WINDOW && x !== y))) near += 1
    }
    return near / (positions.length - 1)
  }
}
