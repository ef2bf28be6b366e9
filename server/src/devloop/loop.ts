import { PROVIDER_MESSAGES } from '../llm/providers/openai'
import { tokenCounter, type TokenCounter } from '../llm/tokenizer'
import { ProviderError, type PromptMessage, type ReportedUsage, type ToolCall, type ToolChatClient, type ToolChatMessage } from '../llm/types'
import type { TestReport } from '../sandbox/types'
import { KIND_LABELS, type ProjectKind } from '../generation/classify'
import { EVENT_OUTPUT_CHARS, type BuildEventDetail } from '@contracts/buildEvents'
import { fileDiff } from '../timeline/diff'
import { DEVLOOP_TOOLS, MAX_TEST_OUTPUT_CHARS, parseToolCall, runFileTool, tail, testResultText, type DevLoopAction, type FileAction } from './tools'
import type { Workspace } from '../sandbox/workspace'

/**
 * The development loop: a model changes the project through the tools until its tests pass.
 * Each test run ends an iteration; the loop ends when the model finishes with the tests
 * passing, or when the iteration or token budget is spent.
 */

/** BUILD_MAX_ITERATIONS' default: test runs a loop may make. */
export const DEFAULT_MAX_ITERATIONS = 6
/** BUILD_MAX_TOKENS' default: prompt and completion tokens of all the loop's model calls together. */
export const DEFAULT_MAX_TOKENS = 200_000
/** The longest answer asked for in one call (`max_tokens`): enough for a whole file in write_file. */
export const DEFAULT_MAX_ANSWER_TOKENS = 8_192
/** Answers without a tool call the model is told about; the next one fails the loop. */
export const MAX_NUDGES = 2
/** Model calls without a test run before the loop runs the tests itself, so an iteration always ends. */
export const MAX_CALLS_PER_ITERATION = 30
/** The conversation sent is kept under this many characters by shortening old tool results and writes. */
export const HISTORY_CHAR_BUDGET = 60_000
/** How much of the request the first message carries. */
const MAX_REQUEST_CHARS = 4_000
/** The longest text of an answer kept in the conversation (the calls are what matters). */
const MAX_ANSWER_CHARS = 4_000
/** The results of one answer's calls together (several reads at once); the rest is cut. */
export const MAX_TURN_RESULT_CHARS = 60_000
/** Old results and file contents shorter than this are kept whole. */
const ELIDE_OVER = 300

export interface IterationRecord {
  /** 1, 2, … */
  number: number
  /** What ran the tests: the model's run_tests, its finish (after changes not tested yet), or the loop itself. */
  ranBy: 'run_tests' | 'finish' | 'loop'
  /** The paths written (and changed) or deleted since the previous iteration, sorted. */
  filesChanged: string[]
  passed: number
  failed: number
  failing: string[]
  ok: boolean
  /** The tail of the test output, at most MAX_TEST_OUTPUT_CHARS. */
  output: string
  /** The tokens of the model calls since the previous iteration. */
  promptTokens: number
  completionTokens: number
  /** Whether the provider reported every one of those calls' tokens (else some were counted here). */
  tokensReported: boolean
  modelCalls: number
  /** How long the test run took. */
  durationMs: number
}

export interface DevLoopUsage {
  promptTokens: number
  completionTokens: number
  modelCalls: number
}

/** `finished`: the model finished with the tests passing. `iterations`/`tokens`: that budget was spent. */
export type DevLoopReason = 'finished' | 'iterations' | 'tokens' | 'no-tool-calls'

export interface DevLoopResult {
  /** Whether the project's tests pass at the end (whatever ended the loop). */
  outcome: 'passed' | 'failed'
  reason: DevLoopReason
  /** What happened, in a sentence for the build's reply, log or error. */
  message: string
  iterations: IterationRecord[]
  /** Every model call's tokens, including those after the last test run (the finish). */
  usage: DevLoopUsage
  /** The model's summary at finish; empty when it did not finish. */
  summary: string
  /** The last test run, when there was one. */
  lastReport?: TestReport
}

export type DevLoopLog = (level: 'INFO' | 'WARNING' | 'DEBUG', message: string) => void | Promise<void>

