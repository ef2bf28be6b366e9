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
import { evaluateHeldOut, type RetrievalEval } from '../lib/assistantEval'
import { ALL_ANSWERABLE, ALL_INTENTS, ALL_UNANSWERABLE, QUESTION_SETS } from '../lib/assistantQuestions'
import { type Budgets, heading, ms, percentile, subheading, table } from '../lib/report'

export const ASSISTANT_BUDGETS = { top1: 0.9, rejected: 0.8, intents: 0.95 } as const

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

const percent = (part: number, whole: number): string => `${((100 * part) / whole).toFixed(1)}%`

export const assistantSection = async (budgets: Budgets, summary: { assistant?: AssistantSummary }): Promise<void> => {
  heading('11. Assistant: answers from the right docs page, questions told from builds')
  const docs = path.resolve(__dirname, '../../docs')
  const assistant = await LocalAssistant.fromDirectory(docs)
  console.log(
    `${assistant.passageCount} docs passages; ${ALL_ANSWERABLE.length} answerable questions, ${ALL_UNANSWERABLE.length} unanswerable, ${ALL_INTENTS.length} build-word messages, in ${QUESTION_SETS.length} sets written apart`,
  )
  // The assistant learns from the sets' questions (contracts/docsSearch/asked.json): each set is
  // measured by an assistant that learned from the others only (see evaluateHeldOut for what that
  // does not hold out; the newest set's first measurement is the blind figure).
  const { sets, all: result } = await evaluateHeldOut(docs)
  subheading('Retrieval (each set answered by an assistant that learned from the other sets only)')
  const row = (name: string, r: RetrievalEval) => [
    name,
    `${r.top1}/${r.answerable} (${percent(r.top1, r.answerable)})`,
    `${r.top3}/${r.answerable} (${percent(r.top3, r.answerable)})`,
    `${r.rejected}/${r.unanswerable} (${percent(r.rejected, r.unanswerable)})`,
  ]
  console.log(table(['set', 'top-1 page', 'top-3 pages', "unanswerable: 'I don't know'"], [...sets.map((set) => row(set.name, set.result)), row('all', result)]))
  if (result.misses.length > 0) {
    subheading('Missed (top-1)')
    console.log(
      table(
        ['question', 'answered from', 'expected'],
        result.misses.map((miss) => [miss.question, miss.got[0] ?? "(I don't know)", miss.expected.join(', ')]),
      ),
    )
  }
  if (result.wronglyAnswered.length > 0) {
    subheading('Answered, but the docs cannot answer them')
    console.log(table(['question', 'answered from'], result.wronglyAnswered.map((wrong) => [wrong.question, wrong.page])))
  }

  const times: number[] = []
  for (const { question } of ALL_ANSWERABLE) {
    const started = performance.now()
    assistant.answer([{ role: 'user', content: question }])
    times.push(performance.now() - started)
  }

  subheading('Questions or builds (the classification of POST /api/overseer/chat, keyword rules)')
  const wrongIntents = ALL_INTENTS.filter(({ text, build }) => (intentByRules(text) === 'build') !== build)
  console.log(`${ALL_INTENTS.length - wrongIntents.length}/${ALL_INTENTS.length} correct`)
  if (wrongIntents.length > 0) console.log(table(['message', 'expected'], wrongIntents.map(({ text, build }) => [text, build ? 'build' : 'question'])))

  const intentsCorrect = ALL_INTENTS.length - wrongIntents.length
  summary.assistant = {
    questions: result.answerable,
    top1: result.top1,
    top3: result.top3,
    unanswerable: result.unanswerable,
    rejected: result.rejected,
    intents: ALL_INTENTS.length,
    intentsCorrect,
    answerP50Ms: percentile(times, 50),
    answerP95Ms: percentile(times, 95),
  }
  console.log(`Answer time: p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}`)
  budgets.check('assistant', 'Assistant top-1 page accuracy', result.top1 / result.answerable >= ASSISTANT_BUDGETS.top1, percent(result.top1, result.answerable), `≥ ${ASSISTANT_BUDGETS.top1 * 100}%`)
  budgets.check(
    'assistant',
    "Assistant 'I don't know' on unanswerable questions",
    result.rejected / result.unanswerable >= ASSISTANT_BUDGETS.rejected,
    percent(result.rejected, result.unanswerable),
    `≥ ${ASSISTANT_BUDGETS.rejected * 100}%`,
  )
  budgets.check('assistant', 'Questions told from builds', intentsCorrect / ALL_INTENTS.length >= ASSISTANT_BUDGETS.intents, percent(intentsCorrect, ALL_INTENTS.length), `≥ ${ASSISTANT_BUDGETS.intents * 100}%`)
}
