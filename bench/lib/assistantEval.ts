import { LocalAssistant } from '../../server/src/llm/local/assistant'
import { ANSWERABLE, QUESTION_SETS, UNANSWERABLE, type EvalQuestion } from './assistantQuestions'

export interface Miss {
  question: string
  expected: readonly string[]
  /** The pages answered, best first; empty for "I don't know". */
  got: string[]
}

export interface RetrievalEval {
  answerable: number
  top1: number
  top3: number
  misses: Miss[]
  unanswerable: number
  rejected: number
  /** Unanswerable questions that got an answer, with the page it came from. */
  wronglyAnswered: { question: string; page: string }[]
}

/** The pages the assistant answers `question` from, best first; empty when it says it does not know. */
export const pagesFor = (assistant: LocalAssistant, question: string): string[] => {
  const found = assistant.retrieve([{ role: 'user', content: question }])
  if (found.kind !== 'docs') return []
  return [...new Set([found.best, ...found.secondary, ...found.related].map((hit) => hit.passage.page.path))]
}

/** Top-1 and top-3 page accuracy on answerable questions, and the "I don't know" rate on the rest. */
export const evaluateRetrieval = (
  assistant: LocalAssistant,
  answerable: readonly EvalQuestion[] = ANSWERABLE,
  unanswerable: readonly string[] = UNANSWERABLE,
): RetrievalEval => {
  let top1 = 0
  let top3 = 0
  const misses: Miss[] = []
  for (const { question, pages } of answerable) {
    const got = pagesFor(assistant, question)
    const first = got[0] !== undefined && pages.includes(got[0])
    if (first) top1 += 1
    if (got.slice(0, 3).some((page) => pages.includes(page))) top3 += 1
    if (!first) misses.push({ question, expected: pages, got })
  }
  const wronglyAnswered: { question: string; page: string }[] = []
  for (const question of unanswerable) {
    const got = pagesFor(assistant, question)
    if (got[0] !== undefined) wronglyAnswered.push({ question, page: got[0] })
  }
  return {
    answerable: answerable.length,
    top1,
    top3,
    misses,
    unanswerable: unanswerable.length,
    rejected: unanswerable.length - wronglyAnswered.length,
    wronglyAnswered,
  }
}

export interface SetsEval {
  /** Each set, with whether rules or weights were ever chosen in view of it. */
  sets: { name: string; tuned: boolean; result: RetrievalEval }[]
  /** The sets nothing was chosen on, together: the figure to report against the budgets. */
  untuned: RetrievalEval
  /** The sets the engine was tuned on (rules, weights, the docs' keywords), together: reported apart. */
  tuned: RetrievalEval
}

const NOTHING: RetrievalEval = { answerable: 0, top1: 0, top3: 0, misses: [], unanswerable: 0, rejected: 0, wronglyAnswered: [] }

/** Two evaluations as one. */
export const sumOf = (a: RetrievalEval, b: RetrievalEval): RetrievalEval => ({
  answerable: a.answerable + b.answerable,
  top1: a.top1 + b.top1,
  top3: a.top3 + b.top3,
  misses: [...a.misses, ...b.misses],
  unanswerable: a.unanswerable + b.unanswerable,
  rejected: a.rejected + b.rejected,
  wronglyAnswered: [...a.wronglyAnswered, ...b.wronglyAnswered],
})

/**
 * The assistant's retrieval on every question set, over the docs in `docsDir`. No set is compiled
 * into the assistant: it answers from the docs (and staff's corrections, none here) alone. The sets
 * the engine was tuned on are summed apart from those it never was.
 */
export const evaluateSets = async (docsDir: string, sets = QUESTION_SETS): Promise<SetsEval> => {
  const assistant = await LocalAssistant.fromDirectory(docsDir)
  const results = sets.map((set) => ({ name: set.name, tuned: set.tuned, result: evaluateRetrieval(assistant, set.answerable, set.unanswerable) }))
  return {
    sets: results,
    untuned: results.filter((set) => !set.tuned).reduce((sum, set) => sumOf(sum, set.result), NOTHING),
    tuned: results.filter((set) => set.tuned).reduce((sum, set) => sumOf(sum, set.result), NOTHING),
  }
}
