import { FLUSH, PERSIST, REHYDRATE, persistReducer, type PersistState, type StateReconciler } from 'redux-persist'
import type { Reducer, UnknownAction } from '@reduxjs/toolkit'
import { CANVAS_STORAGE_KEY } from '@/shared/config'
import { rootReducer } from '@/shared/lib/store'
import { canvasStorage } from '../lib/canvasStorage'
import { canvasSlice, initialCanvasState, selectCanvas, type CanvasState } from './canvasSlice'
import type { CanvasDocument } from './types'

export type PersistedCanvasState = CanvasState & { _persist?: PersistState }

const PERSISTED = ['saved', 'savedProblem', 'nodes', 'connections'] as const satisfies readonly (keyof CanvasState)[]

/**
 * The stored canvas fills an editor that holds nothing yet. One that already has a diagram (given
 * to it, or edited before storage answered) keeps it; the saved canvas is still read.
 */
const reconcile: StateReconciler<CanvasState> = (inbound: Partial<CanvasState> | undefined, _state, reduced) => {
  if (!inbound) return reduced
  const holdsDiagram = reduced.nodes.length > 0 || reduced.connections.length > 0 || reduced.past.length > 0
  const next: CanvasState = { ...reduced }
  if (inbound.saved !== undefined) next.saved = inbound.saved
  if (inbound.savedProblem !== undefined) next.savedProblem = inbound.savedProblem
  if (!holdsDiagram && inbound.nodes && inbound.connections) {
    next.nodes = inbound.nodes
    next.connections = inbound.connections
  }
  return next
}

/**
 * redux-persist keeps the canvas under `architecture-canvas`, as exactly
 * {nodes, connections, timestamp}: the saved canvas in local storage, and this tab's working copy
 * in session storage (see `canvasStorage`). The undo history is not kept: it belongs to the page.
 * Writes are throttled (a drag changes the diagram every frame); a save is written at once
 * (`canvasFlushed`), and so is everything when the page goes away.
 */
const persisted = persistReducer<CanvasState>(
  {
    key: CANVAS_STORAGE_KEY,
    keyPrefix: '',
    storage: canvasStorage,
    whitelist: [...PERSISTED],
    serialize: false,
    version: 1,
    throttle: 300,
    stateReconciler: reconcile,
  },
  canvasSlice.reducer,
) as Reducer<PersistedCanvasState, UnknownAction>

/**
 * An injected slice gets its state from the first action after it joins the store. When that
 * action is PERSIST (the editor opening), redux-persist would start from `{}` instead of the
 * initial state: start from the initial state whatever the action.
 */
const persistedCanvasReducer: Reducer<PersistedCanvasState, UnknownAction> = (state, action) =>
  persisted(state ?? initialCanvasState, action)

// The canvas joins the store when its code loads (the Architecture Canvas tab), not with the first
// paint of every page.
rootReducer.inject({ reducerPath: canvasSlice.reducerPath, reducer: persistedCanvasReducer })

/** What opening the editor found. */
export type CanvasOpening =
  /** The saved canvas, as it was saved. */
  | { kind: 'saved'; savedAt: string }
  /** The canvas this tab was working on, with changes since the last save (if there was one). */
  | { kind: 'unsaved'; savedAt: string | null }
  /** Nothing to open, but the saved value could not be read. */
  | { kind: 'unreadable'; problem: string }
  /** Nothing stored, or the editor already had its canvas. */
  | { kind: 'none' }

const sameDiagram = (a: CanvasDocument, b: CanvasDocument) =>
  (a.nodes === b.nodes && a.connections === b.connections) ||
  JSON.stringify([a.nodes, a.connections]) === JSON.stringify([b.nodes, b.connections])

const openingOf = (before: CanvasState, after: CanvasState): CanvasOpening => {
  const opened = after.nodes !== before.nodes || after.connections !== before.connections
  const empty = after.nodes.length === 0 && after.connections.length === 0
  if (!opened || (empty && !after.saved)) return after.savedProblem ? { kind: 'unreadable', problem: after.savedProblem } : { kind: 'none' }
  if (after.saved && sameDiagram(after.saved, after)) return { kind: 'saved', savedAt: after.saved.timestamp }
  return { kind: 'unsaved', savedAt: after.saved?.timestamp ?? null }
}

/** Writes what is pending at once (after a save, or when the page goes away). */
export const canvasFlushed = () => (dispatch: AppDispatch) =>
  new Promise<void>((resolve) => {
    dispatch({
      type: FLUSH,
      result: (written: unknown) =>
        void Promise.resolve(written).finally(() => {
          canvasStorage.flushWorkingCopy()
          resolve()
        }),
    })
  })

/**
 * Opens the stored canvas when the editor first opens: the same PERSIST / REHYDRATE exchange that
 * `persistStore` runs at start-up for the slices that load with the app. Resolves with what was
 * opened; later calls do nothing and resolve with `none`.
 */
export const restoreCanvas = () => (dispatch: AppDispatch, getState: () => RootState) =>
  new Promise<CanvasOpening>((resolve) => {
    if (getState().canvas?._persist) return resolve({ kind: 'none' })
    const before = selectCanvas(getState())
    // Throttled writes still pending when the tab reloads or closes are written first.
    if (typeof window !== 'undefined') window.addEventListener('pagehide', () => void dispatch(canvasFlushed()))
    dispatch({
      type: PERSIST,
      key: CANVAS_STORAGE_KEY,
      register: () => undefined,
      rehydrate: (key: string, payload: unknown, err: unknown) => {
        dispatch({ type: REHYDRATE, key, payload, err })
        // Every persisted slice not yet restored answers PERSIST: the canvas's answer is the one awaited.
        if (key === CANVAS_STORAGE_KEY) resolve(openingOf(before, selectCanvas(getState())))
      },
    })
  })
