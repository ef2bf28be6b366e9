import { conceptsOf, type AskedQuestions, type DocsSearch, type SearchPassage } from '@contracts/docsSearch'

/**
 * How alike a question must be to a question the docs are known not to answer (the idf-weighted
 * share of the two's words they have in common) to be taken for it. Chosen by leaving each
 * question set out in turn (bench `assistant`): at 0.6 no answerable question was lost.
 */
const MIN_LIKENESS = 0.6

/** A question's words (stems, stop words aside), each weighted by how rare the docs make it. */
type Words = ReadonlyMap<string, number>

/**
 * The questions visitors asked, answered or not: a new question whose closest asked question is
 * one the docs do not answer, and close enough to be the same question, is not answered either.
 */
export class UnansweredQuestions {
  private readonly known: { words: Words; answered: boolean }[]

  constructor(
    private readonly index: Pick<DocsSearch<SearchPassage>, 'idf'>,
    asked: AskedQuestions,
  ) {
    this.known = [
      ...Object.values(asked.answered).flatMap((questions) => questions.map((question) => ({ words: this.wordsOf(question), answered: true }))),
      ...asked.unanswered.map((question) => ({ words: this.wordsOf(question), answered: false })),
    ]
  }

  /** Whether `question` (normalised) is one asked before that the docs do not answer. */
  has(question: string): boolean {
    const words = this.wordsOf(question)
    let closest: { likeness: number; answered: boolean } | undefined
    for (const known of this.known) {
      const likeness = this.likeness(words, known.words)
      if (!closest || likeness > closest.likeness) closest = { likeness, answered: known.answered }
    }
    return closest !== undefined && !closest.answered && closest.likeness >= MIN_LIKENESS
  }

  private wordsOf(question: string): Words {
    const words = new Map<string, number>()
    for (const concept of conceptsOf(question.toLowerCase())) if (!concept.hint) words.set(concept.term, this.index.idf(concept.term))
    return words
  }

  /** Weighted Jaccard: the weight of the words both have over the weight of the words either has. */
  private likeness(a: Words, b: Words): number {
    let shared = 0
    let either = 0
    for (const [term, weight] of a) {
      either += weight
      if (b.has(term)) shared += weight
    }
    for (const [term, weight] of b) if (!a.has(term)) either += weight
    return either > 0 ? shared / either : 0
  }
}
