import { PROVIDER_MESSAGES } from '../llm/providers/openai'
import { ProviderError, type ChatProvider, type ReportedUsage, type ToolChatMessage, type ToolDefinition } from '../llm/types'
import { tokenCounter } from '../llm/tokenizer'
import { classify, KIND_LABELS, PROJECT_KINDS, type ProjectKind } from '../generation/classify'
import { followUpIntent, intentByRules, parseFollowUpIntent, parseIntent } from '../generation/intent'
import { withArticle } from '../generation/templates/common'
import { askedAQuestion, clarifyOffline, continueProject, OFFLINE_STAGES } from './offlineStages'
import { answeredLines, MAX_QUESTIONS, MAX_ROUNDS, parseAskUser } from './clarify'
import { QA_MESSAGES } from './qa'
import { StageFailure, type BuildState, type StageContext, type StageResult, type StageWork } from './state'
import { MAX_TEST_OUTPUT_CHARS, runDevLoop, tail } from '../devloop'
import { Workspace, WorkspaceError } from '../sandbox/workspace'
import { understand } from '../generation/understand'
import type { StageId } from './stages'

interface Usage {
  promptTokens: number
  completionTokens: number
}

/** How much of the request a stage's prompt carries. */
export const MAX_REQUEST_CHARS = 4_000
/** The longest answer asked for: the kind (a few tokens), and each stage's notes. */
export const CLASSIFY_MAX_TOKENS = 16
export const NOTES_MAX_TOKENS = 400
/** The longest notes kept from one stage (characters), whatever the model sent. */
export const MAX_NOTES_CHARS = 3_000

/** The stages whose notes a model writes, with what each asks for and its README heading. */
const NOTE_STAGES = {
  clarification: {
    heading: 'Assumptions and open questions',
    ask: 'List the assumptions a starter project for this request has to make, and the questions worth asking the requester.',
  },
  market_analysis: {
    heading: 'Comparable products and positioning',
    ask: 'Name a few comparable products or tools and say briefly how this project could position itself against them.',
  },
  structuring: {
    heading: 'File plan rationale',
    ask: 'Explain briefly why the starter project is laid out in these files, and what to add next.',
  },
} as const satisfies Partial<Record<StageId, { heading: string; ask: string }>>
type NoteStage = keyof typeof NOTE_STAGES

const CLASSIFY_SYSTEM = `You classify requests to build software. Answer with exactly one of these words and nothing else: ${PROJECT_KINDS.join(', ')}, question.
web-app: a web app used in a browser. http-api: an HTTP API (a backend service). cli: a command-line tool. library: a library (a package of functions).
question: the message does not ask for software to be built or changed: a question (even one about building, such as "How do I build a project?" or "What does the assembly agent create?"), a remark or a greeting.`

const FOLLOW_UP_SYSTEM = `You classify a message sent in a conversation about a software project that was already built. Answer with exactly one of these words and nothing else: change, question.
change: the message asks for the project to be changed, extended or fixed.
question: the message does not ask for a change: a question (even one about building, such as "How do I build it?" or "What did the assembly agent create?"), a remark or a greeting.`

const notesSystem = (ask: string): string =>
  `You help plan a starter software project. ${ask} Answer in short Markdown (a few bullet points, at most 150 words). No code, no headings, no HTML.`

/** The request as a prompt carries it: at most MAX_REQUEST_CHARS characters. */
const clip = (request: string): string => (request.length > MAX_REQUEST_CHARS ? `${request.slice(0, MAX_REQUEST_CHARS - 1)}…` : request)

/**
 * The model's answer to the classification, strictly: one supported kind by its id or its label
 * (`library`, `HTTP API`, `command-line tool`), optionally quoted or with a final full stop.
 * Anything else (a sentence, two kinds) is undefined.
 */
