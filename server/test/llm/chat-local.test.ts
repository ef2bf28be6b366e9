import path from 'node:path'
import { loadDocs, parsePage, sitePathOf } from '../../src/llm/local/docs'
import { DocsSearch, stem } from '@contracts/docsSearch'
import { LocalAssistant, LOCAL_REPLIES } from '../../src/llm/local/assistant'
import { deltasOf, LocalProvider } from '../../src/llm/providers/local'
import { SseParser } from '../../src/llm/providers/sse'
import type { ChatMessage } from '../../src/llm/types'
import { SETUP_TIMEOUT_MS } from '../support/lifecycle'

export const FIXTURE_DOCS = path.join(__dirname, '..', 'fixtures', 'chat-docs')
const REAL_DOCS = path.resolve(__dirname, '../../../docs')

/** An answer from the docs: what they say, then the page and section it came from. */
const DOCS_ANSWER = /^(?!From the docs page)[\s\S]+\n\nSources:\n- \[[^\]]+\]\(\/docs\/[^)]+\)/

const ask = (assistant: LocalAssistant, ...questions: string[]): string => {
  const messages: ChatMessage[] = []
  questions.forEach((content, index) => {
    if (index > 0) messages.push({ role: 'assistant', content: 'previous answer' })
    messages.push({ role: 'user', content })
  })
  return assistant.answer(messages)
}

/** The search and the assistant over docs pages given as [file, Markdown source]. */
const docsOf = (pages: readonly (readonly [string, string])[]) => {
  const passages = pages.flatMap(([file, source]) => parsePage(source, file).passages)
  const index = new DocsSearch(passages)
  return { index, assistant: new LocalAssistant(index, passages) }
}

/** The page of the passage that answers `question`, or the fixed reply ('unknown'). */
const answeredFrom = (assistant: LocalAssistant, question: string): string => {
  const found = assistant.retrieve([{ role: 'user', content: question }])
  return found.kind === 'docs' ? found.best.passage.page.path : found.reply
}

/** Pages on other subjects: beside them, the words two pages share are rare enough to rank by. */
const ELSEWHERE = [
  ['guides/widgets.md', '# Widgets\n\nWidgets are round.'],
  ['guides/users.md', '# Users\n\nUsers sign in with a password.'],
] as const

/** The pages of the passages the search offers to quote for `question`: the best, then the secondary ones. */
const offeredPages = (assistant: LocalAssistant, question: string) => {
  const found = assistant.retrieve([{ role: 'user', content: question }])
  return found.kind === 'docs' ? [found.best, ...found.secondary].map((hit) => hit.passage.page.path) : []
}

