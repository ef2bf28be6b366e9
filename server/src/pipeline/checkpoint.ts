import type { BuildState } from './state'

export type { Checkpoint, StoredCheckpoint } from './state'

/**
 * The checkpoint format this server writes. A checkpoint of an older format is upgraded when read
 * (UPGRADES); one of a newer format (written by a later version of the server) is refused clearly.
 */
export const CHECKPOINT_VERSION = 1

/** Upgrades from each older format to the next, by the version they read (none yet: 1 is the first). */
const UPGRADES: Record<number, (state: Record<string, unknown>) => Record<string, unknown>> = {}

export const CHECKPOINT_MESSAGES = {
  newer: (version: number) =>
    `This build was saved by a newer version of Overseer (checkpoint format ${version}; this server reads up to ${CHECKPOINT_VERSION}) and cannot be resumed here. Please send the request again.`,
  unreadable: 'This build’s saved state cannot be read, so it cannot be resumed. Please send the request again.',
} as const

/** Why a stored checkpoint cannot be read by this server. */
export class CheckpointUnreadable extends Error {
  override name = 'CheckpointUnreadable'
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * A stored checkpoint's state, in this server's format: upgraded from an older format, or refused
 * (CheckpointUnreadable, with words for the build's owner) when it is newer or not a build state.
 */
export const readCheckpointState = (version: number, stored: unknown): BuildState => {
  if (!Number.isInteger(version) || version < 1) throw new CheckpointUnreadable(CHECKPOINT_MESSAGES.unreadable)
  if (version > CHECKPOINT_VERSION) throw new CheckpointUnreadable(CHECKPOINT_MESSAGES.newer(version))
  let state: unknown = typeof stored === 'string' ? JSON.parse(stored) : stored
  for (let from = version; from < CHECKPOINT_VERSION; from++) {
    const upgrade = UPGRADES[from]
    if (!upgrade || !isRecord(state)) throw new CheckpointUnreadable(CHECKPOINT_MESSAGES.unreadable)
    state = upgrade(state)
  }
  if (!isRecord(state) || typeof state.request !== 'string') throw new CheckpointUnreadable(CHECKPOINT_MESSAGES.unreadable)
  return state as unknown as BuildState
}

