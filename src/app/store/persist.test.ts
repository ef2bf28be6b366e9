import { waitFor } from '@testing-library/react'
import { canvasLoaded, canvasSaved, connectionAdded, nodeAdded, nodeRemoved, selectCanvas } from '@/entities/canvas'
import { CANVAS_STORAGE_KEY } from '@/shared/config'
import { setupPersistor, setupStore } from './store'

/** A store as the app makes it, rehydrated from local storage. */
const bootedStore = async () => {
  const store = setupStore()
  const persistor = setupPersistor(store)
  await waitFor(() => expect(persistor.getState().bootstrapped).toBe(true))
  return { store, persistor }
}

describe('the canvas in local storage (architecture-canvas)', () => {
  beforeEach(() => window.localStorage.clear())

  it('is written on save only, as {nodes, connections, timestamp}, and read back on the next visit', async () => {
    const { store, persistor } = await bootedStore()
    const a = store.dispatch(nodeAdded({ type: 'overseer', position: { x: 10, y: 10 } })).payload.id
    const b = store.dispatch(nodeAdded({ type: 'qagpt', position: { x: 300, y: 10 } })).payload.id
    store.dispatch(connectionAdded({ from: a, to: b, layer: 'control' }))
    await persistor.flush()
    expect(window.localStorage.getItem(CANVAS_STORAGE_KEY)).toBeNull()

    store.dispatch(canvasSaved())
    await persistor.flush()
    const stored = JSON.parse(window.localStorage.getItem(CANVAS_STORAGE_KEY) ?? 'null') as Record<string, unknown>
    const { nodes, connections } = selectCanvas(store.getState())
    expect(stored).toEqual({ nodes, connections, timestamp: selectCanvas(store.getState()).saved?.timestamp })
    expect(Object.keys(stored).sort()).toEqual(['connections', 'nodes', 'timestamp'])

    // Next visit: the diagram on screen starts empty; Ctrl+O brings the saved one back.
    const next = await bootedStore()
    expect(selectCanvas(next.store.getState()).nodes).toEqual([])
    expect(selectCanvas(next.store.getState()).saved?.nodes).toEqual(nodes)
    next.store.dispatch(canvasLoaded())
    expect(selectCanvas(next.store.getState()).nodes).toEqual(nodes)
    expect(selectCanvas(next.store.getState()).connections).toEqual(connections)
  })

  it('ignores a corrupt saved value, says why, and leaves the canvas as it was on load', async () => {
    window.localStorage.setItem(CANVAS_STORAGE_KEY, JSON.stringify({ nodes: [{ id: 'x', type: 'toaster' }], connections: [], timestamp: 'now' }))
    const { store } = await bootedStore()
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
    const { store } = await bootedStore()
    expect(selectCanvas(store.getState()).saved).toBeNull()
    expect(selectCanvas(store.getState()).savedProblem).toBe('The saved canvas is not valid JSON and was ignored.')
  })

  it('a new save replaces an unreadable value', async () => {
    window.localStorage.setItem(CANVAS_STORAGE_KEY, 'garbage')
    const { store, persistor } = await bootedStore()
    const id = store.dispatch(nodeAdded({ type: 'docker', position: { x: 5, y: 5 } })).payload.id
    store.dispatch(canvasSaved())
    store.dispatch(nodeRemoved({ id }))
    await persistor.flush()
    expect(selectCanvas(store.getState()).savedProblem).toBeNull()
    expect(JSON.parse(window.localStorage.getItem(CANVAS_STORAGE_KEY) ?? '{}')).toMatchObject({ nodes: [{ id, type: 'docker' }] })
  })
})
