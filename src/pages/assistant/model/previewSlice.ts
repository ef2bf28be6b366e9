import { createSlice } from '@reduxjs/toolkit'
import type { PreviewView } from '@contracts/preview'
import { previewEventReceived } from '@/shared/lib/socket'
import { rootReducer } from '@/shared/lib/store'
import { previewApi } from '../api/previewApi'

/** The console lines kept per preview, as the server keeps them. */
export const CONSOLE_LINES = 500

export interface PreviewEntry {
  preview: PreviewView
  /** The link that opens it in a frame or a tab (set by its POST; a preview found by GET has none yet). */
  url?: string
}

export interface PreviewState {
  /** By the build's session id. */
  previews: Record<string, PreviewEntry>
  /**
   * The previews stopped from this page (their ids, the latest few): their last events, which can
   * come after the stop's answer, do not bring them back.
   */
  stopped: string[]
  /**
   * Each build's GET still to be answered (its request id). A POST answered meanwhile makes it old
   * news: asked before the preview was opened, its answer (none running) would take the panel away.
   */
  asking: Record<string, string>
}

/** How many stopped previews' ids are kept: more than one page stops before their events are in. */
const STOPPED_KEPT = 20

const initialState: PreviewState = { previews: {}, stopped: [], asking: {} }

/**
 * The live previews this page follows: what their POST or GET answered, then their `preview`
 * events (status changes, console lines as they come).
 */
export const previewSlice = createSlice({
  name: 'preview',
  initialState,
  reducers: {},
  extraReducers: (builder) =>
    builder
      .addCase(previewEventReceived, (state, { payload }) => {
        const entry = state.previews[payload.sessionId]
        if (payload.type === 'status') {
          if (state.stopped.includes(payload.preview.id)) return
          if (entry && entry.preview.id === payload.preview.id) {
            entry.preview = { ...payload.preview, console: entry.preview.console }
            return
          }
          // A newer preview than the one shown (started elsewhere) replaces it, console and all; an
          // older one's last event (the one a restart replaced, as it ended) is old news.
          if (!entry || Date.parse(payload.preview.startedAt) >= Date.parse(entry.preview.startedAt)) {
            state.previews[payload.sessionId] = { preview: { ...payload.preview, console: [] } }
          }
          return
        }
        if (!entry) return
        entry.preview.console.push(...payload.lines)
        if (entry.preview.console.length > CONSOLE_LINES) entry.preview.console.splice(0, entry.preview.console.length - CONSOLE_LINES)
      })
      .addMatcher(previewApi.endpoints.openPreview.matchFulfilled, (state, { payload }) => {
        const { preview, url } = payload
        state.previews[preview.sessionId] = { preview, url }
        delete state.asking[preview.sessionId]
      })
      .addMatcher(previewApi.endpoints.getPreview.matchPending, (state, { meta }) => {
        state.asking[meta.arg.originalArgs] = meta.requestId
      })
      .addMatcher(previewApi.endpoints.getPreview.matchRejected, (state, { meta }) => {
        if (state.asking[meta.arg.originalArgs] === meta.requestId) delete state.asking[meta.arg.originalArgs]
      })
      .addMatcher(previewApi.endpoints.getPreview.matchFulfilled, (state, { payload, meta }) => {
        const sessionId = meta.arg.originalArgs
        // Asked before a POST that has answered since: what the POST said is newer.
        if (state.asking[sessionId] !== meta.requestId) return
        delete state.asking[sessionId]
        if (!payload) {
          delete state.previews[sessionId]
          return
        }
        const entry = state.previews[sessionId]
        state.previews[sessionId] = { preview: payload, ...(entry?.url && entry.preview.id === payload.id && { url: entry.url }) }
      })
      .addMatcher(previewApi.endpoints.stopPreview.matchPending, (state, { meta }) => {
        const entry = state.previews[meta.arg.originalArgs]
        if (!entry || state.stopped.includes(entry.preview.id)) return
        state.stopped.push(entry.preview.id)
        if (state.stopped.length > STOPPED_KEPT) state.stopped.splice(0, state.stopped.length - STOPPED_KEPT)
      })
      .addMatcher(previewApi.endpoints.stopPreview.matchRejected, (state, { meta }) => {
        // Not stopped after all: its events count again.
        const entry = state.previews[meta.arg.originalArgs]
        if (entry) state.stopped = state.stopped.filter((id) => id !== entry.preview.id)
      })
      .addMatcher(previewApi.endpoints.stopPreview.matchFulfilled, (state, { meta }) => {
        delete state.previews[meta.arg.originalArgs]
      }),
  selectors: {
    selectPreview: (state, sessionId: string): PreviewEntry | null => state.previews[sessionId] ?? null,
  },
})

const injected = previewSlice.injectInto(rootReducer)

export const { selectPreview } = injected.selectors

declare module '@/shared/lib/store/root' {
  export interface LazyLoadedSlices {
    preview: PreviewState
  }
}
