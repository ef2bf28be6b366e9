import { randomUUID } from 'node:crypto'
import type { AuthUser } from '../../auth/users'
import type { Database } from '../../db'
import { createAgentLogRepository as agentLogsIn } from '../../agentLogs/agentLogRepository'
import { createApprovalRepository as approvalsIn, type ApprovalContext, type ApprovalDecision, type ApprovalFilter, type ApprovalPriority, type ApprovalRequest } from './approvalRepository'
import { formatPatch, structuredPatch } from 'diff'
import {
  MAX_CHANGES_CHARS,
  MAX_FILE_CHANGES_CHARS,
  MAX_TEST_OUTPUT_CHARS,
  type ApprovalCut,
  type ApprovalFileChange,
  type ApprovalFileStatus,
} from '@contracts/approvals'
import type { ProjectFile } from '../../generation/archive'
import { KIND_LABELS } from '../../generation/classify'
import { withArticle } from '../../generation/templates/common'
import { changesBetween, type BuildRecordsIn, type BuildState } from '../state'
import { languageOf } from '@contracts/builds'
import { BUILD_MESSAGES, GateDenied, GateExpired, stoppedByOwner, type Gatekeeper, type GateRequest } from '../runner'
import { GATE_KINDS, STAGES, type GateKind, type StageId } from '../stages'

/** How often a waiting build tells the database it is still waiting. */
export const APPROVAL_HEARTBEAT_MS = 30_000
/** A wait without a heartbeat for this long belongs to a server process that stopped. */
export const APPROVAL_ABANDONED_MS = 4 * APPROVAL_HEARTBEAT_MS

/** Deployment lets the result leave the server: it gets the closest look. */
export const GATE_PRIORITIES: Readonly<Record<GateKind, ApprovalPriority>> = {
  planning: 'Medium',
  development: 'Medium',
  deployment: 'High',
}

/** The request text kept with an approval request, and the part its description quotes. */
const MAX_CONTEXT_REQUEST = 2000
const MAX_QUOTED_REQUEST = 200

const quote = (text: string): string => {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > MAX_QUOTED_REQUEST ? `${flat.slice(0, MAX_QUOTED_REQUEST - 1)}…` : flat
}

const list = (items: readonly string[]): string => items.join(', ')

const MAX_DIFF_CHARS = 20_000

/** One file's changes: its unified diff (headers and hunks), and how many lines it adds and removes. */
interface FilePatch {
  path: string
  status: ApprovalFileStatus
  /** The file's part of a unified diff: `---`/`+++` headers, then its hunks. */
  patch: string
  hunks: string
  added: number
  removed: number
}

/** Every file that differs between `before` and `after`, in path order, as jsdiff writes its patch. */
const filePatches = (before: readonly ProjectFile[], after: readonly ProjectFile[]): FilePatch[] => {
  const old = new Map(before.map((file) => [file.path, file.content]))
  const now = new Map(after.map((file) => [file.path, file.content]))
  const paths = [...new Set([...old.keys(), ...now.keys()])].sort().filter((path) => old.get(path) !== now.get(path))
  return paths.map((path) => {
    const was = old.get(path)
    const is = now.get(path)
    const structured = structuredPatch(was === undefined ? '/dev/null' : `a/${path}`, is === undefined ? '/dev/null' : `b/${path}`, was ?? '', is ?? '', undefined, undefined, {
      context: 3,
    })
    const lines = structured.hunks.flatMap((hunk) => hunk.lines)
    // formatPatch opens with a line of `=`; then come the two headers and the hunks.
    const patch = formatPatch(structured).split('\n').slice(1).join('\n')
    return {
      path,
      status: was === undefined ? 'added' : is === undefined ? 'removed' : 'changed',
      patch,
      hunks: patch.split('\n').slice(2).join('\n'),
      added: lines.filter((line) => line.startsWith('+')).length,
      removed: lines.filter((line) => line.startsWith('-')).length,
    }
  })
}

/** The files' patches as one unified diff, cut at MAX_DIFF_CHARS. */
const diffOf = (patches: readonly FilePatch[]): string => {
  const text = patches.map((file) => file.patch).join('')
  return text.length > MAX_DIFF_CHARS ? `${text.slice(0, MAX_DIFF_CHARS)}\n… (cut at 20,000 characters: each file's own changes are under files)` : text
}

/** Every changed file of `after` against `before`, as one unified diff, cut at MAX_DIFF_CHARS. */
export const unifiedDiff = (before: readonly ProjectFile[], after: readonly ProjectFile[]): string => diffOf(filePatches(before, after))

