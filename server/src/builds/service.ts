import { randomUUID } from 'node:crypto'
import type { Readable } from 'node:stream'
import { languageOf } from '@contracts/builds'
import type { ConversationBuild } from '@contracts/chat'
import { createConversationRepository as conversationsIn } from '../chat/conversationRepository'
import type { ModelCatalog } from '../llm/models'
import type { ChatService } from '../chat/service'
import { STALE_PROCESSING_MS } from '../chat/service'
import type { SessionOwnerRepository } from '../sessions/sessionOwners'
import type { SharedSnapshot } from '../chat/conversationToolsRepository'
import { ProviderError, type ChatMessage } from '../llm/types'
import { tokenCounter } from '../llm/tokenizer'
import { CHAT_MESSAGES, type ChatInput } from '../chat/validation'
import { inBackground, type Database } from '../db'
import type { Queryable } from '../db/types'
import { ConflictError, DomainError, InvalidError } from '../lib/errors'
import { InFlight } from '../lib/inFlight'
import { createAgentLogRepository as agentLogsIn } from '../agentLogs/agentLogRepository'
import { createApprovalRepository as approvalsIn } from '../pipeline/gates/approvalRepository'
import { APPROVAL_ABANDONED_MS } from '../pipeline/gates/approvals'
import { createBuildRepository as buildsIn, type Build, type BuildDetails, type RunningBuild } from './buildRepository'
import { archiveStore, removeArchive } from '../generation/archiveStore'
import { followUpIntent } from '../generation/intent'
import { BUILD_MESSAGES, BuildStopped, formatDuration, runId, type BuildJob, type BuildOutcome, type BuildRunner, type Progress, type StoredJob, type Usage } from '../pipeline/runner'
import { answeredLines, CLARIFICATION_MESSAGES, questionsReply, requestWithAnswers, type Question } from '../pipeline/clarify'
import type { Clarification } from '../pipeline/state'
import type { ClarificationQuestion } from '@contracts/buildEvents'
import { STOP_ANSWER_TIMEOUT_MS, type StopAnswer } from '../scale/queueRunner'
import { withinTimeout } from '../lib/withinTimeout'
import { buildReply, linkedBuilds, zipUrlOf, type SharedBuild } from './reply'
import { STAGES, stageEnd, type StageId } from '../pipeline/stages'
import type { OwnerQuota } from './admission'

/** A build's zip (in the database): the name it downloads as, its size in bytes, and its bytes as a stream. */
export interface Archive {
  filename: string
  size: number
  open(): Readable
}

/** A completed build whose archive is still kept: its conversation was not deleted. */
export const hasArchive = (build: Build): boolean => build.status === 'completed' && build.conversationId !== null && build.archiveBytes !== null

/** What a build tells the session's socket.io room. */
export interface BuildEvents {
  /** Before the first event: only the owner's sockets may stay in the room. */
  claimRoom(sessionId: string, ownerKey: string): Promise<void>
  progress(sessionId: string, progress: Progress): void
  error(sessionId: string, message: string): void
  timeout(sessionId: string, message: string): void
  /** Its owner stopped it. */
  stopped(sessionId: string, message: string): void
  /** The clarification asks its requester these questions; the build waits for the answers. */
  clarification(sessionId: string, questions: ClarificationQuestion[]): void
}

interface Turn {
  buildId: string
  conversationId: string
  sessionId: string
  model: string
}

export interface BuildServiceOptions {
  db: Database
  catalog: ModelCatalog
  chat: ChatService
  sessions: SessionOwnerRepository
  runner: BuildRunner
  /** BUILD_QUEUE_PER_OWNER: how many builds one owner may have waiting or running (unset: no limit). */
  quota?: OwnerQuota
  events: BuildEvents
  /** This server process, recorded with each build it takes: a stop that reaches another process knows whom to ask. */
  serverId: string
  /**
   * With REDIS_URL: asks the server process `serverId` to stop the build of `sessionId` that it
   * runs (see `stopHere`): `ended` once it has ended there, `gone` when no such process listens (it
   * crashed), `no-answer` when it did not answer in time (or Redis could not be reached).
   */
  stopElsewhere?: (serverId: string, sessionId: string) => Promise<StopAnswer>
  /** How long a stop waits for the build to end before answering that it could not confirm it (STOP_ANSWER_TIMEOUT_MS). */
  stopWaitMs?: number
  /** With REDIS_URL: takes a build that nobody will end off the queue, and stops it in the worker running it. */
  abandon?: (buildId: string, jobId: string) => Promise<void>
  /** Where what happens in the background (a build resumed, a sweep) is logged. */
  log?: { warn(details: Record<string, unknown>, message: string): void; info(details: Record<string, unknown>, message: string): void }
}

interface TotalUsage extends Usage {
  totalTokens: number
}

const withTotal = ({ promptTokens, completionTokens }: Usage): TotalUsage => ({ promptTokens, completionTokens, totalTokens: promptTokens + completionTokens })

export type BuildResult =
  | { kind: 'completed'; buildId: string; conversationId: string; sessionId: string; model: string; reply: string; zipUrl: string; usage: TotalUsage }
  /** The message was a question, not a build request: answered, nothing built. */
  | { kind: 'answered'; buildId: string; conversationId: string; sessionId: string; model: string; reply: string; usage: TotalUsage }
  | { kind: 'failed' | 'timeout'; buildId: string; conversationId: string; sessionId: string; message: string; retryStage?: StageId }
  /** Its server is going down: the build is saved and goes on from its last checkpoint in the next process (nothing ended). */
  | { kind: 'suspended'; buildId: string; conversationId: string; sessionId: string; message: string }
  | { kind: 'stopped'; buildId: string; conversationId: string; sessionId: string; model: string; reply: string; usage: TotalUsage }
  /** The clarification asked: `reply` is the questions; the build waits for the answers (POST …/answers). */
  | { kind: 'clarifying'; buildId: string; conversationId: string; sessionId: string; model: string; reply: string; questions: ClarificationQuestion[]; usage: TotalUsage }

