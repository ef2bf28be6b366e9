import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import {
  progressFailed,
  progressReceived,
  progressStopped,
  progressTimedOut,
  socketConnected,
  socketDisconnected,
  socketOwnerChanged,
} from '@/shared/lib/socket'
import { rootReducer } from '@/shared/lib/store'
import { buildApi } from '../api/buildApi'
import { isStageId, stageIndex, START_PERCENTAGE, type StageId } from '../lib/stages'

/**
 * running: the tracker follows it; completed: 100% (green); failed / timedOut: an `error` or
 * `timeout` event came (red, its message shown); stopped: its owner stopped it (grey, 'Build
 * stopped.'); ended: the request failed without a build outcome (for example a 429): the tracker
 * just goes.
 */
export type BuildStatus = 'running' | 'completed' | 'failed' | 'timedOut' | 'stopped' | 'ended'

/** What the tracker knows of one build. */
export interface BuildProgress {
  sessionId: string
  /** The stage reported last; null before the first report. */
  stage: StageId | null
  /** The latest progress message; null before the first report. */
  message: string | null
  percentage: number
  status: BuildStatus
  /** The server's message of an `error` or `timeout` event. */
  error: string | null
  /** The socket dropped while it ran: events may be missed, so its state is read again on reconnect. */
  stale: boolean
  /** The finished tracker has been shown long enough and is hidden. */
  hidden: boolean
  /** Its owner asked to stop it; the `stopped` event (or the build's end) has not come yet. */
  stopping?: boolean
}

export interface BuildState {
  /** Builds by their request's sessionId. */
  builds: Record<string, BuildProgress>
  /** The build the tracker shows: the latest one sent. */
  current: string | null
  /** Whether the realtime socket is connected ('Connecting...' until it is). */
  connected: boolean
}

const initialState: BuildState = { builds: {}, current: null, connected: false }

const clampPercentage = (value: number): number => Math.min(100, Math.max(0, Math.round(value)))

/**
 * A progress report: percentages only rise (a late or repeated report changes nothing), the
 * stage only moves on, and 100% completes the build.
 */
const applyProgress = (build: BuildProgress, { stage, message, percentage }: { stage: string; message: string; percentage: number }) => {
  if (build.status !== 'running') return
  const next = clampPercentage(percentage)
  if (next < build.percentage) return
  build.percentage = next
  if (isStageId(stage) && stageIndex(stage) >= stageIndex(build.stage)) build.stage = stage
  build.message = message
  if (next === 100) build.status = 'completed'
}

/** Its owner stopped it: the tracker says so (not an error), and goes like a finished one. */
const stop = (build: BuildProgress | undefined, message: string) => {
  if (!build || build.status !== 'running') return
  build.status = 'stopped'
  build.message = message
  build.stale = false
  build.stopping = false
}

const fail = (build: BuildProgress | undefined, status: 'failed' | 'timedOut', message: string) => {
  if (!build || build.status !== 'running') return
  build.status = status
  build.error = message
  build.stale = false
}