export interface DevLoopOptions {
  /** An OpenAI-compatible provider (OpenAiProvider). */
  client: ToolChatClient
  model: string
  /** The build request, as the user wrote it. */
  request: string
  kind: ProjectKind
  /** The project, holding the template's (or the previous build's) files. */
  workspace: Workspace
  /** Where those files come from (default: the template). */
  origin?: ProjectOrigin
  /** Runs the project's `npm test` in `projectDir` (the sandbox). */
  runTests: (projectDir: string, signal: AbortSignal) => Promise<TestReport>
  /** Test runs at most (BUILD_MAX_ITERATIONS). */
  maxIterations?: number
  /** Tokens at most, prompt and completion of every call together (BUILD_MAX_TOKENS). */
  maxTokens?: number
  /** The longest answer of one call. */
  maxAnswerTokens?: number
  /** Asks for streamed answers (the default); servers that answer with one JSON body work either way. */
  stream?: boolean
  signal: AbortSignal
  /** After each iteration (a test run), with its record. */
  onIteration?: (record: IterationRecord) => void | Promise<void>
  /** After each iteration: `iteration` of `maxIterations`, and its test run. */
  onProgress?: (iteration: number, maxIterations: number, report: TestReport) => void | Promise<void>
  log?: DevLoopLog
  /** Each step as it happens (a model call, a tool call, a test run), for the build's timeline; `durationMs` when it took time. */
  onStep?: (step: BuildEventDetail, durationMs?: number) => Promise<void>
}

const clip = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text)

const KIND_HINTS: Record<ProjectKind, string> = {
  'web-app': 'a web app: a small server (node:http) that serves its page and its data, and the page itself (HTML, CSS and browser JavaScript)',
  'http-api': 'an HTTP API: a server built on node:http that answers JSON',
  cli: 'a command-line tool: a Node.js program run from a terminal, reading its arguments and writing to stdout',
  library: 'a library: a Node.js package of documented functions that other code requires',
}

/** Where the project starts: the kind's starter template, or the project of the conversation's last build (a follow-up). */
export type ProjectOrigin = 'template' | 'previous'

const ORIGINS: Record<ProjectOrigin, (kind: ProjectKind) => string> = {
  template: (kind) => `It starts from a starter template of a ${KIND_LABELS[kind]}, which you may change entirely: replace what does not serve the request, keep what does.`,
  previous: () =>
    'It is the project you delivered earlier in this conversation, and the request is a follow-up: change what it asks for, keep everything else working, and keep its tests passing (add tests for what you add).',
}

export const systemPrompt = (kind: ProjectKind, maxIterations: number, origin: ProjectOrigin = 'template'): string =>
  `You are a software developer. You build what the request asks for by changing the files of a project folder through the tools you are given.

The project is ${KIND_HINTS[kind]}. ${ORIGINS[origin](kind)}

Rules:
- Node.js only (version 20), JavaScript.
- No dependencies: the tests run without network access, so nothing can be installed. package.json must not list dependencies, devDependencies, optionalDependencies or peerDependencies; use Node's built-in modules (node:http, node:fs, node:path, node:test, node:assert, …).
- Tests use Node's built-in test runner: \`npm test\` runs \`node --test\`, which finds the test files (test/*.test.js). Write tests for what you build, and keep them fast.
- Paths are relative to the project folder, with "/" between folders.
- A web app or an API starts with \`npm start\` and listens on \`process.env.PORT\` as given: a port number, or the path of a Unix socket (pass a path to \`listen\` unchanged, never through \`Number\`).

Work with the tools, one step at a time: look at the files (list_files, read_file), write the code and its tests (write_file, delete_file), call run_tests, read the failures and fix them. When run_tests reports that the tests pass, call finish with a short summary. You have at most ${maxIterations} test runs. Always answer with tool calls, never with text alone.`

const firstMessage = (request: string, kind: ProjectKind, files: readonly string[], origin: ProjectOrigin): string =>
  `Request:\n${clip(request, MAX_REQUEST_CHARS)}\n\nThe project (${origin === 'template' ? `from the ${KIND_LABELS[kind]} template` : 'as delivered by the last build'}) holds these files:\n${files.join('\n') || '(none)'}`

const NUDGE =
  'Use the tools: every step is a tool call (list_files, read_file, write_file, delete_file, run_tests, finish). Write the files with write_file, check them with run_tests, and call finish once the tests pass.'

/** A file tool's call that worked, as a step of the timeline. */
const fileStep = (action: FileAction, before: string | undefined, result: string): BuildEventDetail => {
  switch (action.tool) {
    case 'list_files':
      return { type: 'files_listed', count: result.startsWith('(') ? 0 : result.split('\n').length }
    case 'read_file':
      return { type: 'file_read', path: action.path }
    case 'write_file':
      return { type: 'file_written', path: action.path, bytes: Buffer.byteLength(action.content), diff: fileDiff(before, action.content), by: 'model' }
    case 'delete_file':
      return { type: 'file_deleted', path: action.path }
  }
}