/** How a build ended, as its row says. */
export type EndedStatus = Exclude<Build['status'], 'running'>

/**
 * What a stop did: `stopped` it; or found it `ended` otherwise (before the stop, or because the
 * stop came after its last stage, or because the process running it had gone: interrupted), with
 * the status and message it ended with; or `not-found` (no build, or someone else's).
 */
export type BuildStopResult =
  | { kind: 'stopped'; message: string }
  | { kind: 'ended'; status: EndedStatus; message: string }
  | { kind: 'not-found' }
  /** Asked, but not seen to take effect within the wait: the build still runs as far as this process knows. */
  | { kind: 'unconfirmed' }

interface ActiveBuild {
  ownerKey: string
  /** Once stored: its heartbeat says this process still runs it. */
  buildId?: string
  controller: AbortController
  /** Settles once the build has stored its outcome. */
  ended: Promise<void>
}

/** What a build keeps of its job (to start it again without its request). */
const storedJob = ({ buildId: _buildId, sessionId: _sessionId, retry: _retry, ...kept }: BuildJob): StoredJob => kept

/** What the tracker starts with, before the first stage reports (spec: 5%, 'Initializing...'). */
export const INITIAL_PROGRESS = { stage: STAGES[0]?.id ?? 'classification', percentage: 5, message: 'Initializing...' } as const

const STORAGE_FAILED = 'The build could not be saved. Please try again.'

/** Why a retry (POST /api/overseer/builds/{sessionId}/retry) is refused (409). */
export const RETRY_MESSAGES = {
  running: 'The build is still running: there is nothing to retry yet.',
  completed: 'The build was delivered: there is nothing to retry.',
  stopped: 'A stopped build cannot be retried: send the request again.',
  notRetryable: 'This build cannot be retried (it was denied at a gate, or failed before any stage could run): send the request again.',
  conversationGone: 'The conversation of this build was deleted: there is nothing to retry.',
  notLast: 'Only the last request of a conversation can be retried while it shows the failure: send it again instead.',
} as const

/**
 * Build requests: claims the session for its owner, stores the request as a
 * conversation (processing), runs the pipeline and stores the outcome: the reply and the archive
 * (completed), or the reason (error) with no reply and no archive.
 */
/**
 * Every build, from its request to its stored outcome (start, reply, adoptOrphans, retry), runs in
 * the database's background lane (inBackground): on the embedded database its many small writes
 * give way to the statements of requests people wait on right now (a docs answer, a page, a health
 * check). Its own caller waits for the whole build, seconds to minutes, and 30 build requests at
 * once were several hundred statements ahead of a docs question's.
 */
export class BuildService {
  /** Builds running in this process (their requests taken here), by session id. */
  private readonly active = new Map<string, ActiveBuild>()
  /** Every build, until it has stored its outcome. */
  private readonly inFlight = new InFlight()

  constructor(private readonly options: BuildServiceOptions) {}

  /** Marks the build of `sessionId` as running here (a stop finds it), until `release`: its end is then known. */
  private hold(sessionId: string, ownerKey: string, buildId?: string): { controller: AbortController; release: () => void; held: ActiveBuild } {
    const controller = new AbortController()
    let markEnded: () => void = () => undefined
    const ended = new Promise<void>((resolve) => (markEnded = resolve))
    const held: ActiveBuild = { ownerKey, controller, ended, ...(buildId && { buildId }) }
    this.active.set(sessionId, held)
    return {
      held,
      controller,
      release: () => {
        this.active.delete(sessionId)
        markEnded()
      },
    }
  }

  get activeCount(): number {
    return this.active.size
  }

  start(ownerKey: string, input: ChatInput): Promise<BuildResult> {
    return this.inFlight.track(inBackground(() => this.run(ownerKey, input)))
  }

  /**
   * Whether a chat message is the builder's to take: in one of the owner's conversations whose
   * build delivered a project (before the message an edit replaces), any message that is not a
   * question: a change builds a follow-up, a new project starts one (followUpIntent).
   */
  async takesOver(ownerKey: string, input: ChatInput): Promise<boolean> {
    const { conversationId, replaceFrom } = input
    const message = input.messages.at(-1)
    if (!conversationId || !message || followUpIntent(message.content) === 'question') return false
    return buildsIn(this.options.db).hasDeliveredProject(ownerKey, conversationId, replaceFrom)
  }

