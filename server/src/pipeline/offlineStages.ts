import { Script } from 'node:vm'
import { archiveEntries, type ProjectFile } from '../generation/archive'
import { followUpIntent, intentByRules } from '../generation/intent'
import { classify, KIND_LABELS, type ProjectKind } from '../generation/classify'
import type { StageId } from './stages'
import { filesKey, QA_MESSAGES, runQa } from './qa'
import { answeredLines, CLARIFICATION_MESSAGES, offlineQuestions, questionsReply } from './clarify'
import { changesBetween, type BuildState, type StageContext, type StageResult, type StageWork, type TestSummary } from './state'
import { EVENT_OUTPUT_CHARS, type BuildEventDetail } from '@contracts/buildEvents'
import { fileDiff } from '../timeline/diff'
import { tail } from '../devloop'
import { TEMPLATES } from '../generation/templates'
import { withArticle } from '../generation/templates/common'
import { continuedFiles } from '../generation/templates/followUp'
import { restateResource, titleCase, understand, type Understanding } from '../generation/understand'

/** An artefact an earlier stage should have produced. */
const need = <T>(value: T | undefined, what: string): T => {
  if (value === undefined) throw new Error(`${what} is missing: an earlier stage did not run`)
  return value
}

const ASSUMPTIONS: Record<ProjectKind, string[]> = {
  'web-app': [
    'A single page served by its own small server, a section for each collection; no build step or framework to install',
    'Records are kept in memory while the server runs (swap the Map in src/store.js for a database to keep them)',
    'No sign-in: anyone who can open the page can use it',
  ],
  'http-api': [
    'JSON in and out; each collection with create, read, update and delete, and its fields checked',
    'Records are kept in memory (swap the Map in src/store.js for a database to keep them)',
    'No authentication: put it behind a gateway or add a check before exposing it',
  ],
  cli: [
    'Runs with Node.js on the command line, reads files or standard input',
    'Plain text output by default, JSON with --json for scripts',
    'Exit code 0 on success, 1 on a read error, 2 on a usage error',
  ],
  library: [
    'A CommonJS module for Node.js 18 or later, usable from TypeScript through its declarations',
    'Pure functions without side effects, so they are easy to test and reuse',
    'No runtime dependencies',
  ],
}

const EXPECTATIONS: Record<ProjectKind, string[]> = {
  'web-app': ['loads fast without a build step', 'works with the keyboard and a screen reader', 'explains empty and error states'],
  'http-api': ['a health check for load balancers', 'clear JSON errors with the right status codes', 'a body size limit'],
  cli: ['--help and --version', 'works in pipes (standard input and output)', 'meaningful exit codes'],
  library: ['documented functions with examples', 'type declarations', 'input checks with clear errors'],
}

/** The offline development stage's share of its progress that writing the files takes; the test run has the rest. */
const WRITING_SHARE = 0.5

/** Compiles JavaScript without running it (CommonJS wrapper; a shebang line is allowed). */
const checkSyntax = (file: ProjectFile): void => {
  if (file.path.endsWith('.js')) {
    const source = file.content.startsWith('#!') ? `//${file.content.slice(2)}` : file.content
    new Script(`(function (exports, require, module, __filename, __dirname) {\n${source}\n})`, { filename: file.path })
  } else if (file.path.endsWith('.json')) {
    JSON.parse(file.content)
  }
}

const lines = (items: readonly string[]): string => items.map((item) => `- ${item}`).join('\n')

/** What the engine understood that the build assumes: the collections and their fields, or the task. */
const understoodAssumptions = (kind: ProjectKind, understanding: Understanding): string[] => {
  const built = understanding.unsupported
    ? [`Built as a Node.js ${KIND_LABELS[kind]}: the request asks for ${understanding.unsupported.requested}, and the offline engine builds Node.js projects only`]
    : []
  if (kind === 'web-app' || kind === 'http-api') {
    const collections = understanding.resources.map(restateResource)
    return [...built, ...(understanding.resourcesNamed ? collections.map((line) => `Collection ${line}`) : [`No collection named: starting with ${collections.join('; ')}`])]
  }
  if (kind === 'cli') return [...built, understanding.cliTask === 'generic' ? 'No known command-line task named: a working command to build on' : `Task: ${understanding.cliTask}`]
  return [...built, understanding.libraryTasks.length === 0 ? 'No known library task named: general helpers to build on' : `Tasks: ${understanding.libraryTasks.join(', ')}`]
}

