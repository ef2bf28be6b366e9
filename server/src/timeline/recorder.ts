import type { BuildEvent, BuildEventDetail } from '@contracts/buildEvents'
import type { StageId } from '@contracts/builds'
import type { Queryable } from '../db/types'
import { createBuildEventRepository as eventsIn } from './eventRepository'

/** A build's steps, as the pipeline records them: stored in order, then sent to its room. */
export interface Timeline {
  record(build: { buildId: string; sessionId: string }, stage: StageId, detail: BuildEventDetail, durationMs?: number): Promise<BuildEvent>
}

/** Where a recorded step goes once stored: `build:event` to the build's room. */
export type EventSink = (sessionId: string, event: BuildEvent) => void

/** The timeline on `db`, each stored step sent to `emit` (after it is stored: a client that asks for what it missed finds it). */
export const createTimeline = (db: Queryable, emit: EventSink): Timeline => ({
  async record({ buildId, sessionId }, stage, detail, durationMs) {
    const event = await eventsIn(db).append(buildId, stage, detail, durationMs)
    emit(sessionId, event)
    return event
  },
})