  private async run(ownerKey: string, input: ChatInput): Promise<BuildResult> {
    const { db, catalog, chat, sessions, runner, events } = this.options
    const model = input.model ?? (await catalog.current())
    if (!(await catalog.providerFor(model))) throw new InvalidError(CHAT_MESSAGES.unknownModel(model), { model: CHAT_MESSAGES.unknownModel(model) })

    const sessionId = input.sessionId ?? randomUUID()
    // Claimed synchronously, so two requests with one session id cannot both start.
    if (this.active.has(sessionId)) throw new ConflictError(CHAT_MESSAGES.sessionBusy)
    const { controller, release, held } = this.hold(sessionId, ownerKey)

    let conversationId: string | undefined
    let buildId: string | undefined
    let counted: (() => void) | undefined
    try {
      // One build over the owner's BUILD_QUEUE_PER_OWNER is refused (429) before anything is stored.
      counted = await this.options.quota?.enter(ownerKey)
      if (!(await sessions.claim(sessionId, ownerKey, 'build'))) throw new ConflictError(CHAT_MESSAGES.sessionTaken)
      if (await buildsIn(db).findBySession(sessionId)) throw new ConflictError(CHAT_MESSAGES.sessionTaken)
      await events.claimRoom(sessionId, ownerKey)

      const opened = await chat.openConversation(ownerKey, input, model)
      conversationId = opened.conversationId
      await sessions.attach(sessionId, conversationId)
      const id = randomUUID()
      const build = await buildsIn(db).create({ id, sessionId, ownerKey, conversationId, model, serverId: this.options.serverId, ...INITIAL_PROGRESS })
      if (!build) throw new ConflictError(CHAT_MESSAGES.sessionTaken)
      buildId = id
      held.buildId = id
      counted?.()
      const request = (input.messages.at(-1) as ChatMessage).content
      await agentLogsIn(db).write({ level: 'INFO', module: 'overseer-core', message: `[${sessionId.slice(0, 8)}] Build started with ${model}`, buildId })

      // In a conversation whose earlier build delivered a project, a request continues that project,
      // unless it asks for another one ('Create a REST API for a library' after a bakery web app):
      // that starts from scratch (followUpIntent says which).
      const previous = input.conversationId && followUpIntent(request) !== 'new' ? await buildsIn(db).previousProject(conversationId, buildId) : undefined
      const job: BuildJob = { buildId, sessionId, request, model, run: 1, ...(previous && { previousBuildId: previous.buildId }) }
      await buildsIn(db).setJob(buildId, storedJob(job))
      const outcome = await runner.run(job, controller.signal)
      return await this.conclude({ buildId, conversationId, sessionId, model }, job, outcome, opened.context, controller.signal)
    } catch (error) {
      // Not a stage (those end in an outcome): a refusal (DomainError) or a storage failure.
      // Nothing may stay processing, and no archive may outlive its build.
      if (!(error instanceof DomainError) || buildId) {
        if (buildId) await removeArchive(this.options.db, buildId).catch(() => undefined)
        // A build that ended otherwise meanwhile (interrupted by a stop) keeps that end.
        const ended = buildId ? await buildsIn(db).fail(buildId, STORAGE_FAILED).catch(() => true) : true
        if (conversationId && ended) {
          await conversationsIn(db).fail(conversationId, STORAGE_FAILED).catch(() => undefined)
          events.error(sessionId, STORAGE_FAILED)
        }
      }
      throw error
    } finally {
      counted?.()
      release()
    }
  }

  /** Stores how a run of the pipeline ended (with the conversation's reply), tells the room, and answers with it. */
  private async conclude(turn: Turn, job: BuildJob, outcome: BuildOutcome, context: ChatMessage[], signal: AbortSignal): Promise<BuildResult> {
    const { events } = this.options
    const { buildId, conversationId, sessionId, model } = turn
    // The classification found a question, not a build request: the assistant answers it.
    if (outcome.kind === 'question') return await this.answer({ ...turn, context, usage: outcome.usage }, signal)
    if (outcome.kind === 'stopped') return await this.stopped(turn, BUILD_MESSAGES.stopped, outcome.usage)
    if (outcome.kind === 'clarifying') return await this.asked(turn, job, outcome.questions, outcome.usage)
    // Its process is going down: nothing ends; the build goes on from its last checkpoint in the next process.
    if (outcome.kind === 'interrupted') {
      // Unless it was ended meanwhile (a stop that found no process, the stale sweep): then as it ended.
      const stored = await buildsIn(this.options.db).findById(buildId)
      if (stored && stored.status !== 'running') return await this.endedElsewhere(turn)
      return { kind: 'suspended', buildId, conversationId, sessionId, message: BUILD_MESSAGES.suspended }
    }
    if (outcome.kind !== 'completed') {
      const retryStage = outcome.retry
      if (!(await this.failed(turn, outcome.message, retryStage))) return await this.endedElsewhere(turn)
      events[outcome.kind === 'timeout' ? 'timeout' : 'error'](sessionId, outcome.message)
      return { kind: outcome.kind, buildId, conversationId, sessionId, message: outcome.message, ...(retryStage && { retryStage }) }
    }

    const { project, files, archive } = outcome.state
    const zipUrl = zipUrlOf(buildId)
    const { planner, tests, modelWritten, iterations, devSummary, changes, clarification } = outcome.state
    const development = modelWritten && iterations ? { model, iterations, ...(devSummary && { summary: devSummary }) } : undefined
    const reply = buildReply(project, files, zipUrl, planner, tests, development, changes, clarification)
    const { promptTokens, completionTokens } = outcome.usage
    const delivered = await this.end(
      (tx) => buildsIn(tx).complete(turn.buildId, { bytes: archive.bytes, files: archive.files, message: BUILD_MESSAGES.ready }),
      (tx) => conversationsIn(tx).complete(turn.conversationId, { content: reply, model, promptTokens, completionTokens, stopped: false }),
    )
    if (!delivered) {
      await removeArchive(this.options.db, buildId)
      return await this.endedElsewhere(turn)
    }
    events.progress(sessionId, { stage: 'delivery', message: BUILD_MESSAGES.ready, percentage: 100 })
    return { kind: 'completed', buildId, conversationId, sessionId, model, reply, zipUrl, usage: withTotal(outcome.usage) }
  }

