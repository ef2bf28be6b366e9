import MiniSearch, { type SearchResult } from 'minisearch'
import { stem } from './stemmer'
import { QUESTION_HINTS, SYNONYM_GROUPS } from './synonyms'
import { termOf, terms, words } from './text'

export { splitPage, frontMatter, type PageSection, type SplitPage } from './passages'
export { headingIds, plainText, slugify, stemOf, STOP_WORDS, termOf, terms, words, wordsAsTyped } from './text'
export { stem } from './stemmer'
export { irregularForms } from './wordForms'

/** A docs page as both sides index it (a `.md?search` import, or the server's reading of docs/). */
export interface DocsPageEntry {
  title: string
  description: string
  /** The page's own terms, at most 12 (front matter `keywords:`); searched as labels, never shown. */
  keywords: string
  sections: { heading: string | null; anchor: string | null; text: string }[]
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
  /**
   * Of `alternatives`, the thesaurus's words for a word the docs use: they help find a passage
   * a little, but neither weigh the idea nor cover it.
   */
  widened?: ReadonlySet<string>
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
const THESAURUS_WEIGHT = 0.3
/** How much a thesaurus word counts for a word the docs use: the word itself still says most. */
const KNOWN_SYNONYM_WEIGHT = 0.2
/** How much of its idea a passage that has only such a word covers: under half, so that the search box does not list it for that word alone. */
const KNOWN_SYNONYM_COVERAGE = 0.4
/** How much a question word's hint counts. */
const HINT_WEIGHT = 0.4
/** Title, heading and body: a word in a heading says more about a passage than one in its text. */
const FIELD_BOOST = { title: 2, about: 0.5, heading: 1.5, text: 1 } as const
/** Two ideas of the query next to each other in a passage (at most this many words apart). */
const PROXIMITY_WINDOW = 4
const PROXIMITY_BONUS = 0.3
/**
 * How much a passage's labels (its page's title and terms, its heading) naming the question adds,
 * at most: a question that names a page's subject ('the overseer core module', 'the dashboard')
 * is answered from that page.
 */
const LABEL_WEIGHT = 3
/** How much the page's own match (the whole page as one passage, as a share of the best page's) adds. */
const PAGE_WEIGHT = 0.5
/** How much a label's word counts for a misspelt or unfinished word read as it. */
const MISSPELT_WEIGHT = 0.5
/** A word this long or longer may be read as a misspelling of the docs' word one slip away. */
const MIN_MISSPELT = 5

/** Whether `a` and `b` are one slip of typing apart: a letter dropped, added or changed, or two neighbouring letters swapped. */
const oneSlipApart = (a: string, b: string): boolean => {
  if (a === b || Math.abs(a.length - b.length) > 1) return false
  let start = 0
  while (start < a.length && start < b.length && a.charAt(start) === b.charAt(start)) start += 1
  const restA = a.slice(start)
  const restB = b.slice(start)
  if (a.length === b.length) return restA.slice(1) === restB.slice(1) || (restA.charAt(0) === restB.charAt(1) && restA.charAt(1) === restB.charAt(0) && restA.slice(2) === restB.slice(2))
  return a.length > b.length ? restA.slice(1) === restB : restB.slice(1) === restA
}

/** `word` without each of its letters in turn. */
const deletionsOf = (word: string): string[] => Array.from({ length: word.length }, (_, index) => word.slice(0, index) + word.slice(index + 1))
/** How much a label that the question names only in part counts (times the share it names). */
const PARTIAL_LABEL = 0.5
/** How much an idea's other words count beside its best one (Elasticsearch's dis_max tie_breaker). */
const TIE_BREAKER = 0.3
const COVERAGE_POWER = 1

interface SynonymRule {
  phrase: readonly string[]
  expansions: readonly string[]
  /** Expansions that are only part of a longer phrase of the group ('node' of 'node js'), not synonyms on their own. */
  parts: ReadonlySet<string>
}

const stemsOf = (text: string): string[] => words(text).map((word) => stem(word))

/** Every phrase of every group, with the terms of the other phrases of its groups. */
const SYNONYM_RULES: readonly SynonymRule[] = (() => {
  const byPhrase = new Map<string, { phrase: string[]; expansions: Set<string>; whole: Set<string> }>()
  for (const group of SYNONYM_GROUPS) {
    for (const phrase of group) {
      const key = stemsOf(phrase).join(' ')
      const rule = byPhrase.get(key) ?? { phrase: stemsOf(phrase), expansions: new Set<string>(), whole: new Set<string>() }
      for (const other of group) {
        if (other === phrase) continue
        const otherTerms = terms(other)
        for (const term of otherTerms) rule.expansions.add(term)
        if (otherTerms.length === 1) rule.whole.add(otherTerms[0] as string)
      }
      byPhrase.set(key, rule)
    }
  }
  // Longer phrases first, so 'turn off' is read before 'turn'.
  return [...byPhrase.values()]
    .map(({ phrase, expansions, whole }) => ({ phrase, expansions: [...expansions], parts: new Set([...expansions].filter((term) => !whole.has(term))) }))
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
  // `onItsOwn`: each synonym, and whether some group gives it as a synonym on its own (not only as a word of a phrase).
  const concepts: { own: string[]; alternatives: Map<string, number>; onItsOwn: Map<string, boolean> }[] = raw.map((word) => {
    const term = termOf(word)
    return { own: term === null ? [] : [term], alternatives: new Map(term === null ? [] : [[term, 1]]), onItsOwn: new Map<string, boolean>() }
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
        concept.onItsOwn.set(term, concept.onItsOwn.get(term) === true || !rule.parts.has(term))
        if (!concept.alternatives.has(term)) concept.alternatives.set(term, SYNONYM_WEIGHT)
      }
    }
  }
  // A word asked twice ('a Python project… Python code') is one idea, with the synonyms of both.
  const byTerm = new Map<string, Concept>()
  const onItsOwnOf = new Map<string, Map<string, boolean>>()
  for (const { own, alternatives, onItsOwn } of concepts) {
    if (alternatives.size === 0) continue
    const term = own[0] ?? (alternatives.keys().next().value as string)
    const same = byTerm.get(term)
    const known = onItsOwnOf.get(term) ?? new Map<string, boolean>()
    for (const [synonym, alone] of onItsOwn) known.set(synonym, known.get(synonym) === true || alone)
    onItsOwnOf.set(term, known)
    if (!same) {
      byTerm.set(term, { term, alternatives, weight })
      continue
    }
    const merged = new Map(same.alternatives)
    for (const [alternative, strength] of alternatives) merged.set(alternative, Math.max(strength, merged.get(alternative) ?? 0))
    byTerm.set(term, { ...same, alternatives: merged })
  }
  // A word of a synonym phrase is not a synonym itself ('node' of 'version' → 'node js'): where
  // the question asks that word as an idea of its own ('which Node version'), a passage with
  // that word alone ('Nodes' on the canvas) does not also say the other idea.
  const found: Concept[] = [...byTerm.values()].map((concept) => {
    const onlyParts = [...(onItsOwnOf.get(concept.term) ?? [])].filter(([term, alone]) => !alone && term !== concept.term && byTerm.has(term)).map(([term]) => term)
    if (onlyParts.length === 0) return concept
    const alternatives = new Map(concept.alternatives)
    for (const term of onlyParts) alternatives.delete(term)
    return { ...concept, alternatives }
  })
  const spaced = ` ${raw.join(' ')} `
  for (const [phrase, hint] of QUESTION_HINTS) {
    if (!spaced.includes(` ${phrase} `)) continue
    found.push({ term: `?${phrase}`, alternatives: new Map(terms(hint).map((term) => [term, HINT_WEIGHT])), weight, hint: true })
  }
  return found
}

/** A whole page as one passage. */
interface WholePage extends SearchPassage {
  heading: null
  anchor: null
}

/** A page's `keywords:` line in its terms: 'approval gates, roles; viewer' → three. */
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
  /** The chunk's stems in order (title, heading, text), for the document frequencies. */
  sequence: readonly string[]
  /** Where each stem stands in `sequence`, for proximity. */
  positions: ReadonlyMap<string, readonly number[]>
  /** The chunk's sentences (a table row, a list item), each as its stems. */
  sentences: readonly ReadonlySet<string>[]
}

