import { createSelector } from '@reduxjs/toolkit'
import {
  CANVAS_LIMITS,
  CONTAINER_TYPE_INFO,
  LAYERS,
  NODE_TYPE_INFO,
  isContainerType,
  selectCanvas,
  type CanvasConnection,
  type CanvasFlowEdge,
  type CanvasFlowNode,
  type CanvasNode,
  type CanvasNodeKind,
  type LayerId,
} from '@/entities/canvas'

/** What a node is called on the canvas and in the panel. */
export const kindLabel = (kind: CanvasNodeKind): string =>
  isContainerType(kind) ? CONTAINER_TYPE_INFO[kind].label : NODE_TYPE_INFO[kind].label

/** A container's label follows its container type, which the panel can change. */
export const nodeLabel = (node: CanvasNode): string =>
  node.isContainer && node.metadata.containerType ? CONTAINER_TYPE_INFO[node.metadata.containerType].label : kindLabel(node.type)

export const nodeSize = (node: CanvasNode) => node.size ?? (node.isContainer ? CANVAS_LIMITS.containerSize : CANVAS_LIMITS.nodeSize)

const toFlowNode = (node: CanvasNode, selected: boolean): CanvasFlowNode => {
  const { width, height } = nodeSize(node)
  const label = nodeLabel(node)
  const common = {
    id: node.id,
    position: node.position,
    width,
    height,
    // The size is fixed, so React Flow need not measure it again after every edit.
    measured: { width, height },
    selected,
    ariaLabel: `${label}${node.isContainer ? ' container' : ''}, ${node.metadata.status}`,
    ...(node.parentId ? { parentId: node.parentId, extent: 'parent' as const } : {}),
  }
  if (node.isContainer) {
    const kind = node.metadata.containerType ?? (isContainerType(node.type) ? node.type : 'pipeline')
    return {
      ...common,
      type: 'container',
      data: { kind, label, status: node.metadata.status, shape: CONTAINER_TYPE_INFO[kind].shape, childCount: node.children.length },
    }
  }
  const kind = isContainerType(node.type) ? 'overseer' : node.type
  return { ...common, type: 'agent', data: { kind, label, status: node.metadata.status } }
}

/** React Flow wants a container before the nodes it holds. */
const parentsFirst = (nodes: CanvasNode[]): CanvasNode[] => {
  const index = new Map(nodes.map((node, at) => [node.id, at]))
  const inOrder = nodes.every((node, at) => !node.parentId || (index.get(node.parentId) ?? -1) < at)
  if (inOrder) return nodes
  const byId = new Map(nodes.map((node) => [node.id, node]))
  const placed = new Set<string>()
  const ordered: CanvasNode[] = []
  const place = (node: CanvasNode, depth: number) => {
    if (placed.has(node.id)) return
    const parent = node.parentId ? byId.get(node.parentId) : undefined
    if (parent && depth < nodes.length) place(parent, depth + 1)
    placed.add(node.id)
    ordered.push(node)
  }
  nodes.forEach((node) => place(node, 0))
  return ordered
}

/**
 * One React Flow node per canvas node, the same object for as long as the canvas node and its
 * selection are unchanged: dragging one of 500 nodes re-renders one node, not 500.
 */
const nodeCache = new WeakMap<CanvasNode, { selected: boolean; flow: CanvasFlowNode }>()

const selectNodes = (state: RootState) => selectCanvas(state).nodes
const selectSelection = (state: RootState) => selectCanvas(state).selection
const selectConnections = (state: RootState) => selectCanvas(state).connections
const selectHiddenLayers = (state: RootState) => selectCanvas(state).hiddenLayers

export const selectFlowNodes = createSelector([selectNodes, selectSelection], (nodes, selection): CanvasFlowNode[] => {
  const selectedId = selection?.kind === 'node' ? selection.id : null
  return parentsFirst(nodes).map((node) => {
    const selected = node.id === selectedId
    const cached = nodeCache.get(node)
    if (cached && cached.selected === selected) return cached.flow
    const flow = toFlowNode(node, selected)
    nodeCache.set(node, { selected, flow })
    return flow
  })
})

const edgeCache = new WeakMap<CanvasConnection, { selected: boolean; label: string; flow: CanvasFlowEdge }>()

const sameEntries = (a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>) =>
  a.size === b.size && [...a].every(([key, value]) => b.get(key) === value)

/**
 * Node labels by id. A moved node gives equal labels, and then the same Map, so the edges are not
 * derived again during a drag.
 */
const selectLabels = createSelector([selectNodes], (nodes) => new Map(nodes.map((node) => [node.id, nodeLabel(node)])), {
  memoizeOptions: { resultEqualityCheck: sameEntries },
})

export const connectionLabel = (connection: CanvasConnection, labels: ReadonlyMap<string, string>) =>
  `${LAYERS[connection.layer].name} connection from ${labels.get(connection.from) ?? 'a removed node'} to ${labels.get(connection.to) ?? 'a removed node'}`

/** The connections of the visible layers, as React Flow edges (cached like the nodes). */
export const selectFlowEdges = createSelector(
  [selectConnections, selectSelection, selectHiddenLayers, selectLabels],
  (connections, selection, hiddenLayers, labels): CanvasFlowEdge[] => {
    const selectedId = selection?.kind === 'connection' ? selection.id : null
    const hidden = new Set<LayerId>(hiddenLayers)
    const edges: CanvasFlowEdge[] = []
    for (const connection of connections) {
      if (hidden.has(connection.layer)) continue
      const selected = connection.id === selectedId
      const label = connectionLabel(connection, labels)
      const cached = edgeCache.get(connection)
      if (cached && cached.selected === selected && cached.label === label) {
        edges.push(cached.flow)
        continue
      }
      const flow: CanvasFlowEdge = {
        id: connection.id,
        source: connection.from,
        target: connection.to,
        type: 'layer',
        data: { layer: connection.layer },
        selected,
        ariaLabel: label,
      }
      edgeCache.set(connection, { selected, label, flow })
      edges.push(flow)
    }
    return edges
  },
)

/** The selected node or connection, with what the side panel shows about it. */
export const selectSelected = createSelector([selectNodes, selectConnections, selectSelection], (nodes, connections, selection) => {
  if (!selection) return null
  if (selection.kind === 'node') {
    const node = nodes.find((candidate) => candidate.id === selection.id)
    return node ? ({ kind: 'node', node } as const) : null
  }
  const connection = connections.find((candidate) => candidate.id === selection.id)
  return connection ? ({ kind: 'connection', connection } as const) : null
})

/**
 * Every node as a choice for a new connection: its label, numbered when several share it
 * ('DevGPT 2'). Unchanged while nodes only move, so a drag does not redraw the list.
 */
const selectChoiceText = createSelector([selectNodes], (nodes) => {
  const seen = new Map<string, number>()
  const totals = new Map<string, number>()
  for (const node of nodes) totals.set(nodeLabel(node), (totals.get(nodeLabel(node)) ?? 0) + 1)
  return nodes
    .map((node) => {
      const label = nodeLabel(node)
      const count = (seen.get(label) ?? 0) + 1
      seen.set(label, count)
      return `${node.id}\u0001${(totals.get(label) ?? 0) > 1 ? `${label} ${count}` : label}`
    })
    .join('\u0002')
})

export const selectNodeChoices = createSelector([selectChoiceText], (text) =>
  text === ''
    ? []
    : text.split('\u0002').map((entry) => {
        const [id = '', name = ''] = entry.split('\u0001')
        return { id, name }
      }),
)
