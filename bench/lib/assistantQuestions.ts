/**
 * The assistant's evaluation set: questions written as visitors ask them (paraphrases, not the
 * docs' headings), each with the docs page(s) that answer it; questions the docs cannot answer;
 * and messages that contain a build word, with whether they really ask for software to be built.
 */

import second from './assistantQuestions.second.json'
import third from './assistantQuestions.third.json'
import fourth from './assistantQuestions.fourth.json'
import fifth from './assistantQuestions.fifth.json'
import sixth from './assistantQuestions.sixth.json'
import seventh from './assistantQuestions.seventh.json'
import eighth from './assistantQuestions.eighth.json'
import ninth from './assistantQuestions.ninth.json'
import tenth from './assistantQuestions.tenth.json'
import eleventh from './assistantQuestions.eleventh.json'
import twelfth from './assistantQuestions.twelfth.json'
import thirteenth from './assistantQuestions.thirteenth.json'
import fourteenth from './assistantQuestions.fourteenth.json'
import fifteenth from './assistantQuestions.fifteenth.json'
import sixteenth from './assistantQuestions.sixteenth.json'
import seventeenth from './assistantQuestions.seventeenth.json'
import eighteenth from './assistantQuestions.eighteenth.json'
import nineteenth from './assistantQuestions.nineteenth.json'
import twentieth from './assistantQuestions.twentieth.json'
import twentyfirst from './assistantQuestions.twentyfirst.json'
import twentysecond from './assistantQuestions.twentysecond.json'
import twentythird from './assistantQuestions.twentythird.json'

const GS = '/docs/getting-started'
const CM = '/docs/core-modules'
const AS = '/docs/architect-suite'
const API = '/docs/api-reference'
const GU = '/docs/guides'

export interface EvalQuestion {
  question: string
  /** The pages that answer it, any of which counts as right. */
  pages: readonly string[]
}

