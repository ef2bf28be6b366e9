import { canvasSlice, canvasSaved, connectionAdded, initialCanvasState, nodeAdded } from '../model/canvasSlice'
import { CANVAS_FILE_FORMAT, parseSavedCanvas, serializeCanvas } from './savedCanvas'

const sample = () => {
  const actions = [
    nodeAdded({ type: 'overseer', position: { x: 10, y: 20 } }),
    nodeAdded({ type: 'pipeline', position: { x: 300, y: 300 } }),
  ]
  let state = actions.reduce(canvasSlice.reducer, initialCanvasState)
  const [overseer, pipeline] = state.nodes.map((node) => node.id) as [string, string]
  const child = nodeAdded({ type: 'docker', position: { x: 5, y: 5 }, parentId: pipeline })
  state = [child, connectionAdded({ from: overseer, to: child.payload.id, layer: 'runtime' }), canvasSaved()].reduce(
    canvasSlice.reducer,
    state,
  )
  return state.saved!
}

const json = (value: unknown) => JSON.parse(JSON.stringify(value)) as Record<string, unknown> & { nodes: Record<string, unknown>[]; connections: Record<string, unknown>[] }

describe('parseSavedCanvas', () => {
  it('accepts what the canvas saves and exports, unchanged', () => {
    const saved = sample()
    expect(parseSavedCanvas(json(saved))).toEqual({ ok: true, canvas: saved })
    expect(parseSavedCanvas(JSON.parse(serializeCanvas(saved)))).toEqual({ ok: true, canvas: saved })
    expect(JSON.parse(serializeCanvas(saved))).toMatchObject({ format: CANVAS_FILE_FORMAT, timestamp: saved.timestamp })
  })

  it.each([
    ['null', null],
    ['a string', 'nodes'],
    ['an array', []],
    ['another JSON file', { name: 'package', version: '1.0.0' }],
    ['another format', { format: 'draw.io', nodes: [], connections: [] }],
  ])('refuses %s as not a canvas', (_, value) => {
    expect(parseSavedCanvas(value)).toEqual({ ok: false, error: 'This file is not an Overseer architecture canvas.' })
  })

  it.each([
    ['an unknown node type', (doc: ReturnType<typeof json>) => (doc.nodes[0]!.type = 'toaster'), 'Node 1 has an unknown type.'],
    ['a position that is not a number', (doc: ReturnType<typeof json>) => (doc.nodes[0]!.position = { x: '1', y: 2 }), 'Node 1 has no valid position.'],
    ['an unknown status', (doc: ReturnType<typeof json>) => ((doc.nodes[1]!.metadata as Record<string, unknown>).status = 'busy'), 'Node 2 has an unknown status.'],
    ['a duplicate node id', (doc: ReturnType<typeof json>) => (doc.nodes[1]!.id = doc.nodes[0]!.id), 'Two nodes share the id'],
    ['a child its container does not list', (doc: ReturnType<typeof json>) => (doc.nodes[1]!.children = []), 'is in a container that does not hold it.'],
    ['a connection to a missing node', (doc: ReturnType<typeof json>) => (doc.connections[0]!.to = 'ghost'), 'Connection 1 joins a node that is not on the canvas.'],
    ['a self-connection', (doc: ReturnType<typeof json>) => (doc.connections[0]!.to = doc.connections[0]!.from), 'Connection 1 joins a node to itself.'],
    ['an unknown layer', (doc: ReturnType<typeof json>) => (doc.connections[0]!.layer = 'wifi'), 'Connection 1 has an unknown layer.'],
    [
      'a duplicate connection the other way round',
      (doc: ReturnType<typeof json>) => doc.connections.push({ ...doc.connections[0]!, id: 'other', from: doc.connections[0]!.to, to: doc.connections[0]!.from }),
      'Two connections join',
    ],
  ])('refuses %s with the reason', (_, corrupt, reason) => {
    const doc = json(sample())
    corrupt(doc)
    const result = parseSavedCanvas(doc)
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.error.startsWith('This file is not an Overseer architecture canvas. ')).toBe(true)
    expect(result.error).toContain(reason)
  })

  it('clamps positions into the canvas and trims long notes', () => {
    const doc = json(sample())
    doc.nodes[0]!.position = { x: -40, y: 99999 }
    ;(doc.nodes[0]!.metadata as Record<string, unknown>).notes = 'x'.repeat(5000)
    const result = parseSavedCanvas(doc)
    expect(result.ok && result.canvas.nodes[0]?.position).toEqual({ x: 0, y: 2000 })
    expect(result.ok && result.canvas.nodes[0]?.metadata.notes).toHaveLength(2000)
  })

  it('refuses more nodes than a canvas holds', () => {
    const doc = json(sample())
    doc.nodes = Array.from({ length: 2001 }, (_, index) => ({ ...doc.nodes[0]!, id: `n${index}` }))
    expect(parseSavedCanvas(doc)).toEqual({ ok: false, error: 'This file is not an Overseer architecture canvas. A canvas holds at most 2000 nodes.' })
  })
})