/** `text` cut to at most `max` characters, at the end of a line. */
const cutLines = (text: string, max: number): string => {
  if (text.length <= max) return text
  const end = text.lastIndexOf('\n', max - 1)
  return end < 0 ? '' : text.slice(0, end + 1)
}

/**
 * The development gate's changes, a file each: its status, language, line counts and hunks. One
 * file's hunks are cut at MAX_FILE_CHANGES_CHARS and all files' together at MAX_CHANGES_CHARS
 * (files past it keep their counts, without hunks), so a request stays a bounded row.
 */
export const fileChanges = (before: readonly ProjectFile[], after: readonly ProjectFile[]): ApprovalFileChange[] => changesOf(filePatches(before, after))

const changesOf = (patches: readonly FilePatch[]): ApprovalFileChange[] => {
  let room = MAX_CHANGES_CHARS
  return patches.map(({ path, status, hunks, added, removed }) => {
    const own = cutLines(hunks, MAX_FILE_CHANGES_CHARS)
    const kept = cutLines(own, room)
    room -= kept.length
    const cut: ApprovalCut | undefined = kept.length < own.length ? 'total' : own.length < hunks.length ? 'file' : undefined
    return { path, status, language: languageOf(path), added, removed, hunks: kept, ...(cut && { cut }) }
  })
}

/** What a build's changes are measured against: the project a follow-up continues, else nothing. */
const startedFrom = (state: BuildState): readonly ProjectFile[] => state.previous?.files ?? []

/** The title, description and evidence of the request a build raises at `gate`. */
export const describeGate = (
  gate: GateKind,
  { state, stage }: Pick<GateRequest, 'state' | 'stage'>,
): { title: string; description: string; context: ApprovalContext } => {
  const project = state.project
  const name = project?.title ?? 'the project'
  const what = project ? withArticle(KIND_LABELS[project.kind]) : 'a project'
  const asked = `The build of ${what} for the request "${quote(state.request)}"`
  const details: string[] = []
  let diff: string | undefined
  let changed: ApprovalFileChange[] | undefined
  let title: string
  let description: string
  if (gate === 'planning') {
    const plan = state.plan ?? []
    title = `Approve the file plan for ${name}`
    description = `${asked} has been clarified, compared with similar products and structured into ${plan.length} files. It waits before development: approve to let it write the code, deny to stop it.`
    for (const assumption of state.assumptions ?? []) details.push(`Assumption: ${assumption}`)
    if (state.expectations) details.push(`Users expect: ${state.expectations.join('; ')}`)
    if (plan.length > 0) details.push(`Planned files: ${list(plan.map((file) => file.path))}`)
  } else if (gate === 'development') {
    const files = state.files ?? []
    const tests = files.filter((file) => file.path.startsWith('test/'))
    title = `Approve the code of ${name}`
    description = `${asked} has written and checked ${files.length} files, ${tests.length} of them tests. It waits before assembly: approve to assemble the project, deny to stop it.`
    if (files.length > 0) details.push(`Files written: ${list(files.map((file) => file.path))}`)
    if (tests.length > 0) details.push(`Tests: ${list(tests.map((file) => file.path))}`)
    // The starting point: the project a follow-up continues (its plan may already hold the additions), else
    // nothing: a new build's every file is new to whoever approves it, template or not.
    const start = startedFrom(state)
    if (state.previous) {
      const changes = changesBetween(start, files)
      const parts = [
        changes.added.length > 0 && `added ${list(changes.added)}`,
        changes.changed.length > 0 && `changed ${list(changes.changed)}`,
        changes.removed.length > 0 && `removed ${list(changes.removed)}`,
      ].filter((part): part is string => typeof part === 'string')
      details.push(parts.length > 0 ? `Against the project it continues: ${parts.join('; ')}` : 'No change against the project it continues')
    } else {
      details.push(`A new project: all ${files.length} files are added`)
    }
    const patches = filePatches(start, files)
    changed = changesOf(patches)
    if (patches.length > 0) diff = diffOf(patches)
    const run = state.loopTests
    details.push(
      run
        ? `Last test run in the sandbox: ${run.passed} passed, ${run.failed} failed${run.failing.length > 0 ? ` (${list(run.failing)})` : ''}`
        : state.testsNotRun
          ? `Tests not run, since there is no sandbox: ${state.testsNotRun}`
          : 'Tests not run yet: they run in the sandbox after this approval, before delivery',
    )
  } else {
    const files = state.files ?? []
    title = `Approve delivery of ${name}`
    description = `${asked} is assembled (${files.length} files). It waits before delivery: approve to store the archive for its owner to download, deny to stop it undelivered.`
    if (files.length > 0) details.push(`Files to deliver: ${list(files.map((file) => `${project?.slug ?? 'project'}/${file.path}`))}`)
  }
  return {
    title,
    description,
    context: {
      request: state.request.slice(0, MAX_CONTEXT_REQUEST),
      kind: project?.kind ?? null,
      name: project?.slug ?? null,
      stage,
      details,
      ...(changed !== undefined && { files: changed }),
      ...(diff !== undefined && { diff }),
      ...(gate === 'development' && state.loopTests && { tests: { ...state.loopTests, output: state.loopTests.output.slice(-MAX_TEST_OUTPUT_CHARS) } }),
      ...(gate === 'development' && !state.loopTests && state.testsNotRun && { testsNotRun: state.testsNotRun }),
    },
  }
}