export const ANSWERABLE: readonly EvalQuestion[] = [
  // Getting started: introduction.
  { question: 'What is Overseer, in a nutshell?', pages: [`${GS}/introduction`] },
  { question: 'When is early access planned?', pages: [`${GS}/introduction`] },
  { question: 'When does the full release come out?', pages: [`${GS}/introduction`] },
  { question: 'What are the main parts of the product?', pages: [`${GS}/introduction`] },
  // Quick start.
  { question: 'Which Node version do I need to run it?', pages: [`${GS}/quickstart`] },
  { question: 'How do I install and start the server on my machine?', pages: [`${GS}/quickstart`] },
  { question: 'Port 8080 is already taken, what do I do?', pages: [`${GS}/quickstart`] },
  { question: 'How do I make the very first admin account?', pages: [`${GS}/quickstart`, `${API}/authentication`] },
  // Architecture.
  { question: 'Which web framework is the backend written in?', pages: [`${GS}/architecture`] },
  { question: 'Can I use a real Postgres server instead of the embedded database?', pages: [`${GS}/architecture`, `${GS}/quickstart`] },
  { question: 'How do I run several server processes behind a load balancer?', pages: [`${GS}/architecture`] },
  { question: 'How is the frontend code organised?', pages: [`${GS}/architecture`] },
  // Overseer Core.
  { question: 'What does the orchestrator do with a request?', pages: [`${CM}/overseer-core`] },
  { question: 'What happens when one of the modules crashes during a build?', pages: [`${CM}/overseer-core`] },
  { question: 'Which model runs the stages if I do not pick one?', pages: [`${CM}/overseer-core`] },
  // Clarification loop.
  { question: 'How many rounds of questions does clarification ask?', pages: [`${CM}/clarification-loop`] },
  { question: 'What ends up in the brief?', pages: [`${CM}/clarification-loop`] },
  { question: 'How does the clarification loop work inside?', pages: [`${CM}/clarification-loop`] },
  // DevLoop Matrix.
  { question: 'Which tools can the model call while writing code?', pages: [`${CM}/devloop-matrix`] },
  { question: 'Is generated code isolated when its tests run?', pages: [`${CM}/devloop-matrix`] },
  { question: 'Can the model add npm dependencies to the project?', pages: [`${CM}/devloop-matrix`] },
  { question: 'What does the development gate show the approver?', pages: [`${CM}/devloop-matrix`] },
  // File Structure Planner.
  { question: 'Where does the starting set of files for a project come from?', pages: [`${CM}/file-structure-planner`] },
  { question: 'What does the structuring stage produce?', pages: [`${CM}/file-structure-planner`] },
  { question: 'What should I look at when reviewing a file plan?', pages: [`${CM}/file-structure-planner`] },
  // Assembly Agent.
  { question: 'What is inside the zip I download?', pages: [`${CM}/assembly-agent`] },
  { question: 'Are the tests run again before delivery?', pages: [`${CM}/assembly-agent`] },
  { question: 'What happens when assembly fails?', pages: [`${CM}/assembly-agent`] },
  // Dashboard.
  { question: 'What keyboard shortcuts does the canvas have?', pages: [`${AS}/dashboard`] },
  { question: 'Where is my architecture diagram saved?', pages: [`${AS}/dashboard`] },
  { question: 'What kinds of nodes can I put on the canvas?', pages: [`${AS}/dashboard`] },
  { question: 'What does the system status panel tell me?', pages: [`${AS}/dashboard`] },
  // Overseer interface.
  { question: 'What does the token usage chart show?', pages: [`${AS}/overseer-interface`, `${GU}/recursive-improvement`] },
  { question: 'Does anything actually execute the commands I type on the Overseer page?', pages: [`${AS}/overseer-interface`, `${API}/endpoints`] },
  { question: 'Where can I see the builds that are running right now?', pages: [`${AS}/overseer-interface`] },
  // Testing module.
  { question: 'When will the testing module be ready?', pages: [`${AS}/testing-module`] },
  { question: 'What does the testing page show at the moment?', pages: [`${AS}/testing-module`] },
  { question: 'Who is allowed to open the testing page?', pages: [`${AS}/testing-module`] },
  // Logs viewer.
  { question: 'How do I find out why a build failed from the logs?', pages: [`${AS}/logs-viewer`] },
  { question: 'What do the log levels mean?', pages: [`${AS}/logs-viewer`] },
  { question: 'Can I filter the agent logs by module?', pages: [`${AS}/logs-viewer`] },
  // Approvals.
  { question: 'Who can approve or deny a request?', pages: [`${AS}/approvals`] },
  { question: 'What is on an approval card?', pages: [`${AS}/approvals`] },
  { question: 'Tips for reviewing approvals well?', pages: [`${AS}/approvals`] },
  // Authentication.
  { question: 'How long does a login session last?', pages: [`${API}/authentication`] },
  { question: 'How do I send my token from a script?', pages: [`${API}/authentication`] },
  { question: 'Why is my cross-site POST refused?', pages: [`${API}/authentication`] },
  { question: 'Can visitors use the assistant without signing in?', pages: [`${API}/authentication`, `${API}/endpoints`] },
  // Endpoints.
  { question: 'Which endpoint lists my chat conversations?', pages: [`${API}/endpoints`] },
  { question: 'How do I download the archive of a finished build through the API?', pages: [`${API}/endpoints`] },
  { question: 'What does the health check endpoint return?', pages: [`${API}/endpoints`] },
  { question: 'How do I export the waitlist as CSV?', pages: [`${API}/endpoints`] },
  // Rate limits.
  { question: 'How many messages a minute can I send to the assistant?', pages: [`${API}/rate-limits`] },
  { question: 'I keep getting 429 Too Many Requests, what should my client do?', pages: [`${API}/rate-limits`] },
  { question: 'What happens after too many failed logins?', pages: [`${API}/rate-limits`] },
  { question: 'Do limits work behind a reverse proxy?', pages: [`${API}/rate-limits`] },
  // Intent clarification.
  { question: 'How should I phrase a request so I get what I want?', pages: [`${GU}/intent-clarification`] },
  { question: 'Which words turn a chat message into a build?', pages: [`${GU}/intent-clarification`, `${GS}/architecture`] },
  { question: 'What does market analysis add?', pages: [`${GU}/intent-clarification`] },
  // Permission controls.
  { question: 'How do I turn on approval gates?', pages: [`${GU}/permission-controls`] },
  { question: 'How do I give someone the operator role?', pages: [`${GU}/permission-controls`] },
  { question: 'How do I lock out an employee who left?', pages: [`${GU}/permission-controls`] },
  // Recursive improvement.
  { question: 'What if the tests keep failing and the loop never succeeds?', pages: [`${GU}/recursive-improvement`, `${CM}/devloop-matrix`] },
  { question: 'How do I follow the iterations of a build while it runs?', pages: [`${GU}/recursive-improvement`] },
  { question: 'What counts as good enough for a build to be delivered?', pages: [`${GU}/recursive-improvement`] },
  { question: 'Does the assistant work without an internet connection?', pages: [`${GS}/quickstart`, `${CM}/overseer-core`, `${API}/endpoints`] },
]

