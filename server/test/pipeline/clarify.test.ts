import { classify } from '../../src/generation/classify'
import { understand } from '../../src/generation/understand'
import { CLEAR_REQUESTS as CLEAR, VAGUE_REQUESTS as VAGUE } from '../support/requests'
import { answeredLines, MAX_QUESTIONS, offlineQuestions, parseAskUser, questionsReply, requestWithAnswers, type Question } from '../../src/pipeline/clarify'

/** The offline questions for `request`, as the clarification stage asks them. */
const questionsFor = (request: string): Question[] => {
  const { kind, scores } = classify(request)
  return offlineQuestions(request, kind, scores, understand(request, kind))
}

describe('offline questions', () => {
  it.each(VAGUE)('asks about %j: 1 to 3 questions, each with 2 to 4 suggestions', (request) => {
    const questions = questionsFor(request)
    expect(questions.length).toBeGreaterThanOrEqual(1)
    expect(questions.length).toBeLessThanOrEqual(MAX_QUESTIONS)
    for (const question of questions) {
      expect(question.question).toMatch(/\?$/)
      expect(question.suggestions.length).toBeGreaterThanOrEqual(2)
      expect(question.suggestions.length).toBeLessThanOrEqual(4)
    }
    // Never the same question twice.
    expect(new Set(questions.map((question) => question.question)).size).toBe(questions.length)
  })

  it.each(CLEAR)('asks nothing about %j', (request) => {
    expect(questionsFor(request)).toEqual([])
  })

  it('asks what to build only when the words hardly name a kind, and who uses it only when the request does not say', () => {
    expect(questionsFor('Create something cool').map((question) => question.topic)).toEqual(['kind', 'subject', 'users'])
    expect(questionsFor('Build a website').map((question) => question.topic)).toEqual(['subject', 'users'])
    expect(questionsFor('Build a website for my team').map((question) => question.topic)).toEqual(['subject'])
    expect(questionsFor('Make a CLI tool').map((question) => question.topic)).toEqual(['task'])
  })
})

// Written for this test: requests that ask for something they cannot be.
const CONTRADICTORY = [
  'Build a CLI for tracking my reading that runs in the browser',
  'Make a command-line program with a GUI for renaming files',
  'Create a command line tool for expenses that works inside a web browser',
  'Build a web app for booking rooms that only runs in the terminal',
  'Create a website for my shop with no user interface',
  'Make a web application for notes without a front-end',
  'Build a REST API for orders without any server',
  'Create an HTTP API for tickets with no HTTP',
]

describe('a contradiction', () => {
  it.each(CONTRADICTORY)('is asked about first: %j', (request) => {
    const [first, ...rest] = questionsFor(request)
    expect(rest).toEqual([])
    expect(first?.topic).toBe('kind')
    expect(first?.question).toMatch(/^The request asks for (a command-line tool|a web app|an HTTP API) but also says "[^"]+", which .+ cannot be\. What should it be: /)
    expect(first?.question.length).toBeLessThanOrEqual(300)
  })

  it.each(['Make a CLI that generates a static website', 'Build a web app to manage my servers', 'Create a web app where people click buttons to vote'])(
    'is not what %j says',
    (request) => {
      expect(questionsFor(request).every((question) => !question.question.startsWith('The request asks for'))).toBe(true)
    },
  )
})

describe('answers', () => {
  const questions = questionsFor('Create something cool')

  it('join the request as sentences that say what each settled, leaving out blank ones', () => {
    const request = requestWithAnswers('Create something cool', questions, ['An HTTP API', 'Customers and orders', '  '])
    expect(request).toBe('Create something cool\n\nIt should be an HTTP API. It should keep track of customers and orders.')
    // What the engine builds from it: an API of customers and orders.
    const { kind } = classify(request)
    expect(kind).toBe('http-api')
    expect(understand(request, kind).resources.map((resource) => resource.plural)).toEqual(expect.arrayContaining(['customers', 'orders']))
    expect(questionsFor(request)).toEqual([])
  })

  it('are restated with their questions, an unanswered one as built on the assumptions', () => {
    expect(answeredLines(questions, ['A web app', '', 'My team'])).toEqual([
      `${questions[0]?.question} A web app`,
      `${questions[1]?.question} Not answered: built on the assumptions`,
      `${questions[2]?.question} My team`,
    ])
    const reply = questionsReply(questions)
    for (const question of questions) expect(reply).toContain(question.question)
    expect(reply).toContain("'Just build it'")
  })
})

describe('ask_user, strictly read', () => {
  const valid = { questions: [{ question: 'Who uses it?', suggestions: ['Me', 'My team'] }] }

  it('takes 1 to 3 questions of 2 to 4 suggestions each', () => {
    expect(parseAskUser(JSON.stringify(valid))).toEqual([{ topic: 'open', question: 'Who uses it?', suggestions: ['Me', 'My team'] }])
  })

  it.each([
    ['not JSON', 'questions: who?'],
    ['no questions', JSON.stringify({ questions: [] })],
    ['four questions', JSON.stringify({ questions: Array.from({ length: 4 }, () => valid.questions[0]) })],
    ['one suggestion', JSON.stringify({ questions: [{ question: 'Who?', suggestions: ['Me'] }] })],
    ['five suggestions', JSON.stringify({ questions: [{ question: 'Who?', suggestions: ['a', 'b', 'c', 'd', 'e'] }] })],
    ['a blank question', JSON.stringify({ questions: [{ question: ' ', suggestions: ['a', 'b'] }] })],
    ['an extra field', JSON.stringify({ questions: [{ question: 'Who?', suggestions: ['a', 'b'], why: 'x' }] })],
    ['an extra argument', JSON.stringify({ ...valid, round: 2 })],
    ['a number for a suggestion', JSON.stringify({ questions: [{ question: 'Who?', suggestions: ['a', 2] }] })],
  ])('refuses %s', (_name, raw) => {
    expect(parseAskUser(raw)).toBeUndefined()
  })
})
