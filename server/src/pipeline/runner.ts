import { STAGE_IDS, STAGE_LABELS } from '@contracts/builds'
import type { Database } from '../db'
import type { TokenCounter } from '../llm/tokenizer'
import { LOCAL_MODEL } from '../llm/providers/local'
import { ProviderError, type ChatProvider } from '../llm/types'
import { createAgentLogRepository as agentLogsIn } from '../agentLogs/agentLogRepository'
import { archiveStore, removeArchive } from '../generation/archiveStore'
import type { Sandbox } from '../sandbox/types'
import type { Timeline } from '../timeline/recorder'
import { OFFLINE_STAGES } from './offlineStages'
import type { Question } from './clarify'
import { CheckpointUnreadable, readCheckpointState } from './checkpoint'
import { StageFailure, type Clarification, type BuildRecordsIn, type BuildState, type StageContext, type StageRecord, type StageWork } from './state'
import { modelStages, type DevLoopBudget } from './modelStages'
import { STAGES, stageEnd, type GateKind, type StageDefinition, type StageId } from './stages'

/** One build to run: what a queue would carry to a worker. */
export interface BuildJob {
  buildId: string
  sessionId: string
  request: string
  model: string
  /** A follow-up in the same conversation: the build whose delivered project this one continues. */
  previousBuildId?: string
  /** A build resumed after its requester answered (or skipped) its questions: `request` has the answers in it. */
  clarification?: Clarification
  /**
   * Which run of the build this is: 1 for its request, one more for each later run (its answers, a
   * retry). A queue knows a run by it; an interrupted run that starts again is the same run.
   */
  run?: number
  /** Its owner retries the build from this stage (the one that failed): it goes on from the checkpoint before it. */
  retry?: StageId
  /** The build's last timeline event before this run: what its steps spent is counted from there. */
  eventsAfter?: number
}

/** What a build keeps of its job, so that a run can start again without its request: all but its ids and a retry. */
export type StoredJob = Omit<BuildJob, 'buildId' | 'sessionId' | 'retry'>

/** The id a queue knows a run of a build by. */
export const runId = (job: Pick<BuildJob, 'buildId' | 'run'>): string => (job.run && job.run > 1 ? `${job.buildId}.${job.run}` : job.buildId)

export interface Progress {
  stage: StageId
  message: string
  percentage: number
}

export interface Usage {
  promptTokens: number
  completionTokens: number
}

export type BuildOutcome =
  | { kind: 'completed'; state: Required<Pick<BuildState, 'project' | 'files' | 'archive'>> & BuildState; usage: Usage }
  /** The classification found a question or remark, not a request to build: nothing more runs. */
  | { kind: 'question'; usage: Usage }
  /** The clarification asked the requester: the build waits for the answers (it runs again with them). */
  | { kind: 'clarifying'; questions: Question[]; usage: Usage }
  /** `retry`: the stage its owner can retry it from (a stage that failed, timed out or kept being interrupted). */
  | { kind: 'failed' | 'timeout' | 'stopped'; stage: StageId; message: string; usage: Usage; retry?: StageId }
  /**
   * Its process is going down (a shutdown, a worker handing its builds back): nothing is stored as
   * its end; it goes on from its last checkpoint in the next process that takes it.
   */
  | { kind: 'interrupted'; stage: StageId; usage: Usage }

/** Where a running build's progress goes (the session's socket.io room). */
export type ProgressSink = (sessionId: string, progress: Progress) => void

/** A build at a gate: what the approval request shows. */
export interface GateRequest {
  buildId: string
  sessionId: string
  /** The stage the build starts once past the gate. */
  stage: StageId
  state: BuildState
}

/**
 * Approval gates: at a gate it `guards`, a build waits in `pass` until the gate is approved;
 * a denial rejects with GateDenied, a wait longer than the approval timeout with GateExpired, and
 * the build's signal with its reason. `waiting` runs once the request is stored, before the wait.
 */