  /**
   * The clarification asked: the conversation's reply is the questions, the build keeps them (and
   * what its resumed run needs) and waits, holding no process, until its owner answers or skips
   * them (`reply`), stops it, or CLARIFICATION_TIMEOUT_MS passes.
   */
  private async asked(turn: Turn, job: BuildJob, questions: Question[], usage: Usage): Promise<BuildResult> {
    const { events } = this.options
    const { buildId, conversationId, sessionId, model } = turn
    const reply = questionsReply(questions)
    const round = (job.clarification?.round ?? 0) + 1
    const pending = { questions, round, request: job.request, ...(job.previousBuildId && { previousBuildId: job.previousBuildId }) }
    const waiting = await this.end(
      (tx) => buildsIn(tx).asked(buildId, pending, CLARIFICATION_MESSAGES.waiting),
      (tx) => conversationsIn(tx).complete(conversationId, { content: reply, model, promptTokens: usage.promptTokens, completionTokens: usage.completionTokens, stopped: false }),
    )
    if (!waiting) return this.endedElsewhere(turn)
    const public_ = questions.map(({ question, suggestions }) => ({ question, suggestions }))
    events.progress(sessionId, { stage: 'clarification', message: CLARIFICATION_MESSAGES.waiting, percentage: stageEnd('classification') })
    events.clarification(sessionId, public_)
    return { kind: 'clarifying', buildId, conversationId, sessionId, model, reply, questions: public_, usage: withTotal(usage) }
  }

  /**
   * Its owner's answers to the questions of the build of `sessionId` (one per question; blank: not
   * answered), or `skip` ('Just build it'): the answers become a message of the conversation and
   * the build runs again from its classification with them, answering as a build request does.
   */
  async reply(ownerKey: string, sessionId: string, given: { answers: string[] } | { skip: true }): Promise<BuildResult | { kind: 'not-found' } | { kind: 'nothing-asked' }> {
    return this.inFlight.track(inBackground(() => this.resume(ownerKey, sessionId, given)))
  }

  private async resume(ownerKey: string, sessionId: string, given: { answers: string[] } | { skip: true }): Promise<BuildResult | { kind: 'not-found' } | { kind: 'nothing-asked' }> {
    const { db, chat, runner, events } = this.options
    const build = await buildsIn(db).findBySession(sessionId)
    if (!build || build.ownerKey !== ownerKey) return { kind: 'not-found' }
    const open = build.clarification
    if (!open || build.status !== 'running' || !build.conversationId || this.active.has(sessionId)) return { kind: 'nothing-asked' }
    if ('answers' in given && given.answers.length !== open.questions.length) {
      const message = CLARIFICATION_MESSAGES.answerCount(open.questions.length)
      throw new InvalidError(message, { answers: message })
    }
    const { controller, release } = this.hold(sessionId, ownerKey, build.id)
    const turn = { buildId: build.id, conversationId: build.conversationId, sessionId, model: build.model }
    try {
      // Taken once: a second reply (another tab) finds nothing asked.
      const pending = await buildsIn(db).takeQuestions(build.id)
      if (!pending) return { kind: 'nothing-asked' }
      await events.claimRoom(sessionId, ownerKey)
      const answers = 'answers' in given ? given.answers.map((answer) => answer.trim()) : undefined
      const said = answers ? answeredLines(pending.questions, answers).join('\n') : CLARIFICATION_MESSAGES.skipped
      const opened = await chat.openConversation(ownerKey, { messages: [{ role: 'user', content: said }], conversationId: turn.conversationId, model: build.model, sessionId, replaceFrom: undefined }, build.model)
      const clarification: Clarification = { questions: pending.questions, round: pending.round, ...(answers ? { answers } : { skipped: true }) }
      const job: BuildJob = {
        buildId: build.id,
        sessionId,
        model: build.model,
        request: answers ? requestWithAnswers(pending.request, pending.questions, answers) : pending.request,
        clarification,
        ...(pending.previousBuildId && { previousBuildId: pending.previousBuildId }),
        // A new run of the build, from its classification: what the asking run stored is not its.
        run: ((await buildsIn(db).job(build.id))?.run ?? 1) + 1,
        eventsAfter: await buildsIn(db).lastEventId(build.id),
      }
      await buildsIn(db).newRun(build.id, storedJob(job))
      await agentLogsIn(db).write({ level: 'INFO', module: 'clarification-loop', message: `[${sessionId.slice(0, 8)}] ${answers ? 'Answers received' : 'Questions skipped'}: the build goes on`, buildId: build.id })
      const outcome = await runner.run(job, controller.signal)
      return await this.conclude(turn, job, outcome, opened.context, controller.signal)
    } catch (error) {
      if (!(error instanceof DomainError)) {
        await removeArchive(this.options.db, build.id).catch(() => undefined)
        if (await buildsIn(db).fail(build.id, STORAGE_FAILED).catch(() => true)) {
          await conversationsIn(db).fail(turn.conversationId, STORAGE_FAILED).catch(() => undefined)
          events.error(sessionId, STORAGE_FAILED)
        }
      }
      throw error
    } finally {
      release()
    }
  }

  /** Builds whose questions went unanswered for `timeoutMs`: stopped, with the reason said to their room and log. */
  async expireQuestions(timeoutMs: number): Promise<number> {
    const { db, events } = this.options
    const expired = await buildsIn(db).expireQuestions(timeoutMs, CLARIFICATION_MESSAGES.timedOut(formatDuration(timeoutMs)))
    for (const build of expired) {
      await agentLogsIn(db).write({ level: 'WARNING', module: 'clarification-loop', message: `[${build.sessionId.slice(0, 8)}] ${build.message}`, buildId: build.id })
      events.stopped(build.sessionId, build.message)
    }
    return expired.length
  }

