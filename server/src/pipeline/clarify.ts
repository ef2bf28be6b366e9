import type { ClarificationQuestion } from '@contracts/buildEvents'
import type { ProjectKind } from '../generation/classify'
import type { Understanding } from '../generation/understand'

/**
 * The clarification stage's questions: whether a request is clear enough to build well, and if
 * not, what to ask. Offline, the questions come from what the request's understanding could not
 * find; a model decides itself through `ask_user` (modelStages). The answers join the request, so
 * every later stage (and the README that restates the request) builds on them.
 */

/** What a question settles: how its answer joins the request. `open`: a model's own question. */
export type QuestionTopic = 'kind' | 'subject' | 'users' | 'task' | 'open'

export interface Question extends ClarificationQuestion {
  topic: QuestionTopic
}

/** The most questions a round asks. */
export const MAX_QUESTIONS = 3
/** The rounds of questions a build may ask: one, and one more when an answer was itself unclear. */
export const MAX_ROUNDS = 2
/** The longest answer taken (longer ones are refused by the API). */
export const MAX_ANSWER_LENGTH = 500

export const CLARIFICATION_MESSAGES = {
  waiting: 'Waiting for your answers',
  intro: 'Before I build this, a few questions: the answers decide what gets built.',
  skipHint: "Answer with the buttons or in your own words, or choose 'Just build it' and I will build on the assumptions below.",
  timedOut: (after: string) => `No answers came within ${after}, so the build was stopped. Send the request again to build it.`,
  nothingAsked: 'Nothing is asked: this build is not waiting for answers.',
  /** The message that stands for 'Just build it' in the conversation. */
  skipped: 'Just build it: no answers, build on the assumptions.',
  answerCount: (count: number) => `Send one answer per question (${count}), or skip: true.`,
} as const

const KIND_QUESTION: Question = {
  topic: 'kind',
  question: 'What should it be: a web app people open in a browser, an HTTP API other programs call, or a command-line tool?',
  suggestions: ['A web app', 'An HTTP API', 'A command-line tool'],
}

const SUBJECT_QUESTION: Question = {
  topic: 'subject',
  question: 'What should it keep track of?',
  suggestions: ['Customers and orders', 'Products and stock', 'Appointments and bookings', 'Tasks and projects'],
}

const USERS_QUESTION: Question = {
  topic: 'users',
  question: 'Who will use it?',
  suggestions: ['Just me', 'My team', 'My customers'],
}

const CLI_QUESTION: Question = {
  topic: 'task',
  question: 'What should the command do?',
  suggestions: ['Convert CSV files to JSON', 'Count the words in files', 'Find and replace text in files', 'Search files for a pattern'],
}

const LIBRARY_QUESTION: Question = {
  topic: 'task',
  question: 'What should the library offer?',
  suggestions: ['Turn titles into URL slugs', 'Format prices', 'Validate e-mail addresses', 'Parse durations like 1h30m'],
}

/** A kind of software and a way it is asked to run or look that the kind cannot have. */
interface Contradiction {
  /** What the request asks for, as it reads: 'a command-line tool'. */
  asked: string
  /** What that kind cannot be: 'runs in the browser'. */
  but: string
}

/**
 * Kinds asked for together with what they cannot be: a terminal program that runs in a browser or
 * has buttons, a web page that runs only in a terminal or has no page, an HTTP API without a
 * server. Each is the kind's words, and the words of what it is asked to be besides.
 */
const CONTRADICTIONS: readonly { asked: string; kind: RegExp; but: RegExp }[] = [
  {
    asked: 'a command-line tool',
    kind: /\b(?:cli|command[- ]line|terminal (?:tool|app|program|command))\b/i,
    but: /\b(?:(?:runs?|running|opens?|works?|lives?|shown|displayed)\s+(?:in|inside|within)\s+(?:the\s+|a\s+|my\s+|any\s+)?(?:web\s*)?browsers?|graphical (?:user )?interface|gui|buttons? to (?:click|press)|drag and drop)\b/i,
  },
  {
    asked: 'a web app',
    kind: /\b(?:web ?app|web ?site|web page|webpage|web application|landing page)\b/i,
    but: /\b(?:(?:runs?|works?|only)\s+(?:only\s+)?in\s+(?:the\s+|a\s+)?(?:terminal|command line|console|shell)|(?:without|no)\s+(?:a\s+|any\s+)?(?:browser|pages?|user interface|ui|front[- ]?end|html))\b/i,
  },
  {
    asked: 'an HTTP API',
    kind: /\b(?:rest(?:ful)? api|http api|web api|api server|api endpoints?|an api|the api)\b/i,
    but: /\b(?:without|no)\s+(?:a\s+|any\s+)?(?:server|http|endpoints?|network(?:ing)?|requests)\b/i,
  },
]

/** What the request asks for and cannot be, if anything. */
export const contradictionIn = (request: string): Contradiction | undefined => {
  for (const { asked, kind, but } of CONTRADICTIONS) {
    const said = but.exec(request)
    if (kind.test(request) && said) return { asked, but: said[0] }
  }
  return undefined
}

const contradictionQuestion = ({ asked, but }: Contradiction): Question => ({
  ...KIND_QUESTION,
  question: `The request asks for ${asked} but also says "${but}", which ${asked} cannot be. ${KIND_QUESTION.question}`,
})

/** How strongly the request's words name a kind (the classifier's best score): at most this is a guess, not a kind named. */
const WEAK_KIND = 1

