import type { BuildEvent } from '@contracts/buildEvents'
import { STAGE_LABELS, type StageId } from '@contracts/builds'

/** A step of a stage on the time axis: from its start to its end, in ms after the build's first event. */
export interface WaterfallStep {
  event: BuildEvent
  label: string
  start: number
  durationMs: number
  tokens: number
}

/** A stage run on the time axis, with its steps (every event of it but its start and end). */
export interface WaterfallStage {
  /** Unique within the trace: a stage that ran twice (a resumed build) has two. */
  key: string
  stage: StageId
  label: string
  start: number
  durationMs: number
  tokens: number
  /** How it ended; running while it has no end. */
  status: 'completed' | 'error' | 'timeout' | 'stopped' | 'running'
  summary: string
  steps: WaterfallStep[]
}

export interface Waterfall {
  /** When the first event happened (ISO); the axis's zero. */
  startedAt: string | null
  /** The axis's length in ms (at least 1). */
  spanMs: number
  stages: WaterfallStage[]
}

const tokensOf = (event: BuildEvent): number =>
  event.type === 'model_call' || event.type === 'stage_ended' ? event.promptTokens + event.completionTokens : 0

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`

/** What a step did, in a line. */
export const stepLabel = (event: BuildEvent): string => {
  switch (event.type) {
    case 'queued':
      return `Queued: ${plural(event.ahead, 'build')} ahead`
    case 'stage_started':
      return 'Stage started'
    case 'stage_ended':
      return `Stage ${event.status}`
    case 'clarification_asked':
      return `Asked ${plural(event.questions.length, 'question')}`
    case 'clarification_answered':
      return event.skipped ? 'Questions skipped: built on assumptions' : `Answered ${plural(event.answers.length, 'question')}`
    case 'gate_waiting':
      return `Waiting at the ${event.gate} gate`
    case 'gate_passed':
      return `Passed the ${event.gate} gate`
    case 'model_call':
      return `Model call (${event.model})`
    case 'file_written':
      return `Wrote ${event.path}`
    case 'file_read':
      return `Read ${event.path}`
    case 'file_deleted':
      return `Deleted ${event.path}`
    case 'files_listed':
      return `Listed ${plural(event.count, 'file')}`
    case 'tests_run':
      return `Tests: ${event.passed} passed, ${event.failed} failed`
    case 'tests_not_run':
      return 'Tests not run'
    case 'finished':
      return 'Finished'
    case 'error':
      return 'Error'
    case 'resumed':
      return event.reason === 'retry' ? `Retried (attempt ${event.attempt})` : `Resumed after an interruption (attempt ${event.attempt})`
  }
}

/**
 * Lays a build's events out on a time axis. A step that took time is recorded when it ends, so it
 * spans from `at − durationMs` to `at`; a step that took none is a moment at `at`. A stage spans
 * from its start event to its end event (or, while it runs, to its latest step).
 */
export const waterfallOf = (events: readonly BuildEvent[]): Waterfall => {
  const timed = events.filter((event) => Number.isFinite(Date.parse(event.at)))
  if (timed.length === 0) return { startedAt: null, spanMs: 1, stages: [] }
  const origin = timed.reduce((first, event) => Math.min(first, Date.parse(event.at) - (event.durationMs ?? 0)), Number.POSITIVE_INFINITY)

  const stages: WaterfallStage[] = []
  /** The open run of each stage: its steps go there. */
  const open = new Map<StageId, WaterfallStage>()
  const runOf = (event: BuildEvent, at: number): WaterfallStage => {
    const current = open.get(event.stage)
    if (current) return current
    const run: WaterfallStage = {
      key: `${event.stage}-${event.id}`,
      stage: event.stage,
      label: STAGE_LABELS[event.stage],
      start: at,
      durationMs: 0,
      tokens: 0,
      status: 'running',
      summary: '',
      steps: [],
    }
    stages.push(run)
    open.set(event.stage, run)
    return run
  }

  for (const event of timed) {
    const end = Date.parse(event.at) - origin
    const start = Math.max(0, end - (event.durationMs ?? 0))
    if (event.type === 'stage_started') {
      // A build that waited for its turn: the wait is a bar of its own, ending when the stage starts.
      const waited = open.get(event.stage)
      if (waited && waited.steps.length > 0 && waited.steps.every((step) => step.event.type === 'queued')) {
        waited.label = 'Queued'
        waited.status = 'completed'
        waited.durationMs = Math.max(0, end - waited.start)
        waited.summary = 'waited for a free place'
      }
      open.delete(event.stage)
      runOf(event, end)
      continue
    }
    const run = runOf(event, start)
    if (event.type === 'stage_ended') {
      // The bar is the stage's own measure of itself, ending when it ended.
      run.durationMs = event.durationMs ?? Math.max(0, end - run.start)
      run.start = Math.max(0, end - run.durationMs)
      run.tokens = tokensOf(event)
      run.status = event.status
      run.summary = event.summary
      open.delete(event.stage)
      continue
    }
    run.steps.push({ event, label: stepLabel(event), start, durationMs: event.durationMs ?? 0, tokens: tokensOf(event) })
    if (run.status === 'running') {
      run.durationMs = Math.max(run.durationMs, start + (event.durationMs ?? 0) - run.start)
      run.tokens += tokensOf(event)
    }
  }

  let last = 1
  for (const stage of stages) {
    last = Math.max(last, stage.start + stage.durationMs)
    for (const step of stage.steps) last = Math.max(last, step.start + step.durationMs)
  }
  return { startedAt: new Date(origin).toISOString(), spanMs: last, stages }
}