  /**
   * A question sent as a build: answered as the assistant answers any question (the model's reply, or the
   * offline docs answer), stored as the conversation's reply; the build completes with no project and no archive.
   */
  private async answer(
    turn: { buildId: string; conversationId: string; sessionId: string; model: string; context: ChatMessage[]; usage: Usage },
    signal: AbortSignal,
  ): Promise<BuildResult> {
    const { catalog, events } = this.options
    const { buildId, conversationId, sessionId, model } = turn
    const provider = await catalog.providerFor(model)
    if (!provider) throw new InvalidError(CHAT_MESSAGES.unknownModel(model), { model: CHAT_MESSAGES.unknownModel(model) })
    let completion
    try {
      completion = await provider.complete({ model, messages: turn.context }, { signal, onDelta: () => undefined })
    } catch (error) {
      const message = error instanceof ProviderError ? error.message : 'The model failed unexpectedly. Please try again.'
      if (!(await this.failed(turn, message))) return await this.endedElsewhere(turn)
      events.error(sessionId, message)
      return { kind: 'failed', buildId, conversationId, sessionId, message }
    }
    const counter = await tokenCounter()
    // The classification's tokens, then the answer's.
    const promptTokens = turn.usage.promptTokens + (completion.usage?.promptTokens ?? counter.prompt(completion.prompt))
    const completionTokens = turn.usage.completionTokens + (completion.usage?.completionTokens ?? counter.text(completion.content))
    // Stopped while answering: the answer so far is kept, as a stopped chat reply is, and the build is stopped.
    if (completion.stopped) return this.stopped(turn, completion.content.trim() ? completion.content : BUILD_MESSAGES.stopped, { promptTokens, completionTokens })
    // The question, and how the offline assistant reads it (the Questions page groups by it).
    const question = turn.context.at(-1)?.content ?? ''
    const answers = catalog.answers(question, completion.source)
    const answered = await this.end(
      (tx) => buildsIn(tx).answered(buildId, BUILD_MESSAGES.answered),
      (tx) =>
        conversationsIn(tx).complete(conversationId, {
          content: completion.content,
          model,
          promptTokens,
          completionTokens,
          stopped: false,
          answers,
        }),
    )
    if (!answered) return this.endedElsewhere(turn)
    events.progress(sessionId, { stage: 'classification', message: BUILD_MESSAGES.answered, percentage: 100 })
    return {
      kind: 'answered',
      buildId,
      conversationId,
      sessionId,
      model,
      reply: completion.content,
      usage: withTotal({ promptTokens, completionTokens }),
    }
  }

  /**
   * Its owner stopped the build: its conversation keeps `reply` as a stopped reply, the build is
   * stopped with no archive, and a `stopped` event says so; unless it had ended otherwise.
   */
  private async stopped(turn: { buildId: string; conversationId: string; sessionId: string; model: string }, reply: string, usage: Usage): Promise<BuildResult> {
    const { db, events } = this.options
    const { buildId, conversationId, sessionId, model } = turn
    const { promptTokens, completionTokens } = usage
    // Not a failure: the conversation keeps a reply that says so (stopped, as a chat reply its owner stopped), and no archive.
    await removeArchive(this.options.db, buildId)
    const stopped = await this.end(
      (tx) => buildsIn(tx).stopped(buildId, BUILD_MESSAGES.stopped),
      (tx) => conversationsIn(tx).complete(conversationId, { content: reply, model, promptTokens, completionTokens, stopped: true }),
    )
    if (!stopped) return this.endedElsewhere(turn)
    await agentLogsIn(db).write({ level: 'INFO', module: 'overseer-core', message: `[${sessionId.slice(0, 8)}] Build stopped by its owner`, buildId })
    events.stopped(sessionId, BUILD_MESSAGES.stopped)
    return { kind: 'stopped', buildId, conversationId, sessionId, model, reply, usage: withTotal(usage) }
  }

  /** The build failed with `message`, and its conversation; false when it had already ended otherwise. */
  private failed(turn: { buildId: string; conversationId: string }, message: string, retryStage: StageId | null = null): Promise<boolean> {
    return this.end(
      (tx) => buildsIn(tx).fail(turn.buildId, message, retryStage),
      (tx) => conversationsIn(tx).fail(turn.conversationId, message),
    )
  }

  /**
   * Writes a build's end and then its conversation's, in one transaction; false, writing nothing,
   * when the build had already ended otherwise (its end is written only while it runs).
   */
  private end(build: (tx: Queryable) => Promise<boolean>, conversation: (tx: Queryable) => Promise<unknown>): Promise<boolean> {
    return this.options.db.transaction(async (tx) => {
      if (!(await build(tx))) return false
      await conversation(tx)
      return true
    })
  }

  /**
   * A build that ended before its process could write its end: a stop took its process for gone
   * and marked it interrupted (its conversation and room were told then). It stays so.
   */
  private async endedElsewhere(turn: { buildId: string; conversationId: string; sessionId: string }): Promise<BuildResult> {
    const { buildId, conversationId, sessionId } = turn
    const build = await buildsIn(this.options.db).findById(buildId)
    return { kind: 'failed', buildId, conversationId, sessionId, message: build?.message ?? BUILD_MESSAGES.interrupted }
  }