/** Where each stem stands in a sequence of stems. */
const positionsOf = (sequence: readonly string[]): Map<string, number[]> => {
  const positions = new Map<string, number[]>()
  sequence.forEach((term, index) => {
    const list = positions.get(term)
    if (list) list.push(index)
    else positions.set(term, [index])
  })
  return positions
}

/** A text's sentences: split at a sentence's end and at line ends (rows, items). */
const sentencesOf = (text: string): ReadonlySet<string>[] =>
  text
    .split(/(?<=[.!?])\s+|\n+|\s\|\s/)
    .map((sentence) => new Set(terms(sentence)))
    .filter((sentence) => sentence.size > 0)

/** A reference passage: its heading is an HTTP route ('`GET /api/health`'). */
const ROUTE_HEADING = /^`?(?:GET|POST|PUT|PATCH|DELETE|HEAD) \//
/**
 * The words of a question about the HTTP API itself. Not the everyday words an API also uses: a
 * build *request*, *getting* or *deleting* something, a *call*, the *code* of a project, a build's *status*.
 */
const API_TERMS: ReadonlySet<string> = new Set(terms('api endpoint endpoints response http curl json header headers route'))
/** How much a route section's score keeps for a question that is not about the API. */
const ROUTE_FACTOR = 0.8
/** How much the best few sentences' share of the question adds to a passage's score (against its best). */
const SENTENCE_WEIGHT = 2

/** A passage longer than this is indexed in pieces of about this size, cut at sentence ends. */
const CHUNK_CHARS = 700

/** A long text in pieces of at most about CHUNK_CHARS characters, at sentence ends. */
const chunksOf = (text: string, whole = false): string[] => {
  if (whole || text.length <= CHUNK_CHARS) return [text]
  // A sentence ends at '.', '!' or '?' before a space or the end; a '.' inside a word ('index.js',
  // '20.19', 'e.g.') does not end it, nor drop what comes before it.
  const sentences = text.match(/(?:[^.!?]|[.!?]+(?![\s.!?]|$))+(?:[.!?]+(?=\s|$))?\s*|[.!?]+\s*/g) ?? [text]
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
 * a bonus for the query's words side by side. To a passage's share of the best score it adds what
 * the question names of its labels (page title, page terms, heading), how well its page as a whole
 * matches, and how much of the question a couple of its sentences say together; route sections of
 * an API reference count less for a question that is not about the API. Weights chosen on the
 * question sets marked 'tuned on' (bench/lib/assistantQuestions.ts). Shared by the assistant
 * (server) and the docs page's search box (browser): the same passages and query give the same order.
 */
export class DocsSearch<P extends SearchPassage> {
  private readonly engine: MiniSearch<Document>
  private readonly passages: readonly P[]
  private readonly chunks: Chunk[] = []
  private readonly documentFrequency = new Map<string, number>()
  /** Each page's labels, as stems: its title and its terms (`keywords:`). */
  private readonly pageLabels = new Map<string, readonly (readonly string[])[]>()
  /** The docs' words as written (lower case), with how often they are used: what a misspelt word may be meant as. */
  private readonly spelt = new Map<string, number>()
  /** Each docs word without one of its letters, to the words it comes from: one slip is found in a few lookups (SymSpell's symmetric delete). */
  private readonly spellingDeletions = new Map<string, string[]>()
  /** The length of the docs' longest word: a much longer word is no slip of one of theirs. */
  private longestWord = 0
  /** The keys of `spelt`, sorted: whether a word being typed may be the start of one of them. */
  private speltSorted: string[] | undefined
  /** Each passage's heading, as stems (none for a page's introduction). */
  private readonly headingLabels = new Map<P, readonly string[]>()

  /** Every page as one passage: a question about a page's subject, said across its sections, finds the page. */
  private readonly pages: DocsSearch<WholePage> | undefined

  /**
   * @param thesaurus For a word, docs words that mean the same (stems; see scripts/thesaurus.ts,
   *   from WordNet): searched for it, at less weight than a synonym; at less still beside a word
   *   the docs use.
   */
  constructor(
    passages: readonly P[],
    private readonly thesaurus: Readonly<Record<string, readonly string[]>> = {},
    /** Indexes whole passages (no chunks), without the pages' own index: the index of whole pages. */
    whole = false,
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
      for (const text of chunksOf(passage.text, whole)) {
        const page = about.get(passage.page.path) ?? ''
        documents.push({ id: this.chunks.length, title: passage.page.title, about: page, heading: passage.heading ?? '', text })
        const sequence = terms(`${passage.page.title} ${passage.heading ?? ''} ${text}`)
        this.chunks.push({ passage: index, sequence, positions: positionsOf(sequence), sentences: sentencesOf(text) })
      }
    })
    this.engine.addAll(documents)
    for (const chunk of this.chunks) {
      for (const term of new Set(chunk.sequence)) this.documentFrequency.set(term, (this.documentFrequency.get(term) ?? 0) + 1)
    }
    if (!whole) {
      for (const passage of passages) {
        for (const word of words(`${passage.page.title} ${passage.heading ?? ''} ${passage.text}`)) {
          if (word.length >= MIN_MISSPELT - 1 && !isCode(word)) this.spelt.set(word, (this.spelt.get(word) ?? 0) + 1)
        }
      }
      for (const word of this.spelt.keys()) {
        this.longestWord = Math.max(this.longestWord, word.length)
        for (const deletion of new Set(deletionsOf(word))) {
          const from = this.spellingDeletions.get(deletion)
          if (from) from.push(word)
          else this.spellingDeletions.set(deletion, [word])
        }
      }
    }
    const pageTexts = new Map<string, { page: SearchPassage['page']; texts: string[] }>()
    for (const passage of passages) {
      const entry = pageTexts.get(passage.page.path) ?? { page: passage.page, texts: [] }
      entry.texts.push(passage.heading ?? '', passage.text)
      pageTexts.set(passage.page.path, entry)
    }
    this.pages = whole
      ? undefined
      : new DocsSearch(
          [...pageTexts.values()].map(({ page, texts }) => ({ page, heading: null, anchor: null, text: texts.join(' ') })),
          thesaurus,
          true,
        )
    for (const passage of passages) {
      const { path, title, keywords } = passage.page
      if (!this.pageLabels.has(path)) {
        this.pageLabels.set(path, [title, ...phrasesOf(keywords ?? '')].map((label) => [...new Set(terms(label))]).filter((label) => label.length > 0))
      }
      const heading = [...new Set(terms(passage.heading ?? ''))]
      if (heading.length > 0) this.headingLabels.set(passage, heading)
    }
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
   * How much an idea counts: its rarest known word (not one the thesaurus lent a word the docs
   * use: 'construct' does not make 'build' rare), else full weight for a word no page has; but
   * a code no page has ('3f9a0b1c', an id or a hash pasted with the question) says almost nothing.
   */
  private conceptIdf(concept: Concept): number {
    let best = 0
    for (const [term, weight] of concept.alternatives) if (this.has(term) && !concept.widened?.has(term)) best = Math.max(best, this.idf(term) * weight)
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

  /**
   * The docs' word (as written) that `word` (lower case; a word they never use, and no word the
   * thesaurus knows) is misspelt from: one slip of typing away ('verison', 'dashbaord', 'delte',
   * 'permisions'), two neighbouring letters swapped or one letter dropped, added or mistyped. Of
   * several, the one the docs use most.
   */
  misspelling(word: string): string | undefined {
    const term = termOf(word)
    if (word.length < MIN_MISSPELT || word.length > this.longestWord + 1 || term === null || isCode(word) || this.has(term) || this.thesaurus[term]) return undefined
    const candidates = new Set<string>(this.spellingDeletions.get(word) ?? [])
    for (const deletion of deletionsOf(word)) {
      if (this.spelt.has(deletion)) candidates.add(deletion)
      for (const from of this.spellingDeletions.get(deletion) ?? []) candidates.add(from)
    }
    let best: string | undefined
    let bestCount = 0
    for (const candidate of candidates) {
      const count = this.spelt.get(candidate) ?? 0
      if (oneSlipApart(word, candidate) && (count > bestCount || (count === bestCount && best !== undefined && candidate < best))) {
        best = candidate
        bestCount = count
      }
    }
    return best
  }

  /**
   * `text` with each word misspelt by one slip of typing (misspelling) written as the docs' word
   * it was meant to be, so that phrases and synonyms read it as they read that word. `keepLast`: the last
   * word is left as typed while it may be unfinished (a search box): while it is the start of a docs word.
   */
  corrected(text: string, keepLast = false): string {
    const found = [...text.matchAll(/[\p{L}\p{N}]+/gu)]
    let out = ''
    let from = 0
    found.forEach((match, index) => {
      const word = match[0]
      const lower = word.toLowerCase()
      const meant = keepLast && index === found.length - 1 && this.startsAWord(lower) ? undefined : this.misspelling(lower)
      out += text.slice(from, match.index) + (meant ?? word)
      from = match.index + word.length
    })
    return out + text.slice(from)
  }

  /** Whether `word` (lower case) is the start of a word the docs use (that long or longer): a word still being typed. */
  private startsAWord(word: string): boolean {
    this.speltSorted ??= [...this.spelt.keys()].sort()
    const sorted = this.speltSorted
    let low = 0
    let high = sorted.length
    while (low < high) {
      const middle = (low + high) >> 1
      if ((sorted[middle] ?? '') < word) low = middle + 1
      else high = middle
    }
    return sorted[low]?.startsWith(word) ?? false
  }

  /**
   * An idea borrows the thesaurus's docs words for it: fully (THESAURUS_WEIGHT) when the docs use
   * none of its words, a little (KNOWN_SYNONYM_WEIGHT) beside its own word when they do.
   */
  private enrich(concepts: readonly Concept[]): Concept[] {
    return concepts.map((concept) => {
      if (concept.hint) return concept
      const borrowed = (this.thesaurus[concept.term] ?? []).filter((term) => this.has(term))
      if (borrowed.length === 0) return concept
      const known = [...concept.alternatives.keys()].some((term) => this.has(term))
      const alternatives = new Map(concept.alternatives)
      const widened = new Set<string>()
      for (const term of borrowed) {
        if (alternatives.has(term)) continue
        alternatives.set(term, known ? KNOWN_SYNONYM_WEIGHT : THESAURUS_WEIGHT)
        if (known) widened.add(term)
      }
      return known ? { ...concept, alternatives, widened } : { ...concept, alternatives }
    })
  }

  /** The passages for `query` (a question, or ideas already read from one), best first. */
  search(query: string | readonly Concept[], options: SearchOptions = {}): DocsHit<P>[] {
    const lastWord = options.prefixLast && typeof query === 'string' ? words(query).at(-1) : undefined
    const lastOwn = lastWord === undefined ? null : termOf(lastWord)
    // While typing, the last word is read as written first: 'met' may be the start of 'metrics'; as 'meet', a little.
    const asWritten = lastWord === undefined || lastOwn === null ? null : stem(lastWord)
    const typed = asWritten !== lastOwn ? asWritten : null
    const concepts = this.enrich(typeof query === 'string' ? conceptsOf(this.corrected(query, options.prefixLast === true)) : query).map((concept) =>
      typed !== null && concept.term === lastOwn ? { ...concept, alternatives: new Map([...concept.alternatives, [lastOwn, SYNONYM_WEIGHT], [typed, 1]]) } : concept,
    )
    if (concepts.length === 0 || this.chunks.length === 0) return []
    const owned = new Set(concepts.map((concept) => concept.term))

    // Each word on its own (BM25 over the fields), so that an idea scores by its best word, not
    // by how many of its synonyms a passage happens to use.
    const perTerm = new Map<string, Map<number, { score: number; terms: string[] }>>()
    const scoresOf = (term: string): Map<number, { score: number; terms: string[] }> => {
      const known = perTerm.get(term)
      if (known) return known
      const results: SearchResult[] = this.engine.search(term, {
        tokenize: (text) => [text],
        processTerm: (text) => text,
        // Only a word no page has, and no English word WordNet knows, is read as misspelt: a known word, or a synonym, matches as it is.
        fuzzy: this.has(term) || !owned.has(term) || this.thesaurus[term] ? false : term.length >= 8 ? 2 : term.length >= 5 ? 1 : false,
        maxFuzzy: 2,
        // While typing, the last word may be the start of a longer one.
        prefix: (term === lastOwn || term === typed) && term.length >= 2,
        weights: { fuzzy: 0.3, prefix: 0.5 },
      })
      const scores = new Map(results.map((result) => [result.id as number, { score: result.score, terms: result.terms }]))
      perTerm.set(term, scores)
      // What a misspelt or unfinished word was read as ('aproval' → 'approv'), for the labels.
      if (!this.has(term)) {
        const read = new Set(results.flatMap((result) => result.terms).filter((found) => found !== term))
        if (read.size > 0) readAs.set(term, read)
      }
      return scores
    }
    const readAs = new Map<string, Set<string>>()

    const ideas = concepts.filter((concept) => !concept.hint)
    // Each idea's weight: its idf, times how much it counts.
    const weights = ideas.map((concept) => this.conceptIdf(concept) * concept.weight)
    const total = weights.reduce((sum, weight) => sum + weight, 0)
    const chunkScores = new Map<number, { score: number; covered: number; terms: Set<string> }>()
    for (const concept of concepts) {
      // This idea's best word in each chunk.
      const bestOf = new Map<number, { score: number; sum: number; terms: string[]; covers: number }>()
      for (const [term, weight] of concept.alternatives) {
        for (const [id, found] of scoresOf(term)) {
          const score = found.score * weight * concept.weight
          const entry = bestOf.get(id) ?? { score: 0, sum: 0, terms: [], covers: 0 }
          entry.covers = Math.max(entry.covers, concept.widened?.has(term) ? KNOWN_SYNONYM_COVERAGE : 1)
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
        entry.covered += idf * found.covers
        for (const term of found.terms) entry.terms.add(term)
        chunkScores.set(id, entry)
      }
    }

    // A passage is as good as its best chunk.
    const best = new Map<number, DocsHit<P>>()
    const togetherOf = new Map<P, number>()
    for (const [id, found] of chunkScores) {
      const chunk = this.chunks[id]
      const passage = chunk && this.passages[chunk.passage]
      if (!chunk || !passage) continue
      const coverage = total > 0 ? found.covered / total : 0
      // (Whole pages are ranked by their text alone: neither proximity nor sentences are read.)
      const bonus = this.pages ? this.proximity(chunk.positions, ideas, found.terms) : 0
      const together = total > 0 && this.pages ? this.together(chunk.sentences, ideas, weights) / total : 0
      const hit: DocsHit<P> = {
        passage,
        // A passage that covers more of the question's ideas ranks above one that repeats a few.
        score: found.score * (1 + PROXIMITY_BONUS * bonus) * coverage ** COVERAGE_POWER,
        coverage,
        matched: [...found.terms],
      }
      const previous = best.get(chunk.passage)
      if (!previous || previous.score < hit.score) best.set(chunk.passage, hit)
      togetherOf.set(passage, Math.max(togetherOf.get(passage) ?? 0, together))
    }
    const hits = this.normalised([...best.values()])
    // A question that is not about the HTTP API leans away from the API reference's route sections.
    if (!ideas.some((concept) => API_TERMS.has(concept.term))) {
      for (const hit of hits) if (hit.passage.heading && ROUTE_HEADING.test(hit.passage.heading)) hit.score *= ROUTE_FACTOR
    }
    if (this.pages) {
      const pages = this.pageShares(this.pages, concepts)
      const spelt = ideas.map((concept) => {
        const read = [...(readAs.get(concept.term) ?? []), ...(typed !== null && concept.term === lastOwn ? (readAs.get(typed) ?? []) : [])]
        if (read.length === 0) return concept
        const alternatives = new Map(concept.alternatives)
        for (const term of read) if (!alternatives.has(term)) alternatives.set(term, MISSPELT_WEIGHT)
        return { ...concept, alternatives }
      })
      const asked = new Set(spelt.flatMap((concept) => [...concept.alternatives.keys()]))
      const byPage = new Map<string, number[]>()
      for (const hit of hits) {
        const { path } = hit.passage.page
        const page = byPage.get(path) ?? this.labelStrengths(this.pageLabels.get(path) ?? [], spelt, asked)
        byPage.set(path, page)
        const heading = this.headingLabels.get(hit.passage)
        const strengths = heading ? this.labelStrengths([heading], spelt, asked).map((strength, index) => Math.max(strength, page[index] ?? 0)) : page
        const named = total > 0 ? strengths.reduce((sum, strength, index) => sum + strength * (weights[index] ?? 0), 0) / total : 0
        hit.score +=
          LABEL_WEIGHT * named +
          PAGE_WEIGHT * (pages.get(hit.passage.page.path) ?? 0) +
          SENTENCE_WEIGHT * (togetherOf.get(hit.passage) ?? 0)
      }
    }
    hits.sort((a, b) => b.score - a.score)
    return options.limit === undefined ? hits : hits.slice(0, options.limit)
  }

  /** Each passage's score as a share of the best one. */
  private normalised(hits: DocsHit<P>[]): DocsHit<P>[] {
    const top = hits.reduce((max, hit) => Math.max(max, hit.score), 0)
    return top > 0 ? hits.map((hit) => ({ ...hit, score: hit.score / top })) : hits
  }

  /** Each page's match as a whole, as a share of the best page's. */
  private pageShares(index: DocsSearch<WholePage>, query: readonly Concept[]): Map<string, number> {
    const byPage = new Map<string, number>()
    const found = index.search(query)
    const top = found[0]?.score ?? 0
    for (const hit of found) {
      const path = hit.passage.page.path
      if (!byPage.has(path)) byPage.set(path, top > 0 ? hit.score / top : 0)
    }
    return byPage
  }

  /**
   * How much each idea of the question (`ideas`; `asked`, every word that stands for one) is named
   * by `labels`: by its best word in a label, fully when the question names the whole label
   * ('Overseer Core'), PARTIAL_LABEL times the share named when only part of it.
   */
  private labelStrengths(labels: readonly (readonly string[])[], ideas: readonly Concept[], asked: ReadonlySet<string>): number[] {
    const wholeness = labels.map((label) => {
      const matched = label.filter((stem) => asked.has(stem)).length
      return matched === label.length ? 1 : (PARTIAL_LABEL * matched) / label.length
    })
    return ideas.map((concept) => {
      let best = 0
      labels.forEach((label, index) => {
        let strength = 0
        for (const stem of label) strength = Math.max(strength, concept.alternatives.get(stem) ?? 0)
        best = Math.max(best, strength * (wholeness[index] ?? 0))
      })
      return best
    })
  }

  /**
   * The idf weight of the question's ideas that a sentence, or two in a row, say (each idea by its
   * best word there), at most: the answer to a question is said in a sentence or two.
   */
  private together(sentences: readonly ReadonlySet<string>[], ideas: readonly Concept[], weights: readonly number[]): number {
    let best = 0
    let previous: number[] | undefined
    for (const sentence of sentences) {
      const current = ideas.map((concept) => {
        let strength = 0
        for (const [term, weight] of concept.alternatives) if (weight > strength && sentence.has(term)) strength = weight
        return strength
      })
      let alone = 0
      let pair = 0
      current.forEach((strength, index) => {
        const weight = weights[index] ?? 0
        alone += strength * weight
        pair += Math.max(strength, previous?.[index] ?? 0) * weight
      })
      best = Math.max(best, alone, pair)
      previous = current
    }
    return best
  }

  /** The share of the query's neighbouring ideas that also stand near each other in the passage. */
  private proximity(where: ReadonlyMap<string, readonly number[]>, concepts: readonly Concept[], matched: ReadonlySet<string>): number {
    if (concepts.length < 2) return 0
    const positions = concepts.map((concept) => {
      const out: number[] = []
      for (const term of concept.alternatives.keys()) if (matched.has(term)) out.push(...(where.get(term) ?? []))
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