describe('overseer-local', () => {
  let assistant: LocalAssistant
  /** The assistant over the real docs/. */
  let real: LocalAssistant

  beforeAll(async () => {
    assistant = await LocalAssistant.fromDirectory(FIXTURE_DOCS)
    real = await LocalAssistant.fromDirectory(REAL_DOCS)
  }, SETUP_TIMEOUT_MS)

  it('answers from the best docs passage and links it under Sources', () => {
    const answer = ask(assistant, 'How do I use PostgreSQL instead of the embedded database?')
    expect(answer).toContain('DATABASE_URL')
    expect(answer).toMatch(/Sources:\n- \[Installation › Using PostgreSQL\]\(\/docs\/getting-started\/installation#using-postgresql\)/)
  })

  it('matches word forms (stemming) and headings', () => {
    const answer = ask(assistant, 'scaling out with several processes?')
    expect(answer).toContain('REDIS_URL')
    expect(answer).toContain('(/docs/guides/deployment#scaling-out)')
  })

  it('answers "what is Overseer" with the introduction', () => {
    const answer = ask(assistant, 'What is Overseer?')
    expect(answer).toContain('AI development-orchestration platform')
    expect(answer).toContain('(/docs/getting-started/introduction)')
  })

  it('says plainly when the docs do not answer', () => {
    for (const question of ['What is the weather in Paris tomorrow?', 'How do I bake sourdough bread?', 'Who won the football world cup?']) {
      const answer = ask(assistant, question)
      expect(answer).toBe(LOCAL_REPLIES.unknown)
      expect(answer).toContain('(/docs)')
      expect(answer).toContain('(/contact)')
    }
  })

  it("sends questions on prices, the company or certifications to the site's pages that cover them", () => {
    const cases = [
      ['pricing', 'How much does the Developer plan cost per month?'],
      ['pricing', 'is there a free trial?'],
      ['pricing', 'Can we pay by invoice?'],
      ['pricing', 'How do I cancel my subscription and get a refund?'],
      ['company', 'Who are the founders of Overseer Labs?'],
      ['company', 'where is overseer based?'],
      ['company', 'Is Overseer Labs hiring engineers?'],
      ['company', 'are you guys hiring? any open backend positions right now'],
      ['legal', 'Are you SOC 2 compliant?'],
      ['legal', 'What uptime do you guarantee?'],
    ] as const
    for (const [topic, question] of cases) expect(ask(real, question)).toBe(LOCAL_REPLIES[topic])
    expect(LOCAL_REPLIES.pricing).toContain('(/apps/intelligence-platform/pricing)')
    expect(LOCAL_REPLIES.company).toContain('(/about)')
    expect(LOCAL_REPLIES.legal).toContain('(/privacy)')
  })

  it('answers what a build costs, or what a plan is, from the docs', () => {
    const siteReplies: string[] = [LOCAL_REPLIES.pricing, LOCAL_REPLIES.company, LOCAL_REPLIES.legal]
    for (const question of [
      'How much does a build cost per user?',
      'what does the file plan cost?',
      'Does the VS Code extension work with Overseer?',
      'My build finished, where is it located?',
      'how many people do I need to approve a build?',
      'Is the generated API OpenAPI compliant?',
    ]) {
      expect(siteReplies).not.toContain(ask(real, question))
    }
    for (const question of [
      'How much did my last build cost in tokens?',
      'How do I set the price per 1,000 tokens of a model?',
      'Can I change the plan of files before the build starts?',
    ]) {
      expect(ask(real, question)).toMatch(DOCS_ANSWER)
    }
  })

  it('answers what the product is, however it is put, with the introduction', () => {
    for (const question of ['So what is Overseer, in a nutshell?', 'what does this tool actually do?']) {
      expect(ask(real, question)).toContain('(/docs/getting-started/introduction)')
    }
    expect(ask(real, 'Tell me about the DevLoop Matrix', 'what does it do?')).not.toMatch(/Sources:\n- \[Introduction/)
  })

  it('answers whether something exists only from a passage that has at least half of it', () => {
    expect(ask(real, 'Is there a mobile app for approving builds?')).toBe(LOCAL_REPLIES.unknown)
    expect(ask(real, 'Is there a way to see who approved a build?')).toContain('(/docs/architect-suite/approvals')
  })

  it('does not know of a thing asked about whose first word the docs never use', () => {
    for (const question of ['Is there a light theme for the canvas?', 'Can I schedule builds for the weekend?']) {
      expect(ask(real, question)).toBe(LOCAL_REPLIES.unknown)
    }
    for (const question of [
      'Is there any way to stop a build once it started?',
      'Can I hook it up to Ollama?',
      'Is there a simple way to restore a deleted conversation?',
      'Can I temporarily disable approval gates?',
    ]) {
      expect(ask(real, question)).toMatch(DOCS_ANSWER)
    }
  })

  describe('what a question asks for first, written for this test', () => {
    const { assistant: written } = docsOf([
      ['guides/sign-in.md', '# Signing in\n\nStaff sign in with an email and a password. A session lasts one working day; after that time, sign in again.\n\n## Passwords\n\nA password has at least twelve characters. Write it down nowhere.'],
      ['guides/alerts.md', '# Alerts\n\nTurn on alerts to hear about failed builds. Alerts go to the staff channel, one message per build.'],
      ...ELSEWHERE,
    ])

    it('is the object of a verb that only brings it in: turn on, enable, support', () => {
      expect(answeredFrom(written, 'How do I turn on alerts for failed builds?')).toBe('/docs/guides/alerts')
      expect(answeredFrom(written, 'Can I enable alerts?')).toBe('/docs/guides/alerts')
      for (const question of ['How do I turn on passkeys for staff?', 'Can I enable passkeys for the staff sign in?', 'Does the staff sign in support passkeys?']) {
        expect(answeredFrom(written, question)).toBe('unknown')
      }
    })

    it('is a hyphenated compound as a whole: its first word alone is not enough', () => {
      expect(answeredFrom(written, 'Can I turn on one-time passwords for staff?')).toBe('unknown')
      expect(answeredFrom(written, 'How do I enable one message per build for alerts?')).toBe('/docs/guides/alerts')
    })

    it("is, in a 'Can I…?' question, what its verb acts on: a passage on doing it to something else does not answer", () => {
      const { assistant: exports } = docsOf([
        ['guides/exports.md', '# Exports\n\nExport the waitlist as a CSV file from the Leads page. The file has one row per address.'],
        ['guides/notes.md', '# Notes\n\nStaff notes are kept for thirty days, then deleted.'],
        ...ELSEWHERE,
      ])
      expect(answeredFrom(exports, 'Can I export the staff notes as a CSV file?')).toBe('unknown')
      expect(answeredFrom(exports, 'Can I export the waitlist as a CSV file?')).toBe('/docs/guides/exports')
      expect(answeredFrom(exports, 'could we export the waitlist to a file')).toBe('/docs/guides/exports')
    })

    it('is, in a comparison, each side: one the docs never mention cannot be compared', () => {
      const { assistant: parts } = docsOf([
        ['guides/parts.md', '# Parts\n\nA widget turns; a gear holds it in place.'],
        ['guides/users.md', '# Users\n\nUsers sign in with a password.'],
      ])
      for (const question of ["What's the difference between let and a widget?", 'whats the difference between a user password and a passkey', 'difference between a turning widget gear and a sprocket']) {
        expect(answeredFrom(parts, question)).toBe('unknown')
      }
      expect(answeredFrom(parts, "What's the difference between a widget and a gear?")).toBe('/docs/guides/parts')
    })

    it("is, in a 'how long' question, a length of time: a passage without one does not answer it", () => {
      const { assistant: kept } = docsOf([
        ['guides/notes.md', '# Notes\n\nStaff notes are kept on the server, newest first, and staff can search the notes they kept by any word.'],
        ['guides/sessions.md', '# Sessions\n\nA staff session lasts 12 hours; signing out ends it at once.'],
        ...ELSEWHERE,
      ])
      expect(answeredFrom(kept, 'How long are staff notes kept on the server?')).toBe('unknown')
      expect(answeredFrom(kept, 'so how long does a staff session last')).toBe('/docs/guides/sessions')
      // Asked, not reported: 'I asked how long…' asks something else.
      expect(answeredFrom(kept, 'I asked how long notes are kept and got no answer, are staff notes kept on the server?')).toBe('/docs/guides/notes')
    })

    it("ranks, in a 'how long' question, a passage with a length of time above one that only shares more words", () => {
      const { assistant: kept } = docsOf([
        ['guides/notes.md', '# Notes\n\nStaff notes are kept on the server and listed on the Notes page, newest first.'],
        ['guides/retention.md', '# Notes retention\n\nStaff notes are kept for 30 days.'],
        ...ELSEWHERE,
      ])
      expect(answeredFrom(kept, 'How long are staff notes kept?')).toBe('/docs/guides/retention')
    })

    it('is, for an environment variable, a setting named in the passage', () => {
      const { assistant: settings } = docsOf([
        ['guides/notes.md', '# Notes\n\nThe Notes page shows 50 notes a page, newest first; staff set how many notes it shows on the page itself.'],
        ['guides/alerts.md', '# Alerts\n\nAlerts go to the staff channel set with `ALERTS_CHANNEL`.'],
        ...ELSEWHERE,
      ])
      expect(answeredFrom(settings, 'Which environment variable sets how many notes the Notes page shows?')).toBe('unknown')
      expect(answeredFrom(settings, 'Which environment variable sets the staff channel for alerts?')).toBe('/docs/guides/alerts')
    })

    it('is not in the docs when half of the words asked are not, two or more', () => {
      // 'write' and 'request' are the docs' words; 'sonnet' and 'frozen' are not.
      expect(answeredFrom(real, 'Write a sonnet about frozen requests')).toBe('unknown')
      expect(answeredFrom(written, 'Where do I write my staff password?')).toBe('/docs/guides/sign-in')
    })
  })

  it('answers a question on prices from the docs when the docs cover it', () => {
    const { passages } = parsePage('# Plans\n\n## Free trial\n\nEvery account starts with a free trial of thirty days.', 'billing/plans.md')
    const billing = new LocalAssistant(new DocsSearch(passages), passages)
    expect(ask(billing, 'Is there a free trial?')).toContain('thirty days')
  })

  it('greets, thanks and is honest about itself', () => {
    expect(ask(assistant, 'Hello!')).toBe(LOCAL_REPLIES.greeting)
    expect(ask(assistant, 'thanks a lot')).toBe(LOCAL_REPLIES.thanks)
    expect(ask(assistant, 'Are you ChatGPT?')).toBe(LOCAL_REPLIES.self)
    expect(LOCAL_REPLIES.self).toMatch(/offline assistant/)
    expect(ask(assistant, 'Which model are you?')).toBe(LOCAL_REPLIES.self)
    expect(ask(assistant, 'Which model is answering me?')).toBe(LOCAL_REPLIES.self)
  })

  it('answers which model runs the stages from the docs, not about itself', () => {
    expect(ask(real, 'Which model runs the stages if I do not pick one?')).toContain('(/docs/core-modules/overseer-core')
  })

  it('answers a question that follows a greeting', () => {
    expect(ask(assistant, 'Hi, how do I set the port?')).toContain('PORT')
  })

  it('uses the previous question for a follow-up that refers back to it', () => {
    const answer = ask(assistant, 'Tell me about the reverse proxy', 'which variable do I set for it?')
    expect(answer).toContain('TRUST_PROXY')
  })

  it('is deterministic', () => {
    const question = 'How are sessions protected?'
    expect(ask(assistant, question)).toBe(ask(assistant, question))
  })

  it('rewrites links between docs files to site paths', () => {
    const { page, passages } = parsePage('# T\n\nSee [x](../a/b.md#c), [y](https://e.com/z.md) and [z](#later).', 'guides/t.md')
    expect(page).toEqual({ title: 'T', path: '/docs/guides/t', keywords: '' })
    expect(passages[0]?.markdown).toBe('See [x](/docs/a/b#c), [y](https://e.com/z.md) and [z](/docs/guides/t#later).')
    expect(sitePathOf('guides/index.md')).toBe('/docs/guides')
  })

  it('quotes long passages without breaking their Markdown', () => {
    const rows = Array.from({ length: 40 }, (_, index) => `| row ${index} | value ${index} |`).join('\n')
    const prose = Array.from({ length: 30 }, (_, index) => `Sentence ${index} mentions [a link](/docs/x/y) and **bold words** about widgets.`).join(' ')
    const source = `# Widgets\n\n## Widget table\n\nThe widget table lists these:\n\n| Name | Value |\n|---|---|\n${rows}\n\n${prose}`
    const { passages } = parsePage(source, 'reference/widgets.md')
    const widgets = new LocalAssistant(new DocsSearch(passages), passages)
    const answer = widgets.answer([{ role: 'user', content: 'Tell me about the widget table' }])
    expect(answer.length).toBeLessThan(2_500)
    expect(answer).toContain('The widget table lists these:\n\n| Name | Value |\n|---|---|\n| row 0 |')
    const body = answer.slice(0, answer.indexOf('Sources:'))
    expect(body.split('**').length % 2).toBe(1)
    expect(body.split('`').length % 2).toBe(1)
    expect(body).not.toMatch(/\[[^\]]*$|\]\([^)]*$/m)
  })

  it('links the other pages the search found next under See also, without quoting them', () => {
    const pages = [
      ['guides/widgets.md', '# Widgets\n\n## Painting widgets\n\nPaint a widget with `widget paint --colour red`. Painting a widget takes a second.\n\n## Widget paint colours\n\nA widget is painted red, green or blue.\n\n## Repainting a widget\n\nPaint a painted widget again to change its colour.'],
      ['guides/gadgets.md', '# Gadgets\n\n## Painting widgets on gadgets\n\nA widget on a gadget is painted with `gadget paint`, not with the widget command.'],
      ['guides/sprockets.md', '# Sprockets\n\nSprockets turn. Nothing here is painted, and nothing here is a widget.'],
      ['guides/billing.md', '# Billing\n\nInvoices are sent monthly.'],
    ] as const
    const { assistant: widgets } = docsOf(pages)
    const answer = widgets.answer([{ role: 'user', content: 'How do I paint a widget?' }])
    const [body = '', links = ''] = answer.split('\n\nSources:\n')
    expect(body).toContain('`widget paint --colour red`')
    expect(body).not.toContain('gadget paint')
    expect(links).toMatch(/^- \[Widgets › Painting widgets\]\(\/docs\/guides\/widgets#painting-widgets\)/)
    const [sources = '', seeAlso = ''] = links.split('\n\nSee also:\n')
    const pagesOf = (list: string) => [...list.matchAll(/\]\((\/docs\/guides\/[a-z]+)/g)].map((match) => match[1])
    // The widgets page's sections are quoted; See also names other pages, each once, best first,
    // three pages in all at most: the sprockets page says little of painting widgets, but it is
    // what the search found next. Billing says nothing of it.
    expect(new Set(pagesOf(sources))).toEqual(new Set(['/docs/guides/widgets']))
    expect(pagesOf(seeAlso)).toEqual(['/docs/guides/gadgets', '/docs/guides/sprockets'])
    expect(seeAlso).toBe('- [Gadgets › Painting widgets on gadgets](/docs/guides/gadgets#painting-widgets-on-gadgets)\n- [Sprockets](/docs/guides/sprockets)')
    expect(answer).not.toContain('/docs/guides/billing')
    // One page alone answers: nothing to see besides it.
    expect(widgets.answer([{ role: 'user', content: 'When are invoices sent?' }])).not.toContain('See also')
  })

  it("says it does not know when the question names something the docs mention elsewhere, not on the answer's page", () => {
    const pages = [
      ['guides/widgets.md', '# Widgets\n\n## Painting widgets\n\nPaint a widget with `widget paint --colour red`. A painted widget dries in a minute.'],
      ['guides/projects.md', '# Projects\n\nA request for a Python library is built as a Node.js project. The API lists projects.'],
      ['guides/sprockets.md', '# Sprockets\n\nSprockets turn.'],
    ] as const
    const { assistant } = docsOf(pages)
    const best = (question: string) => answeredFrom(assistant, question)
    expect(best('How do I paint a widget?')).toBe('/docs/guides/widgets')
    // 'Python' is a name (capitalised, not the first word) the docs use, but not on the widgets page.
    expect(best('How do I paint a widget in Python?')).toBe('unknown')
    // An acronym in capitals is no such name; nor is a word at the start of the question.
    expect(best('How do I paint a widget with the API?')).toBe('/docs/guides/widgets')
    expect(best('Python: how do I paint a widget?')).toBe('/docs/guides/widgets')
    // On the page that answers, the name is no obstacle.
    expect(best('What happens to a request for a Python library?')).toBe('/docs/guides/projects')
  })

  it('does not link a page the search found far behind the best', () => {
    const pages = [
      ['guides/widgets.md', '# Widgets\n\n## Painting widgets\n\nPaint a widget with `widget paint --colour red`.'],
      ['guides/history.md', `# History\n\n${'The company began in a small workshop by the river, long ago. '.repeat(12)}Its first product was a widget.`],
    ] as const
    const { assistant, index } = docsOf(pages)
    const question = 'How do I paint a widget?'
    // The history page is found (it says 'widget'), at under a third of the best's score.
    const found = index.search(question)
    const history = found.find((hit) => hit.passage.page.path === '/docs/guides/history')
    expect(history?.score).toBeLessThan((found[0]?.score ?? 0) * 0.3)
    expect(assistant.answer([{ role: 'user', content: question }])).not.toContain('/docs/guides/history')
  })

  it('neither quotes nor links a list of links to other pages as an answer', () => {
    const pages = [
      ['guides/widgets.md', '# Widgets\n\n## Painting widgets\n\nPaint a widget with `widget paint`.\n\n## Related pages\n\n- [Painting gadgets](/docs/guides/gadgets): painting widgets on gadgets.\n- [Sprockets](/docs/guides/sprockets): widgets that turn.'],
      ['guides/gadgets.md', '# Painting widgets on gadgets\n\n## Related pages\n\n- [Painting widgets](/docs/guides/widgets#painting-widgets): how to paint widgets, and widget paint colours.'],
      ['guides/sprockets.md', '# Sprockets\n\nSprockets turn.'],
    ] as const
    const { index, assistant } = docsOf(pages)
    const question = 'How do I paint widgets?'
    // The search finds the lists, each close enough to the best to be quoted or linked, for they name what was asked…
    const found = index.search(question)
    const lists = found.filter((hit) => hit.passage.heading === 'Related pages')
    expect(lists.map((hit) => hit.passage.page.path).sort()).toEqual(['/docs/guides/gadgets', '/docs/guides/widgets'])
    for (const hit of lists) expect(hit.score).toBeGreaterThanOrEqual((found[0]?.score ?? 0) / 2)
    // …but they point to answers: the reply neither quotes nor links them.
    const retrieved = assistant.retrieve([{ role: 'user', content: question }])
    expect(retrieved.kind === 'docs' && [retrieved.best, ...retrieved.secondary, ...retrieved.related].map((hit) => hit.passage.heading)).toEqual(['Painting widgets'])
    const answer = assistant.answer([{ role: 'user', content: question }])
    expect(answer).toContain('`widget paint`')
    expect(answer).not.toContain('Related pages')
    expect(answer).not.toContain('painting widgets on gadgets')
  })

  it('answers from a section before a list of links that ranks above it', () => {
    const pages = [
      ['guides/widgets.md', '# Widgets\n\n## Colours\n\nA widget can be red.\n\n## Related pages\n\n- [Painting widgets](/docs/guides/painting): how to paint widgets, paint colours and painting widgets again.'],
      ['guides/painting.md', '# Painting\n\nBrushes and rollers.'],
    ] as const
    const { index, assistant } = docsOf(pages)
    const question = 'how do I paint widgets'
    expect(index.search(question)[0]?.passage.heading).toBe('Related pages')
    const retrieved = assistant.retrieve([{ role: 'user', content: question }])
    expect(retrieved.kind === 'docs' && retrieved.best.passage.heading).not.toBe('Related pages')
  })

  it('answers a how-to question with the command the docs give for it, and the sentence that introduces it, first', () => {
    const gates = ask(real, 'How do I turn on approval gates?')
    expect(gates).toMatch(/^The gates a build must pass are set for the whole installation with the `APPROVAL_GATES` environment variable, a comma-separated list of gate kinds:\n\n```sh\nAPPROVAL_GATES=planning,development,deployment npm start\n```/)
    // The section that shows the command ranks first for a how-to question.
    expect(gates).toMatch(/Sources:\n- \[Permission Controls › Choosing the gates\]/)
    expect(ask(real, 'how do I start the server')).toMatch(/^To run Overseer locally, on your own machine, start it from the repository's root directory:\n\n```sh\nnpm install && npm start\n```/)
    // The example: the command, not the configuration table of the section that says 'offline'.
    const locally = ask(real, 'how do I run it locally')
    expect(locally).toMatch(/^To run Overseer locally[^\n]*:\n\n```sh\nnpm install && npm start\n```/)
    expect(locally).not.toContain('OVERSEER_LLM_BASE_URL')
  })

  it('leads a how-to answer with the command, though its passage ranks second', () => {
    const pages = [
      ['guides/export.md', '# Export\n\n## Exports\n\nAn export of the reports writes every report of the week to one export file in `EXPORT_DIR`. Exports run on the reports of the week, and each export keeps its reports for a month.'],
      ['guides/jobs.md', '# Jobs\n\n## Running jobs\n\nStart an export of the reports with the export command:\n\n```sh\nnpm run export\n```'],
    ] as const
    const { assistant } = docsOf(pages)
    const question = 'how do I run an export of the reports'
    const found = assistant.retrieve([{ role: 'user', content: question }])
    expect(found.kind === 'docs' && found.best.passage.page.path).toBe('/docs/guides/export')
    const answer = ask(assistant, question)
    expect(answer).toMatch(/^Start an export of the reports with the export command:\n\n```sh\nnpm run export\n```\n\nAn export of the reports/)
    // Sources in the order the answer quotes them: the command's section first, and the Questions page names it.
    expect(answer).toMatch(/Sources:\n- \[Jobs › Running jobs\]\(\/docs\/guides\/jobs#running-jobs\)\n- \[Export › Exports\]\(\/docs\/guides\/export#exports\)$/)
    expect(assistant.respond([{ role: 'user', content: question }]).source).toMatchObject({ kind: 'docs', path: '/docs/guides/jobs', anchor: 'running-jobs' })
    // A question that is not a how-to keeps the passages' order.
    expect(ask(assistant, 'what does an export of the reports keep')).toMatch(/^An export of the reports/)
  })

  it('reads a sentence whole when its inline code holds a full stop', () => {
    const message = `Too many requests. ${Array.from({ length: 70 }, (_, index) => `wait ${index + 1}`).join(' ')} seconds.`
    const source = `# Forms\n\n## Limits\n\nThe form keeps each field as typed. Over the limit the form answers \`429 ${message}\` with Retry-After.`
    const answer = ask(docsOf([['guides/forms.md', source]]).assistant, 'what does the form answer over the limit')
    expect(source.length).toBeGreaterThan(600)
    // Not cut after 'answers', where the message's own full stop would end a sentence.
    expect(answer).toContain(`Over the limit the form answers \`429 ${message}\` with Retry-After.`)
    // A stray backtick, closed by none, opens no code: the sentences after it are still sentences.
    const stray = docsOf([['guides/forms.md', `# Forms\n\n## Limits\n\nThe \` key is not a quote. ${'The form keeps each field as typed. '.repeat(20)}Over the limit the form waits a minute.`]]).assistant
    expect(ask(stray, 'what does the form do over the limit')).toMatch(/^Over the limit the form waits a minute\./)
  })

  it('reads a word misspelt by one slip of typing as the docs word it was meant to be', () => {
    const answerFrom = (question: string) => answeredFrom(real, question)
    expect(answerFrom('what does the dashbaord show')).toBe('/docs/architect-suite/dashboard')
    expect(answerFrom('minimum node verison')).toBe('/docs/getting-started/quickstart')
    expect(answerFrom('how do i turn on aproval gates')).toBe('/docs/guides/permission-controls')
    expect(answerFrom('what is the rate limmit for the assistant')).toBe('/docs/api-reference/rate-limits')
    expect(answerFrom('how do I change user permisions')).toBe('/docs/guides/permission-controls')
    expect(answerFrom('how do I back up the databse')).toBe('/docs/getting-started/architecture')
    // Real words a slip away from a docs word are what they are: 'weight' is not 'eight', 'leader' not 'header'.
    expect(answerFrom('Can I change the font weight?')).toBe('unknown')
    expect(answerFrom('Who is the team leader?')).toBe('unknown')
    // A word a slip away from a docs word, but one the thesaurus knows, is not a slip: 'factor' is not 'actor'.
    const cast = parsePage('# Cast\n\nEvery actor of the play has a role.', 'guides/cast.md').passages
    expect(new DocsSearch(cast, { factor: ['role'] }).corrected('which factor')).toBe('which factor')
    expect(new DocsSearch(cast).corrected('which factor')).toBe('which actor')
    // In a search box, the last word is left as typed while it is the start of a docs word ('stageh' of
    // 'stagehands', a slip from 'stage'), and read as meant once it is the start of none.
    const crew = parsePage('# Crew\n\nEvery actor and the stagehands set the stage.', 'guides/crew.md').passages
    expect(new DocsSearch(crew).corrected('the stageh', true)).toBe('the stageh')
    expect(new DocsSearch(crew).corrected('the stageh')).toBe('the stage')
    expect(new DocsSearch(crew).corrected('which factor', true)).toBe('which actor')
  })

  it('quotes a further block only when it says nearly as much of the question as the first', () => {
    const page = (extra: string) =>
      `# Backups\n\n## Taking a backup\n\nA backup of the database is taken with the backup command, which writes the backup file to the data directory.\n\n${extra}`
    const weak = docsOf([['guides/backups.md', page('The data directory also holds the logs of the database server and its settings.')]]).assistant
    const strong = docsOf([['guides/backups.md', page('Restore a backup file of the database with the restore command, and the database is as it was.')]]).assistant
    const question = 'how is a backup of the database taken'
    expect(ask(weak, question)).toMatch(/^A backup of the database is taken with the backup command[^\n]*\n\nSources:/)
    expect(ask(strong, question)).toContain('Restore a backup file of the database')
  })

  it('cites as sources only the passages it quotes, and links another page it does not quote under See also', () => {
    const { assistant } = docsOf([
      ['guides/backups.md', '# Backups\n\n## Taking a backup\n\nA backup of the database is taken with the backup command, which writes the backup file to the data directory.'],
      ['guides/storage.md', '# Storage\n\n## Backups of the database\n\nBackups of the database are kept in the data directory.'],
      ...ELSEWHERE,
    ])
    const question = 'how is a backup of the database taken'
    // The storage page answers nearly as well, so the search offers it beside the backups page...
    expect(offeredPages(assistant, question)).toEqual(['/docs/guides/backups', '/docs/guides/storage'])
    // ...but the answer quotes only the backups page: that is its one source, and the storage page is linked.
    const [body = '', links = ''] = ask(assistant, question).split('\n\nSources:\n')
    expect(body).toBe('A backup of the database is taken with the backup command, which writes the backup file to the data directory.')
    expect(links).toBe('- [Backups › Taking a backup](/docs/guides/backups#taking-a-backup)\n\nSee also:\n- [Storage › Backups of the database](/docs/guides/storage#backups-of-the-database)')
  })

  it('opens with the passage the search ranks best, though another says more of the question\'s words', () => {
    const { assistant } = docsOf([
      ['guides/gadgets.md', '# Gadgets\n\n## Gadget colours\n\nThey come in red, green and blue.'],
      ['guides/paint.md', '# Paint shop\n\n## Orders\n\nThe paint shop paints the gadget colours a customer orders onto each gadget.'],
      ...ELSEWHERE,
    ])
    const question = 'what are the gadget colours'
    expect(offeredPages(assistant, question)).toEqual(['/docs/guides/gadgets', '/docs/guides/paint'])
    // The answer is the colours, from the section about them; the paint shop's sentence, which
    // repeats the question's words, follows, not in its place.
    expect(ask(assistant, question)).toBe(
      'They come in red, green and blue.\n\nThe paint shop paints the gadget colours a customer orders onto each gadget.\n\nSources:\n' +
        '- [Gadgets › Gadget colours](/docs/guides/gadgets#gadget-colours)\n- [Paint shop › Orders](/docs/guides/paint#orders)',
    )
    expect(assistant.respond([{ role: 'user', content: question }]).source).toMatchObject({ kind: 'docs', path: '/docs/guides/gadgets', anchor: 'gadget-colours' })
  })

  it('opens with the best passage\'s first block it can quote when the block that says most is a command too long to quote', () => {
    const diagram = `\`\`\`text\n${Array.from({ length: 40 }, (_, index) => `stage ${index} -> stage ${index + 1}`).join('\n')}\n\`\`\``
    const { assistant } = docsOf([
      ['guides/pipeline.md', `# Pipeline\n\n## The pipeline at a glance\n\n${diagram}\n\nEach stage hands its work to the next.`],
      ['guides/stages.md', '# Stages\n\n## Timing\n\nA glance at the pipeline shows each stage and its timing.'],
      ...ELSEWHERE,
    ])
    const question = 'what is the pipeline at a glance'
    const found = assistant.retrieve([{ role: 'user', content: question }])
    expect(found.kind === 'docs' && found.best.passage.anchor).toBe('the-pipeline-at-a-glance')
    const answer = ask(assistant, question)
    expect(diagram.length).toBeGreaterThan(600)
    expect(answer).toMatch(/^Each stage hands its work to the next\./)
    expect(answer).toMatch(/Sources:\n- \[Pipeline › The pipeline at a glance\]/)
  })

  it('quotes the section a staff correction chose alone, and links the pages the search found, each once', () => {
    const { assistant } = docsOf([
      ['guides/backups.md', '# Backups\n\n## Taking a backup\n\nA backup of the database is taken with the backup command.\n\n## Backup files\n\nEach backup of the database is one file.'],
      ['guides/storage.md', '# Storage\n\n## Keeping data safe\n\nCopy the data directory to another disk every night.'],
      ...ELSEWHERE,
    ])
    const question = 'how do I take a backup of the database'
    const corrections = assistant.corrections([{ question, answer: { path: '/docs/guides/storage', anchor: 'keeping-data-safe' } }])
    const reply = assistant.respond([{ role: 'user', content: question }], corrections)
    expect(reply.text).toBe(
      'Copy the data directory to another disk every night.\n\nSources:\n- [Storage › Keeping data safe](/docs/guides/storage#keeping-data-safe)\n\n' +
        'See also:\n- [Backups › Taking a backup](/docs/guides/backups#taking-a-backup)',
    )
    expect(reply.source).toMatchObject({ kind: 'docs', path: '/docs/guides/storage', anchor: 'keeping-data-safe' })
  })

  it('leaves out a sentence that introduces a command too long to quote', () => {
    const command = `tool run ${Array.from({ length: 80 }, (_, index) => `--flag-${index}`).join(' ')}`
    const source = `# Tool\n\n## Running the tool\n\nRun the tool like this:\n\n\`\`\`sh\n${command}\n\`\`\`\n\nThe tool prints a report of each run when it ends.`
    const { assistant: tool } = docsOf([['guides/tool.md', source]])
    const answer = tool.answer([{ role: 'user', content: 'How do I run the tool?' }])
    expect(command.length).toBeGreaterThan(600)
    expect(answer).not.toContain('like this:')
    expect(answer).toMatch(/^The tool prints a report of each run when it ends\./)
    // Only that sentence: what comes before it in its paragraph is still quoted.
    const nightly = source.replace('Run the tool like this:', 'The tool runs nightly from cron and needs the TOOL_KEY setting. Run the tool like this:')
    const cron = docsOf([['guides/tool.md', nightly]]).assistant.answer([{ role: 'user', content: 'When does the tool run?' }])
    expect(cron).toMatch(/^The tool runs nightly from cron and needs the TOOL_KEY setting\./)
    expect(cron).not.toContain('like this:')
  })

  it('follows a reference the docs make for what was asked to the section it names', () => {
    const pages = [
      ['guides/testing.md', '# Testing\n\n## Where tests run\n\nTests run in the sandbox, with limits on time, memory and processes (see [Sandbox](/docs/guides/sandbox#limits)). The testing page shows each run of the tests.'],
      ['guides/sandbox.md', '# Sandbox\n\n## Limits\n\nEach run gets 60 seconds and 512 MB by default; `SANDBOX_MEMORY_MB` raises it.\n\n## Isolation\n\nThe sandbox has no network.'],
      ['guides/other.md', '# Other\n\nNothing about tests here.'],
    ] as const
    const { index, assistant } = docsOf(pages)
    const answerOf = (question: string) => {
      const found = assistant.retrieve([{ role: 'user', content: question }])
      return found.kind === 'docs' ? `${found.best.passage.page.path}#${found.best.passage.anchor ?? ''}` : found.reply
    }
    const question = 'what memory limit do test runs get in the sandbox'
    // The search alone ranks the page that mentions the limits first; the page it sends the reader to has them.
    expect(index.search(question)[0]?.passage.page.path).toBe('/docs/guides/testing')
    expect(answerOf(question)).toBe('/docs/guides/sandbox#limits')
    // A question the referring page answers itself stays there.
    expect(answerOf('what does the testing page show')).toBe('/docs/guides/testing#where-tests-run')
  })

  it("reads 'the difference between X and Y' as a question about X and Y, not about differences", () => {
    const { assistant } = docsOf([
      ['guides/terms.md', '# Terms\n\n## Glossary\n\nA stage is one step of the pipeline. An iteration is one pass of the loop inside a stage.'],
      ['guides/chart.md', '# Chart\n\n## Colours\n\nThe chart shows the difference in length between runs, in colours: a stage, or an iteration, in its own.'],
      ...ELSEWHERE,
    ])
    expect(answeredFrom(assistant, "what's the difference between an iteration and a stage?")).toBe('/docs/guides/terms')
    expect(answeredFrom(assistant, 'how is a stage different from an iteration')).toBe('/docs/guides/terms')
    // Asked about differences themselves, the word is what the question is about.
    expect(answeredFrom(assistant, 'what does the difference in length between runs show')).toBe('/docs/guides/chart')
  })

  it("keeps each docs page's keywords to a short list of its own terms (at most 12)", async () => {
    const { pages } = await loadDocs(REAL_DOCS)
    expect(pages.length).toBeGreaterThan(10)
    for (const page of pages) {
      const keywords = page.keywords.split(/[,;\n]/).map((term) => term.trim()).filter(Boolean)
      expect([page.path, keywords.length <= 12]).toEqual([page.path, true])
      // Terms, not visitors' questions.
      for (const term of keywords) expect([page.path, term, term.split(/\s+/).length <= 3 && !/[?]/.test(term)]).toEqual([page.path, term, true])
    }
  })

  it('ignores headings inside code blocks', () => {
    const { passages } = parsePage('# T\n\n```bash\n# not a heading\n```\n\n## Real\n\ntext', 'a/t.md')
    expect(passages.map((passage) => passage.heading)).toEqual([null, 'Real'])
  })

  it('answers that it has no docs when the directory is missing', async () => {
    const empty = await LocalAssistant.fromDirectory(path.join(FIXTURE_DOCS, 'missing'))
    expect(ask(empty, 'How do I install it?')).toBe(LOCAL_REPLIES.noDocs)
  })

  it('finds the introduction in the real docs', () => {
    expect(real.passageCount).toBeGreaterThan(0)
    expect(ask(real, 'What is Overseer?')).toMatch(/\]\(\/docs\/[a-z0-9-]+\/introduction[)#]/)
  })

  it('streams the reply in small deltas that add up to it, and stops when asked', async () => {
    const provider = new LocalProvider(assistant)
    const deltas: string[] = []
    const done = await provider.complete(
      { model: 'overseer-local', messages: [{ role: 'user', content: 'How do I deploy behind a reverse proxy?' }] },
      { signal: new AbortController().signal, onDelta: (delta) => deltas.push(delta) },
    )
    expect(deltas.length).toBeGreaterThan(5)
    expect(deltas.join('')).toBe(done.content)
    expect(done.stopped).toBe(false)

    const controller = new AbortController()
    const partial: string[] = []
    const stopped = await provider.complete(
      { model: 'overseer-local', messages: [{ role: 'user', content: 'How do I deploy behind a reverse proxy?' }] },
      {
        signal: controller.signal,
        onDelta: (delta) => {
          partial.push(delta)
          if (partial.length === 2) controller.abort()
        },
      },
    )
    expect(stopped).toMatchObject({ stopped: true, content: partial.join('') })
    expect(partial).toHaveLength(2)
  })
})

describe('text helpers', () => {
  it('stems like Porter', () => {
    expect(['caresses', 'ponies', 'deploying', 'deployed', 'deployment', 'relational', 'hopeful', 'generalization'].map(stem)).toEqual([
      'caress',
      'poni',
      'deploi',
      'deploi',
      'deploy',
      'relat',
      'hope',
      'gener',
    ])
  })

  it('splits text into deltas that keep every character', () => {
    const text = '  Hello there,\n\nthis is **Overseer**.  '
    expect(deltasOf(text).join('')).toBe(text)
  })

  it('parses server-sent events in any chunking', () => {
    const stream = 'data: {"a":1}\n\n: comment\ndata: two\ndata: lines\r\n\r\ndata: [DONE]\n\n'
    const bytes = new TextEncoder().encode(stream)
    for (const size of [1, 3, 7, bytes.length]) {
      const parser = new SseParser()
      const events: string[] = []
      for (let i = 0; i < bytes.length; i += size) events.push(...parser.push(bytes.slice(i, i + size)))
      events.push(...parser.end())
      expect(events).toEqual(['{"a":1}', 'two\nlines', '[DONE]'])
    }
  })
})