/** What a build does once `approval` is decided: the stage after the gate starts, or (denied) it stops. */
const nextAfter = (approval: ApprovalRequest, comment: string | null): { stage?: StageId; percentage?: number; message: string } | undefined => {
  if (approval.status !== 'approved') return { message: BUILD_MESSAGES.denied(approval.gate, comment) }
  const next = STAGES.find((stage) => stage.id === approval.context.stage)
  return next && { stage: next.id, percentage: next.start, message: next.message }
}

export type DecisionResult =
  | { kind: 'decided'; approval: ApprovalRequest }
  | { kind: 'not-found' }
  | { kind: 'already-decided'; approval: ApprovalRequest }

interface Waiter {
  gate: GateKind
  settle(approval: ApprovalRequest): void
}

export interface ApprovalGatesOptions {
  db: Database
  /** The build records a decision updates (the builds module's repository). */
  buildsIn: BuildRecordsIn
  /** The gates builds stop at (APPROVAL_GATES). */
  gates: readonly GateKind[]
  /** How long a build waits for a decision (APPROVAL_TIMEOUT_MS). */
  timeoutMs: number
  heartbeatMs?: number
  /**
   * Tells other processes that a decision was stored (scale-out: the build may wait in a
   * worker); they call `wake` with the id. Unset: waits are only in this process.
   */
  announce?: (approvalId: string) => Promise<void>
}

/**
 * Approval gates: a build at an enabled gate raises a request (stored, so it survives
 * the page and is audited) and waits, without a stage timeout, until staff decide it, the
 * approval timeout passes, or the build is stopped. The request's row is the source of truth: a
 * decision settles a wait in this process at once, one made by another process through `announce`
 * and `wake`, and every heartbeat re-reads the rows of the waits it refreshes. The heartbeat also
 * lets a later start find waits whose process stopped.
 */
export class ApprovalGates implements Gatekeeper {
  private readonly enabled: ReadonlySet<GateKind>
  private readonly waiters = new Map<string, Waiter>()
  private heartbeat: NodeJS.Timeout | undefined

  constructor(private readonly options: ApprovalGatesOptions) {
    this.enabled = new Set(options.gates)
  }

  get gates(): GateKind[] {
    return GATE_KINDS.filter((gate) => this.enabled.has(gate))
  }

  /** Builds waiting in this process. */
  get waitingCount(): number {
    return this.waiters.size
  }

  guards(gate: GateKind): boolean {
    return this.enabled.has(gate)
  }

