import { configureStore } from '@reduxjs/toolkit'
import { FLUSH, PERSIST, REHYDRATE } from 'redux-persist'
import { waitFor } from '@testing-library/react'
import { CANVAS_STORAGE_KEY } from '@/shared/config'
import { rootReducer } from '@/shared/lib/store'
import { canvasLoaded, canvasSaved, connectionAdded, nodeAdded, nodeRemoved, selectCanvas, undone } from './canvasSlice'
import { canvasFlushed, restoreCanvas, type CanvasOpening } from './persistence'

const makeStore = () =>
  configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault({ serializableCheck: { ignoredActions: [PERSIST, REHYDRATE, FLUSH] } }),
  })

/** The stores of the test: what they have yet to write is written before the next test starts. */
const stores: ReturnType<typeof makeStore>[] = []

/** A store like the app's, with the canvas opened from storage as the editor does on opening. */
const openedCanvas = async () => {
  const store = makeStore()
  stores.push(store)
  const opening: CanvasOpening = await store.dispatch(restoreCanvas())
  expect(store.getState().canvas?._persist?.rehydrated).toBe(true)
  const flush = () => store.dispatch(canvasFlushed())
  return { store, flush, opening }
}

const stored = (storage: Storage) => JSON.parse(storage.getItem(CANVAS_STORAGE_KEY) ?? 'null') as Record<string, unknown> | null

beforeEach(() => {
  window.localStorage.clear()
  window.sessionStorage.clear()
})
afterEach(async () => {
  for (const store of stores.splice(0)) await store.dispatch(canvasFlushed())
})

describe('the saved canvas in local storage (architecture-canvas)', () => {
  it('is written on save only, as {nodes, connections, timestamp}', async () => {
    const { store, flush } = await openedCanvas()
    const a = store.dispatch(nodeAdded({ type: 'overseer', position: { x: 10, y: 10 } })).payload.id
    const b = store.dispatch(nodeAdded({ type: 'qagpt', position: { x: 300, y: 10 } })).payload.id
    store.dispatch(connectionAdded({ from: a, to: b, layer: 'control' }))
    await flush()
    expect(window.localStorage.getItem(CANVAS_STORAGE_KEY)).toBeNull()

    store.dispatch(canvasSaved())
    await flush()
    const { nodes, connections, saved } = selectCanvas(store.getState())
    expect(stored(window.localStorage)).toEqual({ nodes, connections, timestamp: saved?.timestamp })
    expect(Object.keys(stored(window.localStorage) ?? {}).sort()).toEqual(['connections', 'nodes', 'timestamp'])
  })

  it('opens with the editor on the next visit, and says it is the saved canvas', async () => {
    const first = await openedCanvas()
    first.store.dispatch(nodeAdded({ type: 'vectorstore', position: { x: 40, y: 60 } }))
    first.store.dispatch(canvasSaved())
    await first.flush()
    const { nodes, saved } = selectCanvas(first.store.getState())

    // A new tab: no working copy of its own.
    window.sessionStorage.clear()
    const next = await openedCanvas()
    expect(next.opening).toEqual({ kind: 'saved', savedAt: saved?.timestamp })
    expect(selectCanvas(next.store.getState()).nodes).toEqual(nodes)
    expect(selectCanvas(next.store.getState()).past).toEqual([])
    // Ctrl+O still brings the saved canvas back after later edits.
    next.store.dispatch(nodeRemoved({ id: nodes[0]?.id ?? '' }))
    next.store.dispatch(canvasLoaded())
    expect(selectCanvas(next.store.getState()).nodes).toEqual(nodes)
  })

  it('is read once: opening the editor again changes nothing', async () => {
    const { store } = await openedCanvas()
    const id = store.dispatch(nodeAdded({ type: 'memory', position: { x: 0, y: 0 } })).payload.id
    await expect(store.dispatch(restoreCanvas())).resolves.toEqual({ kind: 'none' })
    expect(selectCanvas(store.getState()).nodes.map((node) => node.id)).toEqual([id])
  })

  it('ignores a corrupt saved value, says why, and leaves the canvas as it was on load', async () => {
    window.localStorage.setItem(CANVAS_STORAGE_KEY, JSON.stringify({ nodes: [{ id: 'x', type: 'toaster' }], connections: [], timestamp: 'now' }))
    const { store, opening } = await openedCanvas()
    const problem = 'The saved canvas could not be read and was ignored. Node 1 has an unknown type.'
    expect(opening).toEqual({ kind: 'unreadable', problem })
    const id = store.dispatch(nodeAdded({ type: 'memory', position: { x: 0, y: 0 } })).payload.id
    expect(selectCanvas(store.getState()).saved).toBeNull()
    expect(selectCanvas(store.getState()).savedProblem).toBe(problem)
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
    await waitFor(() => expect(stored(window.localStorage)).toMatchObject({ nodes: [{ id, type: 'docker' }] }))
  })
})