  /**
   * Stops the owner's running build of `sessionId`: here when this process took its request,
   * else (REDIS_URL) through the process that did, and answers once it has ended, with how: a stop
   * that comes after the last stage finds it delivered. A build that no live process runs (the one
   * that took its request crashed) has nobody to stop or end it: it is marked interrupted, as a
   * restart would, its worker (if any) told to let go, and the answer says so. 'not-found' for
   * anyone else's, or no build.
   */
  async stop(ownerKey: string, sessionId: string): Promise<BuildStopResult> {
    const here = this.active.get(sessionId)
    if (here && here.ownerKey === ownerKey) {
      here.controller.abort(new BuildStopped())
      const ended = await withinTimeout(() => here.ended, this.options.stopWaitMs ?? STOP_ANSWER_TIMEOUT_MS)
      return this.endedAs(ownerKey, sessionId, true, ended ? 'interrupt' : 'unconfirmed')
    }
    const build = await buildsIn(this.options.db).findBySession(sessionId)
    if (!build || build.ownerKey !== ownerKey) return { kind: 'not-found' }
    if (build.status !== 'running') return { kind: 'ended', status: build.status, message: build.message }
    // Waiting for answers, no process runs it: stopped here, its questions withdrawn.
    if (build.clarification && (await buildsIn(this.options.db).takeQuestions(build.id))) {
      await buildsIn(this.options.db).stopped(build.id, BUILD_MESSAGES.stopped)
      this.options.events.stopped(sessionId, BUILD_MESSAGES.stopped)
      return { kind: 'stopped', message: BUILD_MESSAGES.stopped }
    }
    const { stopElsewhere, serverId } = this.options
    const holder = build.serverId
    if (stopElsewhere && holder !== null && holder !== serverId) {
      const answer = await stopElsewhere(holder, sessionId)
      if (answer === 'ended') return this.endedAs(ownerKey, sessionId, true)
      if (answer === 'no-answer') return this.endedAs(ownerKey, sessionId, true, 'unconfirmed')
    }
    return this.interrupt(build)
  }

  /** Another process asked to stop `sessionId` (its owner was checked there): stopped if it runs here; settles once it has ended. */
  async stopHere(sessionId: string): Promise<void> {
    const here = this.active.get(sessionId)
    if (!here) return
    here.controller.abort(new BuildStopped())
    await here.ended
  }

  /**
   * How the owner's build of `sessionId` ended, as stored; `byThisStop` when a stop was just asked of
   * it. One still running is `unconfirmed` when its end was not seen in time; else its process said
   * it had ended, so nothing stores its outcome any more: it is interrupted.
   */
  private async endedAs(ownerKey: string, sessionId: string, byThisStop: boolean, stillRunning: 'interrupt' | 'unconfirmed' = 'interrupt'): Promise<BuildStopResult> {
    const build = await buildsIn(this.options.db).findBySession(sessionId)
    if (!build || build.ownerKey !== ownerKey) return { kind: 'not-found' }
    if (build.status === 'stopped' && byThisStop) return { kind: 'stopped', message: build.message }
    if (build.status === 'running') return stillRunning === 'unconfirmed' ? { kind: 'unconfirmed' } : this.interrupt(build)
    return { kind: 'ended', status: build.status, message: build.message }
  }

  /**
   * A running build that no live process runs: failed as interrupted with its conversation (its
   * approval request cancelled), its queued job removed and its worker told to stop, an `error`
   * event to its room. Unless it ended meanwhile: then as it ended.
   */
  private async interrupt(build: Build): Promise<BuildStopResult> {
    const { db, events, abandon } = this.options
    const failed = await buildsIn(db).failRunning([build.id], BUILD_MESSAGES.interrupted)
    if (failed.length > 0) {
      const stored = await buildsIn(db).job(build.id).catch(() => undefined)
      await abandon?.(build.id, runId({ buildId: build.id, ...(stored?.run !== undefined && { run: stored.run }) })).catch(() => undefined)
      await removeArchive(this.options.db, build.id).catch(() => undefined)
      await agentLogsIn(db).write({
        level: 'WARNING',
        module: 'overseer-core',
        message: `[${build.sessionId.slice(0, 8)}] Stop asked, but no server process runs the build any more`,
        buildId: build.id,
      })
      await this.closeFailed(failed)
      events.error(build.sessionId, BUILD_MESSAGES.interrupted)
    }
    return this.endedAs(build.ownerKey, build.sessionId, false)
  }

  /**
   * Says that this process still runs its builds (every HEARTBEAT_MS): a build whose heartbeat
   * lapses for the lease has no process, and another one takes it (adoptOrphans).
   */
  async keepAlive(): Promise<void> {
    const ids = [...this.active.values()].flatMap((held) => (held.buildId ? [held.buildId] : []))
    await buildsIn(this.options.db).heartbeat(ids)
  }

  /**
   * Takes the running builds that no process runs any more (their heartbeat lapsed for `leaseMs`)
   * and goes on with each from its last checkpoint, here. Their progress continues in their room,
   * and their conversation gets the result. Returns how many it took.
   */
  async adoptOrphans(leaseMs: number): Promise<number> {
    const { db, serverId } = this.options
    let adopted = 0
    for (const orphan of await buildsIn(db).orphaned(leaseMs)) {
      if (this.active.has(orphan.sessionId)) continue
      const stored = await buildsIn(db).job(orphan.id)
      // From before builds kept their job: nothing to go on from (the stale sweep ends it).
      if (!stored) continue
      const build = await buildsIn(db).adopt(orphan.id, serverId, leaseMs)
      if (!build) continue
      // Its owner deleted its conversation meanwhile: nobody is waiting for it, and it is not resumed.
      if (!build.conversationId) {
        await buildsIn(db).stopped(build.id, BUILD_MESSAGES.conversationDeleted)
        continue
      }
      adopted++
      const job: BuildJob = { ...stored, buildId: build.id, sessionId: build.sessionId }
      const turn = { buildId: build.id, conversationId: build.conversationId, sessionId: build.sessionId, model: build.model }
      this.options.log?.info({ buildId: build.id, stage: build.stage }, 'resuming a build whose process stopped')
      void this.inFlight.track(inBackground(() => this.goOn(build.ownerKey, turn, job))).catch((err: unknown) => this.options.log?.warn({ err, buildId: build.id }, 'a resumed build could not be stored'))
    }
    return adopted
  }

