import { PERSIST, REHYDRATE, persistReducer, type PersistState } from 'redux-persist'
import type { Reducer, UnknownAction } from '@reduxjs/toolkit'
import { CANVAS_STORAGE_KEY } from '@/shared/config'
import { rootReducer } from '@/shared/lib/store'
import { canvasStorage } from '../lib/canvasStorage'
import { canvasSlice, initialCanvasState, type CanvasState } from './canvasSlice'

export type PersistedCanvasState = CanvasState & { _persist?: PersistState }

/**
 * redux-persist keeps the saved diagram under `architecture-canvas` (D12), as exactly
 * {nodes, connections, timestamp}: the storage writes and checks that format itself.
 */
const persisted = persistReducer<CanvasState>(
  { key: CANVAS_STORAGE_KEY, keyPrefix: '', storage: canvasStorage, whitelist: ['saved', 'savedProblem'], serialize: false, version: 1 },
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

/**
 * Reads the saved canvas from local storage once, when the editor first opens: the same PERSIST /
 * REHYDRATE exchange that `persistStore` runs at start-up for the slices that load with the app.
 * Later calls do nothing.
 */
export const restoreSavedCanvas = () => (dispatch: AppDispatch, getState: () => RootState) => {
  if (getState().canvas?._persist) return
  dispatch({
    type: PERSIST,
    key: CANVAS_STORAGE_KEY,
    register: () => undefined,
    rehydrate: (key: string, payload: unknown, err: unknown) => dispatch({ type: REHYDRATE, key, payload, err }),
  })
}
