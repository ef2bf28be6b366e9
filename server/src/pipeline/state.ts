import type { BuildEventDetail } from '@contracts/buildEvents'
import type { ProjectFile } from '../generation/archive'
import type { ArchiveStore } from '../generation/archiveStore'
import type { ProjectKind } from '../generation/classify'
import type { Understanding, Unsupported } from '../generation/understand'
import type { Queryable } from '../db/types'
import type { Sandbox } from '../sandbox/types'
import type { StageId } from './stages'
import type { Question } from './clarify'

/** What the stages build up, one artefact each (modules exchange artefacts, not state). */
export interface BuildState {
  request: string
  /** Set by the classification: the message is a question or remark, not a request to build (generation/intent.ts). */
  question?: true
  project?: {
    kind: ProjectKind
    slug: string
    title: string
    scores: Record<ProjectKind, number>
    /** What the planned project is, one sentence (the file plan's own words, for the reply). */
    summary?: string
    /** A language or platform the request asked for that was not built (the reply says so). */
    unsupported?: Unsupported
  }
  /** What the offline engine understood of the request: its collections, task, name. */
  understanding?: Understanding
  assumptions?: string[]
  expectations?: string[]
  plan?: ProjectFile[]
  files?: ProjectFile[]
  /** The delivered archive (stored in the database under the build's id): its size and how many files it holds. */
  archive?: { bytes: number; files: number }
  /** The model that wrote the planning notes (a configured provider's), when one did. */
  planner?: string
  /** Planning notes a model wrote (sanitized Markdown, only ever written into the README). */
  notes?: { stage: 'clarification' | 'market_analysis' | 'structuring'; markdown: string }[]
  /** A model wrote or changed the code (it must never run outside the sandbox). */
  modelWritten?: boolean
  /** The project's own tests, run in the sandbox before delivery (or why they were not). */
  tests?: TestSummary
  /** How many iterations the development loop recorded (each a test run). */
  iterations?: number
  /** The model's own summary of what it built, when it wrote the code (sanitized Markdown). */
  devSummary?: string
  /** A follow-up: the project of the conversation's last delivered build, which this build continues. */
  previous?: { buildId: string; kind: ProjectKind; slug: string; files: ProjectFile[] }
  /** What this build changed in the project it continued. */
  changes?: ProjectChanges
  /**
   * The development stage's last test run in the sandbox (what the development gate shows): a
   * model's loop's last run, or the offline engine's run of the project's tests.
   */
  loopTests?: { passed: number; failed: number; failing: string[]; output: string }
  /** Why the development stage could not run the tests (no sandbox: its problem). */
  testsNotRun?: string
  /** The files `tests` was run on (filesKey), so assembly need not run the same files' tests again. */
  testedFiles?: string
  /** What the clarification asked the requester, and once they replied their answers (or that they skipped them). */
  clarification?: Clarification
  /** Set by the clarification stage when it asked: the build ends its run there and waits for the answers. */
  awaitingAnswers?: true
}

/** A build's questions to its requester, and their reply. */
export interface Clarification {
  questions: Question[]
  /** One per question (blank: not answered); absent while waiting, or when skipped. */
  answers?: string[]
  /** 'Just build it': built on the assumptions. */
  skipped?: boolean
  /** 1 for the first round of questions, 2 when an answer needed one more. */
  round: number
}

/** The files a build added, changed and removed, against the project it started from. */
export interface ProjectChanges {
  added: string[]
  changed: string[]
  removed: string[]
}

/** What changed between two versions of a project's files. */
export const changesBetween = (before: readonly ProjectFile[], after: readonly ProjectFile[]): ProjectChanges => {
  const old = new Map(before.map((file) => [file.path, file.content]))
  const now = new Map(after.map((file) => [file.path, file.content]))
  return {
    added: [...now.keys()].filter((path) => !old.has(path)).sort(),
    changed: [...now.entries()].filter(([path, content]) => old.has(path) && old.get(path) !== content).map(([path]) => path).sort(),
    removed: [...old.keys()].filter((path) => !now.has(path)).sort(),
  }
}

/** The QA run of a project's tests: their counts, or why they did not run. */
export type TestSummary =
  | { ran: true; passed: number; failed: number; failing: string[]; durationMs: number; output: string }
  | { ran: false; reason: string }

/** Why a build cannot be delivered, in words for the person who asked for it. */
export class StageFailure extends Error {
  override name = 'StageFailure'