export interface Gatekeeper {
  guards(gate: GateKind): boolean
  pass(gate: GateKind, request: GateRequest, signal: AbortSignal, waiting: (approvalId: string) => Promise<void>): Promise<void>
}

export class GateDenied extends Error {
  override name = 'GateDenied'
}

export class GateExpired extends Error {
  override name = 'GateExpired'
}

/** No gate enabled: builds run straight through. */
export const openGates: Gatekeeper = { guards: () => false, pass: async () => undefined }

export interface PipelineOptions {
  db: Database
  /** Where the build's progress, stages, iterations and files are recorded (the builds module's repository). */
  buildsIn: BuildRecordsIn
  /** The tokenizer, loaded on first use. */
  counter: () => Promise<TokenCounter>
  stageTimeoutMs: number
  gates: Gatekeeper
  emit: ProgressSink
  /** Where each step of a build is recorded and sent (its timeline). */
  timeline: Timeline
  /** Where the projects' tests run: the only place generated code ever runs. */
  sandbox: Sandbox
  /** The budgets of a model's development loop (BUILD_MAX_ITERATIONS, BUILD_MAX_TOKENS). */
  devLoop: DevLoopBudget
  /** How many times an interrupted stage starts again before the build fails (BUILD_MAX_ATTEMPTS). */
  maxAttempts: number
  /** The stages' work; default the offline engine, or a configured provider's model (see providerFor). */
  stages?: Record<StageId, StageWork>
  /**
   * The OpenAI-compatible provider serving a build's model (undefined for `overseer-local`): with
   * one, the stages ask the model (modelStages). Unset: every build runs the offline engine.
   */
  providerFor?: (model: string) => Promise<ChatProvider | undefined>
  /** Test hook: runs at the start of each stage, under its timeout (a test makes a stage fail or stall). */
  beforeStage?: (stage: StageId, signal: AbortSignal) => Promise<void>
  /** Test hook: runs once the last stage has finished, before the build is delivered (a stop that comes too late to stop it). */
  afterStages?: (signal: AbortSignal) => Promise<void>
}

/** Runs builds: in this process now; a BullMQ worker runner can take its place behind the same interface. */
export interface BuildRunner {
  run(job: BuildJob, signal: AbortSignal): Promise<BuildOutcome>
}

class StageTimeout extends Error {
  override name = 'StageTimeout'
}

/** A stage's name within a sentence ('timed out in market analysis'). */
const LABELS = Object.fromEntries(STAGE_IDS.map((id) => [id, STAGE_LABELS[id].toLowerCase()])) as Record<StageId, string>

