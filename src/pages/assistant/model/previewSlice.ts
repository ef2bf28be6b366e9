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
}

const initialState: PreviewState = { previews: {} }

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
          // A preview that is not the one shown (a newer one, started elsewhere) replaces it, console and all.
          if (!entry || entry.preview.id !== payload.preview.id) state.previews[payload.sessionId] = { preview: { ...payload.preview, console: [] } }
          else entry.preview = { ...payload.preview, console: entry.preview.console }
          return
        }
        if (!entry) return
        entry.preview.console.push(...payload.lines)
        if (entry.preview.console.length > CONSOLE_LINES) entry.preview.console.splice(0, entry.preview.console.length - CONSOLE_LINES)
      })
      .addMatcher(previewApi.endpoints.openPreview.matchFulfilled, (state, { payload }) => {
        const { preview, url } = payload
        state.previews[preview.sessionId] = { preview, url }
      })
      .addMatcher(previewApi.endpoints.getPreview.matchFulfilled, (state, { payload, meta }) => {
        const sessionId = meta.arg.originalArgs
        if (!payload) {
          delete state.previews[sessionId]
          return
        }
        const entry = state.previews[sessionId]
        state.previews[sessionId] = { preview: payload, ...(entry?.url && entry.preview.id === payload.id && { url: entry.url }) }
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