/** A file written, as a step of the timeline: its size and its diff against the file before. */
export const writtenStep = (file: ProjectFile, before: string | undefined, by: 'model' | 'engine'): BuildEventDetail => ({
  type: 'file_written',
  path: file.path,
  bytes: Buffer.byteLength(file.content),
  diff: fileDiff(before, file.content),
  by,
})

/** A QA run of the project's tests, as a step of the timeline (with how long it took), or why it did not run. */
export const testStep = (run: TestSummary): [BuildEventDetail, number?] =>
  run.ran
    ? [{ type: 'tests_run', passed: run.passed, failed: run.failed, failing: run.failing, output: tail(run.output, EVENT_OUTPUT_CHARS) }, run.durationMs]
    : [{ type: 'tests_not_run', reason: run.reason }]

/**
 * The clarification without a model: a vague request (nothing named to work on, or no kind its
 * words name) is asked about once, when `ask` (a model's stages decide that themselves); a clear
 * one, a follow-up, or one already answered records the assumptions it is built on, the answers
 * first.
 */
export const clarifyOffline = async ({ state, log }: StageContext, ask: boolean): Promise<StageResult> => {
  const project = need(state.project, 'The classification')
  const understanding = state.understanding ?? understand(state.request, project.kind)
  const prompt = `${state.request}\n${JSON.stringify(project)}`
  if (ask && !state.clarification && !state.previous) {
    const questions = offlineQuestions(state.request, project.kind, project.scores, understanding)
    if (questions.length > 0) {
      state.clarification = { questions, round: 1 }
      state.awaitingAnswers = true
      await log('INFO', `The request names too little to build well: asking ${questions.length} question${questions.length === 1 ? '' : 's'} (${questions.map((question) => question.question).join(' ')})`)
      return { prompt, output: questionsReply(questions), summary: `${questions.length} question${questions.length === 1 ? '' : 's'} asked: ${CLARIFICATION_MESSAGES.waiting.toLowerCase()}` }
    }
  }
  const answered = state.clarification ? answeredLines(state.clarification.questions, state.clarification.answers).map((line) => `Asked: ${line}`) : []
  state.assumptions = [...answered, ...understoodAssumptions(project.kind, understanding), ...ASSUMPTIONS[project.kind]]
  for (const assumption of state.assumptions) await log('INFO', `Assumption: ${assumption}`)
  const why = state.clarification ? (state.clarification.skipped ? 'the questions were skipped' : 'built on the answers') : 'the request names what to build'
  await log('INFO', `${state.assumptions.length} assumptions recorded (${why})`)
  return { prompt, output: lines(state.assumptions), summary: 'Requirements clarified' }
}

/**
 * A follow-up build keeps the project it continues: its kind, name and files are the starting
 * point, whatever the new message's words would classify as.
 */
export const continueProject = async (state: BuildState, log: StageContext['log']): Promise<StageResult> => {
  const previous = need(state.previous, 'The previous build')
  const scores = classify(state.request).scores
  state.project = { kind: previous.kind, slug: previous.slug, title: titleCase(previous.slug.split('-')), scores }
  await log('INFO', `Continuing the ${KIND_LABELS[previous.kind]} ${previous.slug} of the conversation's last build (${previous.files.length} files)`)
  return { prompt: state.request, output: JSON.stringify(state.project), summary: `Continuing ${previous.slug}` }
}

/**
 * The offline engine (`overseer-local`): each stage's work, from the request and the templates.
 * Every stage reads the artefacts of the ones before it and adds its own.
 */