export const UNANSWERABLE: readonly string[] = [
  'What is the weather in Paris tomorrow?',
  'How do I bake sourdough bread?',
  'Who won the football world cup?',
  'What is the capital of Australia?',
  'Can you recommend a good laptop for programming?',
  'How much does the Team plan cost per seat?',
  'Does Overseer integrate with Kubernetes operators?',
  'Is there a mobile app for iOS?',
  'How do I write a for loop in Python?',
  'Who is the CEO of Overseer Labs?',
  'Is Overseer GDPR certified?',
  'Can I pay with PayPal?',
  'How do I export my data to Salesforce?',
  'What is the stock price of Overseer Labs?',
  'Does it support single sign-on with Okta?',
  'Where is your office located?',
]

export interface EvalIntent {
  text: string
  /** True when it asks for software to be built. */
  build: boolean
}

export const INTENTS: readonly EvalIntent[] = [
  { text: 'Build me a todo app with due dates', build: true },
  { text: 'Create a REST API for a bookstore with authors and books', build: true },
  { text: 'make a CLI that converts CSV to JSON', build: true },
  { text: 'Can you build a landing page for my bakery?', build: true },
  { text: 'I need you to develop a small library that formats prices', build: true },
  { text: 'Generate a web app where my team can track expenses', build: true },
  { text: 'Please create an HTTP API for managing recipes and ingredients', build: true },
  { text: 'Could you make me a word counter command-line tool?', build: true },
  { text: 'Build an inventory dashboard for a small shop, please', build: true },
  { text: 'make a zip file with a starter express api for notes', build: true },
  { text: 'I want to create a habit tracker web app', build: true },
  { text: 'Develop a slug generator package', build: true },
  { text: 'How do I build a project with Overseer?', build: false },
  { text: 'What does the assembly agent create?', build: false },
  { text: 'How do I enable approval gates in the build pipeline?', build: false },
  { text: 'How long does a build take?', build: false },
  { text: 'Does the build make a zip file I can download?', build: false },
  { text: 'Who developed Overseer?', build: false },
  { text: 'What happens when a build fails?', build: false },
  { text: 'I made a typo in my last message, sorry', build: false },
  { text: 'Which words make a message a build request?', build: false },
  { text: 'Can I see the files a build created before downloading them?', build: false },
  { text: 'Why did my last build fail its tests?', build: false },
  { text: 'How does the DevLoop make the tests pass?', build: false },
]

/** A second set, written separately from the docs alone (bench/lib/assistantQuestions.second.json). */
export const SECOND_SET: { answerable: EvalQuestion[]; unanswerable: string[]; intents: EvalIntent[] } = second

/**
 * A third set, written from the docs alone before the search's misses were looked at
 * (bench/lib/assistantQuestions.third.json); it was the held-out check until the fourth came.
 */
export const THIRD_SET: { answerable: EvalQuestion[]; unanswerable: string[]; intents: EvalIntent[] } = third

/**
 * A fourth set, written on 2026-11-25 from the docs alone (keywords lines skipped) by someone who
 * had not seen the engine, its misses or the other sets (bench/lib/assistantQuestions.fourth.json):
 * the held-out check until the fifth came.
 */
export const FOURTH_SET: { answerable: EvalQuestion[]; unanswerable: string[]; intents: EvalIntent[] } = fourth

/**
 * A fifth set, written on 2026-11-25 like the fourth (docs alone, keywords lines skipped, nothing
 * of the engine or the other sets seen; bench/lib/assistantQuestions.fifth.json): the held-out
 * check until the sixth came. Its first measurement was taken before anything was changed in view of it.
 */
export const FIFTH_SET: { answerable: EvalQuestion[]; unanswerable: string[]; intents: EvalIntent[] } = fifth