export const buildSlice = createSlice({
  name: 'build',
  initialState,
  reducers: {
    /**
     * A build request is about to be sent: the tracker starts at 5%. `resumed`: the page was
     * reloaded while it ran (its session id was kept), so its state is read as soon as the socket
     * is connected, as after a reconnect.
     */
    buildStarted: (state, { payload }: PayloadAction<{ sessionId: string; resumed?: boolean }>) => {
      // Finished builds are of no further use; a running one (another tab's intent) is kept.
      for (const [sessionId, build] of Object.entries(state.builds)) {
        if (build.status !== 'running') delete state.builds[sessionId]
      }
      state.builds[payload.sessionId] = {
        sessionId: payload.sessionId,
        stage: null,
        message: null,
        percentage: START_PERCENTAGE,
        status: 'running',
        error: null,
        stale: payload.resumed === true,
        hidden: false,
      }
      state.current = payload.sessionId
    },
    /**
     * The build request answered. A success the socket did not report completes the build; a
     * build that failed (`failure`: the answer's message, as its `error` or `timeout` event says
     * it) fails as that event fails it, whichever of the two comes first; any other failure (the
     * request was refused) ends it quietly: the error line under the form says why.
     */
    buildSettled: (
      state,
      { payload }: PayloadAction<{ sessionId: string; ok: boolean; stopped?: boolean; failure?: { message: string; timedOut: boolean } }>,
    ) => {
      const build = state.builds[payload.sessionId]
      if (!build || build.status !== 'running') return
      build.stale = false
      if (payload.ok && payload.stopped) {
        stop(build, 'Build stopped.')
      } else if (payload.ok) {
        build.status = 'completed'
        build.percentage = 100
      } else if (payload.failure) {
        fail(build, payload.failure.timedOut ? 'timedOut' : 'failed', payload.failure.message)
      } else {
        build.status = 'ended'
        build.hidden = true
      }
    },
    /**
     * The next message was sent, or a new conversation started: a finished build's tracker and
     * message go (as the error line under the form does). A running build is kept.
     */
    trackerDismissed: (state) => {
      const build = state.current ? state.builds[state.current] : undefined
      if (build?.status === 'running') return
      if (state.current) delete state.builds[state.current]
      state.current = null
    },
    /** Stop build was pressed (the button waits for the build to end), or the stop failed (it can be pressed again). */
    buildStopping: (state, { payload }: PayloadAction<{ sessionId: string; stopping: boolean }>) => {
      const build = state.builds[payload.sessionId]
      if (build?.status === 'running') build.stopping = payload.stopping
    },
    /** A finished tracker was shown long enough. */
    trackerHidden: (state, { payload }: PayloadAction<{ sessionId: string }>) => {
      const build = state.builds[payload.sessionId]
      if (build && build.status !== 'running') build.hidden = true
    },
  },
  extraReducers: (builder) =>
    builder
      // Someone else signed in or out: the builds followed for the previous owner are no longer
      // reported (their rooms went with the connection), and their tracker goes.
      .addCase(socketOwnerChanged, () => initialState)
      .addCase(socketConnected, (state) => {
        state.connected = true
      })
      .addCase(socketDisconnected, (state) => {
        state.connected = false
        for (const build of Object.values(state.builds)) if (build.status === 'running') build.stale = true
      })
      .addCase(progressReceived, (state, { payload }) => {
        const build = state.builds[payload.sessionId]
        if (build) applyProgress(build, payload)
      })
      .addCase(progressFailed, (state, { payload }) => fail(state.builds[payload.sessionId], 'failed', payload.message))
      .addCase(progressTimedOut, (state, { payload }) => fail(state.builds[payload.sessionId], 'timedOut', payload.message))
      .addCase(progressStopped, (state, { payload }) => stop(state.builds[payload.sessionId], payload.message))
      .addMatcher(buildApi.endpoints.getBuildState.matchFulfilled, (state, { payload, meta }) => {
        const build = state.builds[meta.arg.originalArgs]
        if (!build) return
        build.stale = false
        if (payload.status === 'error') fail(build, 'failed', payload.error ?? payload.message)
        else if (payload.status === 'stopped') stop(build, payload.message)
        else applyProgress(build, payload.status === 'completed' ? { ...payload, percentage: 100 } : payload)
      })
      .addMatcher(buildApi.endpoints.getBuildState.matchRejected, (state, { meta }) => {
        // Not readable now (gone, or the network is down): the events and the reply still come.
        const build = state.builds[meta.arg.originalArgs]
        if (build) build.stale = false
      }),
  selectors: {
    selectCurrentBuild: (state): BuildProgress | null => (state.current ? (state.builds[state.current] ?? null) : null),
    selectBuildBySession: (state, sessionId: string): BuildProgress | null => state.builds[sessionId] ?? null,
    selectSocketConnected: (state) => state.connected,
  },
})

const injected = buildSlice.injectInto(rootReducer)

export const { buildStarted, buildSettled, buildStopping, trackerHidden, trackerDismissed } = buildSlice.actions
export const { selectCurrentBuild, selectBuildBySession, selectSocketConnected } = injected.selectors

declare module '@/shared/lib/store/root' {
  export interface LazyLoadedSlices {
    build: BuildState
  }
}