/** The classification's answer when the message is a question, not a build request: the build ends here and the assistant answers it. */
export const askedAQuestion = async (state: BuildState, log: StageContext['log'], by: string): Promise<StageResult> => {
  state.question = true
  await log('INFO', `Classified the message as a question, not a build request (${by}): it is answered in the conversation`)
  return { prompt: state.request, output: 'question', summary: 'A question, not a build: answered in the conversation' }
}

export const OFFLINE_STAGES: Record<StageId, StageWork> = {
  classification: async ({ state, log }) => {
    // A follow-up (the builds service passes the delivered project only for one) continues it,
    // whatever kind its words would name; only a question ends it here.
    if (state.previous) return followUpIntent(state.request) === 'question' ? askedAQuestion(state, log, 'by keywords') : continueProject(state, log)
    if (intentByRules(state.request) === 'question') return askedAQuestion(state, log, 'by keywords')
    const { kind, scores } = classify(state.request)
    state.understanding = understand(state.request, kind)
    const { slug, name } = state.understanding
    state.project = { kind, slug, title: name, scores }
    await log('INFO', `Classified the request as ${withArticle(KIND_LABELS[kind])} named ${slug}`)
    await log('DEBUG', `Kind scores: ${Object.entries(scores).map(([name, score]) => `${name} ${score}`).join(', ')}`)
    return { prompt: state.request, output: JSON.stringify(state.project), summary: `Building ${withArticle(KIND_LABELS[kind])}: ${slug}` }
  },

  clarification: (context) => clarifyOffline(context, true),

  market_analysis: async ({ state, log }) => {
    const project = need(state.project, 'The classification')
    state.expectations = EXPECTATIONS[project.kind]
    await log('INFO', `Users of ${withArticle(KIND_LABELS[project.kind])} expect: ${state.expectations.join('; ')}`)
    return { prompt: `${state.request}\n${lines(need(state.assumptions, 'The clarification'))}`, output: lines(state.expectations), summary: 'Expectations summarised' }
  },

  structuring: async ({ state, log }) => {
    const project = need(state.project, 'The classification')
    if (state.previous) {
      // A follow-up starts from the project it continues, with the collections and fields it names added.
      state.plan = continuedFiles(state.previous, state.request) ?? state.previous.files
    } else {
      // A model's classification understood nothing itself: the request is understood here, for the kind it chose.
      const understanding = (state.understanding ??= understand(state.request, project.kind))
      const spec = { kind: project.kind, slug: project.slug, title: project.title, request: state.request, understanding }
      const template = TEMPLATES[project.kind]
      state.plan = template.files(spec)
      state.project = { ...project, summary: template.describe(spec), ...(understanding.unsupported && { unsupported: understanding.unsupported }) }
    }
    await log('INFO', `Planned ${state.plan.length} files: ${state.plan.map((file) => file.path).join(', ')}`)
    return {
      prompt: `${state.request}\n${lines(need(state.expectations, 'The market analysis'))}`,
      output: lines(state.plan.map((file) => file.path)),
      summary: `${state.plan.length} files planned`,
    }
  },

  development: async ({ state, log, progress, sandbox, signal, untimed, recordIteration, record }) => {
    const plan = need(state.plan, 'The file plan')
    const written: ProjectFile[] = []
    const before = new Map(state.previous?.files.map((file) => [file.path, file.content]))
    // Writing is the first half of the stage's share of the bar, the test run the second.
    for (const [index, file] of plan.entries()) {
      signal.throwIfAborted()
      checkSyntax(file)
      written.push(file)
      await log('DEBUG', `Wrote and checked ${file.path} (${file.content.split('\n').length} lines)`)
      // A follow-up's unchanged files are not steps: only what this build wrote is.
      if (before.get(file.path) !== file.content) await record(writtenStep(file, before.get(file.path), 'engine'))
      await progress(((index + 1) / plan.length) * WRITING_SHARE, `Wrote ${file.path}`)
    }
    state.files = written
    const tests = written.filter((file) => file.path.startsWith('test/')).length
    await log('INFO', `${written.length} files written and checked, ${tests} of them tests`)
    // The tests run here, before the development gate, so whoever approves the code sees their result.
    const run = await runQa({
      files: written,
      log,
      progress: (fraction, message) => progress(WRITING_SHARE + fraction * (1 - WRITING_SHARE), message),
      sandbox,
      signal,
      untimed,
      modelWritten: state.modelWritten === true,
    })
    state.tests = run
    state.testedFiles = filesKey(written)
    await record(...testStep(run))
    if (run.ran) {
      state.loopTests = { passed: run.passed, failed: run.failed, failing: run.failing, output: run.output }
      // Without a development loop, this run is the build's one iteration: the whole project, tested once.
      if (!state.iterations) {
        const { passed, failed, failing, durationMs, output } = run
        await recordIteration({ number: 1, filesChanged: written.map((file) => file.path), passed, failed, failing, output, promptTokens: 0, completionTokens: 0, durationMs })
        state.iterations = 1
      }
    } else {
      state.testsNotRun = sandbox.problem ?? run.reason
    }
    const verdict = run.ran ? `${run.passed} tests passed` : QA_MESSAGES.notRunBrief
    return {
      prompt: `${state.request}\n${lines(plan.map((file) => file.path))}`,
      output: written.map((file) => `// ${file.path}\n${file.content}`).join('\n'),
      summary: `${written.length} files written; ${verdict}`,
    }
  },

  assembly: async ({ state, log, progress, sandbox, signal, untimed, recordIteration, record }) => {
    const project = need(state.project, 'The classification')
    const files = need(state.files, 'The development')
    const entries = archiveEntries(project.slug, files)
    const bytes = entries.reduce((sum, entry) => sum + entry.data.length, 0)
    await log('INFO', `Assembled ${entries.length} files (${bytes.toLocaleString('en-US')} bytes) under ${project.slug}/`)
    if (state.previous) state.changes = changesBetween(state.previous.files, files)
    const earlier = state.tests
    // The development stage ran these very files' tests: their result stands (model-written code is never delivered untested).
    if (earlier && state.testedFiles === filesKey(files) && (earlier.ran || state.modelWritten !== true)) {
      if (earlier.ran) {
        const total = earlier.passed + earlier.failed
        await log('INFO', `QA: ${earlier.passed} of ${total} tests passed in the sandbox (${sandbox.mode}, ${earlier.durationMs} ms) in the development stage, on these same files`)
        await progress(0.9, `Tests passed: ${earlier.passed} of ${total}`)
      }
    } else {
      state.tests = await runQa({ files, log, progress, sandbox, signal, untimed, modelWritten: state.modelWritten === true })
      state.testedFiles = filesKey(files)
      await record(...testStep(state.tests))
    }
    const tested = need(state.tests, 'The QA run')
    // Without a development loop, the QA run is the build's one iteration: the whole project, tested once.
    if (tested.ran && !state.iterations) {
      const { passed, failed, failing, durationMs, output } = tested
      await recordIteration({ number: 1, filesChanged: files.map((file) => file.path), passed, failed, failing, output, promptTokens: 0, completionTokens: 0, durationMs })
      state.iterations = 1
    }
    const verdict = tested.ran ? `${tested.passed} tests passed` : QA_MESSAGES.notRunBrief
    return { prompt: lines(files.map((file) => file.path)), output: lines(entries.map((entry) => entry.name)), summary: `Project assembled; ${verdict}` }
  },

  delivery: async ({ state, log, archives, buildId }) => {
    const project = need(state.project, 'The classification')
    const files = need(state.files, 'The development')
    // Streamed into the database as the zip is produced: any server serves it.
    const bytes = await archives.writeProject(buildId, project.slug, files)
    state.archive = { bytes, files: files.length }
    await log('INFO', `Stored the archive ${project.slug}.zip (${bytes.toLocaleString('en-US')} bytes)`)
    return { prompt: lines(files.map((file) => file.path)), output: `${project.slug}.zip ${bytes}`, summary: 'Archive stored' }
  },
}
