import { configureStore, type Middleware, type UnknownAction } from '@reduxjs/toolkit'
import {
  canvasImported,
  canvasLoaded,
  canvasSaved,
  canvasSlice,
  connectionAdded,
  connectionDropped,
  connectionRemoved,
  connectionUpdated,
  initialCanvasState,
  layerToggled,
  nodeAdded,
  nodeMoved,
  nodeRemoved,
  nodeResized,
  nodeUpdated,
  redone,
  selectionChanged,
  selectionCleared,
  selectionDeleted,
  undone,
  viewportChanged,
  zoomedIn,
  zoomedOut,
  type CanvasState,
} from './canvasSlice'

const reduce = (actions: UnknownAction[], state: CanvasState = initialCanvasState) => actions.reduce(canvasSlice.reducer, state)

/** Adds a node and returns the state with its id. */
const withNode = (state: CanvasState, type: Parameters<typeof nodeAdded>[0]['type'], x = 0, y = 0, parentId?: string) => {
  const action = nodeAdded({ type, position: { x, y }, ...(parentId ? { parentId } : {}) })
  return { state: canvasSlice.reducer(state, action), id: action.payload.id }
}

const twoNodes = () => {
  const a = withNode(initialCanvasState, 'overseer', 100, 100)
  const b = withNode(a.state, 'devgpt', 400, 300)
  return { state: b.state, a: a.id, b: b.id }
}