describe('the canvas being worked on in session storage (architecture-canvas)', () => {
  it('is written as it changes, saved or not, in the saved canvas’s format', async () => {
    const { store } = await openedCanvas()
    const a = store.dispatch(nodeAdded({ type: 'overseer', position: { x: 10, y: 10 } })).payload.id
    const b = store.dispatch(nodeAdded({ type: 'devgpt', position: { x: 200, y: 10 } })).payload.id
    store.dispatch(connectionAdded({ from: a, to: b, layer: 'dataflow' }))
    // Throttled: written shortly after the edits, without a save.
    await waitFor(() => expect(stored(window.sessionStorage)).toMatchObject({ nodes: [{ id: a }, { id: b }], connections: [{ from: a, to: b }] }))
    const { nodes, connections } = selectCanvas(store.getState())
    expect(stored(window.sessionStorage)).toEqual({ nodes, connections, timestamp: expect.any(String) as unknown })
    expect(window.localStorage.getItem(CANVAS_STORAGE_KEY)).toBeNull()
  })

  it('opens after a reload as it was left, unsaved changes included; the undo history starts empty', async () => {
    const first = await openedCanvas()
    const a = first.store.dispatch(nodeAdded({ type: 'overseer', position: { x: 10, y: 10 } })).payload.id
    first.store.dispatch(canvasSaved())
    first.store.dispatch(nodeAdded({ type: 'sandbox', position: { x: 200, y: 10 } }))
    await first.flush()
    const { nodes, saved } = selectCanvas(first.store.getState())

    const reloaded = await openedCanvas()
    expect(reloaded.opening).toEqual({ kind: 'unsaved', savedAt: saved?.timestamp })
    const canvas = selectCanvas(reloaded.store.getState())
    expect(canvas.nodes).toEqual(nodes)
    expect(canvas.saved?.nodes.map((node) => node.id)).toEqual([a])
    expect(canvas.past).toEqual([])
    reloaded.store.dispatch(undone())
    expect(selectCanvas(reloaded.store.getState()).nodes).toEqual(nodes)
  })

  it('opens as the saved canvas after a reload when nothing changed since the save', async () => {
    const first = await openedCanvas()
    first.store.dispatch(nodeAdded({ type: 'overseer', position: { x: 10, y: 10 } }))
    first.store.dispatch(canvasSaved())
    await first.flush()
    const { saved } = selectCanvas(first.store.getState())
    const reloaded = await openedCanvas()
    expect(reloaded.opening).toEqual({ kind: 'saved', savedAt: saved?.timestamp })
  })

  it('keeps everything deleted deleted, and starts no copy for a canvas that was never drawn on', async () => {
    const first = await openedCanvas()
    await first.flush()
    expect(window.sessionStorage.getItem(CANVAS_STORAGE_KEY)).toBeNull()
    const id = first.store.dispatch(nodeAdded({ type: 'overseer', position: { x: 10, y: 10 } })).payload.id
    first.store.dispatch(canvasSaved())
    first.store.dispatch(nodeRemoved({ id }))
    await first.flush()
    const reloaded = await openedCanvas()
    expect(selectCanvas(reloaded.store.getState()).nodes).toEqual([])
    expect(reloaded.opening).toMatchObject({ kind: 'unsaved' })
  })

  it('does not replace a diagram the editor already holds', async () => {
    window.sessionStorage.setItem(CANVAS_STORAGE_KEY, JSON.stringify({ nodes: [], connections: [], timestamp: new Date().toISOString() }))
    const store = makeStore()
    stores.push(store)
    const id = store.dispatch(nodeAdded({ type: 'prober', position: { x: 0, y: 0 } })).payload.id
    await expect(store.dispatch(restoreCanvas())).resolves.toEqual({ kind: 'none' })
    expect(selectCanvas(store.getState()).nodes.map((node) => node.id)).toEqual([id])
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