  constructor(
    message: string,
    /** The tokens a model spent on the stage before it failed: recorded all the same, since they were used. */
    readonly usage?: { promptTokens: number; completionTokens: number },
  ) {
    super(message)
  }
}

/** An iteration of a build's development loop, as stored. */
export interface BuildIteration {
  number: number
  filesChanged: string[]
  passed: number
  failed: number
  failing: string[]
  /** The tail of the test output. */
  output: string
  promptTokens: number
  completionTokens: number
  durationMs: number
}

/** What a stage is given to do its work. */
export interface StageContext {
  buildId: string
  state: BuildState
  signal: AbortSignal
  /** Where the delivery stores the build's archive (the database every server shares). */
  archives: ArchiveStore
  log(level: 'INFO' | 'WARNING' | 'DEBUG', message: string): Promise<void>
  /** Progress inside the stage, between its start and the next stage's start. */
  progress(fraction: number, message: string): Promise<void>
  /** Where the project's tests run (the only place generated code ever runs). */
  sandbox: Sandbox
  /** Runs work with limits of its own (a sandboxed test run) outside the stage's time limit. */
  untimed<T>(work: () => Promise<T>): Promise<T>
  /** Records a step of the stage on the build's timeline (stored, then sent to its room). */
  record(detail: BuildEventDetail, durationMs?: number): Promise<void>
  /** Stores an iteration of the development loop and logs it (one agent log entry each). */
  recordIteration(iteration: BuildIteration): Promise<void>
}

/** What a stage was given and what it produced, as text: the tokens counted for it. */
export interface StageResult {
  prompt: string
  output: string
  /** What the tracker shows when the stage is done (the next stage's start replaces it). */
  summary: string
  /** The tokens a model provider reported for the stage; counted from `prompt` and `output` when absent. */
  usage?: { promptTokens: number; completionTokens: number }
}

export type StageWork = (context: StageContext) => Promise<StageResult>


/** A stage's row in a build's record: its outcome and the tokens it spent. */
export interface StageRecord {
  stage: StageId
  position: number
  status: 'completed' | 'error' | 'timeout' | 'stopped'
  promptTokens: number
  completionTokens: number
  startedAt: Date
}

/**
 * What the pipeline reads and writes of the build it runs, on one connection or transaction. The
 * builds module's repository offers it (builds/buildRepository.ts); the pipeline is given it, so
 * it writes no table of another module itself.
 */
export interface BuildRecords {
  findById(id: string): Promise<{ id: string; kind: ProjectKind | null; name: string | null } | undefined>
  files(buildId: string): Promise<ProjectFile[]>
  progress(id: string, progress: { stage: StageId; percentage: number; message: string }): Promise<void>
  decidedAtGate(id: string, waiting: string, next: { stage?: StageId; percentage?: number; message: string }): Promise<void>
  classified(id: string, kind: ProjectKind, name: string): Promise<void>
  recordStage(buildId: string, record: StageRecord): Promise<void>
  recordIteration(buildId: string, iteration: BuildIteration): Promise<void>
  delivered(buildId: string, files: readonly ProjectFile[], tests: TestSummary | undefined): Promise<void>
  /** A run starts: its attempt number since the build's request, answers or retry. */
  startAttempt(id: string): Promise<number>
  saveCheckpoint(buildId: string, checkpoint: Checkpoint): Promise<void>
  lastCheckpoint(buildId: string): Promise<StoredCheckpoint | undefined>
  /** What the model calls recorded after a timeline event spent (an attempt that did not finish). */
  spentAfter(buildId: string, afterEventId: number): Promise<{ promptTokens: number; completionTokens: number }>
  iterationCount(buildId: string): Promise<number>
  /** How many times the build's `stage` has started. */
  stageStarts(buildId: string, stage: StageId): Promise<number>
}

/** The build records on a connection or transaction. */
export type BuildRecordsIn = (db: Queryable) => BuildRecords

/**
 * A build's state after a stage, as stored: what its stages produced so far, the tokens spent up to
 * then, and the last step it had recorded on its timeline. A run that starts again (its process
 * died, or its owner retries a failed stage) goes on from the last one.
 */
export interface Checkpoint {
  /** The stage just finished, and its place among the stages. */
  position: number
  stage: string
  state: BuildState
  promptTokens: number
  completionTokens: number
  /** The id of the build's last timeline event at the checkpoint: what came after belongs to a later attempt. */
  lastEventId: number
}

/** A checkpoint as stored: its state in the format `version` (read it with readCheckpointState). */
export interface StoredCheckpoint extends Omit<Checkpoint, 'state'> {
  version: number
  state: unknown
}