/**
 * A sixth set, written on 2026-11-25 like the fifth (bench/lib/assistantQuestions.sixth.json), after
 * the changes measured on the fifth. First measured before anything was changed in view of it
 * (top-1 51/60, top-3 58/60, rejected 13/20, intents 24/24).
 */
export const SIXTH_SET: { answerable: EvalQuestion[]; unanswerable: string[]; intents: EvalIntent[] } = sixth

/**
 * A seventh set, written on 2026-11-25 like the others, after every change of that day
 * (bench/lib/assistantQuestions.seventh.json): the held-out check until the eighth came. First
 * measured before anything was changed in view of it (top-1 52/60, top-3 56/60, rejected 18/20, intents 23/24; the engine as
 * landed at 3ce24a7: 51/60, 54/60, 11/20, 23/24).
 */
export const SEVENTH_SET: { answerable: EvalQuestion[]; unanswerable: string[]; intents: EvalIntent[] } = seventh

/**
 * An eighth set, written on 2026-11-25 like the others (bench/lib/assistantQuestions.eighth.json),
 * before the assistant learned from asked questions. First measured before
 * anything was changed in view of it: with the engine of that morning (e870e9b), top-1 51/60, top-3
 * 56/60, rejected 10/20, intents 23/24; with that engine learning from the seven sets before it
 * (their answered questions at weight 0.75, chosen on those seven), top-1 54/60, top-3 55/60, rejected 11/20.
 */
export const EIGHTH_SET: { answerable: EvalQuestion[]; unanswerable: string[]; intents: EvalIntent[] } = eighth

/**
 * A ninth set, written on 2026-11-25 like the others (bench/lib/assistantQuestions.ninth.json), once
 * the assistant learned from the eight before it. First measured before anything
 * was changed in view of it: top-1 57/60, top-3 59/60, rejected 15/20, intents 24/24 (the engine of
 * that morning, e870e9b, learning from nothing: 51/60, 60/60, 11/20, 24/24).
 */
export const NINTH_SET: { answerable: EvalQuestion[]; unanswerable: string[]; intents: EvalIntent[] } = ninth

/**
 * A tenth set, written on 2026-11-25 like the others (bench/lib/assistantQuestions.tenth.json), after
 * the review of the learning (a stricter match for questions the docs did not answer): the held-out
 * check. First measured before anything was changed in view of it, with the assistant learning from
 * the nine before it: top-1 59/60, top-3 59/60, rejected 18/20, intents 23/24; the same rules learning
 * nothing: 54/60, 58/60, 14/20; the engine of that morning (e870e9b): 54/60, 58/60, 14/20, 23/24.
 */
export const TENTH_SET: { answerable: EvalQuestion[]; unanswerable: string[]; intents: EvalIntent[] } = tenth

/**
 * An eleventh set, written on 2026-12-06 from the docs alone (keywords lines skipped) by someone
 * who had seen neither the engine nor the other sets (bench/lib/assistantQuestions.eleventh.json),
 * as the set to tune the ranking on once contracts/docsSearch/asked.json went. First measured before
 * anything was changed in view of it, with the engine of that morning (fbda9dd, learning from the
 * ten sets before it): top-1 75/80, top-3 78/80, rejected 21/25, intents 24/24; the same engine
 * learning from nothing: 71/80, 80/80, 20/25. Tuned on since.
 */
export const ELEVENTH_SET: { answerable: EvalQuestion[]; unanswerable: string[]; intents: EvalIntent[] } = eleventh

/**
 * A twelfth set, written on 2026-12-06 like the eleventh, by someone else, and held out: its
 * questions and misses are not read by whoever tunes the engine, and the bench prints only its
 * figures (bench/lib/assistantQuestions.twelfth.json). First measured with the engine of that
 * morning (fbda9dd, learning from the ten sets before it): top-1 75/80, top-3 77/80, rejected
 * 19/25, intents 24/24; that engine learning from nothing: 66/80, 80/80, 14/25; the ranking of
 * titles, headings and page terms that replaced the learning (chosen on the other sets): 69/80,
 * 75/80, 14/25, 24/24.
 */
export const TWELFTH_SET: { answerable: EvalQuestion[]; unanswerable: string[]; intents: EvalIntent[] } = twelfth