  /** Runs `job` of a build already stored (resumed, or retried) and stores how it ends, as a request does. */
  private async goOn(ownerKey: string, turn: Turn, job: BuildJob): Promise<BuildResult> {
    const { db, runner, events } = this.options
    if (this.active.has(turn.sessionId)) throw new ConflictError(CHAT_MESSAGES.sessionBusy)
    const { controller, release } = this.hold(turn.sessionId, ownerKey, turn.buildId)
    try {
      const context = await this.contextOf(turn.conversationId)
      const outcome = await runner.run(job, controller.signal)
      return await this.conclude(turn, job, outcome, context, controller.signal)
    } catch (error) {
      if (!(error instanceof DomainError)) {
        await removeArchive(db, turn.buildId).catch(() => undefined)
        if (await buildsIn(db).fail(turn.buildId, STORAGE_FAILED).catch(() => true)) {
          await conversationsIn(db).fail(turn.conversationId, STORAGE_FAILED).catch(() => undefined)
          events.error(turn.sessionId, STORAGE_FAILED)
        }
      }
      throw error
    } finally {
      release()
    }
  }

  /** A conversation's messages, as a model is given them (what a question sent as a build is answered from). */
  private async contextOf(conversationId: string): Promise<ChatMessage[]> {
    const conversation = await conversationsIn(this.options.db).findById(conversationId)
    return (conversation?.messages ?? []).map(({ role, content }) => ({ role, content }))
  }

  /**
   * Its owner retries a failed build from the stage that failed: a new attempt of the same build,
   * from the checkpoint before that stage, with its own progress and events in the same room; its
   * reply replaces the failure in the conversation. Refused (with why) for a build that cannot be
   * retried: running, delivered, stopped, denied at a gate, or not its conversation's last request.
   */
  async retry(ownerKey: string, sessionId: string): Promise<BuildResult | { kind: 'not-found' } | { kind: 'refused'; message: string }> {
    return this.inFlight.track(inBackground(() => this.retried(ownerKey, sessionId)))
  }

  private async retried(ownerKey: string, sessionId: string): Promise<BuildResult | { kind: 'not-found' } | { kind: 'refused'; message: string }> {
    const { db, events, serverId } = this.options
    const build = await buildsIn(db).findBySession(sessionId)
    if (!build || build.ownerKey !== ownerKey) return { kind: 'not-found' }
    const refused = (message: string) => ({ kind: 'refused' as const, message })
    if (build.status === 'running' || this.active.has(sessionId)) return refused(RETRY_MESSAGES.running)
    if (build.status === 'stopped') return refused(RETRY_MESSAGES.stopped)
    if (build.status === 'completed') return refused(RETRY_MESSAGES.completed)
    const stage = build.retryStage
    const stored = await buildsIn(db).job(build.id)
    if (!stage || !stored) return refused(RETRY_MESSAGES.notRetryable)
    const conversation = build.conversationId ? await conversationsIn(db).find(ownerKey, build.conversationId) : undefined
    if (!conversation || !build.conversationId) return refused(RETRY_MESSAGES.conversationGone)
    // It is the conversation's latest build, and its failure is the conversation's end: a user message without a reply.
    const latest = (await buildsIn(db).ofConversations([build.conversationId])).at(-1)?.sessionId
    if (conversation.status !== 'error' || latest !== sessionId || conversation.messages.at(-1)?.role !== 'user') return refused(RETRY_MESSAGES.notLast)
    const position = STAGES.findIndex((definition) => definition.id === stage)
    const conversationId = build.conversationId
    const reopened = await db.transaction(async (tx) => {
      if (!(await buildsIn(tx).retrying(build.id, stage, position, serverId, BUILD_MESSAGES.retrying(stage)))) return false
      return conversationsIn(tx).reopen(conversationId)
    })
    if (!reopened) return refused(RETRY_MESSAGES.running)
    await events.claimRoom(sessionId, ownerKey)
    await agentLogsIn(db).write({ level: 'INFO', module: 'overseer-core', message: `[${sessionId.slice(0, 8)}] Retry asked by its owner from the ${stage} stage`, buildId: build.id })
    events.progress(sessionId, { stage, message: BUILD_MESSAGES.retrying(stage), percentage: build.percentage })
    const job: BuildJob = { ...stored, buildId: build.id, sessionId, retry: stage }
    return this.goOn(ownerKey, { buildId: build.id, conversationId, sessionId, model: build.model }, job)
  }

  /** The build of `sessionId` if it is the owner's. */
  async state(ownerKey: string, sessionId: string): Promise<Build | undefined> {
    const build = await buildsIn(this.options.db).findBySession(sessionId)
    return build?.ownerKey === ownerKey ? build : undefined
  }

  /** The builds the questions of these conversations (the caller's own) started, by conversation: what its replies came from. */
  async ofConversations(conversationIds: readonly string[]): Promise<Map<string, ConversationBuild[]>> {
    const byConversation = new Map<string, ConversationBuild[]>()
    for (const { conversationId, sessionId, position } of await buildsIn(this.options.db).ofConversations(conversationIds)) {
      byConversation.set(conversationId, [...(byConversation.get(conversationId) ?? []), { sessionId, position }])
    }
    return byConversation
  }

  /** One of the owner's builds with what it has done so far (its iterations, and once delivered its tests and files), read at once; undefined for anyone else's. */
  async stateWithDetails(ownerKey: string, sessionId: string): Promise<(Build & { details: BuildDetails }) | undefined> {
    const build = await buildsIn(this.options.db).findBySessionWithDetails(sessionId)
    return build?.ownerKey === ownerKey ? build : undefined
  }

