/**
 * Section `assistant`: the offline assistant's answers, measured from the outside. Questions
 * written as visitors ask them, each with the docs page(s) that answer it: is the page it answers
 * from the right one (top-1), or among the pages it links (top-3)? Questions the docs cannot
 * answer: does it say it does not know? And messages with a build word: does the build endpoint's
 * classification tell a request to build from a question?
 */
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { intentByRules } from '../../server/src/generation/intent'
import { LocalAssistant } from '../../server/src/llm/local/assistant'
import { evaluateSets, evaluateSlips, type RetrievalEval } from '../lib/assistantEval'
import { ALL_ANSWERABLE, ALL_INTENTS, ALL_UNANSWERABLE, QUESTION_SETS } from '../lib/assistantQuestions'
import { type Budgets, heading, ms, percentile, subheading, table } from '../lib/report'

export const ASSISTANT_BUDGETS = { top1: 0.9, top3: 0.97, rejected: 0.8, intents: 0.95, answerP95Ms: 20 } as const

export interface AssistantSummary {
  questions: number
  top1: number
  top3: number
  unanswerable: number
  rejected: number
  intents: number
  intentsCorrect: number
  answerP50Ms: number
  answerP95Ms: number
}

const percent = (part: number, whole: number): string => (whole > 0 ? `${((100 * part) / whole).toFixed(1)}%` : 'n/a')

/** The misses of sets never tuned on are not printed unless asked for: looking at them is tuning on them. */
const SHOW_UNTUNED_MISSES = process.env.ASSISTANT_SHOW_UNTUNED_MISSES === '1'

