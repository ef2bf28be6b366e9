import { EIGHTEENTH_SET, FIFTEENTH_SET, FOURTEENTH_SET, NINETEENTH_SET, QUESTION_SETS, SEVENTEENTH_SET, SIXTEENTH_SET, TWENTIETH_SET, TWENTY_FIRST_SET, TWENTY_SECOND_SET, TWENTY_THIRD_SET } from '../../../bench/lib/assistantQuestions'
import { intentByRules, parseFollowUpIntent, parseIntent } from '../../src/generation/intent'
import { useTestApp } from '../helper'
import { buildConfig, buildRequest, sendBuild } from '../support/builds'
import { chatConfig, newVisitor } from '../support/chat'

describe('questions are not builds: the keyword rules', () => {
  // Every message of the sets written before the fourteenth, each right as it was when they were added
  // (the fourteenth to the twenty-third are held out).
  // Each held-out set, and the messages it told right when first measured.
  const HELD_OUT_LEVELS = [
    ['fourteenth', FOURTEENTH_SET, 23],
    ['fifteenth', FIFTEENTH_SET, 24],
    ['sixteenth', SIXTEENTH_SET, 23],
    ['seventeenth', SEVENTEENTH_SET, 20],
    ['eighteenth', EIGHTEENTH_SET, 23],
    ['nineteenth', NINETEENTH_SET, 24],
    ['twentieth', TWENTIETH_SET, 24],
    ['twenty-first', TWENTY_FIRST_SET, 24],
    ['twenty-second', TWENTY_SECOND_SET, 24],
    ['twenty-third', TWENTY_THIRD_SET, 24],
  ] as const
  const HELD_OUT = new Set<unknown>(HELD_OUT_LEVELS.map(([, set]) => set.intents))
  const EARLIER = QUESTION_SETS.filter((set) => !HELD_OUT.has(set.intents)).flatMap((set) => set.intents)
  it.each(EARLIER.map((intent) => [intent.text, intent.build ? 'build' : 'question'] as const))('%s → %s', (text, expected) => {
    expect(intentByRules(text)).toBe(expected)
  })

  // Held out: only the count is read, so that no rule is written for one of its messages.
  it.each(HELD_OUT_LEVELS.map(([name, set, floor]) => [name, floor, set] as const))(
    'tells the held-out %s set at its first measured level (%i of 24), its messages unnamed',
    (_name, floor, set) => {
      const right = set.intents.filter((intent) => intentByRules(intent.text) === (intent.build ? 'build' : 'question')).length
      expect(set.intents).toHaveLength(24)
      expect(right).toBeGreaterThanOrEqual(floor)
    },
  )

  it('reads requests with details after the first sentence, and questions that end without a question mark', () => {
    expect(intentByRules('Create an expense tracker. It should have categories and a monthly total.')).toBe('build')
    expect(intentByRules('Hi! Can you please make me a weather dashboard?')).toBe('build')
    expect(intentByRules('how do i make the build faster')).toBe('question')
    expect(intentByRules('I want to know what the development stage creates')).toBe('question')
    expect(intentByRules('We need an HTTP API that generates invoices')).toBe('build')
    expect(intentByRules("I'm curious whether it can create a project in Go")).toBe('question')
    expect(intentByRules('Just wondering how long it takes to make an app')).toBe('question')
    expect(intentByRules('I was wondering if you could build me a recipe app')).toBe('build')
    expect(intentByRules('I tried to create a staff account with npm run users but the Logs page says access denied. Why?')).toBe('question')
    // Everyday ways to ask for something made.
    expect(intentByRules('could you whip up a CLI that renames photos by date')).toBe('build')
    expect(intentByRules('Hack together a scraper for job listings')).toBe('build')
    expect(intentByRules('Can you cook up a habit tracker?')).toBe('build')
    expect(intentByRules('how long does it take to whip up an app?')).toBe('question')
  })

  it('reads a description followed by the ask for it, and not an ask for something else', () => {
    expect(intentByRules("We're a small bakery and want a page where customers pre-order for pickup. Could you build that for us?")).toBe('build')
    expect(intentByRules('A habit tracker with streaks and reminders. Build it please.')).toBe('build')
    expect(intentByRules('The token chart on the dashboard is tiny. Can you make it bigger?')).toBe('question')
    expect(intentByRules('My build of the recipe app failed. Could you make it work?')).toBe('question')
    // A description says what the product does ('works offline') and is still one.
    expect(intentByRules('A todo app, works offline, with reminders.')).toBe('build')
    // A line break ends a sentence as a full stop does.
    expect(intentByRules('A pre-order page for our bakery\nCould you build that for us?')).toBe('build')
  })

  it('reads polite and indirect requests, and a build word used as a noun', () => {
    for (const request of [
      'Can you help me build a todo app?',
      'Would you be able to build a small web app that tracks which vendors signed our agreement?',
      'Would it be possible to create a landing page for my cafe?',
      'How about making a snake game?',
      'Can I get a CLI that renames photos? Make it fast',
      'make it dark mode',
    ]) {
      expect(intentByRules(request)).toBe('build')
    }
    for (const question of [
      'Build failed, what now?',
      'build logs show an error, why?',
      'Can you tell me how to build a REST API?',
      'What can you build?',
      'Is it possible to build projects in Python?',
      'Is it possible to make the approval gates optional?',
    ]) {
      expect(intentByRules(question)).toBe('question')
    }
  })

  it("parses a model's answer strictly", () => {
    expect(parseIntent('question')).toBe('question')
    expect(parseIntent(' "Question." ')).toBe('question')
    expect(parseIntent('web-app')).toBeUndefined()
    expect(parseIntent('It is a question')).toBeUndefined()
    expect(parseFollowUpIntent('change')).toBe('change')
    expect(parseFollowUpIntent('**Question.**')).toBe('question')
    expect(parseFollowUpIntent('library')).toBeUndefined()
    expect(parseFollowUpIntent('A change, I think')).toBeUndefined()
  })
})