/**
 * The questions a vague request needs offline, at most MAX_QUESTIONS; none for a clear one. A
 * request is clear when it names what the project works on: collections for a web app or an API
 * (books, tasks, orders), a task for a command-line tool or a library. When it names nothing, the
 * questions ask for that, for the kind when its words hardly name one, and who uses it.
 */
export const offlineQuestions = (request: string, kind: ProjectKind, scores: Record<ProjectKind, number>, understanding: Understanding): Question[] => {
  // Something it cannot both be ('a command-line tool that runs in the browser'): which one, first of all.
  const contradiction = contradictionIn(request)
  if (contradiction) return [contradictionQuestion(contradiction)]
  const best = Math.max(...Object.values(scores))
  // A tool or a library names its subject by a task the engine knows, or by any words of its own ('array helpers').
  const tool = kind === 'cli' || kind === 'library'
  const subjectNamed = tool
    ? understanding.cliTask !== 'generic' || understanding.libraryTasks.length > 0 || SAYS_WHAT.test(request)
    : understanding.resourcesNamed
  if (subjectNamed) return []
  const kindUnclear = best <= WEAK_KIND
  const subject = kindUnclear || !tool ? SUBJECT_QUESTION : kind === 'cli' ? CLI_QUESTION : LIBRARY_QUESTION
  const usersNamed = USERS_NAMED.test(request)
  return [...(kindUnclear ? [KIND_QUESTION] : []), subject, ...(tool || usersNamed ? [] : [USERS_QUESTION])].slice(0, MAX_QUESTIONS)
}

/** What a tool or library is for, said after what it is ('a library *of array helpers*', 'a CLI *to rename photos*'); not whose it is ('for my team'). */
const SAYS_WHAT = /\b(?:that|which|to|for|of|with|about|from|into)\s+(?!(?:me|us|my|our|myself|ourselves|you)\b)[a-z0-9]/i
/** Who will use it, said in the request ('for my team', 'our customers'): not asked again. */
const USERS_NAMED =
  /\b(?:myself|team|teams|staff|employees|colleagues|customers|clients|students|teachers|members|users|visitors|public|everyone|anyone|family|friends|kids|children|parents|patients|guests|volunteers)\b/i

/** An answer as it joins the request: a sentence that says what the question settled. */
const sentenceOf = (question: Question, answer: string): string => {
  const said = answer.trim().replace(/[.!]+$/, '')
  switch (question.topic) {
    case 'kind':
      return `It should be ${said.replace(/^(?:it should be|build)\s+/i, '').replace(/^(?:an?|the)\b/i, (article) => article.toLowerCase())}.`
    case 'subject':
      return `It should keep track of ${said.replace(/^(?:it should keep track of|track)\s+/i, '').toLowerCase()}.`
    case 'users':
      return `It is used by ${said.replace(/^(?:it is used by|used by)\s+/i, '').replace(/^just me$/i, 'one person, me').toLowerCase()}.`
    case 'task':
      return `It should ${said.charAt(0).toLowerCase()}${said.slice(1)}.`
    case 'open':
      return `${question.question} ${said}.`
  }
}

/** The request with the answers given (blank answers are left out): what every later stage builds. */
export const requestWithAnswers = (request: string, questions: readonly Question[], answers: readonly string[]): string => {
  const sentences = questions.flatMap((question, index) => {
    const answer = answers[index]?.trim()
    return answer ? [sentenceOf(question, answer)] : []
  })
  return sentences.length > 0 ? `${request.trim()}\n\n${sentences.join(' ')}` : request
}

/** What was asked and answered (or assumed), as lines for the plan, the README and the reply. */
export const answeredLines = (questions: readonly Question[], answers: readonly string[] | undefined): string[] =>
  questions.map((question, index) => {
    const answer = answers?.[index]?.trim()
    return answer ? `${question.question} ${answer}` : `${question.question} Not answered: built on the assumptions`
  })

/** The reply that asks the questions (Markdown), stored in the conversation while the build waits. */
export const questionsReply = (questions: readonly ClarificationQuestion[]): string =>
  [
    CLARIFICATION_MESSAGES.intro,
    '',
    ...questions.map((question, index) => `${index + 1}. **${question.question}** (for example: ${question.suggestions.join('; ')})`),
    '',
    CLARIFICATION_MESSAGES.skipHint,
  ].join('\n')

/** A model's `ask_user` arguments, strictly read: 1 to MAX_QUESTIONS questions, each with 2 to 4 suggestions; undefined when anything is off. */
export const parseAskUser = (raw: string): Question[] | undefined => {
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return undefined
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined
  const keys = Object.keys(value)
  if (keys.length !== 1 || keys[0] !== 'questions') return undefined
  const questions = (value as { questions: unknown }).questions
  if (!Array.isArray(questions) || questions.length < 1 || questions.length > MAX_QUESTIONS) return undefined
  const parsed: Question[] = []
  for (const item of questions) {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return undefined
    const { question, suggestions, ...rest } = item as Record<string, unknown>
    if (Object.keys(rest).length > 0) return undefined
    if (typeof question !== 'string' || question.trim() === '' || question.length > 300) return undefined
    if (!Array.isArray(suggestions) || suggestions.length < 2 || suggestions.length > 4) return undefined
    if (!suggestions.every((suggestion): suggestion is string => typeof suggestion === 'string' && suggestion.trim() !== '' && suggestion.length <= 120)) return undefined
    parsed.push({ topic: 'open', question: question.trim(), suggestions: suggestions.map((suggestion) => suggestion.trim()) })
  }
  return parsed
}
