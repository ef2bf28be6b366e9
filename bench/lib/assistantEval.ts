import { questionKey, type AskedQuestions } from '../../contracts/docsSearch'
import ASKED from '../../contracts/docsSearch/asked.json'
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
  return [...new Set([found.best, ...found.secondary].map((hit) => hit.passage.page.path))]
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

/** The asked questions without those of one set (and any other set's copy of one of them). */
export const withoutSet = (asked: AskedQuestions, set: { answerable: readonly EvalQuestion[]; unanswerable: readonly string[] }): AskedQuestions => {
  const leftOut = new Set([...set.answerable.map(({ question }) => questionKey(question)), ...set.unanswerable.map(questionKey)])
  const kept = (question: string): boolean => !leftOut.has(questionKey(question))
  return {
    answered: Object.fromEntries(Object.entries(asked.answered).map(([page, questions]) => [page, questions.filter(kept)])),
    unanswered: asked.unanswered.filter(kept),
  }
}

export interface HeldOutEval {
  /** Each set, answered by an assistant that learned from the other sets' questions only. */
  sets: { name: string; result: RetrievalEval }[]
  /** All the sets together, so measured. */
  all: RetrievalEval
}

/**
 * The assistant's retrieval on every question set, each set measured by leaving it out of what the
 * assistant learns from (contracts/docsSearch/asked.json holds every set): no question is answered
 * with the help of itself or a copy of it. The pages' keywords lines, the synonyms and the rules
 * were tuned over earlier stops on the sets of their time, and the learning's weights on these
 * figures: a set's first measurement, taken before anything was changed in view of it, is the
 * honest held-out figure (assistantQuestions.ts records each).
 */
export const evaluateHeldOut = async (docsDir: string, sets = QUESTION_SETS, asked: AskedQuestions = ASKED): Promise<HeldOutEval> => {
  const results: { name: string; result: RetrievalEval }[] = []
  for (const set of sets) {
    const assistant = await LocalAssistant.fromDirectory(docsDir, withoutSet(asked, set))
    results.push({ name: set.name, result: evaluateRetrieval(assistant, set.answerable, set.unanswerable) })
  }
  const all = results.reduce<RetrievalEval>(
    (sum, { result }) => ({
      answerable: sum.answerable + result.answerable,
      top1: sum.top1 + result.top1,
      top3: sum.top3 + result.top3,
      misses: [...sum.misses, ...result.misses],
      unanswerable: sum.unanswerable + result.unanswerable,
      rejected: sum.rejected + result.rejected,
      wronglyAnswered: [...sum.wronglyAnswered, ...result.wronglyAnswered],
    }),
    { answerable: 0, top1: 0, top3: 0, misses: [], unanswerable: 0, rejected: 0, wronglyAnswered: [] },
  )
  return { sets: results, all }
}
