import type { BuildEvent } from '@contracts/buildEvents'
import { STAGE_IDS, STAGE_LABELS, type StageId } from '@contracts/builds'

/** A step of a stage: every event but the stage's own start and end. */
export type TimelineStep = Exclude<BuildEvent, { type: 'stage_started' } | { type: 'stage_ended' }>

/** `queued`: the build waits for a free place (its first stage has not started). */
export type StageRunStatus = 'queued' | 'running' | 'completed' | 'error' | 'timeout' | 'stopped'

/** One stage of a build's timeline, as its row shows it. */
export interface TimelineStage {
  id: StageId
  label: string
  status: StageRunStatus
  /** How long it took, once it ended. */
  durationMs?: number
  /** Its tokens (in and out): the stage's own count once it ended, else its model calls' so far. */
  promptTokens: number
  completionTokens: number
  steps: TimelineStep[]
}

const STAGE_STATUS_TEXT: Record<StageRunStatus, string> = {
  queued: 'queued',
  running: 'running',
  completed: 'completed',
  error: 'failed',
  timeout: 'timed out',
  stopped: 'stopped',
}

const isStep = (event: BuildEvent): event is TimelineStep => event.type !== 'stage_started' && event.type !== 'stage_ended'

/**
 * The stages a build has reached, in pipeline order, each with its status and steps. A build
 * that ended in error leaves the stage it was in 'error' even without a stage_ended event.
 */
export const stagesOf = (events: readonly BuildEvent[]): TimelineStage[] => {
  const stages = new Map<StageId, TimelineStage>()
  const stageOf = (id: StageId): TimelineStage => {
    const known = stages.get(id)
    if (known) return known
    const created: TimelineStage = { id, label: STAGE_LABELS[id], status: 'running', promptTokens: 0, completionTokens: 0, steps: [] }
    stages.set(id, created)
    return created
  }
  for (const event of events) {
    const known = stages.has(event.stage)
    const stage = stageOf(event.stage)
    if (event.type === 'stage_started' && stage.status === 'queued') stage.status = 'running'
    // A build waiting for its turn: its first stage is queued until it starts.
    if (event.type === 'queued' && (!known || stage.status === 'queued')) stage.status = 'queued'
    if (event.type === 'stage_ended') {
      stage.status = event.status
      stage.promptTokens = event.promptTokens
      stage.completionTokens = event.completionTokens
      if (event.durationMs !== undefined) stage.durationMs = event.durationMs
    } else if (isStep(event)) {
      stage.steps.push(event)
      if (event.type === 'model_call' && stage.status === 'running') {
        stage.promptTokens += event.promptTokens
        stage.completionTokens += event.completionTokens
      }
      if (event.type === 'error' && stage.status === 'running') stage.status = 'error'
    }
  }
  return STAGE_IDS.flatMap((id) => stages.get(id) ?? [])
}

const integer = new Intl.NumberFormat('en-US')

/** '532 B', '1.2 kB', '3.4 MB' (decimal units). */
export const formatBytes = (bytes: number): string =>
  bytes < 1000 ? `${bytes} B` : bytes < 1_000_000 ? `${(bytes / 1000).toFixed(1)} kB` : `${(bytes / 1_000_000).toFixed(1)} MB`

/** '850 ms', '2.1 s', '3 min 5 s'. */
export const formatDuration = (ms: number): string => {
  if (ms < 1000) return `${Math.round(ms)} ms`
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`
  const seconds = Math.round(ms / 1000)
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`
}

export const formatTokens = (promptTokens: number, completionTokens: number): string =>
  `${integer.format(promptTokens)} + ${integer.format(completionTokens)} tokens`

const plural = (count: number, one: string, many = `${one}s`) => `${integer.format(count)} ${count === 1 ? one : many}`

const GATE_TEXT = { planning: 'planning', development: 'development', deployment: 'deployment' } as const

/** Where a queued stage's build is: '3 builds ahead', its latest place. */
const queuedAhead = (stage: TimelineStage): string | false => {
  const last = stage.steps.findLast((step) => step.type === 'queued')
  return last?.type === 'queued' && `${plural(last.ahead, 'build')} ahead`
}

/** The stage row's text after its label: 'completed, 2.1 s, 1,234 + 56 tokens'. */
export const stageSummary = (stage: TimelineStage): string =>
  [
    STAGE_STATUS_TEXT[stage.status],
    stage.status === 'queued' && queuedAhead(stage),
    stage.durationMs !== undefined && formatDuration(stage.durationMs),
    stage.promptTokens + stage.completionTokens > 0 && formatTokens(stage.promptTokens, stage.completionTokens),
  ]
    .filter((part): part is string => typeof part === 'string')
    .join(', ')

/** One line that says what a step did. */
export const stepSummary = (step: TimelineStep): string => {
  switch (step.type) {
    case 'queued':
      return `Queued: ${plural(step.ahead, 'build')} ahead`
    case 'file_written':
      return `Wrote ${step.path} (${formatBytes(step.bytes)})`
    case 'file_read':
      return `Read ${step.path}`
    case 'file_deleted':
      return `Deleted ${step.path}`
    case 'files_listed':
      return `Listed the files (${plural(step.count, 'file')})`
    case 'tests_run':
      return `Tests: ${integer.format(step.passed)} passed, ${integer.format(step.failed)} failed`
    case 'tests_not_run':
      return `Tests not run: ${step.reason}`
    case 'model_call':
      return `Model call: ${formatTokens(step.promptTokens, step.completionTokens)}${step.durationMs !== undefined ? `, ${formatDuration(step.durationMs)}` : ''}`
    case 'clarification_asked':
      return `Asked ${plural(step.questions.length, 'question')}`
    case 'clarification_answered':
      return step.skipped ? 'Questions skipped: built on stated assumptions' : `Answered ${plural(step.answers.length, 'question')}`
    case 'gate_waiting':
      return `Waiting for ${GATE_TEXT[step.gate]} approval`
    case 'gate_passed':
      return `${GATE_TEXT[step.gate][0]?.toUpperCase() ?? ''}${GATE_TEXT[step.gate].slice(1)} approved`
    case 'finished':
      return 'Finished'
    case 'error':
      return `Error: ${step.message}`
    case 'resumed':
      return step.reason === 'retry' ? `Retried by its owner (attempt ${integer.format(step.attempt)})` : `Resumed after an interruption (attempt ${integer.format(step.attempt)})`
  }
}

/** Whether a step has more to show than its line. */
export const hasDetails = (step: TimelineStep): boolean =>
  step.type === 'file_written' ||
  step.type === 'tests_run' ||
  step.type === 'model_call' ||
  step.type === 'clarification_asked' ||
  step.type === 'clarification_answered' ||
  (step.type === 'finished' && step.summary !== '')

export type DiffLineKind = 'added' | 'removed' | 'hunk' | 'context' | 'note'

/** A unified diff's lines, each with what it is: added (+), removed (-), a hunk header (@@), context, or a note ('\ No newline…', a cut). */
export const diffLinesOf = (diff: string): { kind: DiffLineKind; text: string }[] =>
  diff
    .replace(/\n$/, '')
    .split('\n')
    .map((text) => ({
      kind: text.startsWith('@@') ? 'hunk' : text.startsWith('+') ? 'added' : text.startsWith('-') ? 'removed' : text.startsWith(' ') || text === '' ? 'context' : 'note',
      text,
    }))