describe('canvas slice', () => {
  it('names every edit canvas/…, so DevTools lists a session of edits', () => {
    expect(nodeAdded({ type: 'overseer', position: { x: 0, y: 0 } }).type).toBe('canvas/nodeAdded')
    expect(nodeMoved({ id: 'n', position: { x: 0, y: 0 } }).type).toBe('canvas/nodeMoved')
    expect(connectionAdded({ from: 'a', to: 'b' }).type).toBe('canvas/connectionAdded')
  })

  describe('nodes', () => {
    it('adds a node inactive, with the default size, selected, with a time', () => {
      const { state, id } = withNode(initialCanvasState, 'qagpt', 10, 20)
      expect(state.nodes).toEqual([
        {
          id,
          type: 'qagpt',
          position: { x: 10, y: 20 },
          size: { width: 120, height: 80 },
          isContainer: false,
          children: [],
          metadata: { status: 'inactive', notes: '', lastModified: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
        },
      ])
      expect(state.selection).toEqual({ kind: 'node', id })
    })

    it('adds containers 200x150 with their container type, and holds children', () => {
      const loop = withNode(initialCanvasState, 'analysisloop', 50, 50)
      const child = withNode(loop.state, 'prober', 20, 40, loop.id)
      const container = child.state.nodes.find((node) => node.id === loop.id)
      expect(container).toMatchObject({ isContainer: true, size: { width: 200, height: 150 }, children: [child.id] })
      expect(container?.metadata.containerType).toBe('analysisloop')
      expect(child.state.nodes.find((node) => node.id === child.id)?.parentId).toBe(loop.id)
    })

    it('resizes a container within 160x120..1600x1600, and never a plain node', () => {
      const loop = withNode(initialCanvasState, 'pipeline', 50, 50)
      const grown = canvasSlice.reducer(loop.state, nodeResized({ id: loop.id, size: { width: 480.4, height: 300 } }))
      expect(grown.nodes[0]?.size).toEqual({ width: 480, height: 300 })
      const tiny = canvasSlice.reducer(grown, nodeResized({ id: loop.id, size: { width: 10, height: -5 } }))
      expect(tiny.nodes[0]?.size).toEqual({ width: 160, height: 120 })
      const huge = canvasSlice.reducer(grown, nodeResized({ id: loop.id, size: { width: 9000, height: Number.NaN } }))
      expect(huge.nodes[0]?.size).toEqual({ width: 1600, height: 120 })
      const plain = withNode(initialCanvasState, 'devgpt', 0, 0)
      expect(canvasSlice.reducer(plain.state, nodeResized({ id: plain.id, size: { width: 300, height: 300 } }))).toBe(plain.state)
    })

    it('keeps a resized container around what it holds, and moves it and its nodes when resized from the left or top', () => {
      const loop = withNode(initialCanvasState, 'devloop', 100, 100)
      const child = withNode(loop.state, 'qagpt', 150, 100, loop.id)
      const grown = canvasSlice.reducer(child.state, nodeResized({ id: loop.id, size: { width: 400, height: 300 } }))
      // The child ends at 270 x 180: no smaller than that.
      const shrunk = canvasSlice.reducer(grown, nodeResized({ id: loop.id, size: { width: 100, height: 100 } }))
      expect(shrunk.nodes.find((node) => node.id === loop.id)?.size).toEqual({ width: 270, height: 180 })
      // Pulled 50 px left: the container moves left and grows, its node keeps its place on the canvas.
      const fromLeft = canvasSlice.reducer(
        grown,
        nodeResized({ id: loop.id, size: { width: 450, height: 300 }, position: { x: 50, y: 100 }, children: [{ id: child.id, position: { x: 200, y: 100 } }] }),
      )
      expect(fromLeft.nodes.find((node) => node.id === loop.id)).toMatchObject({ position: { x: 50, y: 100 }, size: { width: 450, height: 300 } })
      expect(fromLeft.nodes.find((node) => node.id === child.id)?.position).toEqual({ x: 200, y: 100 })
      // A node it does not hold is not moved by it.
      const other = withNode(grown, 'memory', 900, 900)
      const ignored = canvasSlice.reducer(other.state, nodeResized({ id: loop.id, size: { width: 400, height: 300 }, children: [{ id: other.id, position: { x: 0, y: 0 } }] }))
      expect(ignored).toBe(other.state)
    })

    it('undoes a whole resize in one step', () => {
      const loop = withNode(initialCanvasState, 'analysisloop', 0, 0)
      const resized = reduce(
        [
          nodeResized({ id: loop.id, size: { width: 220, height: 160 } }),
          nodeResized({ id: loop.id, size: { width: 260, height: 190 }, continues: true }),
          nodeResized({ id: loop.id, size: { width: 300, height: 200 }, continues: true }),
        ],
        loop.state,
      )
      expect(resized.nodes[0]?.size).toEqual({ width: 300, height: 200 })
      expect(canvasSlice.reducer(resized, undone()).nodes[0]?.size).toEqual({ width: 200, height: 150 })
    })

    it('refuses a child of a node that is not a container', () => {
      const plain = withNode(initialCanvasState, 'docker')
      const child = withNode(plain.state, 'sandbox', 0, 0, plain.id)
      expect(child.state.nodes).toHaveLength(1)
    })

    it('clamps positions to 0..2000 per axis, on adding and moving', () => {
      const { state, id } = withNode(initialCanvasState, 'memory', -50, 2600)
      expect(state.nodes[0]?.position).toEqual({ x: 0, y: 2000 })
      const moved = canvasSlice.reducer(state, nodeMoved({ id, position: { x: 2400.5, y: -1 } }))
      expect(moved.nodes[0]?.position).toEqual({ x: 2000, y: 0 })
      const nonsense = canvasSlice.reducer(state, nodeMoved({ id, position: { x: Number.NaN, y: 10 } }))
      expect(nonsense.nodes[0]?.position).toEqual({ x: 0, y: 10 })
    })

    it('updates status, notes and container type, and the last-modified time', () => {
      const loop = withNode(initialCanvasState, 'devloop')
      const before = loop.state.nodes[0]?.metadata.lastModified
      const action = nodeUpdated(loop.id, { status: 'error', notes: 'flaky', containerType: 'pipeline' })
      action.payload.at = '2030-01-01T00:00:00.000Z'
      const state = canvasSlice.reducer(loop.state, action)
      expect(state.nodes[0]?.metadata).toEqual({ status: 'error', notes: 'flaky', containerType: 'pipeline', lastModified: '2030-01-01T00:00:00.000Z' })
      expect(before).not.toBe('2030-01-01T00:00:00.000Z')
    })

    it('ignores a container type on a plain node and an unknown status', () => {
      const plain = withNode(initialCanvasState, 'preview')
      const a = canvasSlice.reducer(plain.state, nodeUpdated(plain.id, { containerType: 'pipeline' }))
      const b = canvasSlice.reducer(plain.state, nodeUpdated(plain.id, { status: 'broken' as 'error' }))
      expect(a).toBe(plain.state)
      expect(b).toBe(plain.state)
    })

    it('removes a node with its connections, and a container with what it holds', () => {
      const { state, a, b } = twoNodes()
      const linked = reduce([connectionAdded({ from: a, to: b })], state)
      const removed = canvasSlice.reducer(linked, nodeRemoved({ id: a }))
      expect(removed.nodes.map((node) => node.id)).toEqual([b])
      expect(removed.connections).toEqual([])

      const loop = withNode(removed, 'pipeline', 500, 500)
      const child = withNode(loop.state, 'debugger', 10, 10, loop.id)
      const joined = reduce([connectionAdded({ from: child.id, to: b })], child.state)
      const gone = canvasSlice.reducer(joined, nodeRemoved({ id: loop.id }))
      expect(gone.nodes.map((node) => node.id)).toEqual([b])
      expect(gone.connections).toEqual([])
    })

    it('removing a child leaves its container without it', () => {
      const loop = withNode(initialCanvasState, 'devloop')
      const child = withNode(loop.state, 'devgpt', 0, 0, loop.id)
      const state = canvasSlice.reducer(child.state, nodeRemoved({ id: child.id }))
      expect(state.nodes).toHaveLength(1)
      expect(state.nodes[0]?.children).toEqual([])
    })
  })

  describe('connections', () => {
    it('connects two nodes on the data flow layer by default', () => {
      const { state, a, b } = twoNodes()
      const next = canvasSlice.reducer(state, connectionAdded({ from: a, to: b }))
      expect(next.connections).toEqual([{ id: expect.stringMatching(/^connection-/), from: a, to: b, layer: 'dataflow', metadata: { description: '' } }])
    })

    it('ignores a connection from a node to itself', () => {
      const { state, a } = twoNodes()
      expect(canvasSlice.reducer(state, connectionAdded({ from: a, to: a }))).toBe(state)
    })

    it('ignores a duplicate in either direction, and a connection to a missing node', () => {
      const { state, a, b } = twoNodes()
      const once = canvasSlice.reducer(state, connectionAdded({ from: a, to: b, layer: 'control' }))
      expect(canvasSlice.reducer(once, connectionAdded({ from: a, to: b }))).toBe(once)
      expect(canvasSlice.reducer(once, connectionAdded({ from: b, to: a, layer: 'memory' }))).toBe(once)
      expect(canvasSlice.reducer(once, connectionAdded({ from: a, to: 'nowhere' }))).toBe(once)
    })

    it('lands a dropped connection only within the 100x50 box at a node position', () => {
      const { state, a, b } = twoNodes() // b is at (400, 300)
      const corner = canvasSlice.reducer(state, connectionDropped({ from: a, point: { x: 500, y: 350 } }))
      expect(corner.connections).toMatchObject([{ from: a, to: b }])
      const inside = canvasSlice.reducer(state, connectionDropped({ from: a, point: { x: 450, y: 310 } }))
      expect(inside.connections).toHaveLength(1)
      // Inside the node's 120x80 card but outside the drop box: ignored.
      expect(canvasSlice.reducer(state, connectionDropped({ from: a, point: { x: 510, y: 320 } }))).toBe(state)
      expect(canvasSlice.reducer(state, connectionDropped({ from: a, point: { x: 450, y: 360 } }))).toBe(state)
      expect(canvasSlice.reducer(state, connectionDropped({ from: a, point: { x: 399, y: 300 } }))).toBe(state)
      // Released over the node it started from: a self-connection, ignored.
      expect(canvasSlice.reducer(state, connectionDropped({ from: a, point: { x: 120, y: 120 } }))).toBe(state)
    })

    it('finds a child node by its place on the canvas (its container position plus its own)', () => {
      const { state, a } = twoNodes()
      const loop = withNode(state, 'analysisloop', 1000, 1000)
      const child = withNode(loop.state, 'prober', 30, 40, loop.id)
      const next = canvasSlice.reducer(child.state, connectionDropped({ from: a, point: { x: 1040, y: 1050 } }))
      expect(next.connections).toMatchObject([{ from: a, to: child.id }])
    })

    it('changes layer and description, and removes', () => {
      const { state, a, b } = twoNodes()
      const linked = canvasSlice.reducer(state, connectionAdded({ from: a, to: b }))
      const id = linked.connections[0]!.id
      const changed = canvasSlice.reducer(linked, connectionUpdated({ id, changes: { layer: 'security', description: 'TLS' } }))
      expect(changed.connections[0]).toMatchObject({ layer: 'security', metadata: { description: 'TLS' } })
      expect(canvasSlice.reducer(linked, connectionUpdated({ id, changes: { layer: 'nope' as 'security' } }))).toBe(linked)
      expect(canvasSlice.reducer(changed, connectionRemoved({ id })).connections).toEqual([])
    })
  })

  describe('selection', () => {
    it('holds one node or one connection, and only one that exists', () => {
      const { state, a, b } = twoNodes()
      const linked = canvasSlice.reducer(state, connectionAdded({ from: a, to: b }))
      const connection = linked.connections[0]!.id
      expect(canvasSlice.reducer(linked, selectionChanged({ kind: 'connection', id: connection })).selection).toEqual({ kind: 'connection', id: connection })
      expect(canvasSlice.reducer(linked, selectionChanged({ kind: 'node', id: 'ghost' })).selection).toBeNull()
      expect(canvasSlice.reducer(linked, selectionCleared()).selection).toBeNull()
    })

    it('Delete removes the selected node with its connections, or the selected connection', () => {
      const { state, a, b } = twoNodes()
      const linked = reduce([connectionAdded({ from: a, to: b }), selectionChanged({ kind: 'node', id: a })], state)
      const deleted = canvasSlice.reducer(linked, selectionDeleted())
      expect(deleted.nodes.map((node) => node.id)).toEqual([b])
      expect(deleted.connections).toEqual([])
      expect(deleted.selection).toBeNull()

      const connection = linked.connections[0]!.id
      const onlyLine = reduce([selectionChanged({ kind: 'connection', id: connection }), selectionDeleted()], linked)
      expect(onlyLine.nodes).toHaveLength(2)
      expect(onlyLine.connections).toEqual([])
    })
  })

  describe('viewport and layers', () => {
    it('zooms in steps of 0.1 within 0.5..2, without drift', () => {
      let state = initialCanvasState
      for (let i = 0; i < 15; i += 1) state = canvasSlice.reducer(state, zoomedIn())
      expect(state.viewport.zoom).toBe(2)
      for (let i = 0; i < 3; i += 1) state = canvasSlice.reducer(state, zoomedOut())
      expect(state.viewport.zoom).toBe(1.7)
      for (let i = 0; i < 30; i += 1) state = canvasSlice.reducer(state, zoomedOut())
      expect(state.viewport.zoom).toBe(0.5)
    })

    it('clamps the pan to -1000..1000 and the zoom to 0.5..2', () => {
      const state = canvasSlice.reducer(initialCanvasState, viewportChanged({ x: -5000, y: 1234, zoom: 9 }))
      expect(state.viewport).toEqual({ x: -1000, y: 1000, zoom: 2 })
      expect(canvasSlice.reducer(initialCanvasState, viewportChanged({ x: 10, y: -20, zoom: 0.1 })).viewport).toEqual({ x: 10, y: -20, zoom: 0.5 })
    })

    it('hides and shows a layer', () => {
      const hidden = canvasSlice.reducer(initialCanvasState, layerToggled('runtime'))
      expect(hidden.hiddenLayers).toEqual(['runtime'])
      expect(canvasSlice.reducer(hidden, layerToggled('runtime')).hiddenLayers).toEqual([])
    })
  })

  describe('undo and redo', () => {
    it('steps back and forth through edits, and a new edit drops the redo steps', () => {
      const { state, a, b } = twoNodes()
      const moved = canvasSlice.reducer(state, nodeMoved({ id: a, position: { x: 700, y: 700 } }))
      const back = canvasSlice.reducer(moved, undone())
      expect(back.nodes).toEqual(state.nodes)
      const forth = canvasSlice.reducer(back, redone())
      expect(forth.nodes).toEqual(moved.nodes)
      const twice = reduce([undone(), undone(), undone()], moved)
      expect(twice.nodes).toEqual([])
      expect(canvasSlice.reducer(twice, undone())).toBe(twice)

      const branched = canvasSlice.reducer(back, connectionAdded({ from: a, to: b }))
      expect(branched.future).toEqual([])
      expect(canvasSlice.reducer(branched, redone())).toBe(branched)
    })

    it('undoes a whole drag in one step', () => {
      const { state, a } = twoNodes()
      const dragged = reduce(
        [
          nodeMoved({ id: a, position: { x: 110, y: 100 } }),
          nodeMoved({ id: a, position: { x: 120, y: 105 }, continues: true }),
          nodeMoved({ id: a, position: { x: 150, y: 130 }, continues: true }),
        ],
        state,
      )
      expect(dragged.nodes[0]?.position).toEqual({ x: 150, y: 130 })
      expect(canvasSlice.reducer(dragged, undone()).nodes[0]?.position).toEqual({ x: 100, y: 100 })
    })

    it('clears a selection that an undo takes away', () => {
      const { state, b } = twoNodes()
      expect(state.selection).toEqual({ kind: 'node', id: b })
      expect(canvasSlice.reducer(state, undone()).selection).toBeNull()
    })
  })

  describe('save, load and import', () => {
    it('saves the diagram with a time and loads it back as one undo step', () => {
      const { state, a } = twoNodes()
      const saved = canvasSlice.reducer(state, canvasSaved())
      expect(saved.saved).toEqual({ nodes: state.nodes, connections: state.connections, timestamp: expect.stringMatching(/Z$/) })
      const changed = reduce([nodeRemoved({ id: a }), canvasLoaded()], saved)
      expect(changed.nodes).toEqual(state.nodes)
      expect(canvasSlice.reducer(changed, undone()).nodes).toHaveLength(1)
    })

    it('loading with nothing saved changes nothing', () => {
      const { state } = twoNodes()
      expect(canvasSlice.reducer(state, canvasLoaded())).toBe(state)
    })

    it('imports a checked diagram and clears the selection', () => {
      const { state } = twoNodes()
      const imported = canvasSlice.reducer(state, canvasImported({ nodes: [], connections: [] }))
      expect(imported.nodes).toEqual([])
      expect(imported.selection).toBeNull()
      expect(canvasSlice.reducer(imported, undone()).nodes).toEqual(state.nodes)
    })
  })

  it('replaying the recorded actions of a session from the initial state rebuilds the same canvas', () => {
    const recorded: UnknownAction[] = []
    const recorder: Middleware = () => (next) => (action) => {
      recorded.push(action as UnknownAction)
      return next(action)
    }
    const store = configureStore({ reducer: { canvas: canvasSlice.reducer }, middleware: (getDefault) => getDefault().concat(recorder) })
    const add = (type: Parameters<typeof nodeAdded>[0]['type'], x: number, y: number, parentId?: string) =>
      store.dispatch(nodeAdded({ type, position: { x, y }, ...(parentId ? { parentId } : {}) })).payload.id
    const overseer = add('overseer', 100, 100)
    const loop = add('devloop', 400, 100)
    const dev = add('devgpt', 20, 30, loop)
    const qa = add('qagpt', 60, 80, loop)
    store.dispatch(connectionAdded({ from: overseer, to: dev }))
    store.dispatch(connectionDropped({ from: dev, point: { x: 470, y: 190 }, layer: 'control' }))
    store.dispatch(nodeMoved({ id: overseer, position: { x: 150, y: 160 } }))
    store.dispatch(nodeMoved({ id: overseer, position: { x: 180, y: 190 }, continues: true }))
    store.dispatch(nodeResized({ id: loop, size: { width: 320, height: 240 } }))
    store.dispatch(nodeUpdated(qa, { status: 'active', notes: 'reviews every change' }))
    store.dispatch(canvasSaved())
    store.dispatch(undone())
    store.dispatch(redone())
    store.dispatch(zoomedIn())
    store.dispatch(viewportChanged({ x: -120, y: 40, zoom: 1.1 }))
    store.dispatch(layerToggled('memory'))
    store.dispatch(selectionChanged({ kind: 'node', id: qa }))
    store.dispatch(selectionDeleted())

    const live = store.getState().canvas
    expect(live.nodes).toHaveLength(3)
    expect(live.connections).toHaveLength(1)
    const replayed = recorded.reduce(canvasSlice.reducer, initialCanvasState)
    expect(replayed).toEqual(live)

    // Jumping to any point of the session is replaying its prefix.
    const atSave = recorded.slice(0, recorded.findIndex((action) => action.type === canvasSaved.type) + 1).reduce(canvasSlice.reducer, initialCanvasState)
    expect(atSave.saved?.nodes).toEqual(atSave.nodes)
    expect(atSave.nodes.find((node) => node.id === qa)?.metadata.status).toBe('active')
  })
})
