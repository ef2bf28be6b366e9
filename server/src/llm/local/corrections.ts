import { conceptsOf, type DocsSearch, type SearchPassage } from '@contracts/docsSearch'

/**
 * How alike a question must be to a corrected one (the idf-weighted share of the words the two
 * have in common, of the words either has) to be taken for it: a close paraphrase, not a question
 * that shares a topic.
 */
const MIN_LIKENESS = 0.6
/**
 * And how much of the corrected question's words it must have: 'Is there a *limit* on how many
 * nodes…' is not 'How do I put nodes on the canvas?'.
 */
const MIN_CONTAINED = 0.8

/** What staff said answers a question: a docs page's section, or that the docs do not cover it (null). */
export interface Correction {
  question: string
  answer: { path: string; anchor: string | null } | null
}

/** A question's words (stems, stop words aside), each weighted by how rare the docs make it. */
type Words = ReadonlyMap<string, number>

interface Known {
  correction: Correction
  words: Words
}

/**
 * The questions staff corrected (the Questions page): a new question close enough to a corrected
 * one to be the same question, put another way, gets the correction's answer.
 */
export class Corrections {
  private readonly known: Known[]

  constructor(
    private readonly index: Pick<DocsSearch<SearchPassage>, 'idf'>,
    corrections: readonly Correction[],
  ) {
    this.known = corrections.map((correction) => ({ correction, words: this.wordsOf(correction.question) }))
  }

  get size(): number {
    return this.known.length
  }

  /** The correction of the question `question` is (lower case), if one is close enough; the closest wins. */
  match(question: string): Correction | undefined {
    if (this.known.length === 0) return undefined
    const words = this.wordsOf(question)
    let closest: { likeness: number; known: Known } | undefined
    for (const known of this.known) {
      const likeness = this.likeness(words, known.words)
      if (!closest || likeness > closest.likeness) closest = { likeness, known }
    }
    if (!closest || closest.likeness < MIN_LIKENESS) return undefined
    return this.contained(closest.known.words, words) >= MIN_CONTAINED ? closest.known.correction : undefined
  }

  private wordsOf(question: string): Words {
    const words = new Map<string, number>()
    for (const concept of conceptsOf(question.toLowerCase())) if (!concept.hint) words.set(concept.term, this.index.idf(concept.term))
    return words
  }

  /** The weight of the words `a` and `b` share, and of each one's words. */
  private overlap(a: Words, b: Words): { shared: number; a: number; b: number } {
    let shared = 0
    let ofA = 0
    let ofB = 0
    for (const [term, weight] of a) {
      ofA += weight
      if (b.has(term)) shared += weight
    }
    for (const weight of b.values()) ofB += weight
    return { shared, a: ofA, b: ofB }
  }

  /** Weighted Jaccard: the weight of the words both have over the weight of the words either has. */
  private likeness(a: Words, b: Words): number {
    const { shared, a: ofA, b: ofB } = this.overlap(a, b)
    const either = ofA + ofB - shared
    return either > 0 ? shared / either : 0
  }

  /** The weight of `part`'s words that `whole` has, over the weight of `part`'s words. */
  private contained(part: Words, whole: Words): number {
    const { shared, a: ofPart } = this.overlap(part, whole)
    return ofPart > 0 ? shared / ofPart : 0
  }
}
