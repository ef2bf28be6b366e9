import { conceptsOf, type AskedQuestions, type DocsSearch, type SearchPassage } from '@contracts/docsSearch'

/**
 * How alike a question must be to a question the docs are known not to answer (the idf-weighted
 * share of the two's words they have in common) to be taken for it. Chosen by leaving each
 * question set out in turn (bench `assistant`): at 0.6 no answerable question was lost.
 */
const MIN_LIKENESS = 0.6
/**
 * And how much of the known question's words it must have: 'Is there a *limit* on how many nodes…'
 * is not answered, 'How do I put nodes on the canvas?' (without the limit) is.
 */
const MIN_CONTAINED = 0.8

/** A question's words (stems, stop words aside), each weighted by how rare the docs make it. */
type Words = ReadonlyMap<string, number>

interface KnownQuestion {
  question: string
  words: Words
  answered: boolean
}

/**
 * The questions visitors asked, answered or not: a new question whose closest asked question is
 * one the docs did not answer, and close enough to be the same question, is that question.
 */
export class UnansweredQuestions {
  private readonly known: KnownQuestion[]

  constructor(
    private readonly index: Pick<DocsSearch<SearchPassage>, 'idf'>,
    asked: AskedQuestions,
  ) {
    this.known = [
      ...Object.values(asked.answered).flatMap((questions) => questions.map((question) => ({ question, words: this.wordsOf(question), answered: true }))),
      ...asked.unanswered.map((question) => ({ question, words: this.wordsOf(question), answered: false })),
    ]
  }

  /** The question asked before, that the docs did not answer, that `question` (normalised) is; else undefined. */
  match(question: string): string | undefined {
    const words = this.wordsOf(question)
    let closest: { likeness: number; known: KnownQuestion } | undefined
    for (const known of this.known) {
      const likeness = this.likeness(words, known.words)
      if (!closest || likeness > closest.likeness) closest = { likeness, known }
    }
    if (!closest || closest.known.answered || closest.likeness < MIN_LIKENESS) return undefined
    return this.contained(closest.known.words, words) >= MIN_CONTAINED ? closest.known.question : undefined
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
