/**
 * Writes contracts/docsSearch/asked.json: the questions visitors asked (the assistant's question
 * sets, bench/lib/assistantQuestions*), each answered one under the page that answers it best (the
 * first listed), and those the docs do not answer. The docs search leans to the page of the closest
 * answered question; the assistant says it does not know a question closest to an unanswered one.
 * Run `npm run asked` after a set changes; a test fails when the file is out of date.
 */
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { questionKey, type AskedQuestions } from '../contracts/docsSearch'
import { QUESTION_SETS } from '../bench/lib/assistantQuestions'

const ROOT = path.resolve(__dirname, '..')
export const ASKED_FILE = path.join(ROOT, 'contracts', 'docsSearch', 'asked.json')

/** The sets' questions, answered ones by page (in the sets' order), each once. */
export const buildAsked = (): AskedQuestions => {
  const answered: Record<string, string[]> = {}
  const unanswered: string[] = []
  const seen = new Set<string>()
  const once = (question: string): boolean => {
    const key = questionKey(question)
    if (seen.has(key)) return false
    seen.add(key)
    return true
  }
  for (const set of QUESTION_SETS) {
    for (const { question, pages } of set.answerable) {
      const page = pages[0]
      if (page !== undefined && once(question)) (answered[page] ??= []).push(question)
    }
    for (const question of set.unanswerable) if (once(question)) unanswered.push(question)
  }
  const byPage = Object.fromEntries(Object.entries(answered).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
  return { answered: byPage, unanswered }
}

const main = (): void => {
  const asked = buildAsked()
  writeFileSync(ASKED_FILE, `${JSON.stringify(asked, null, 1)}\n`)
  const count = Object.values(asked.answered).reduce((sum, questions) => sum + questions.length, 0)
  console.log(`wrote ${path.relative(ROOT, ASKED_FILE)}: ${count} answered questions on ${Object.keys(asked.answered).length} pages, ${asked.unanswered.length} unanswered`)
}

if (require.main === module) main()