/** A duration as people say it: `24 hours`, `90 minutes`, `0.5 seconds`. */
export const formatDuration = (ms: number): string => {
  const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`
  if (ms >= 3_600_000 && ms % 3_600_000 === 0) return plural(ms / 3_600_000, 'hour')
  if (ms >= 60_000 && ms % 60_000 === 0) return plural(ms / 60_000, 'minute')
  return plural(Math.round(ms / 100) / 10, 'second')
}

export const BUILD_MESSAGES = {
  failed: (stage: StageId) => `The build failed at the ${LABELS[stage]} stage. Please try again.`,
  /** A model provider's failure (after its own retries), with its message as the chat shows it. */
  providerFailed: (stage: StageId, message: string) => `The build failed at the ${LABELS[stage]} stage: ${message}`,
  timedOut: (stage: StageId, ms: number) => `The ${LABELS[stage]} stage did not finish within ${Math.round(ms / 100) / 10} seconds. Please try again.`,
  waiting: (gate: GateKind) => `Waiting for approval at the ${gate} gate...`,
  denied: (gate: GateKind, comment: string | null) => (comment ? `The build was denied at the ${gate} gate: ${comment}` : `The build was denied at the ${gate} gate.`),
  expired: (gate: GateKind, ms: number) => `No decision was made at the ${gate} gate within ${formatDuration(ms)}. Please send the request again.`,
  shutdown: 'The build was interrupted: the server is shutting down. Please send the request again.',
  interrupted: 'The build was interrupted (the server stopped). Please send the request again.',
  /** A run that starts again from its last checkpoint, at `stage`, after its process died. */
  resumed: (stage: StageId) => `Resumed after an interruption: ${LABELS[stage]}`,
  /** Its owner retries it from `stage`. */
  retrying: (stage: StageId) => `Retrying from ${LABELS[stage]}...`,
  /** The run was interrupted more often than BUILD_MAX_ATTEMPTS allows. */
  interruptedTooOften: (stage: StageId, attempts: number) =>
    `The build was interrupted ${attempts} times at the ${LABELS[stage]} stage (its server process stopped each time). Retry it from there, or send the request again.`,
  /** A build request whose server is going down: the build is kept and goes on once a server runs it again. */
  suspended: 'The server is restarting: your build is saved and goes on from where it was once the server is back. Follow it in this conversation.',
  /** Its process died after its owner deleted its conversation: not resumed. */
  conversationDeleted: 'Build stopped: its conversation was deleted.',
  /** Its owner stopped it (POST /api/overseer-dev/sessions/:sessionId/stop). */
  stopped: 'Build stopped.',
  ready: 'Your project is ready.',
  /** The message was a question, not a build request (generation/intent.ts). */
  answered: 'Answered as a question: nothing to build.',
} as const

/** The reason a build's signal carries when its owner stopped it (any other reason is a shutdown). */
export class BuildStopped extends Error {
  override name = 'BuildStopped'

  constructor() {
    super(BUILD_MESSAGES.stopped)
  }
}

/** Whether `signal` was aborted because the build's owner stopped it. */
export const stoppedByOwner = (signal: AbortSignal): boolean => signal.aborted && signal.reason instanceof BuildStopped

/** Pauses a stage's timer while work with limits of its own runs (a sandboxed test run). */
export type Untimed = <T>(work: () => Promise<T>) => Promise<T>

/** How long a stopped stage's work may take to end what it started before the build reports the stop anyway. */
export const ABORT_GRACE_MS = 10_000

/** Waits until `work` has settled, or `ms` have passed. */
const settledWithin = async (work: Promise<unknown>, ms: number): Promise<void> => {
  let timer: NodeJS.Timeout | undefined
  const ended = work.then(
    () => undefined,
    () => undefined,
  )
  await Promise.race([ended, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))])
  clearTimeout(timer)
}

/**
 * Runs `work` with a time limit; on expiry aborts the signal it was given and rejects with a
 * StageTimeout. Time spent inside `untimed` does not count: such work has its own limit.
 */
const withTimeout = async <T>(ms: number, parent: AbortSignal, work: (signal: AbortSignal, untimed: Untimed) => Promise<T>): Promise<T> => {
  const controller = new AbortController()
  const onAbort = () => controller.abort(parent.reason)
  parent.addEventListener('abort', onAbort, { once: true })
  let timer: NodeJS.Timeout | undefined
  let remaining = ms
  let startedAt = 0
  let paused = 0
  let expire: () => void = () => undefined
  const arm = () => {
    startedAt = performance.now()
    timer = setTimeout(expire, remaining)
  }
  const expired = new Promise<never>((_, reject) => {
    expire = () => {
      controller.abort(new StageTimeout())
      reject(new StageTimeout())
    }
  })
  arm()
  const untimed: Untimed = async (inner) => {
    if (paused++ === 0) {
      clearTimeout(timer)
      remaining = Math.max(0, remaining - (performance.now() - startedAt))
    }
    try {
      return await inner()
    } finally {
      if (--paused === 0) arm()
    }
  }
  const aborted = new Promise<never>((_, reject) => {
    if (parent.aborted) reject(parent.reason)
    controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true })
  })
  const running = work(controller.signal, untimed)
  try {
    return await Promise.race([running, expired, aborted])
  } catch (error) {
    // Stopped (by its owner, or a shutdown): the work was told through its signal; what it started
    // (a sandboxed test run's processes) ends before the build reports that it stopped.
    if (parent.aborted) await settledWithin(running, ABORT_GRACE_MS)
    throw error
  } finally {
    clearTimeout(timer)
    paused = Number.POSITIVE_INFINITY
    parent.removeEventListener('abort', onAbort)
  }
}

/** A build's state before its first stage: its request (with its answers), and the project it continues. */
const freshState = async (job: BuildJob, { db, buildsIn }: PipelineOptions): Promise<BuildState> => {
  const state: BuildState = { request: job.request, ...(job.clarification && { clarification: job.clarification }) }
  if (job.previousBuildId) {
    const previous = await buildsIn(db).findById(job.previousBuildId)
    if (previous?.kind && previous.name) {
      state.previous = { buildId: previous.id, kind: previous.kind, slug: previous.name, files: await buildsIn(db).files(previous.id) }
    }
  }
  return state
}

/**
 * The seven stages of one build, in order: each announces its start (`progress`), passes its
 * gate, does its work under the stage timeout, records its tokens and writes agent log entries.
 * Resolves with the outcome; never rejects for a stage's failure. A failed build leaves no archive.
 */
export const runPipeline = async (job: BuildJob, options: PipelineOptions, signal: AbortSignal): Promise<BuildOutcome> => {
  const { db, emit, buildsIn, timeline } = options
  const counter = await options.counter()
  const stages =
    options.stages ??
    (options.providerFor && job.model !== LOCAL_MODEL ? modelStages(await options.providerFor(job.model).catch(() => undefined), job.model, options.devLoop) : OFFLINE_STAGES)
  // A run that starts again (its process died, or its owner retries) goes on from the last checkpoint.
  const attempt = await buildsIn(db).startAttempt(job.buildId)
  const saved = await buildsIn(db).lastCheckpoint(job.buildId)
  const from = saved ? saved.position + 1 : 0
  const firstStage: StageId = STAGES[from]?.id ?? 'delivery'
  const resumed = job.retry ? ('retry' as const) : attempt > 1 ? ('interrupted' as const) : undefined
  const usage: Usage = { promptTokens: saved?.promptTokens ?? 0, completionTokens: saved?.completionTokens ?? 0 }
  let lastPercentage = 0
  let lastStage: StageId = saved ? (STAGES[saved.position]?.id ?? firstStage) : firstStage
  let lastEventId = saved?.lastEventId ?? job.eventsAfter ?? 0

  const report = async (progress: Progress): Promise<void> => {
    if (progress.percentage < lastPercentage) return
    lastPercentage = progress.percentage
    lastStage = progress.stage
    await buildsIn(db).progress(job.buildId, progress)
    emit(job.sessionId, progress)
  }

  const logFor =
    (stage: StageDefinition) =>
    (level: 'INFO' | 'WARNING' | 'ERROR' | 'DEBUG', message: string): Promise<void> =>
      agentLogsIn(db).write({ level, module: stage.module, message: `[${job.sessionId.slice(0, 8)}] ${message}`, buildId: job.buildId })

  const record: (stage: StageId, ...step: Parameters<StageContext['record']>) => Promise<void> = async (stage, detail, durationMs) => {
    const event = await timeline.record(job, stage, detail, durationMs)
    lastEventId = Math.max(lastEventId, event.id)
  }

  let state: BuildState
  try {
    state = saved ? readCheckpointState(saved.version, saved.state) : await freshState(job, options)
  } catch (error) {
    if (!(error instanceof CheckpointUnreadable)) throw error
    await agentLogsIn(db).write({ level: 'ERROR', module: 'overseer-core', message: `[${job.sessionId.slice(0, 8)}] ${error.message}`, buildId: job.buildId })
    await record(firstStage, { type: 'error', message: error.message })
    return { kind: 'failed', stage: firstStage, message: error.message, usage }
  }

  // What an attempt that did not finish spent (the model calls on its timeline) is counted once, with the stage's next attempt.
  let carried: Usage = { promptTokens: 0, completionTokens: 0 }
  let iterationOffset = 0
  if (resumed) {
    if (resumed === 'interrupted' && attempt > options.maxAttempts) {
      const message = BUILD_MESSAGES.interruptedTooOften(firstStage, attempt - 1)
      await agentLogsIn(db).write({ level: 'ERROR', module: 'overseer-core', message: `[${job.sessionId.slice(0, 8)}] ${message}`, buildId: job.buildId })
      await record(firstStage, { type: 'error', message })
      return { kind: 'failed', stage: firstStage, message, usage, retry: firstStage }
    }
    carried = await buildsIn(db).spentAfter(job.buildId, lastEventId)
    usage.promptTokens += carried.promptTokens
    usage.completionTokens += carried.completionTokens
    if (firstStage === 'development') iterationOffset = await buildsIn(db).iterationCount(job.buildId)
    await agentLogsIn(db).write({
      level: 'WARNING',
      module: 'overseer-core',
      message: `[${job.sessionId.slice(0, 8)}] ${resumed === 'retry' ? `Retried by its owner from the ${LABELS[firstStage]} stage` : `${BUILD_MESSAGES.resumed(firstStage)} (attempt ${attempt} of ${options.maxAttempts})`}`,
      buildId: job.buildId,
    })
    // A retry is the stage's next attempt after those that ran; an interrupted run's, the build's attempt since its request.
    const stageAttempt = resumed === 'retry' ? (await buildsIn(db).stageStarts(job.buildId, firstStage)) + 1 : attempt
    await record(firstStage, { type: 'resumed', reason: resumed, attempt: stageAttempt })
  }

  const gateLog = (level: 'INFO' | 'ERROR', message: string): Promise<void> =>
    agentLogsIn(db).write({ level, module: 'overseer-core', message: `[${job.sessionId.slice(0, 8)}] ${message}`, buildId: job.buildId })

  /**
   * Waits at an enabled gate (no stage timeout: waiting for a person is not a stall). The
   * progress stays on the stage before, saying it waits. Undefined once approved, else the outcome.
   */
  const waitAt = async (gate: GateKind, next: StageDefinition): Promise<BuildOutcome | undefined> => {
    try {
      // The build says it waits before its request appears, so whoever sees the request sees that too.
      await report({ stage: lastStage, message: BUILD_MESSAGES.waiting(gate), percentage: lastPercentage })
      await record(lastStage, { type: 'gate_waiting', gate })
      await options.gates.pass(gate, { buildId: job.buildId, sessionId: job.sessionId, stage: next.id, state }, signal, async (approvalId) => {
        await gateLog('INFO', `Waiting for approval at the ${gate} gate before ${LABELS[next.id]} (request ${approvalId})`)
      })
      await gateLog('INFO', `Passed the ${gate} gate`)
      await record(lastStage, { type: 'gate_passed', gate })
      return undefined
    } catch (error) {
      await removeArchive(db, job.buildId).catch(() => undefined)
      const expired = error instanceof GateExpired
      if (stoppedByOwner(signal)) {
        await gateLog('INFO', `Stopped by its owner at the ${gate} gate`).catch(() => undefined)
        return { kind: 'stopped', stage: lastStage, message: BUILD_MESSAGES.stopped, usage }
      }
      if (signal.aborted && !(error instanceof GateDenied) && !expired) {
        // Its process is going down: the wait goes on in the next process that takes the build.
        await gateLog('INFO', `Left the ${gate} gate: the server process is stopping; the build waits there again once resumed`).catch(() => undefined)
        return { kind: 'interrupted', stage: lastStage, usage }
      }
      const message = error instanceof GateDenied || expired ? error.message : BUILD_MESSAGES.failed(lastStage)
      const detail = error instanceof GateDenied || expired ? message : error instanceof Error ? `${error.name}: ${error.message}` : String(error)
      await gateLog('ERROR', `Stopped at the ${gate} gate: ${detail}`).catch(() => undefined)
      await record(lastStage, { type: 'error', message }).catch(() => undefined)
      return { kind: expired ? 'timeout' : 'failed', stage: lastStage, message, usage }
    }
  }

  if (job.clarification && !saved && !resumed) {
    const { answers, skipped, questions } = job.clarification
    await record('clarification', {
      type: 'clarification_answered',
      answers: answers ?? [],
      skipped: skipped === true,
      assumptions: skipped ? ['Built on the assumptions the build states'] : questions.flatMap((question, index) => (answers?.[index]?.trim() ? [] : [question.question])),
    })
  }

  for (const [position, stage] of STAGES.entries()) {
    if (position < from) continue
    const log = logFor(stage)
    // The first stage of a run that goes on says so, and carries what its lost attempt spent.
    const restarted = resumed !== undefined && position === from
    const startMessage = restarted ? (resumed === 'retry' ? BUILD_MESSAGES.retrying(stage.id) : BUILD_MESSAGES.resumed(stage.id)) : stage.message
    const carry = restarted ? carried : { promptTokens: 0, completionTokens: 0 }
    const withCarry = (tokens: Usage): Usage => ({ promptTokens: tokens.promptTokens + carry.promptTokens, completionTokens: tokens.completionTokens + carry.completionTokens })
    if (stage.gateBefore && options.gates.guards(stage.gateBefore)) {
      const stopped = await waitAt(stage.gateBefore, stage)
      if (stopped) return stopped
    }
    const startedAt = new Date()
    const began = performance.now()
    const ended = (status: StageRecord['status'], summary: string, tokens: Usage) =>
      record(stage.id, { type: 'stage_ended', status, summary, ...tokens }, performance.now() - began)
    try {
      await report({ stage: stage.id, message: startMessage, percentage: stage.start })
      await log('INFO', `Stage ${stage.id} started`)
      await record(stage.id, { type: 'stage_started' })
      const end = stageEnd(stage.id)
      const result = await withTimeout(options.stageTimeoutMs, signal, async (stageSignal, untimed) => {
        await options.beforeStage?.(stage.id, stageSignal)
        return stages[stage.id]({
          buildId: job.buildId,
          state,
          signal: stageSignal,
          archives: archiveStore(db),
          sandbox: options.sandbox,
          untimed,
          recordIteration: async (iteration) => {
            await buildsIn(db).recordIteration(job.buildId, restarted ? { ...iteration, number: iteration.number + iterationOffset } : iteration)
            const changed = iteration.filesChanged.length > 0 ? iteration.filesChanged.join(', ') : 'none'
            await logFor(STAGES.find((definition) => definition.id === 'development') ?? stage)(
              iteration.failed > 0 ? 'WARNING' : 'INFO',
              `Iteration ${iteration.number}: ${iteration.passed} passed, ${iteration.failed} failed${iteration.failing.length > 0 ? ` (${iteration.failing.slice(0, 5).join(', ')})` : ''}; files changed: ${changed}; tokens ${iteration.promptTokens} + ${iteration.completionTokens}`,
            )
          },
          log,
          record: (detail, durationMs) => record(stage.id, detail, durationMs),
          progress: (fraction, message) => {
            stageSignal.throwIfAborted()
            // Strictly inside the stage's share of the bar: the next stage's start is its own.
            const percentage = Math.min(end - 1, stage.start + Math.floor(fraction * (end - 1 - stage.start)))
            return percentage > lastPercentage ? report({ stage: stage.id, message, percentage }) : Promise.resolve()
          },
        })
      })
      const tokens = result.usage
        ? { promptTokens: result.usage.promptTokens, completionTokens: result.usage.completionTokens }
        : { promptTokens: counter.text(result.prompt), completionTokens: counter.text(result.output) }
      usage.promptTokens += tokens.promptTokens
      usage.completionTokens += tokens.completionTokens
      await buildsIn(db).recordStage(job.buildId, { stage: stage.id, position, status: 'completed', startedAt, ...withCarry(tokens) })
      if (stage.id === 'classification' && state.project) await buildsIn(db).classified(job.buildId, state.project.kind, state.project.slug)
      await log('INFO', `Stage ${stage.id} finished: ${result.summary} (${tokens.promptTokens + tokens.completionTokens} tokens)`)
      await ended('completed', result.summary, tokens)
      // What the stages produced so far: a run that starts again goes on from here.
      await buildsIn(db).saveCheckpoint(job.buildId, { position, stage: stage.id, state, ...usage, lastEventId })
      if (state.question) return { kind: 'question', usage }
      if (state.awaitingAnswers && state.clarification) {
        await record(stage.id, { type: 'clarification_asked', questions: state.clarification.questions.map(({ question, suggestions }) => ({ question, suggestions })) })
        return { kind: 'clarifying', questions: state.clarification.questions, usage }
      }
    } catch (error) {
      await removeArchive(db, job.buildId).catch(() => undefined)
      const timedOut = error instanceof StageTimeout
      if (!timedOut && stoppedByOwner(signal)) {
        // Not a failure: what the stage spent still counts, and the log says who stopped it.
        const spent = error instanceof StageFailure && error.usage ? error.usage : { promptTokens: 0, completionTokens: 0 }
        usage.promptTokens += spent.promptTokens
        usage.completionTokens += spent.completionTokens
        await buildsIn(db).recordStage(job.buildId, { stage: stage.id, position, status: 'stopped', startedAt, ...withCarry(spent) }).catch(() => undefined)
        await log('INFO', `Stage ${stage.id} stopped by the build's owner`).catch(() => undefined)
        await ended('stopped', BUILD_MESSAGES.stopped, spent).catch(() => undefined)
        return { kind: 'stopped', stage: stage.id, message: BUILD_MESSAGES.stopped, usage }
      }
      if (!timedOut && signal.aborted) {
        // Its process is going down: not an end. The stage starts again from the last checkpoint in the next process.
        await log('WARNING', `Stage ${stage.id} interrupted: the server process is stopping; the build goes on from its last checkpoint`).catch(() => undefined)
        return { kind: 'interrupted', stage: stage.id, usage }
      }
      const message = timedOut
        ? BUILD_MESSAGES.timedOut(stage.id, options.stageTimeoutMs)
        : error instanceof ProviderError
            ? BUILD_MESSAGES.providerFailed(stage.id, error.message)
            : error instanceof StageFailure
              ? error.message
              : BUILD_MESSAGES.failed(stage.id)
      const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
      // A loop that spent its budget and failed used its tokens all the same: the token usage shows them.
      const spent = error instanceof StageFailure && error.usage ? error.usage : { promptTokens: 0, completionTokens: 0 }
      usage.promptTokens += spent.promptTokens
      usage.completionTokens += spent.completionTokens
      await buildsIn(db).recordStage(job.buildId, { stage: stage.id, position, status: timedOut ? 'timeout' : 'error', startedAt, ...withCarry(spent) })
        .catch(() => undefined)
      await log('ERROR', timedOut ? message : `Stage ${stage.id} failed: ${detail}`).catch(() => undefined)
      await record(stage.id, { type: 'error', message }).catch(() => undefined)
      await ended(timedOut ? 'timeout' : 'error', message, spent).catch(() => undefined)
      return { kind: timedOut ? 'timeout' : 'failed', stage: stage.id, message, usage, retry: stage.id }
    }
  }

  // Past the last stage a stop has nothing left to stop: the build is delivered.
  await options.afterStages?.(signal)
  const { project, files, archive } = state
  if (!project || !files || !archive) return { kind: 'failed', stage: 'delivery', message: BUILD_MESSAGES.failed('delivery'), usage }
  await buildsIn(db).delivered(job.buildId, files, state.tests)
  return { kind: 'completed', state: { ...state, project, files, archive }, usage }
}

/** Runs each build in this process, right away (no queue). */
export class InProcessRunner implements BuildRunner {
  constructor(private readonly options: PipelineOptions) {}

  run(job: BuildJob, signal: AbortSignal): Promise<BuildOutcome> {
    return runPipeline(job, this.options, signal)
  }
}