  async pass(gate: GateKind, request: GateRequest, signal: AbortSignal, waiting: (approvalId: string) => Promise<void>): Promise<void> {
    signal.throwIfAborted()
    const { db, timeoutMs } = this.options
    // A resumed build (its process died while it waited, or it is retried past this gate) goes on
    // with the request it had: approved, it passes; denied, it stays denied; pending, it waits again.
    // A request decided between the read and the wait again is read again: its decision counts.
    let resumed: { id: string; expiresAt: Date } | undefined
    for (;;) {
      const earlier = await approvalsIn(db).latestFor(request.buildId, gate)
      if (earlier?.status === 'approved') return
      if (earlier?.status === 'denied') throw new GateDenied(BUILD_MESSAGES.denied(gate, earlier.comment))
      if (earlier?.status !== 'pending' || earlier.expiresAt === null) break
      if (await approvalsIn(db).rewait(earlier.id)) {
        resumed = { id: earlier.id, expiresAt: earlier.expiresAt }
        break
      }
    }
    const id = resumed ? resumed.id : randomUUID()
    const expiresAt = resumed ? resumed.expiresAt : new Date(Date.now() + timeoutMs)
    if (!resumed) {
      const { title, description, context } = describeGate(gate, request)
      await approvalsIn(db).create({ id, buildId: request.buildId, gate, title, description, priority: GATE_PRIORITIES[gate], context, expiresAt, waiting: true })
    }

    let timer: NodeJS.Timeout | undefined
    let onAbort: (() => void) | undefined
    try {
      const decided = new Promise<void>((resolve, reject) => {
        const settle = (approval: ApprovalRequest) => {
          if (approval.status === 'approved') resolve()
          else if (approval.status === 'denied') reject(new GateDenied(BUILD_MESSAGES.denied(gate, approval.comment)))
          else if (approval.status === 'expired') reject(new GateExpired(BUILD_MESSAGES.expired(gate, timeoutMs)))
        }
        this.waiters.set(id, { gate, settle })
        timer = setTimeout(() => {
          void approvalsIn(db).close(id, 'expired').then(
            (closed) => (closed ? reject(new GateExpired(BUILD_MESSAGES.expired(gate, timeoutMs))) : this.recheck(id)),
            reject,
          )
        }, Math.max(0, expiresAt.getTime() - Date.now()))
        onAbort = () => {
          // Stopped by its owner: the request is withdrawn. Its process going down: it stays for the build's next process.
          if (!stoppedByOwner(signal)) return reject(signal.reason)
          void approvalsIn(db).close(id, 'cancelled')
            .catch(() => false)
            .then(() => reject(signal.reason))
        }
        signal.addEventListener('abort', onAbort, { once: true })
      })
      // Settled before `waiting` finishes if a decision comes at once; the rejection is awaited below.
      decided.catch(() => undefined)
      this.startHeartbeat()
      await waiting(id)
      // A decision that landed before this process listened.
      await this.recheck(id)
      await decided
    } finally {
      clearTimeout(timer)
      if (onAbort) signal.removeEventListener('abort', onAbort)
      this.waiters.delete(id)
      if (this.waiters.size === 0) this.stopHeartbeat()
      await approvalsIn(db).released(id).catch(() => undefined)
    }
  }

  /** Requests newest first, with their builds. */
  list(filter: ApprovalFilter, page: { limit: number; offset: number }): Promise<{ approvals: ApprovalRequest[]; total: number }> {
    return approvalsIn(this.options.db).list(filter, page)
  }

  /**
   * Records `user`'s decision on a pending request (who, when, why) in the audit trail and the
   * agent log, and lets the build waiting on it go on (approve) or stop (deny). A request no build
   * waits on (the demo sample) only records it.
   */
  async decide(id: string, user: Pick<AuthUser, 'id' | 'email'>, decision: ApprovalDecision, comment: string | null): Promise<DecisionResult> {
    const { db, buildsIn } = this.options
    const status = decision === 'approve' ? 'approved' : 'denied'
    // The build's row says what it does next in the same transaction, so the answer shows it going on or stopping.
    const approval = await db.transaction(async (tx) => {
      const decided = await approvalsIn(tx).decide(id, { status, userId: user.id, email: user.email, comment })
      const next = decided?.buildId ? nextAfter(decided, comment) : undefined
      if (!decided?.buildId || !next) return decided
      await buildsIn(tx).decidedAtGate(decided.buildId, BUILD_MESSAGES.waiting(decided.gate), next)
      return approvalsIn(tx).findById(id)
    })
    if (!approval) {
      const existing = await approvalsIn(db).findById(id)
      return existing ? { kind: 'already-decided', approval: existing } : { kind: 'not-found' }
    }
    const session = approval.build ? `[${approval.build.sessionId.slice(0, 8)}] ` : ''
    const reason = comment ? `: ${comment}` : ''
    await agentLogsIn(db).write({
      level: 'OWNER',
      module: 'overseer-core',
      message: `${session}${user.email} ${status} the ${approval.gate} gate request "${approval.title}"${reason}`,
      buildId: approval.buildId ?? undefined,
    })
    this.waiters.get(id)?.settle(approval)
    await this.options.announce?.(id).catch(() => undefined)
    return { kind: 'decided', approval }
  }

  /** Another process stored a decision on `id`: a build waiting on it here reads it. */
  wake(id: string): Promise<void> {
    return this.recheck(id)
  }

  private async recheck(id: string): Promise<void> {
    const waiter = this.waiters.get(id)
    if (!waiter) return
    const approval = await approvalsIn(this.options.db).findById(id)
    if (approval) waiter.settle(approval)
  }

  private startHeartbeat(): void {
    if (this.heartbeat) return
    const { db, heartbeatMs = APPROVAL_HEARTBEAT_MS } = this.options
    this.heartbeat = setInterval(() => {
      const ids = [...this.waiters.keys()]
      void approvalsIn(db).heartbeat(ids).catch(() => undefined)
      // A decision whose announcement was lost (another process, Redis briefly away).
      for (const id of ids) void this.recheck(id).catch(() => undefined)
    }, heartbeatMs).unref()
  }

  private stopHeartbeat(): void {
    clearInterval(this.heartbeat)
    this.heartbeat = undefined
  }
}