export const assistantSection = async (budgets: Budgets, summary: { assistant?: AssistantSummary }): Promise<void> => {
  heading('11. Assistant: answers from the right docs page, questions told from builds')
  const docs = path.resolve(__dirname, '../../docs')
  const assistant = await LocalAssistant.fromDirectory(docs)
  console.log(
    `${assistant.passageCount} docs passages; ${ALL_ANSWERABLE.length} answerable questions, ${ALL_UNANSWERABLE.length} unanswerable, ${ALL_INTENTS.length} build-word messages, in ${QUESTION_SETS.length} sets written apart`,
  )
  // No set is compiled into the assistant. The sets rules or weights were chosen on ('tuned on')
  // are summed apart; the budgets hold on the others.
  const { sets, untuned, tuned } = await evaluateSets(docs)
  subheading('Retrieval (the docs alone; no question set is part of the assistant)')
  const row = (name: string, r: RetrievalEval) => [
    name,
    `${r.top1}/${r.answerable} (${percent(r.top1, r.answerable)})`,
    `${r.opens}/${r.answerable} (${percent(r.opens, r.answerable)})`,
    `${r.top3}/${r.answerable} (${percent(r.top3, r.answerable)})`,
    `${r.rejected}/${r.unanswerable} (${percent(r.rejected, r.unanswerable)})`,
  ]
  console.log(
    table(
      ['set', 'top-1 page', 'reply quotes it first', 'top-3 pages', "unanswerable: 'I don't know'"],
      [...sets.map((set) => row(`${set.name}${set.tuned ? ' (tuned on)' : ''}`, set.result)), row('all tuned on', tuned), row('never tuned on', untuned)],
    ),
  )
  const shown = sets.filter((set) => set.tuned || SHOW_UNTUNED_MISSES).map((set) => set.result)
  const misses = shown.flatMap((result) => result.misses)
  const wrong = shown.flatMap((result) => result.wronglyAnswered)
  if (misses.length > 0) {
    subheading(`Missed (top-1)${SHOW_UNTUNED_MISSES ? '' : ', sets tuned on only'}`)
    console.log(table(['question', 'answered from', 'expected'], misses.map((miss) => [miss.question, miss.got[0] ?? "(I don't know)", miss.expected.join(', ')])))
  }
  if (wrong.length > 0) {
    subheading(`Answered, but the docs cannot answer them${SHOW_UNTUNED_MISSES ? '' : ', sets tuned on only'}`)
    console.log(table(['question', 'answered from'], wrong.map((item) => [item.question, item.page])))
  }

  subheading("Misspelt: each answerable question with one slip of typing in its longest word")
  const slipRows = (['never tuned on', 'tuned on'] as const).flatMap((kind) => {
    const questions = QUESTION_SETS.filter((set) => set.tuned === (kind === 'tuned on')).flatMap((set) => set.answerable)
    const clean = kind === 'tuned on' ? tuned.top1 : untuned.top1
    return evaluateSlips(assistant, questions).map(({ slip, top1, declined }) => [kind, slip, `${top1}/${questions.length} (${percent(top1, questions.length)})`, `${clean}`, `${declined}`])
  })
  console.log(table(['questions', 'slip', 'top-1 page', 'top-1 as written', "'I don't know'"], slipRows))

  const times: number[] = []
  for (const { question } of ALL_ANSWERABLE) {
    const started = performance.now()
    assistant.answer([{ role: 'user', content: question }])
    times.push(performance.now() - started)
  }

  subheading('Questions or builds (the classification of POST /api/overseer/chat, keyword rules)')
  const intentSets = QUESTION_SETS.map((set) => ({ set, wrong: set.intents.filter(({ text, build }) => (intentByRules(text) === 'build') !== build) }))
  const untunedIntents = intentSets.filter(({ set }) => !set.tuned)
  const intentCount = untunedIntents.reduce((sum, { set }) => sum + set.intents.length, 0)
  const intentsCorrect = intentCount - untunedIntents.reduce((sum, { wrong }) => sum + wrong.length, 0)
  const tunedWrong = intentSets.filter(({ set }) => set.tuned).flatMap(({ wrong }) => wrong)
  console.log(`never tuned on: ${intentsCorrect}/${intentCount} correct; tuned on: ${ALL_INTENTS.length - intentCount - tunedWrong.length}/${ALL_INTENTS.length - intentCount}`)
  if (tunedWrong.length > 0) console.log(table(['message (tuned on)', 'expected'], tunedWrong.map(({ text, build }) => [text, build ? 'build' : 'question'])))

  summary.assistant = {
    questions: untuned.answerable,
    top1: untuned.top1,
    top3: untuned.top3,
    unanswerable: untuned.unanswerable,
    rejected: untuned.rejected,
    intents: intentCount,
    intentsCorrect,
    answerP50Ms: percentile(times, 50),
    answerP95Ms: percentile(times, 95),
  }
  console.log(`Answer time: p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}`)
  const share = (part: number, whole: number) => (whole > 0 ? part / whole : 0)
  budgets.check('assistant', 'Assistant top-1 page (never tuned on)', share(untuned.top1, untuned.answerable) >= ASSISTANT_BUDGETS.top1, percent(untuned.top1, untuned.answerable), `≥ ${ASSISTANT_BUDGETS.top1 * 100}%`)
  budgets.check('assistant', 'Assistant top-3 pages (never tuned on)', share(untuned.top3, untuned.answerable) >= ASSISTANT_BUDGETS.top3, percent(untuned.top3, untuned.answerable), `≥ ${ASSISTANT_BUDGETS.top3 * 100}%`)
  budgets.check(
    'assistant',
    "Assistant 'I don't know' on unanswerable questions (never tuned on)",
    share(untuned.rejected, untuned.unanswerable) >= ASSISTANT_BUDGETS.rejected,
    percent(untuned.rejected, untuned.unanswerable),
    `≥ ${ASSISTANT_BUDGETS.rejected * 100}%`,
  )
  budgets.check('assistant', 'Questions told from builds (never tuned on)', share(intentsCorrect, intentCount) >= ASSISTANT_BUDGETS.intents, percent(intentsCorrect, intentCount), `≥ ${ASSISTANT_BUDGETS.intents * 100}%`)
  budgets.check('assistant', 'Assistant answer time p95', percentile(times, 95) < ASSISTANT_BUDGETS.answerP95Ms, ms(percentile(times, 95)), `< ${ASSISTANT_BUDGETS.answerP95Ms} ms`)
}