export const parseKind = (answer: string): ProjectKind | undefined => {
  const text = answer
    .trim()
    .replace(/\.$/, '')
    .replace(/^[`"'*]+|[`"'*]+$/g, '')
    .replace(/\.$/, '')
    .trim()
    .toLowerCase()
  return PROJECT_KINDS.find((kind) => kind === text || KIND_LABELS[kind].toLowerCase() === text)
}

/**
 * What a model wrote, made safe to put in a Markdown file: no control characters (tabs and line
 * breaks kept), no HTML tags, no headings (they would break the README's outline: made bold
 * lines), at most MAX_NOTES_CHARS characters. Only ever written into README.md, never a path.
 */
export const sanitizeNotes = (text: string): string => {
  const cleaned = text
    .replace(/\r\n?/g, '\n')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/<!--[\s\S]*?(-->|$)/g, '')
    .replace(/<\/?[a-zA-Z][^>]*>/g, '')
    .split('\n')
    .map((line) => line.replace(/^\s{0,3}#{1,6}\s+(.*)$/, '**$1**').trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
  return cleaned.length > MAX_NOTES_CHARS ? `${cleaned.slice(0, MAX_NOTES_CHARS - 1)}…` : cleaned
}

/** The notes on one line, for an agent log entry. */
const oneLine = (text: string, max = 500): string => {
  const line = text.replace(/\s+/g, ' ').trim()
  return line.length > max ? `${line.slice(0, max - 1)}…` : line
}

interface Answer {
  content: string
  prompt: string
  usage?: ReportedUsage
}

/** One call to the model for a stage: its own system prompt, bounded output, the stage's signal. */
const ask = async (provider: ChatProvider, model: string, system: string, user: string, maxTokens: number, { signal, record }: StageContext): Promise<Answer> => {
  const began = performance.now()
  const completion = await provider.complete({ model, system, maxTokens, messages: [{ role: 'user', content: user }] }, { signal, onDelta: () => undefined })
  // Stopped: the stage timed out or the build was stopped; the pipeline reports which.
  signal.throwIfAborted()
  if (completion.stopped) throw new ProviderError(502, PROVIDER_MESSAGES.interrupted)
  const latency = performance.now() - began
  const prompt = completion.prompt.map((message) => `${message.role}: ${message.content}`).join('\n')
  const counter = await tokenCounter()
  const tokens = completion.usage ?? { promptTokens: counter.prompt(completion.prompt), completionTokens: counter.text(completion.content) }
  await record({ type: 'model_call', model, promptTokens: tokens.promptTokens, completionTokens: tokens.completionTokens }, latency)
  return { content: completion.content, prompt, ...(completion.usage && { usage: completion.usage }) }
}

const resultOf = (answer: Answer, summary: string): StageResult => ({
  prompt: answer.prompt,
  output: answer.content,
  summary,
  ...(answer.usage && { usage: answer.usage }),
})

/** The most tokens the clarification's decision may answer with (its questions). */
export const ASK_USER_MAX_TOKENS = 600

export const ASK_USER_SYSTEM = `You review a request for software before it is built. Decide whether it says enough to build it well: what the software works on (its data or subject), who uses it, and whether it is a web app, an HTTP API, a command-line tool or a library (when that cannot be inferred); and whether it contradicts itself. If it is clear enough, answer with the single word CLEAR and call no tool. If it is not, call ask_user once with 1 to ${MAX_QUESTIONS} short questions, each with 2 to 4 short suggested answers. Never ask about what the request already says, and never ask more than you need.`

/** The tool through which the model asks the requester (strictly read by parseAskUser). */
export const ASK_USER_TOOL: ToolDefinition = {
  type: 'function',
  function: {
    name: 'ask_user',
    description: `Asks the person who made the request 1 to ${MAX_QUESTIONS} questions before building; the build waits for their answers.`,
    parameters: {
      type: 'object',
      properties: {
        questions: {
          type: 'array',
          description: `1 to ${MAX_QUESTIONS} questions`,
          items: {
            type: 'object',
            properties: {
              question: { type: 'string', description: 'The question, one sentence' },
              suggestions: { type: 'array', description: '2 to 4 short suggested answers', items: { type: 'string' } },
            },
            required: ['question', 'suggestions'],
            additionalProperties: false,
          },
        },
      },
      required: ['questions'],
      additionalProperties: false,
    },
  },
}

/** The README section the planning notes go in, with the model named. */
export const notesSection = (model: string, notes: NonNullable<BuildState['notes']>): string =>
  [
    `## Notes from the planning stages (model: ${oneLine(sanitizeNotes(model), 100)})`,
    '',
    `These planning notes were written by ${oneLine(sanitizeNotes(model), 100)}. Check them before relying on them.`,
    ...notes.flatMap((note) => ['', `### ${NOTE_STAGES[note.stage].heading}`, '', note.markdown]),
    '',
  ].join('\n')

/** The development loop's budgets (BUILD_MAX_ITERATIONS, BUILD_MAX_TOKENS). */
export interface DevLoopBudget {
  maxIterations: number
  maxTokens: number
}

export const DEVLOOP_MESSAGES = {
  noTools: (model: string) => `The model ${model} cannot call tools, which writing the code needs. Choose a model with tool calling.`,
  progress: (iteration: number, max: number, failed: number, passed: number) =>
    `Iteration ${iteration} of ${max}: ${failed > 0 ? `${failed} test${failed === 1 ? '' : 's'} failing` : `all ${passed} test${passed === 1 ? '' : 's'} passing`}`,
} as const

/**
 * The stages with a model of an OpenAI-compatible provider: it classifies the request
 * (strictly parsed, else the keyword classifier, with a warning), writes planning notes in
 * clarification, market analysis and structuring (into the README and the agent logs), and in
 * development writes the code itself: an agent loop over the file tools and the sandboxed test
 * run, starting from the template of the kind, until the tests pass or a budget is spent.
 * Assembly runs the tests once more before delivery. A provider failure fails the stage.
 */
export const modelStages = (provider: ChatProvider | undefined, model: string, budget: DevLoopBudget): Record<StageId, StageWork> => {
  const serving = (): ChatProvider => {
    if (!provider) throw new ProviderError(502, PROVIDER_MESSAGES.unreachable, { cause: `no provider lists the model ${model}` })
    return provider
  }

  const notes =
    (stage: NoteStage): StageWork =>
    async (context) => {
      const { state, log } = context
      const local = stage === 'clarification' ? await clarifyOffline(context, false) : await OFFLINE_STAGES[stage](context)
      const project = state.project
      if (!project) throw new Error('The classification is missing: an earlier stage did not run')
      const planned = stage === 'structuring' && state.plan ? `\nPlanned files: ${state.plan.map((file) => file.path).join(', ')}` : ''
      const answer = await ask(
        serving(),
        model,
        notesSystem(NOTE_STAGES[stage].ask),
        `Request:\n${clip(state.request)}\n\nKind of project: ${KIND_LABELS[project.kind]}${planned}`,
        NOTES_MAX_TOKENS,
        context,
      )
      const markdown = sanitizeNotes(answer.content)
      if (markdown) {
        state.notes = [...(state.notes ?? []), { stage, markdown }]
        await log('INFO', `Notes from ${model}: ${oneLine(markdown)}`)
      } else {
        await log('WARNING', `${model} wrote no usable notes for this stage`)
      }
      // A follow-up keeps the README it continues: its notes section is already there.
      if (stage === 'structuring' && state.plan && state.notes?.length && !state.previous) {
        const section = notesSection(model, state.notes)
        state.plan = state.plan.map((file) => (file.path === 'README.md' ? { ...file, content: `${file.content.trimEnd()}\n\n${section}` } : file))
      }
      return resultOf(answer, `${local.summary}; notes by ${model}: ${markdown ? oneLine(markdown, 300) : 'none'}`)
    }

  /**
   * The model decides whether the request is clear enough to build well: it asks through
   * `ask_user` (strictly read: 1 to 3 questions of 2 to 4 suggestions each), or answers that it is
   * clear. Once per build, and once more only after answers (an answer may itself be unclear); never
   * for a follow-up or after a skip. A model without tool calls falls back to the offline rules.
   * The stage's result when it asked (the build then waits), else the tokens the decision spent.
   */
  const askUser = async (context: StageContext): Promise<{ asked: StageResult } | { spent?: Usage }> => {
    const { state, log, signal, record } = context
    const earlier = state.clarification
    if (state.previous || earlier?.skipped || (earlier && (earlier.round >= MAX_ROUNDS || !earlier.answers))) return {}
    const client = serving()
    const completeWithTools = client.completeWithTools?.bind(client)
    if (!completeWithTools) {
      const offline = await clarifyOffline(context, true)
      return state.awaitingAnswers ? { asked: offline } : {}
    }
    const project = state.project
    // A second round only when an answer is itself unclear: the model is told what was answered.
    const answeredBefore = earlier?.answers
      ? `\n\nYou asked before, and the requester answered:\n${answeredLines(earlier.questions, earlier.answers).map((line) => `- ${line}`).join('\n')}\nCall ask_user again only if one of these answers is itself unclear; otherwise answer CLEAR.`
      : ''
    const began = performance.now()
    const messages: ToolChatMessage[] = [
      { role: 'system', content: ASK_USER_SYSTEM },
      { role: 'user', content: `Request:\n${clip(state.request)}${project ? `\n\nKind of project (as classified): ${KIND_LABELS[project.kind]}` : ''}${answeredBefore}` },
    ]
    const answer = await completeWithTools({ model, messages, tools: [ASK_USER_TOOL], maxTokens: ASK_USER_MAX_TOKENS }, { signal })
    signal.throwIfAborted()
    if (answer.stopped) throw new ProviderError(502, PROVIDER_MESSAGES.interrupted)
    const counter = await tokenCounter()
    const usage = answer.usage ?? {
      promptTokens: counter.prompt(messages.map((message) => ({ role: message.role === 'system' ? 'system' : 'user', content: message.content }))),
      completionTokens: counter.text(answer.content) + answer.toolCalls.reduce((sum, call) => sum + counter.text(call.arguments), 0),
    }
    await record({ type: 'model_call', model, promptTokens: usage.promptTokens, completionTokens: usage.completionTokens }, performance.now() - began)
    const call = answer.toolCalls.find((candidate) => candidate.name === 'ask_user')
    const questions = call ? parseAskUser(call.arguments) : undefined
    if (call && !questions) await log('WARNING', `${model} called ask_user with arguments that are not 1 to 3 questions of 2 to 4 suggestions each: no questions asked`)
    if (!questions) {
      await log('INFO', `${model} found the request clear enough to build: no questions asked`)
      return { spent: usage }
    }
    state.clarification = { questions, round: (earlier?.round ?? 0) + 1 }
    state.awaitingAnswers = true
    await log('INFO', `${model} asks ${questions.length} question${questions.length === 1 ? '' : 's'}: ${questions.map((question) => question.question).join(' ')}`)
    return {
      asked: { prompt: messages.map((message) => message.content).join('\n'), output: call?.arguments ?? '', summary: `${questions.length} question${questions.length === 1 ? '' : 's'} asked by ${model}`, usage },
    }
  }

  return {
    ...OFFLINE_STAGES,
    classification: async (context) => {
      const { state, log } = context
      // A follow-up continues its project, whatever kind its words would name; only a question ends it here.
      if (state.previous) {
        const answer = await ask(serving(), model, FOLLOW_UP_SYSTEM, clip(state.request), CLASSIFY_MAX_TOKENS, context)
        const intent = parseFollowUpIntent(answer.content)
        if (!intent) await log('WARNING', `${model} answered ${JSON.stringify(oneLine(answer.content, 80))}, not change or question: used the keyword rules instead`)
        const by = intent ? `by ${model}` : 'by keywords'
        const question = intent ? intent === 'question' : followUpIntent(state.request) === 'question'
        const result = question ? await askedAQuestion(state, log, by) : await continueProject(state, log)
        return resultOf(answer, result.summary)
      }
      const answer = await ask(serving(), model, CLASSIFY_SYSTEM, clip(state.request), CLASSIFY_MAX_TOKENS, context)
      const intent = parseIntent(answer.content)
      const chosen = parseKind(answer.content)
      if (!chosen && !intent) {
        await log('WARNING', `${model} answered ${JSON.stringify(oneLine(answer.content, 80))}, not a supported kind: used the keyword classifier instead`)
      }
      // The model's word, else the keyword rules: a question ends the build here, answered in the conversation.
      if (intent === 'question' || (!chosen && intentByRules(state.request) === 'question')) {
        const result = await askedAQuestion(state, log, intent === 'question' ? `by ${model}` : 'by keywords')
        return resultOf(answer, result.summary)
      }
      const keywords = classify(state.request)
      const kind = chosen ?? keywords.kind
      // Named as the offline engine names it, and started from the project it would generate for the request.
      state.understanding = understand(state.request, kind)
      const { slug, name } = state.understanding
      state.project = { kind, slug, title: name, scores: keywords.scores }
      state.planner = model
      await log('INFO', `Classified the request as ${withArticle(KIND_LABELS[kind])} named ${slug} (${chosen ? `by ${model}` : 'by keywords'})`)
      return resultOf(answer, `Building ${withArticle(KIND_LABELS[kind])}: ${slug}`)
    },
    clarification: async (context) => {
      const decided = await askUser(context)
      if ('asked' in decided) return decided.asked
      const result = await notes('clarification')(context)
      // The decision's tokens count with the notes': both were spent on the stage.
      const spent = decided.spent
      if (!spent) return result
      const counter = await tokenCounter()
      const notesUsage = result.usage ?? { promptTokens: counter.text(result.prompt), completionTokens: counter.text(result.output) }
      return { ...result, usage: { promptTokens: notesUsage.promptTokens + spent.promptTokens, completionTokens: notesUsage.completionTokens + spent.completionTokens } }
    },
    market_analysis: notes('market_analysis'),
    structuring: notes('structuring'),
    development: async (context) => {
      const { state, log, progress, sandbox, signal, untimed, recordIteration, record } = context
      const project = state.project
      if (!project || !state.plan) throw new Error('The file plan is missing: an earlier stage did not run')
      // Model-written code runs only in the sandbox: without one, nothing is written.
      if (sandbox.mode === 'unavailable') throw new StageFailure(QA_MESSAGES.noSandbox(sandbox.problem ?? ''))
      const client = serving()
      const completeWithTools = client.completeWithTools?.bind(client)
      if (!completeWithTools) throw new StageFailure(DEVLOOP_MESSAGES.noTools(model))
      const workspace = await Workspace.create(state.plan)
      state.modelWritten = true
      try {
        // Bounded by its own budgets (iterations, tokens; each call and test run by its own limit), not the stage timeout.
        const result = await untimed(() =>
          runDevLoop({
            client: { completeWithTools },
            model,
            request: clip(state.request),
            kind: project.kind,
            workspace,
            origin: state.previous ? 'previous' : 'template',
            runTests: (dir, runSignal) => sandbox.runTests(dir, runSignal),
            maxIterations: budget.maxIterations,
            maxTokens: budget.maxTokens,
            signal,
            onIteration: async (record) => {
              await recordIteration(record)
              state.iterations = record.number
            },
            onProgress: (iteration, max, report) =>
              progress(Math.min(1, iteration / max), DEVLOOP_MESSAGES.progress(iteration, max, report.failed, report.passed)),
            log: (level, message) => log(level, message),
            onStep: record,
          }),
        )
        signal.throwIfAborted()
        if (result.outcome !== 'passed') {
          // The loop's message names the failing tests already.
          throw new StageFailure(result.message, {
            promptTokens: result.usage.promptTokens,
            completionTokens: result.usage.completionTokens,
          })
        }
        state.files = await workspace.snapshot()
        if (result.lastReport) {
          const { passed, failed, failing, output } = result.lastReport
          state.loopTests = { passed, failed, failing, output: tail(output, MAX_TEST_OUTPUT_CHARS) }
        }
        state.devSummary = sanitizeNotes(result.summary)
        await log('INFO', `${model} wrote the project in ${result.iterations.length} iteration${result.iterations.length === 1 ? '' : 's'}: ${result.message}`)
        return {
          prompt: state.request,
          output: state.files.map((file) => `// ${file.path}\n${file.content}`).join('\n'),
          summary: `${state.files.length} files written by ${model}; ${result.lastReport?.passed ?? 0} tests passing`,
          usage: { promptTokens: result.usage.promptTokens, completionTokens: result.usage.completionTokens },
        }
      } catch (error) {
        if (error instanceof WorkspaceError) throw new StageFailure(error.message)
        throw error
      } finally {
        await workspace.remove()
      }
    },
  }
}
