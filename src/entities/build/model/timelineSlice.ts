import { createSlice } from '@reduxjs/toolkit'
import type { BuildEvent } from '@contracts/buildEvents'
import { buildEventReceived, socketConnected, socketDisconnected, socketOwnerChanged } from '@/shared/lib/socket'
import { rootReducer } from '@/shared/lib/store'
import { buildApi } from '../api/buildApi'
import { buildStarted } from './buildSlice'

/**
 * What the client has of one build's timeline. `events` are always whole from the first: 1, 2, …,
 * each once. A live event that does not follow the last one (a gap) is not kept; `seen` remembers
 * it, and the events after the last one are asked for (GET …/events?after=last).
 */
export interface BuildTimeline {
  events: BuildEvent[]
  /** The highest id heard of, live or read; more than the last event's id while a gap is open. */
  seen: number
  /** The events were read from the server once, or followed live from the first: nothing before them is missing. */
  synced: boolean
  /** The socket dropped since they were read: events may have been missed, so they are read again once it is back. */
  stale: boolean
  /** A read of the events is on its way. */
  loading: boolean
  /** The last read failed (gone, or not the caller's): not asked again until the socket reconnects. */
  failed: boolean
}

export interface TimelineState {
  /** Timelines by their build's sessionId. */
  timelines: Record<string, BuildTimeline>
}

const initialState: TimelineState = { timelines: {} }

const emptyTimeline = (): BuildTimeline => ({ events: [], seen: 0, synced: false, stale: false, loading: false, failed: false })

/** The last event's id, 0 before the first. */
export const lastEventId = (timeline: BuildTimeline): number => timeline.events.at(-1)?.id ?? 0

/** Appends the events that follow the last one, in order, each once; a repeat is dropped, a gap noted. */
const merge = (timeline: BuildTimeline, events: readonly BuildEvent[]) => {
  for (const event of [...events].sort((a, b) => a.id - b.id)) {
    if (event.id === lastEventId(timeline) + 1) timeline.events.push(event)
    timeline.seen = Math.max(timeline.seen, event.id)
  }
}

/** Whether the timeline of `sessionId` needs the events after its last id: never read, a gap, or a reconnect since. */
export const needsCatchUp = (timeline: BuildTimeline | undefined, connected: boolean): boolean =>
  !timeline ||
  (!timeline.loading && !timeline.failed && (!timeline.synced || timeline.seen > lastEventId(timeline) || (timeline.stale && connected)))

export const timelineSlice = createSlice({
  name: 'buildTimeline',
  initialState,
  reducers: {},
  extraReducers: (builder) =>
    builder
      // Someone else signed in or out: what was read for the previous owner goes.
      .addCase(socketOwnerChanged, () => initialState)
      .addCase(socketDisconnected, (state) => {
        for (const timeline of Object.values(state.timelines)) timeline.stale = true
      })
      .addCase(socketConnected, (state) => {
        for (const timeline of Object.values(state.timelines)) timeline.failed = false
      })
      // A build sent from here is followed from its start (its room joined before the request):
      // nothing is read until a step is missed. One resumed after a reload reads what it missed.
      .addCase(buildStarted, (state, { payload }) => {
        if (!payload.resumed && !state.timelines[payload.sessionId]) state.timelines[payload.sessionId] = { ...emptyTimeline(), synced: true }
      })
      .addCase(buildEventReceived, (state, { payload: { sessionId, event } }) => {
        const timeline = (state.timelines[sessionId] ??= emptyTimeline())
        merge(timeline, [event])
        // Followed from its first step: nothing came before.
        if (event.id === 1) timeline.synced = true
      })
      .addMatcher(buildApi.endpoints.getBuildEvents.matchPending, (state, { meta }) => {
        const timeline = (state.timelines[meta.arg.originalArgs.sessionId] ??= emptyTimeline())
        timeline.loading = true
        timeline.failed = false
      })
      .addMatcher(buildApi.endpoints.getBuildEvents.matchFulfilled, (state, { payload, meta }) => {
        const timeline = (state.timelines[meta.arg.originalArgs.sessionId] ??= emptyTimeline())
        const before = lastEventId(timeline)
        merge(timeline, payload)
        timeline.loading = false
        // The server has nothing after the last id: an id heard of beyond it is not one to wait for.
        if (lastEventId(timeline) === before) timeline.seen = before
        // What the server had after the asked id is here; a later live event that skipped one opens a gap again.
        if (meta.arg.originalArgs.after <= lastEventId(timeline)) {
          timeline.synced = true
          timeline.stale = false
        }
      })
      .addMatcher(buildApi.endpoints.getBuildEvents.matchRejected, (state, { meta }) => {
        // An aborted read (its timeline left the screen) is tried again when it comes back.
        const timeline = state.timelines[meta.arg.originalArgs.sessionId]
        // Not started because the same read was on its way: that one answers.
        if (!timeline || meta.condition) return
        timeline.loading = false
        if (!meta.aborted) timeline.failed = true
      }),
  selectors: {
    selectTimeline: (state, sessionId: string): BuildTimeline | null => state.timelines[sessionId] ?? null,
  },
})

const injected = timelineSlice.injectInto(rootReducer)

export const { selectTimeline } = injected.selectors

declare module '@/shared/lib/store/root' {
  export interface LazyLoadedSlices {
    buildTimeline: TimelineState
  }
}