  /** One delivered file of the owner's build, with the language to highlight it as; undefined for anyone else, or when gone. */
  async file(ownerKey: string, sessionId: string, filePath: string): Promise<{ path: string; content: string; language: string } | undefined> {
    const build = await this.state(ownerKey, sessionId)
    const content = build ? await this.deliveredFile(build, filePath) : undefined
    return content === undefined ? undefined : { path: filePath, content, language: languageOf(filePath) }
  }

  /** The text of one delivered file of a build while it is kept; undefined for a path that is not one of its files. */
  async deliveredFile(build: Build, filePath: string): Promise<string | undefined> {
    return hasArchive(build) ? buildsIn(this.options.db).file(build.id, filePath) : undefined
  }

  /** The owner's completed archive: its file, name and size; undefined for anyone else or when gone. */
  async archive(ownerKey: string, buildId: string): Promise<Archive | undefined> {
    const build = await buildsIn(this.options.db).findById(buildId)
    return build && build.ownerKey === ownerKey ? this.archiveOf(build) : undefined
  }

  private async archiveOf(build: Build): Promise<Archive | undefined> {
    if (!hasArchive(build) || !build.name) return undefined
    const stored = await archiveStore(this.options.db).find(build.id)
    return stored && { filename: `${build.name}.zip`, ...stored }
  }

  /**
   * The delivered builds a shared snapshot shows, by id: those its replies link for download that
   * still belong to its conversation and are kept, with their files and whether their archive is
   * there. A build cut off by an edit after the link was made, or any of a deleted conversation's, is not.
   */
  async sharedBuilds(snapshot: SharedSnapshot): Promise<Map<string, SharedBuild>> {
    const shown = new Map<string, SharedBuild>()
    for (const id of linkedBuilds(snapshot)) {
      const build = await this.sharedBuild(snapshot, id)
      if (!build?.name) continue
      const [files, archive] = await Promise.all([buildsIn(this.options.db).fileList(id), this.archiveOf(build)])
      shown.set(id, { id, name: build.name, files, archive: archive !== undefined })
    }
    return shown
  }

  /** One build of a shared snapshot (see sharedBuilds); undefined for any other. */
  async sharedBuild(snapshot: SharedSnapshot, buildId: string): Promise<Build | undefined> {
    if (!linkedBuilds(snapshot).includes(buildId)) return undefined
    const build = await buildsIn(this.options.db).findById(buildId)
    return build && build.conversationId === snapshot.conversationId && hasArchive(build) ? build : undefined
  }

  /** The archive of a build of a shared snapshot; undefined when the build is not one of it, or its archive is gone. */
  async sharedArchive(snapshot: SharedSnapshot, buildId: string): Promise<Archive | undefined> {
    const build = await this.sharedBuild(snapshot, buildId)
    return build ? this.archiveOf(build) : undefined
  }

  /**
   * Deletes the archives of builds whose conversation is gone (deleted by its owner, or by the
   * retention sweep): they stop being downloadable at once, their stored bytes go here once the
   * deletion can no longer be undone. Also any archive no build keeps (a failed or stopped build's,
   * or one a process that died left half-written). The build rows stay, for the token usage history.
   */
  async sweepArchives(): Promise<number> {
    const { db } = this.options
    const ids = await buildsIn(db).orphanedArchives()
    await archiveStore(db).remove(ids)
    await buildsIn(db).archiveRemoved(ids)
    await archiveStore(db).removeStray()
    return ids.length
  }

  /**
   * Builds left running by a server that stopped are failed, with their conversations: those
   * without progress for STALE_PROCESSING_MS, and those waiting at an approval gate whose wait
   * has had no heartbeat for APPROVAL_ABANDONED_MS (their pending requests are cancelled).
   * Waiting builds are not resumed: the owner sends the request again.
   */
  async failStale(): Promise<number> {
    const abandoned = await this.failAbandonedWaits()
    const { db } = this.options
    const stale = await buildsIn(db).failStale(STALE_PROCESSING_MS, BUILD_MESSAGES.interrupted)
    await this.closeFailed(stale)
    return abandoned + stale.length
  }

  /** Only the waits at approval gates whose server process stopped (safe to run at any time). */
  async failAbandonedWaits(): Promise<number> {
    const { db } = this.options
    const ids = await approvalsIn(db).abandoned(APPROVAL_ABANDONED_MS)
    const failed = await buildsIn(db).failRunning(ids, BUILD_MESSAGES.interrupted)
    await this.closeFailed(failed)
    return failed.length
  }

  private async closeFailed(failed: readonly Build[]): Promise<void> {
    const { db } = this.options
    await approvalsIn(db).cancelForBuilds(failed.map((build) => build.id),
    )
    for (const build of failed) {
      if (build.conversationId) await conversationsIn(db).fail(build.conversationId, BUILD_MESSAGES.interrupted)
      await agentLogsIn(db).write({ level: 'ERROR', module: 'overseer-core', message: `[${build.sessionId.slice(0, 8)}] ${BUILD_MESSAGES.interrupted}`, buildId: build.id })
    }
  }

  /** Running builds, oldest first (Active Tasks). */
  running(): Promise<RunningBuild[]> {
    return buildsIn(this.options.db).running()
  }

  /** Stops every build and waits until each has stored its outcome, so the database can close. */
  async drain(): Promise<void> {
    for (const { controller } of this.active.values()) controller.abort(new Error(BUILD_MESSAGES.shutdown))
    await this.inFlight.settled()
  }
}
