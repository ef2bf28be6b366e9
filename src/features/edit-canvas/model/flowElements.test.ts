import { configureStore } from '@reduxjs/toolkit'
import { rootReducer } from '@/shared/lib/store'
import { connectionAdded, layerToggled, nodeAdded, nodeMoved, selectCanvas, selectionChanged } from '@/entities/canvas'
import { selectFlowEdges, selectFlowNodes, selectNodeChoices } from './flowElements'

const canvasWith = () => {
  const store = configureStore({ reducer: rootReducer })
  const container = store.dispatch(nodeAdded({ type: 'pipeline', position: { x: 500, y: 500 } })).payload.id
  const a = store.dispatch(nodeAdded({ type: 'devgpt', position: { x: 0, y: 0 } })).payload.id
  const b = store.dispatch(nodeAdded({ type: 'devgpt', position: { x: 200, y: 0 } })).payload.id
  const child = store.dispatch(nodeAdded({ type: 'memory', position: { x: 10, y: 30 }, parentId: container })).payload.id
  const ab = store.dispatch(connectionAdded({ from: a, to: b, layer: 'memory' })).payload.id
  return { store, container, a, b, child, ab }
}

describe('the React Flow elements derived from the canvas slice', () => {
  it('draws nodes with their size, status and container, children held in their container', () => {
    const { store, container, child } = canvasWith()
    const nodes = selectFlowNodes(store.getState())
    expect(nodes.find((node) => node.id === container)).toMatchObject({
      type: 'container',
      width: 200,
      height: 150,
      data: { kind: 'pipeline', shape: 'pipeline', childCount: 1, status: 'inactive' },
      ariaLabel: 'Pipeline container, inactive',
    })
    expect(nodes.find((node) => node.id === child)).toMatchObject({ type: 'agent', parentId: container, extent: 'parent', position: { x: 10, y: 30 } })
  })

  it('keeps every other node and edge the same object while one node moves (a drag redraws one node)', () => {
    const { store, a, b, ab } = canvasWith()
    const nodesBefore = selectFlowNodes(store.getState())
    const edgesBefore = selectFlowEdges(store.getState())
    const choicesBefore = selectNodeChoices(store.getState())
    store.dispatch(nodeMoved({ id: a, position: { x: 40, y: 40 } }))
    const nodesAfter = selectFlowNodes(store.getState())
    expect(nodesAfter.find((node) => node.id === a)?.position).toEqual({ x: 40, y: 40 })
    nodesAfter.filter((node) => node.id !== a).forEach((node) => expect(nodesBefore).toContain(node))
    expect(selectFlowEdges(store.getState())).toBe(edgesBefore)
    expect(selectNodeChoices(store.getState())).toBe(choicesBefore)
    expect(edgesBefore).toHaveLength(1)
    expect(edgesBefore[0]).toMatchObject({ id: ab, source: a, target: b, type: 'layer', data: { layer: 'memory' }, ariaLabel: 'Memory connection from DevGPT to DevGPT' })
  })

  it('marks the selection, leaves hidden layers out and numbers nodes that share a label', () => {
    const { store, ab } = canvasWith()
    store.dispatch(selectionChanged({ kind: 'connection', id: ab }))
    expect(selectFlowEdges(store.getState())[0]?.selected).toBe(true)
    store.dispatch(layerToggled('memory'))
    expect(selectFlowEdges(store.getState())).toEqual([])
    expect(selectNodeChoices(store.getState()).map((choice) => choice.name)).toEqual(['Pipeline', 'DevGPT 1', 'DevGPT 2', 'Memory'])
  })

  it('puts a container before the nodes it holds, whatever the order of the canvas', () => {
    const { store, container, child } = canvasWith()
    const state = store.getState()
    const canvas = selectCanvas(state)
    const reordered = { ...state, canvas: { ...canvas, nodes: [...canvas.nodes].reverse() } }
    const ids = selectFlowNodes(reordered).map((node) => node.id)
    expect(ids.indexOf(container)).toBeLessThan(ids.indexOf(child))
  })
})
