import { configureStore } from '@reduxjs/toolkit'
import { FLUSH, PERSIST, REHYDRATE } from 'redux-persist'
import { waitFor } from '@testing-library/react'
import { CANVAS_STORAGE_KEY } from '@/shared/config'
import { rootReducer } from '@/shared/lib/store'
import { canvasLoaded, canvasSaved, connectionAdded, nodeAdded, nodeRemoved, selectCanvas } from './canvasSlice'
import { restoreSavedCanvas } from './persistence'

/** A store like the app's, with the canvas restored from local storage as the editor does on opening. */
const openedCanvas = async () => {
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault({ serializableCheck: { ignoredActions: [PERSIST, REHYDRATE, FLUSH] } }),
  })
  store.dispatch(restoreSavedCanvas())
  await waitFor(() => expect(store.getState().canvas?._persist?.rehydrated).toBe(true))
  const flush = () => new Promise<void>((resolve) => store.dispatch({ type: FLUSH, result: () => resolve() }))
  return { store, flush }
}

describe('the saved canvas in local storage (architecture-canvas)', () => {
  beforeEach(() => window.localStorage.clear())

  it('is written on save only, as {nodes, connections, timestamp}, and read back on the next visit', async () => {
    const { store, flush } = await openedCanvas()
    const a = store.dispatch(nodeAdded({ type: 'overseer', position: { x: 10, y: 10 } })).payload.id
    const b = store.dispatch(nodeAdded({ type: 'qagpt', position: { x: 300, y: 10 } })).payload.id
    store.dispatch(connectionAdded({ from: a, to: b, layer: 'control' }))
    await flush()
    expect(window.localStorage.getItem(CANVAS_STORAGE_KEY)).toBeNull()

    store.dispatch(canvasSaved())
    await waitFor(() => expect(window.localStorage.getItem(CANVAS_STORAGE_KEY)).not.toBeNull())
    const stored = JSON.parse(window.localStorage.getItem(CANVAS_STORAGE_KEY) ?? 'null') as Record<string, unknown>
    const { nodes, connections, saved } = selectCanvas(store.getState())
    expect(stored).toEqual({ nodes, connections, timestamp: saved?.timestamp })
    expect(Object.keys(stored).sort()).toEqual(['connections', 'nodes', 'timestamp'])
  })

  it('a later visit starts with the saved diagram at hand: Ctrl+O brings it back', async () => {
    const first = await openedCanvas()
    const id = first.store.dispatch(nodeAdded({ type: 'vectorstore', position: { x: 40, y: 60 } })).payload.id
    first.store.dispatch(canvasSaved())
    await waitFor(() => expect(window.localStorage.getItem(CANVAS_STORAGE_KEY)).not.toBeNull())
    const { nodes } = selectCanvas(first.store.getState())

    // Opening the editor again does not read storage again (nor undo the load that follows).
    first.store.dispatch(nodeRemoved({ id }))
    first.store.dispatch(restoreSavedCanvas())
    first.store.dispatch(canvasLoaded())
    expect(selectCanvas(first.store.getState()).nodes).toEqual(nodes)
  })

  it('ignores a corrupt saved value, says why, and leaves the canvas as it was on load', async () => {
    window.localStorage.setItem(CANVAS_STORAGE_KEY, JSON.stringify({ nodes: [{ id: 'x', type: 'toaster' }], connections: [], timestamp: 'now' }))
    const { store } = await openedCanvas()
    const id = store.dispatch(nodeAdded({ type: 'memory', position: { x: 0, y: 0 } })).payload.id
    expect(selectCanvas(store.getState()).saved).toBeNull()
    expect(selectCanvas(store.getState()).savedProblem).toBe('The saved canvas could not be read and was ignored. Node 1 has an unknown type.')
    const before = selectCanvas(store.getState())
    store.dispatch(canvasLoaded())
    expect(selectCanvas(store.getState())).toBe(before)
    expect(selectCanvas(store.getState()).nodes.map((node) => node.id)).toEqual([id])
  })

  it('ignores a value that is not JSON', async () => {
    window.localStorage.setItem(CANVAS_STORAGE_KEY, '{nodes:')
    const { store } = await openedCanvas()
    expect(selectCanvas(store.getState()).saved).toBeNull()
    expect(selectCanvas(store.getState()).savedProblem).toBe('The saved canvas is not valid JSON and was ignored.')
  })

  it('a new save replaces an unreadable value', async () => {
    window.localStorage.setItem(CANVAS_STORAGE_KEY, 'garbage')
    const { store } = await openedCanvas()
    const id = store.dispatch(nodeAdded({ type: 'docker', position: { x: 5, y: 5 } })).payload.id
    store.dispatch(canvasSaved())
    store.dispatch(nodeRemoved({ id }))
    expect(selectCanvas(store.getState()).savedProblem).toBeNull()
    await waitFor(() => expect(JSON.parse(window.localStorage.getItem(CANVAS_STORAGE_KEY) ?? '{}')).toMatchObject({ nodes: [{ id, type: 'docker' }] }))
  })
})

describe('opening the editor right after the canvas joins the store', () => {
  it('starts from the initial canvas when PERSIST is the first action the slice sees', () => {
    const store = configureStore({ reducer: rootReducer })
    // The state of a store made before the canvas code loaded: no canvas yet.
    const { canvas: _notYet, ...before } = store.getState()
    const after = rootReducer(before, { type: PERSIST, key: CANVAS_STORAGE_KEY, register: () => undefined, rehydrate: () => undefined })
    expect(after.canvas).toMatchObject({ nodes: [], connections: [], past: [], future: [], selection: null, _persist: { rehydrated: false } })
    expect(selectCanvas(after as RootState).viewport).toEqual({ x: 0, y: 0, zoom: 1 })
  })
})