describe('POST /api/overseer/chat with a question', () => {
  const test = useTestApp({ config: async () => ({ ...chatConfig(), ...(await buildConfig()) }) })

  it('answers it from the docs, with no project, no archive and the build completed', async () => {
    const owner = await newVisitor(test.app)
    const body = buildRequest('How do I enable approval gates in the build pipeline?')
    const response = await sendBuild(test.app, owner, body)
    expect(response.statusCode).toBe(200)
    const answer = response.json<{ reply: string; answered?: boolean; zipUrl?: string; status: string; conversationId: string }>()
    expect(answer).toMatchObject({ answered: true, status: 'completed' })
    expect(answer.zipUrl).toBeUndefined()
    expect(answer.reply).toMatch(/approval gates/i)
    expect(answer.reply).toContain('](/docs/')

    const state = await test.app.inject({ method: 'GET', url: `/api/overseer/builds/${body.sessionId}`, headers: owner })
    expect(state.json<{ data: Record<string, unknown> }>().data).toMatchObject({ status: 'completed', percentage: 100 })
    expect(state.json<{ data: Record<string, unknown> }>().data.zipUrl).toBeUndefined()
    const { rows } = await test.db.query<{ kind: string | null; archive_bytes: number | null }>(`select kind, archive_bytes from builds where session_id = $1`, [body.sessionId])
    expect(rows).toEqual([{ kind: null, archive_bytes: null }])

    const conversation = await test.app.inject({ method: 'GET', url: `/api/overseer-dev/chat/history/${answer.conversationId}`, headers: owner })
    expect(conversation.json<{ data: { status: string; response: string } }>().data).toMatchObject({ status: 'completed', response: answer.reply })
  })

  it('still builds a request to build', async () => {
    const owner = await newVisitor(test.app)
    const response = await sendBuild(test.app, owner, buildRequest('Build a CLI that counts words in a file'))
    expect(response.statusCode).toBe(200)
    expect(response.json<{ zipUrl?: string; answered?: boolean }>()).toMatchObject({ zipUrl: expect.stringMatching(/^\/api\/overseer\/downloads\//) })
    expect(response.json<{ answered?: boolean }>().answered).toBeUndefined()
  })
})
