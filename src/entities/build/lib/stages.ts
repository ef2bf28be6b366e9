import { STAGE_IDS, STAGE_LABELS, type StageId } from '@contracts/builds'

export type { StageId }

/** The build pipeline's stages in order (spec section 4), with the names the tracker shows (contracts/builds). */
export const BUILD_STAGES: readonly { id: StageId; label: string }[] = STAGE_IDS.map((id) => ({ id, label: STAGE_LABELS[id] }))

export type StageState = 'done' | 'current' | 'pending'

const IDS: readonly string[] = STAGE_IDS

export const isStageId = (value: unknown): value is StageId => typeof value === 'string' && IDS.includes(value)

/** The stage's place in the pipeline (0-based), -1 for none. */
export const stageIndex = (stage: StageId | null): number => (stage === null ? -1 : IDS.indexOf(stage))

/**
 * Spec section 4: a stage is done when it is earlier than the stage reported last, and current
 * when it is that stage; the rest are still to come. Before the first report none is done.
 */
export const stageStateOf = (stage: StageId, current: StageId | null): StageState => {
  const position = stageIndex(stage)
  const reached = stageIndex(current)
  return position < reached ? 'done' : position === reached ? 'current' : 'pending'
}

/** Where the bar starts (spec section 9). */
export const START_PERCENTAGE = 5

/**
 * How long a finished tracker stays (green at 100%, or red after an error or timeout) before it
 * hides: long enough to be seen, short enough not to linger.
 */
export const TRACKER_SETTLE_MS = 2000

export const BUILD_TEXTS = {
  title: 'Build progress',
  /** The socket is not connected yet (spec section 4). */
  connecting: 'Connecting...',
  /** Connected and subscribed; no stage has reported yet (spec section 4). */
  initializing: 'Initializing...',
  started: 'Build started.',
  complete: 'Build complete.',
  stopped: 'Build stopped.',
  stageOf: (position: number, label: string) => `Stage ${position} of ${BUILD_STAGES.length}: ${label}.`,
} as const
