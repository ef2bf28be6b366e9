import type { Passage } from './docs'
import { terms } from './text'

export interface QueryTerm {
  term: string
  /** How much the term counts (a follow-up's earlier question counts less). */
  weight: number
}

export interface Hit {
  passage: Passage
  score: number
  /**
   * The share of the question's meaning the passage covers: the idf-weighted fraction of its
   * terms that occur in the passage (a term no page has counts at the highest idf).
   */
  coverage: number
}

interface IndexedPassage {
  passage: Passage
  /** term → frequency, headings and page title counted extra. */
  frequencies: Map<string, number>
  length: number
}

const K1 = 1.2
const B = 0.75
/** How many times the page title and heading words count, compared with body words. */
const HEADING_BOOST = 3

/** BM25 over the docs passages, in memory. Built once at start; deterministic. */
export class DocsIndex {
  private readonly entries: IndexedPassage[]
  private readonly documentFrequency = new Map<string, number>()
  private readonly averageLength: number

  constructor(passages: readonly Passage[]) {
    this.entries = passages.map((passage) => {
      const frequencies = new Map<string, number>()
      const add = (term: string, count: number): void => {
        frequencies.set(term, (frequencies.get(term) ?? 0) + count)
      }
      for (const term of terms(passage.text)) add(term, 1)
      for (const term of terms(`${passage.page.title} ${passage.heading ?? ''}`)) add(term, HEADING_BOOST)
      let length = 0
      for (const count of frequencies.values()) length += count
      return { passage, frequencies, length }
    })
    for (const entry of this.entries) {
      for (const term of entry.frequencies.keys()) this.documentFrequency.set(term, (this.documentFrequency.get(term) ?? 0) + 1)
    }
    const total = this.entries.reduce((sum, entry) => sum + entry.length, 0)
    this.averageLength = this.entries.length > 0 ? total / this.entries.length : 1
  }

  get size(): number {
    return this.entries.length
  }

  /** Whether any passage uses `term`. */
  has(term: string): boolean {
    return this.documentFrequency.has(term)
  }

  /** Inverse document frequency (BM25+ style, never negative); highest for unseen terms. */
  idf(term: string): number {
    const n = this.entries.length
    const df = this.documentFrequency.get(term) ?? 0
    return Math.log(1 + (n - df + 0.5) / (df + 0.5))
  }

  /** The best passages for `query`, best first (ties by index order, so results are stable). */
  search(query: readonly QueryTerm[], limit = 5): Hit[] {
    const unique = new Map<string, number>()
    for (const { term, weight } of query) unique.set(term, Math.max(unique.get(term) ?? 0, weight))
    if (unique.size === 0 || this.entries.length === 0) return []

    let totalWeight = 0
    for (const [term, weight] of unique) totalWeight += this.idf(term) * weight

    const hits: Hit[] = []
    for (const entry of this.entries) {
      let score = 0
      let covered = 0
      for (const [term, weight] of unique) {
        const frequency = entry.frequencies.get(term)
        if (!frequency) continue
        const idf = this.idf(term)
        const norm = frequency + K1 * (1 - B + (B * entry.length) / this.averageLength)
        score += weight * idf * ((frequency * (K1 + 1)) / norm)
        covered += weight * idf
      }
      if (score > 0) hits.push({ passage: entry.passage, score, coverage: totalWeight > 0 ? covered / totalWeight : 0 })
    }
    hits.sort((a, b) => b.score - a.score)
    return hits.slice(0, limit)
  }
}
