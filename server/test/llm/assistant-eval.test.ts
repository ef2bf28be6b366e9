import path from 'node:path'
import { evaluateSets, evaluateSlips, pagesFor, SLIPS, sumOf } from '../../../bench/lib/assistantEval'
import { QUESTION_SETS } from '../../../bench/lib/assistantQuestions'
import { LocalAssistant } from '../../src/llm/local/assistant'

const DOCS = path.resolve(__dirname, '../../../docs')

/** Indexing the docs is seconds of CPU; on a busy two-core machine several times as long. */
const INDEXING_TIMEOUT_MS = 120_000

/**
 * The assistant's evaluation sets (bench/lib/assistantQuestions*) over the real docs, none of them
 * part of the assistant. `npm run bench -- assistant` reports them against the budgets
 * (top-1 ≥ 90%, top-3 ≥ 97%, unanswerable declined ≥ 80% on questions never tuned on); this test
 * holds the level reached, so that a change to the search cannot lose it unseen.
 */
describe('the offline assistant on questions as visitors ask them', () => {
  let assistant: LocalAssistant
  beforeAll(async () => {
    assistant = await LocalAssistant.fromDirectory(DOCS)
  }, INDEXING_TIMEOUT_MS)

  it('answers from the right page and says it does not know what the docs do not cover', async () => {
    // A little under the level first measured (held out, the twelfth and thirteenth sets: 86.4%,
    // 95.7%, 64.4%; the fourteenth: 64.1%, 85.9%, 79.2%; the fifteenth: 82.8%, 85.9%, 62.5%; the sixteenth: 78.1%, 87.5%, 70.8%;
    // the seventeenth: 76.6%, 92.2%, 41.7%; the eighteenth: 85.9%, 90.6%, 58.3%; the nineteenth: 76.6%, 85.9%, 66.7%;
    // the twentieth: 81.3%, 92.2%, 79.2%; the twenty-first: 78.1%, 93.8%, 83.3%; the twenty-second: 90.6%, 98.4%, 75.0%;
    // the twenty-third: 75.0%, 85.9%, 66.7%;
    // tuned on: 77.6%, 86.6%, 73.3%): docs
    // edits move it a little.
    const { sets, tuned, untuned: allHeldOut } = await evaluateSets(DOCS)
    const heldOut = (...names: string[]) =>
      sets
        .filter((set) => names.some((name) => set.name.startsWith(name)))
        .map(({ result }) => result)
        .reduce(sumOf)
    // Each held-out set (the twelfth and thirteenth together): its answerable questions, and its floors for top-1, top-3 and declined.
    const floors: [names: string[], answerable: number, top1: number, top3: number, rejected: number][] = [
      [['twelfth', 'thirteenth'], 140, 0.84, 0.92, 0.52],
      [['fourteenth'], 64, 0.62, 0.84, 0.75],
      [['fifteenth'], 64, 0.8, 0.84, 0.58],
      [['sixteenth'], 64, 0.75, 0.84, 0.66],
      [['seventeenth'], 64, 0.73, 0.89, 0.37],
      [['eighteenth'], 64, 0.82, 0.87, 0.54],
      [['nineteenth'], 64, 0.73, 0.82, 0.62],
      [['twentieth'], 64, 0.78, 0.89, 0.75],
      [['twenty-first'], 64, 0.75, 0.9, 0.79],
      [['twenty-second'], 64, 0.87, 0.95, 0.7],
      [['twenty-third'], 64, 0.72, 0.84, 0.62],
    ]
    for (const [names, answerable, top1, top3, rejected] of floors) {
      const set = heldOut(...names)
      expect([names, set.answerable]).toEqual([names, answerable])
      expect([names, set.top1 / set.answerable >= top1, set.top3 / set.answerable >= top3, set.rejected / set.unanswerable >= rejected]).toEqual([names, true, true, true])
    }
    // What the reader sees: the reply quotes the right page first (first measured held out at 378 of
    // 460, 82.2%, when a reply first opened with the search's best passage; it had been 370).
    expect(allHeldOut.opens / allHeldOut.answerable).toBeGreaterThanOrEqual(0.8)
    expect(allHeldOut.opens).toBeGreaterThanOrEqual(allHeldOut.top1 * 0.97)
    expect(tuned.top1 / tuned.answerable).toBeGreaterThanOrEqual(0.76)
    expect(tuned.top3 / tuned.answerable).toBeGreaterThanOrEqual(0.85)
    expect(tuned.rejected / tuned.unanswerable).toBeGreaterThanOrEqual(0.72)
  }, INDEXING_TIMEOUT_MS)

  // Held out, each answerable question with one slip in its longest word: first measured at
  // 79.8% (two letters swapped), 80.1% (a letter dropped), 81.1% (doubled), 80.3% (mistyped);
  // before misspellings were read, 62.4% to 74.0%. One slip a test: each asks every held-out question again.
  it.each(SLIPS)('reads a question with one slip of typing as it was meant: %s', (slip) => {
    const heldOut = QUESTION_SETS.filter((set) => !set.tuned).flatMap((set) => set.answerable)
    const [result] = evaluateSlips(assistant, heldOut, [slip])
    expect(result?.top1 ?? 0).toBeGreaterThanOrEqual(0.76 * heldOut.length)
  }, INDEXING_TIMEOUT_MS)

  it('answers a question that names a page from that page', () => {
    const named: [string, string][] = [
      ['What does the overseer core module do?', '/docs/core-modules/overseer-core'],
      ['What is shown on the architect dashboard?', '/docs/architect-suite/dashboard'],
      ['what is the clarification loop for', '/docs/core-modules/clarification-loop'],
      ['tell me about the file structure planner', '/docs/core-modules/file-structure-planner'],
      ['what does the logs viewer show', '/docs/architect-suite/logs-viewer'],
    ]
    for (const [question, page] of named) expect([question, pagesFor(assistant, question)[0]]).toEqual([question, page])
  })

  it('answers a question staff corrected, and a close paraphrase of it, as they said; not an unrelated one', () => {
    const corrections = assistant.corrections([
      { question: 'Where do I see who is allowed to open the leads page?', answer: { path: '/docs/architect-suite/dashboard', anchor: 'the-architect-suite-layout' } },
      { question: 'Does the staff login remember the device?', answer: null },
    ])
    const answered = (question: string, given = corrections): string => {
      const found = assistant.retrieve([{ role: 'user', content: question }], given)
      return found.kind === 'docs' ? `${found.best.passage.page.path}#${found.best.passage.anchor ?? ''}` : found.reply
    }
    const none = assistant.corrections([])
    expect(answered('Where do I see who is allowed to open the leads page?', none)).not.toBe('/docs/architect-suite/dashboard#the-architect-suite-layout')
    expect(answered('Does the staff login remember the device?', none)).not.toBe('unknown')
    expect(answered('Where do I see who is allowed to open the leads page?')).toBe('/docs/architect-suite/dashboard#the-architect-suite-layout')
    expect(answered('where can I see who is allowed to open the leads page')).toBe('/docs/architect-suite/dashboard#the-architect-suite-layout')
    expect(answered('Does the staff login remember the device?')).toBe('unknown')
    expect(answered('does staff login remember my device')).toBe('unknown')
    // With a slip of typing, read as the docs' word: 'laeds'.
    expect(answered('Where do I see who is allowed to open the laeds page?')).toBe('/docs/architect-suite/dashboard#the-architect-suite-layout')
    // Unrelated questions are answered from the docs, as without corrections.
    for (const question of ['How do I turn on approval gates?', 'What is the DevLoop matrix?', 'How long does a staff session last?']) {
      expect(answered(question)).toBe(answered(question, none))
    }
  })

  it('is not put off by an id or a hash pasted with the question', () => {
    for (const code of ['3f9a0b1c', 'a1b2c3d4', '80158195', 'deadbeef']) {
      expect(pagesFor(assistant, `What is the DevLoop matrix? (${code})`)[0]).toBe('/docs/core-modules/devloop-matrix')
    }
  })

  it('reads a follow-up with the conversation before it', () => {
    const found = assistant.retrieve([
      { role: 'user', content: 'How do I turn on approval gates?' },
      { role: 'assistant', content: 'Set APPROVAL_GATES…' },
      { role: 'user', content: 'and how do I turn it off?' },
    ])
    expect(found.kind === 'docs' && found.best.passage.page.path).toBe('/docs/guides/permission-controls')
  })

  it("does not read 'is there' as pointing back at the question before", () => {
    const question = 'Is there a log of who approved what?'
    const found = assistant.retrieve([
      { role: 'user', content: 'How do I turn on approval gates?' },
      { role: 'assistant', content: 'Set APPROVAL_GATES…' },
      { role: 'user', content: question },
    ])
    expect(found.kind === 'docs' && found.best.passage.page.path).toBe(pagesFor(assistant, question)[0])
    // Both pages say each decision is stored with who made it and when.
    expect(['/docs/architect-suite/approvals', '/docs/guides/permission-controls']).toContain(pagesFor(assistant, question)[0])
  })
})