/** Whether a run counts as passing: it passed, and at least one test ran (a project without tests proves nothing). */
export const passes = (report: TestReport): boolean => report.ok && report.failed === 0 && report.passed > 0

const describeRun = (report: TestReport): string => {
  if (passes(report)) return `${report.passed} test${report.passed === 1 ? '' : 's'} passing`
  if (report.passed === 0 && report.failed === 0) return 'no test ran'
  const names = report.failing.length > 0 ? `: ${report.failing.slice(0, 5).join(', ')}${report.failing.length > 5 ? ', …' : ''}` : ''
  return `${report.failed} test${report.failed === 1 ? '' : 's'} failing${names}`
}

const sizeOf = (message: ToolChatMessage): number =>
  message.content.length + (message.role === 'assistant' ? (message.toolCalls ?? []).reduce((sum, call) => sum + call.name.length + call.arguments.length, 0) : 0)

const ELIDED = '[left out to keep the conversation short]'

/** A call's arguments with a long file content replaced by a note (still a JSON object: some servers parse them). */
const shortenArguments = (call: ToolCall): ToolCall => {
  if (call.arguments.length <= ELIDE_OVER) return call
  let args: unknown
  try {
    args = JSON.parse(call.arguments)
  } catch {
    return { ...call, arguments: '{}' }
  }
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return { ...call, arguments: '{}' }
  const shortened = Object.fromEntries(
    Object.entries(args).map(([key, value]) =>
      typeof value === 'string' && value.length > ELIDE_OVER ? [key, `[${value.length} characters ${ELIDED}; read_file shows the file as it is now]`] : [key, value],
    ),
  )
  return { ...call, arguments: JSON.stringify(shortened) }
}

/**
 * Keeps `messages` under `budget` characters, in place: from the oldest on, tool results and
 * written contents are shortened to a note. The system prompt, the request and the latest turn
 * (the last answer and its results) stay whole; the files themselves can always be read again.
 */
export const compactHistory = (messages: ToolChatMessage[], budget = HISTORY_CHAR_BUDGET): void => {
  let total = messages.reduce((sum, message) => sum + sizeOf(message), 0)
  let latest = messages.length - 1
  while (latest > 0 && messages[latest]?.role !== 'assistant') latest -= 1
  for (let i = 2; i < latest && total > budget; i += 1) {
    const message = messages[i] as ToolChatMessage
    let shorter: ToolChatMessage = message
    if (message.role === 'tool' && message.content.length > ELIDE_OVER) {
      shorter = { ...message, content: `${message.content.slice(0, ELIDE_OVER)}… ${ELIDED}` }
    } else if (message.role === 'assistant') {
      shorter = {
        ...message,
        content: message.content.length > ELIDE_OVER ? `${message.content.slice(0, ELIDE_OVER)}… ${ELIDED}` : message.content,
        ...(message.toolCalls && { toolCalls: message.toolCalls.map(shortenArguments) }),
      }
    }
    total -= sizeOf(message) - sizeOf(shorter)
    messages[i] = shorter
  }
}

/** A call as the conversation keeps it: arguments that are not a JSON object become `{}` (the result says what was wrong). */
const keptCall = (call: ToolCall): ToolCall => {
  try {
    const args: unknown = JSON.parse(call.arguments)
    if (typeof args === 'object' && args !== null && !Array.isArray(args)) return call
  } catch {
    // Not JSON: replaced below.
  }
  return { ...call, arguments: '{}' }
}

/** The conversation as plain messages, for counting its tokens when the provider does not report them. */
const asPrompt = (messages: readonly ToolChatMessage[]): PromptMessage[] =>
  messages.map((message) => {
    if (message.role === 'tool') return { role: 'user', content: message.content }
    if (message.role === 'assistant') {
      const calls = (message.toolCalls ?? []).map((call) => `${call.name}(${call.arguments})`).join('\n')
      return { role: 'assistant', content: [message.content, calls].filter(Boolean).join('\n') }
    }
    return message
  })

/**
 * Runs the loop in `options.workspace` and says how it ended. A provider's failure is thrown as
 * its ProviderError, a stop or a stage timeout (the signal) as the signal's reason; everything
 * the model gets wrong (a bad call, a refused write, a failing test) goes back to it as a result.
 */
