import { LocalAssistant, type Retrieval } from '../../server/src/llm/local/assistant'
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
  /** Answerable questions whose reply quotes the right page first: what the reader sees of top-1. */
  opens: number
  top3: number
  misses: Miss[]
  unanswerable: number
  rejected: number
  /** Unanswerable questions that got an answer, with the page it came from. */
  wronglyAnswered: { question: string; page: string }[]
}

/** The pages of what the assistant found, best first; empty when it says it does not know. */
const pagesOf = (found: Retrieval): string[] =>
  found.kind === 'docs' ? [...new Set([found.best, ...found.secondary, ...found.related].map((hit) => hit.passage.page.path))] : []

/** The pages the assistant answers `question` from, best first; empty when it says it does not know. */
export const pagesFor = (assistant: LocalAssistant, question: string): string[] => pagesOf(assistant.retrieve([{ role: 'user', content: question }]))

/** Top-1 and top-3 page accuracy on answerable questions, and the "I don't know" rate on the rest. */
export const evaluateRetrieval = (
  assistant: LocalAssistant,
  answerable: readonly EvalQuestion[] = ANSWERABLE,
  unanswerable: readonly string[] = UNANSWERABLE,
): RetrievalEval => {
  let top1 = 0
  let opens = 0
  let top3 = 0
  const misses: Miss[] = []
  for (const { question, pages } of answerable) {
    const messages = [{ role: 'user' as const, content: question }]
    const found = assistant.retrieve(messages)
    const got = pagesOf(found)
    const first = got[0] !== undefined && pages.includes(got[0])
    if (first) top1 += 1
    // The section the reply opens with, its first under Sources (what the Questions page names).
    const { source } = assistant.replyFrom(found, messages)
    if (source.kind === 'docs' && pages.includes(source.path)) opens += 1
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
    opens,
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

const NOTHING: RetrievalEval = { answerable: 0, top1: 0, opens: 0, top3: 0, misses: [], unanswerable: 0, rejected: 0, wronglyAnswered: [] }

/** Two evaluations as one. */
export const sumOf = (a: RetrievalEval, b: RetrievalEval): RetrievalEval => ({
  answerable: a.answerable + b.answerable,
  top1: a.top1 + b.top1,
  opens: a.opens + b.opens,
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

/** The slips of typing a misspelt question is made with. */
export const SLIPS = ['two letters swapped', 'a letter dropped', 'a letter doubled', 'a letter mistyped'] as const
export type Slip = (typeof SLIPS)[number]

/**
 * `question` with one slip of typing in its longest word of five letters or more (the first of
 * the longest, alphabetically), at the word's middle: 'approval' → 'apprvoal', 'approal',
 * 'approoval', 'approeal'. Deterministic, so that each run asks the same.
 */
export const misspelt = (question: string, slip: Slip): string => {
  const word = [...(question.match(/[A-Za-z]{5,}/g) ?? [])].sort((a, b) => b.length - a.length || a.localeCompare(b))[0]
  if (!word) return question
  const at = Math.floor(word.length / 2)
  const before = word.slice(0, at)
  const letter = word.charAt(at)
  const typed =
    slip === 'two letters swapped'
      ? `${word.slice(0, at - 1)}${letter}${word.charAt(at - 1)}${word.slice(at + 1)}`
      : slip === 'a letter dropped'
        ? `${before}${word.slice(at + 1)}`
        : slip === 'a letter doubled'
          ? `${before}${letter}${word.slice(at)}`
          : `${before}${letter === 'e' ? 'a' : 'e'}${word.slice(at + 1)}`
  return question.replace(word, typed)
}

/** Top-1 page accuracy on `answerable` questions asked with each slip of typing (misspelt). */
export const evaluateSlips = (assistant: LocalAssistant, answerable: readonly EvalQuestion[], slips: readonly Slip[] = SLIPS): { slip: Slip; top1: number; declined: number }[] =>
  slips.map((slip) => {
    let top1 = 0
    let declined = 0
    for (const { question, pages } of answerable) {
      const first = pagesFor(assistant, misspelt(question, slip))[0]
      if (first === undefined) declined += 1
      else if (pages.includes(first)) top1 += 1
    }
    return { slip, top1, declined }
  })