/**
 * A thirteenth set, written on 2026-12-06 after the new ranking landed, by someone who saw neither
 * the engine nor the other sets, as visitors who have not read the docs ask (held out like the
 * twelfth: bench/lib/assistantQuestions.thirteenth.json). First measured with that engine (no
 * question set in it): top-1 52/60, top-3 59/60, rejected 15/20, intents 24/24; the engine of that
 * morning (fbda9dd, learning from the ten sets before it): 50/60, 56/60, 15/20.
 */
export const THIRTEENTH_SET: { answerable: EvalQuestion[]; unanswerable: string[]; intents: EvalIntent[] } = thirteenth

/**
 * A fourteenth set, written on 2026-12-06 (the evening) by a helper who read only the docs, not
 * the engine or the other sets, before the change it first measured (held out like the twelfth:
 * bench/lib/assistantQuestions.fourteenth.json). First measured with the engine of d488c2c (no
 * question set in it): top-1 41/64, top-3 55/64, rejected 19/24, intents 23/24; far below the
 * twelfth and thirteenth (its questions ask more of a section's details).
 */
export const FOURTEENTH_SET: { answerable: EvalQuestion[]; unanswerable: string[]; intents: EvalIntent[] } = fourteenth

/**
 * A fifteenth set, written on 2026-12-06 (the night) by a helper who read only the docs, not the
 * engine or the other sets, before the learnt ranking it first measured (held out like the twelfth:
 * bench/lib/assistantQuestions.fifteenth.json). First measured with the engine of e083147 (no
 * question set in it): top-1 53/64, top-3 55/64, rejected 15/24, intents 24/24.
 */
export const FIFTEENTH_SET: { answerable: EvalQuestion[]; unanswerable: string[]; intents: EvalIntent[] } = fifteenth

/**
 * A sixteenth set, written on 2026-12-06 (late at night) by a helper who read only the docs, not
 * the engine or the other sets, before any change of that session (held out like the twelfth:
 * bench/lib/assistantQuestions.sixteenth.json). First measured with the engine of 1c8ea13 (no
 * question set in it): top-1 50/64, top-3 56/64, rejected 17/24, intents 23/24.
 */
export const SIXTEENTH_SET: { answerable: EvalQuestion[]; unanswerable: string[]; intents: EvalIntent[] } = sixteenth

/**
 * A seventeenth set, written on 2026-12-07 by a helper who read only the docs, not the engine or
 * the other sets, before any change of that session (held out like the twelfth:
 * bench/lib/assistantQuestions.seventeenth.json). First measured with the engine of e9f5df8 (no
 * question set in it): top-1 49/64, top-3 59/64, rejected 10/24, intents 20/24.
 */
export const SEVENTEENTH_SET: { answerable: EvalQuestion[]; unanswerable: string[]; intents: EvalIntent[] } = seventeenth

/**
 * An eighteenth set, written on 2026-12-07 by a helper who read only the docs, not the engine or
 * the other sets, before any change of that session's ranking (held out like the twelfth:
 * bench/lib/assistantQuestions.eighteenth.json). First measured with the engine of b94ee63 (no
 * question set in it): top-1 55/64, top-3 58/64, rejected 14/24, intents 23/24.
 */
export const EIGHTEENTH_SET: { answerable: EvalQuestion[]; unanswerable: string[]; intents: EvalIntent[] } = eighteenth

/**
 * A nineteenth set, written on 2026-12-07 by a helper who read only the docs, not the engine or
 * the other sets, before any change of that session (held out like the twelfth:
 * bench/lib/assistantQuestions.nineteenth.json). First measured with the engine of 45409e5 (no
 * question set in it): top-1 49/64, top-3 55/64, rejected 16/24, intents 24/24.
 */
export const NINETEENTH_SET: { answerable: EvalQuestion[]; unanswerable: string[]; intents: EvalIntent[] } = nineteenth

/**
 * A twentieth set, written on 2026-12-07 by a helper who read only the docs, not the engine or
 * the other sets, before any change of that session (held out like the twelfth:
 * bench/lib/assistantQuestions.twentieth.json). First measured with the engine of d7ab8a5 (no
 * question set in it): top-1 52/64, top-3 59/64, rejected 19/24, intents 24/24.
 */
export const TWENTIETH_SET: { answerable: EvalQuestion[]; unanswerable: string[]; intents: EvalIntent[] } = twentieth