export const runDevLoop = async (options: DevLoopOptions): Promise<DevLoopResult> => {
  const { client, model, workspace, signal, log } = options
  const maxIterations = Math.max(1, options.maxIterations ?? DEFAULT_MAX_ITERATIONS)
  const maxTokens = Math.max(1, options.maxTokens ?? DEFAULT_MAX_TOKENS)
  const maxAnswerTokens = Math.max(1, options.maxAnswerTokens ?? DEFAULT_MAX_ANSWER_TOKENS)

  const messages: ToolChatMessage[] = [
    { role: 'system', content: systemPrompt(options.kind, maxIterations, options.origin) },
    { role: 'user', content: firstMessage(options.request, options.kind, await workspace.list(), options.origin ?? 'template') },
  ]
  const iterations: IterationRecord[] = []
  const usage: DevLoopUsage = { promptTokens: 0, completionTokens: 0, modelCalls: 0 }
  // The calls since the last iteration, and the files they changed.
  let pending = { promptTokens: 0, completionTokens: 0, reported: true, calls: 0 }
  let changed = new Set<string>()
  let lastReport: TestReport | undefined
  let counter: TokenCounter | undefined
  let nudges = 0

  const step = async (detail: BuildEventDetail, durationMs?: number): Promise<void> => {
    await options.onStep?.(detail, durationMs)
  }

  const say = async (level: 'INFO' | 'WARNING' | 'DEBUG', message: string): Promise<void> => {
    await log?.(level, message)
  }

  const account = async (
    reported: ReportedUsage | undefined,
    answer: { content: string; toolCalls: ToolCall[] },
    sent: readonly ToolChatMessage[],
    latencyMs: number,
  ): Promise<void> => {
    let spent = reported
    if (!spent) {
      const count = (counter ??= await tokenCounter())
      spent = {
        // The tools' definitions are part of what the model is given.
        promptTokens: count.prompt(asPrompt(sent)) + count.text(JSON.stringify(DEVLOOP_TOOLS)),
        completionTokens: count.text(answer.content) + answer.toolCalls.reduce((sum, call) => sum + count.text(call.name) + count.text(call.arguments), 0),
      }
      pending.reported = false
    }
    usage.promptTokens += spent.promptTokens
    usage.completionTokens += spent.completionTokens
    usage.modelCalls += 1
    pending.promptTokens += spent.promptTokens
    pending.completionTokens += spent.completionTokens
    pending.calls += 1
    await step({ type: 'model_call', model, promptTokens: spent.promptTokens, completionTokens: spent.completionTokens }, latencyMs)
  }

  const iterate = async (ranBy: IterationRecord['ranBy']): Promise<TestReport> => {
    signal.throwIfAborted()
    const report = await options.runTests(workspace.root, signal)
    signal.throwIfAborted()
    const record: IterationRecord = {
      number: iterations.length + 1,
      ranBy,
      filesChanged: [...changed].sort(),
      passed: report.passed,
      failed: report.failed,
      failing: report.failing,
      ok: passes(report),
      output: tail(report.output, MAX_TEST_OUTPUT_CHARS),
      promptTokens: pending.promptTokens,
      completionTokens: pending.completionTokens,
      tokensReported: pending.reported,
      modelCalls: pending.calls,
      durationMs: report.durationMs,
    }
    iterations.push(record)
    await step({ type: 'tests_run', passed: report.passed, failed: report.failed, failing: report.failing, output: tail(report.output, EVENT_OUTPUT_CHARS) }, report.durationMs)
    pending = { promptTokens: 0, completionTokens: 0, reported: true, calls: 0 }
    changed = new Set()
    lastReport = report
    await options.onIteration?.(record)
    await options.onProgress?.(record.number, maxIterations, report)
    return report
  }

  const untested = (): boolean => lastReport === undefined || changed.size > 0

  const end = async (reason: DevLoopReason, summary = ''): Promise<DevLoopResult> => {
    // Changes the model made after its last run (the token budget ran out first) are tested, while a run is left.
    if (reason === 'tokens' && untested() && iterations.length < maxIterations) await iterate('loop')
    const outcome = lastReport && passes(lastReport) ? 'passed' : 'failed'
    const state = lastReport ? describeRun(lastReport) : 'the tests never ran'
    const message = {
      finished: `The tests pass (${state}) after ${iterations.length} iteration${iterations.length === 1 ? '' : 's'}.`,
      iterations: `The iteration budget (${maxIterations} test ${maxIterations === 1 ? 'run' : 'runs'}) is spent: ${state}.`,
      tokens: `The token budget (${maxTokens} tokens) is spent: ${state}.`,
      'no-tool-calls': `The model did not use the tools: it answered ${MAX_NUDGES + 1} times in a row without calling one, so it cannot build the project.`,
    }[reason]
    await say(outcome === 'passed' ? 'INFO' : 'WARNING', message)
    return { outcome, reason, message, iterations, usage, summary, ...(lastReport && { lastReport }) }
  }

  let callsSinceRun = 0
  for (;;) {
    signal.throwIfAborted()
    if (iterations.length >= maxIterations) return end('iterations')
    const used = usage.promptTokens + usage.completionTokens
    if (used >= maxTokens) return end('tokens')
    if (callsSinceRun >= MAX_CALLS_PER_ITERATION) {
      callsSinceRun = 0
      const report = await iterate('loop')
      messages.push({ role: 'user', content: `You made ${MAX_CALLS_PER_ITERATION} calls without running the tests, so they were run for you: ${testResultText(report)}` })
      continue
    }

    compactHistory(messages)
    const sent = [...messages]
    const asked = performance.now()
    const answer = await client.completeWithTools(
      { model, messages: sent, tools: DEVLOOP_TOOLS, maxTokens: Math.min(maxAnswerTokens, maxTokens - used), ...(options.stream !== undefined && { stream: options.stream }) },
      { signal },
    )
    // Stopped: the stage timed out or the build was stopped; the pipeline says which.
    signal.throwIfAborted()
    if (answer.stopped) throw new ProviderError(502, PROVIDER_MESSAGES.interrupted)
    await account(answer.usage, answer, sent, performance.now() - asked)
    callsSinceRun += 1

    const calls = answer.toolCalls
    messages.push({ role: 'assistant', content: clip(answer.content, MAX_ANSWER_CHARS), ...(calls.length > 0 && { toolCalls: calls.map(keptCall) }) })
    if (calls.length === 0) {
      if (nudges >= MAX_NUDGES) return end('no-tool-calls')
      nudges += 1
      await say('WARNING', `${model} answered without a tool call (${nudges} of ${MAX_NUDGES} reminders): ${JSON.stringify(clip(answer.content.replace(/\s+/g, ' ').trim(), 120))}`)
      messages.push({ role: 'user', content: NUDGE })
      continue
    }
    nudges = 0

    let turnChars = 0
    for (const call of calls) {
      const parsed = parseToolCall(call)
      let result: string
      let action: DevLoopAction | undefined
      if (!parsed.ok) {
        const cut = answer.finishReason === 'length' ? ' (the answer was cut at the token limit: write smaller files, one call at a time)' : ''
        result = `${parsed.error}${cut}`
        await say('WARNING', `A ${clip(call.name, 40) || 'nameless'} call was refused: ${clip(parsed.error, 200)}`)
      } else {
        action = parsed.action
        if (action.tool === 'run_tests') {
          callsSinceRun = 0
          result = testResultText(await iterate('run_tests'))
        } else if (action.tool === 'finish') {
          if (untested()) {
            callsSinceRun = 0
            await iterate('finish')
          }
          const report = lastReport as TestReport
          if (passes(report)) {
            const summary = clip(action.summary.trim(), 2_000)
            await step({ type: 'finished', summary })
            return end('finished', summary)
          }
          result = `Not finished: the tests do not pass yet (${describeRun(report)}). Fix them, call run_tests, then finish. The last run: ${testResultText(report)}`
        } else {
          const before = action.tool === 'write_file' ? await workspace.read(action.path).catch(() => undefined) : undefined
          const done = await runFileTool(workspace, action)
          if (done.changed) changed.add(done.changed)
          result = done.result
          if (result.startsWith('Error: ')) await say('WARNING', `${action.tool} was refused: ${clip(result.slice(7), 200)}`)
          else {
            await say('DEBUG', `${action.tool}${'path' in action ? ` ${action.path}` : ''}`)
            await step(fileStep(action, before, result))
          }
        }
      }
      const room = Math.max(0, MAX_TURN_RESULT_CHARS - turnChars)
      if (result.length > room) result = `${result.slice(0, room)}\n[… cut: the results of this answer's calls are too long together; read fewer files at a time]`
      turnChars += result.length
      messages.push({ role: 'tool', toolCallId: call.id, content: result })
      if (iterations.length >= maxIterations) break
    }
  }
}