/**
 * A twenty-first set, written on 2026-12-07 by a helper who read only the docs, not the engine or
 * the other sets (held out like the twelfth: bench/lib/assistantQuestions.twentyfirst.json). First
 * measured with the engine of 7473a71 (no question set in it): top-1 50/64, top-3 60/64,
 * rejected 20/24, intents 24/24.
 */
export const TWENTY_FIRST_SET: { answerable: EvalQuestion[]; unanswerable: string[]; intents: EvalIntent[] } = twentyfirst

/**
 * A twenty-second set, written on 2026-12-07 by a helper who read only the docs, not the engine or
 * the other sets, before any change of that session (held out like the twelfth:
 * bench/lib/assistantQuestions.twentysecond.json). First measured with the engine of 6eb85c4 (no
 * question set in it): top-1 58/64, top-3 63/64,
 * rejected 18/24, intents 24/24.
 */
export const TWENTY_SECOND_SET: { answerable: EvalQuestion[]; unanswerable: string[]; intents: EvalIntent[] } = twentysecond

/**
 * A twenty-third set, written on 2026-12-07 by a helper who read only the docs, not the engine or
 * the other sets, before any change of that session (held out like the twelfth:
 * bench/lib/assistantQuestions.twentythird.json). First measured with the engine of 8feeb19 (no
 * question set in it): top-1 48/64, top-3 55/64,
 * rejected 16/24, intents 24/24.
 */
export const TWENTY_THIRD_SET: { answerable: EvalQuestion[]; unanswerable: string[]; intents: EvalIntent[] } = twentythird

/**
 * The sets, each written apart from the others, in the order they were written. `tuned`: rules,
 * weights or the docs' keywords were once chosen in view of the set (the first ten were compiled
 * into the engine until 2026-12-06, as contracts/docsSearch/asked.json): reported apart, never
 * against the budgets.
 */
export const QUESTION_SETS: readonly { name: string; tuned: boolean; answerable: readonly EvalQuestion[]; unanswerable: readonly string[]; intents: readonly EvalIntent[] }[] = [
  { name: 'first (with the code)', tuned: true, answerable: ANSWERABLE, unanswerable: UNANSWERABLE, intents: INTENTS },
  { name: 'second', tuned: true, ...SECOND_SET },
  { name: 'third', tuned: true, ...THIRD_SET },
  { name: 'fourth', tuned: true, ...FOURTH_SET },
  { name: 'fifth', tuned: true, ...FIFTH_SET },
  { name: 'sixth', tuned: true, ...SIXTH_SET },
  { name: 'seventh', tuned: true, ...SEVENTH_SET },
  { name: 'eighth', tuned: true, ...EIGHTH_SET },
  { name: 'ninth', tuned: true, ...NINTH_SET },
  { name: 'tenth', tuned: true, ...TENTH_SET },
  { name: 'eleventh', tuned: true, ...ELEVENTH_SET },
  { name: 'twelfth (held out)', tuned: false, ...TWELFTH_SET },
  { name: 'thirteenth (held out)', tuned: false, ...THIRTEENTH_SET },
  { name: 'fourteenth (held out)', tuned: false, ...FOURTEENTH_SET },
  { name: 'fifteenth (held out)', tuned: false, ...FIFTEENTH_SET },
  { name: 'sixteenth (held out)', tuned: false, ...SIXTEENTH_SET },
  { name: 'seventeenth (held out)', tuned: false, ...SEVENTEENTH_SET },
  { name: 'eighteenth (held out)', tuned: false, ...EIGHTEENTH_SET },
  { name: 'nineteenth (held out)', tuned: false, ...NINETEENTH_SET },
  { name: 'twentieth (held out)', tuned: false, ...TWENTIETH_SET },
  { name: 'twenty-first (held out)', tuned: false, ...TWENTY_FIRST_SET },
  { name: 'twenty-second (held out)', tuned: false, ...TWENTY_SECOND_SET },
  { name: 'twenty-third (held out)', tuned: false, ...TWENTY_THIRD_SET },
]
/** All the sets. */
export const ALL_ANSWERABLE: readonly EvalQuestion[] = QUESTION_SETS.flatMap((set) => set.answerable)
export const ALL_UNANSWERABLE: readonly string[] = QUESTION_SETS.flatMap((set) => set.unanswerable)
export const ALL_INTENTS: readonly EvalIntent[] = QUESTION_SETS.flatMap((set) => set.intents)
