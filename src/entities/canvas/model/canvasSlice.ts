import { createSlice, isDraft, nanoid, original, type PayloadAction } from '@reduxjs/toolkit'
import type { PersistState } from 'redux-persist'
import {
  CANVAS_LIMITS,
  isContainerType,
  isLayerId,
  isNodeStatus,
  type CanvasNodeKind,
  type ContainerType,
  type LayerId,
  type NodeStatus,
} from '../config/catalog'
import type { CanvasConnection, CanvasDocument, CanvasNode, CanvasSelection, Point, SavedCanvas, Size, Viewport } from './types'

export interface CanvasState extends CanvasDocument {
  selection: CanvasSelection
  viewport: Viewport
  hiddenLayers: LayerId[]
  /** Earlier diagrams, oldest first (undo). */
  past: CanvasDocument[]
  /** Undone diagrams, the next redo last. */
  future: CanvasDocument[]
  /** The last saved diagram, kept in local storage under `architecture-canvas`. */
  saved: SavedCanvas | null
  /** Why the value in local storage could not be used, when it could not (it is then ignored). */
  savedProblem: string | null
}

export const initialCanvasState: CanvasState = {
  nodes: [],
  connections: [],
  selection: null,
  viewport: { x: 0, y: 0, zoom: 1 },
  hiddenLayers: [],
  past: [],
  future: [],
  saved: null,
  savedProblem: null,
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, Number.isFinite(value) ? value : min))
const clampPosition = ({ x, y }: Point): Point => ({
  x: clamp(x, CANVAS_LIMITS.position.min, CANVAS_LIMITS.position.max),
  y: clamp(y, CANVAS_LIMITS.position.min, CANVAS_LIMITS.position.max),
})
const clampPan = (value: number) => clamp(value, CANVAS_LIMITS.pan.min, CANVAS_LIMITS.pan.max)
/** Zoom levels are whole tenths: repeated steps never drift (0.1 + 0.2 !== 0.3). */
const clampZoom = (zoom: number) => Math.round(clamp(zoom, CANVAS_LIMITS.zoom.min, CANVAS_LIMITS.zoom.max) * 10) / 10
const limitText = (text: string) => text.slice(0, CANVAS_LIMITS.text)
const sameSize = (a: Size | undefined, b: Size) => a?.width === b.width && a.height === b.height
const samePoint = (a: Point, b: Point) => a.x === b.x && a.y === b.y

const findNode = (state: CanvasDocument, id: string) => state.nodes.find((node) => node.id === id)

/** Where a node is on the canvas: a child's position is relative to its container. */
export const absolutePosition = (doc: CanvasDocument, node: CanvasNode): Point => {
  let { x, y } = node.position
  let parent = node.parentId ? findNode(doc, node.parentId) : undefined
  const seen = new Set<string>([node.id])
  while (parent && !seen.has(parent.id)) {
    seen.add(parent.id)
    x += parent.position.x
    y += parent.position.y
    parent = parent.parentId ? findNode(doc, parent.parentId) : undefined
  }
  return { x, y }
}

/** The node whose drop box (100x50 at its position) holds `point`; the topmost when several do. */
export const nodeAtDropPoint = (doc: CanvasDocument, point: Point): CanvasNode | undefined =>
  [...doc.nodes].reverse().find((node) => {
    const at = absolutePosition(doc, node)
    return (
      point.x >= at.x && point.x <= at.x + CANVAS_LIMITS.dropBox.width && point.y >= at.y && point.y <= at.y + CANVAS_LIMITS.dropBox.height
    )
  })

const connects = (connection: CanvasConnection, a: string, b: string) =>
  (connection.from === a && connection.to === b) || (connection.from === b && connection.to === a)

/**
 * The diagram as it was when this action began, as plain frozen values: a draft kept in the history
 * would change along with the edit that follows.
 */
const snapshot = (state: CanvasDocument): CanvasDocument => ({
  nodes: isDraft(state.nodes) ? (original(state.nodes) ?? state.nodes) : state.nodes,
  connections: isDraft(state.connections) ? (original(state.connections) ?? state.connections) : state.connections,
})

/** Undo history: the diagram as it was before this change. */
const remember = (state: CanvasState) => {
  state.past.push(snapshot(state))
  if (state.past.length > CANVAS_LIMITS.history) state.past.splice(0, state.past.length - CANVAS_LIMITS.history)
  state.future = []
}

/**
 * Undo or redo: the diagram becomes the last one of `from`, and the current one goes onto `to`.
 * A selection of something that is no longer there is cleared.
 */
const travel = (state: CanvasState, from: CanvasDocument[], to: CanvasDocument[]) => {
  const target = from.pop()
  if (!target) return
  to.push(snapshot(state))
  state.nodes = target.nodes
  state.connections = target.connections
  if (state.selection && !selectionExists(state, state.selection)) state.selection = null
}

const addConnection = (state: CanvasState, { id, from, to, layer }: { id: string; from: string; to: string; layer: LayerId }) => {
  // A connection to itself, to a node that is not there, or a second one between the same two
  // nodes (either way round) is ignored.
  if (from === to || !findNode(state, from) || !findNode(state, to) || !isLayerId(layer)) return
  if (state.connections.some((connection) => connects(connection, from, to))) return
  if (state.connections.length >= CANVAS_LIMITS.maxConnections) return
  remember(state)
  state.connections.push({ id, from, to, layer, metadata: { description: '' } })
}

/** Removes nodes with everything inside them and every connection that touches them. */
const removeNodes = (state: CanvasState, ids: string[]) => {
  const doomed = new Set<string>()
  const collect = (id: string) => {
    if (doomed.has(id)) return
    const node = findNode(state, id)
    if (!node) return
    doomed.add(id)
    node.children.forEach(collect)
  }
  ids.forEach(collect)
  if (doomed.size === 0) return
  remember(state)
  state.nodes = state.nodes.filter((node) => !doomed.has(node.id))
  for (const node of state.nodes) {
    if (node.children.some((child) => doomed.has(child))) node.children = node.children.filter((child) => !doomed.has(child))
  }
  state.connections = state.connections.filter((connection) => !doomed.has(connection.from) && !doomed.has(connection.to))
  const selection = state.selection
  if (selection?.kind === 'node' && doomed.has(selection.id)) state.selection = null
  if (selection?.kind === 'connection' && !state.connections.some((connection) => connection.id === selection.id)) state.selection = null
}

const selectionExists = (state: CanvasDocument, selection: NonNullable<CanvasSelection>) =>
  selection.kind === 'node'
    ? state.nodes.some((node) => node.id === selection.id)
    : state.connections.some((connection) => connection.id === selection.id)

export interface NodeChanges {
  status?: NodeStatus
  notes?: string
  containerType?: ContainerType
}

export interface ConnectionChanges {
  layer?: LayerId
  description?: string
}

/**
 * The architecture canvas: nodes, connections, selection, viewport and layer visibility.
 * Every edit is a named action with everything it needs in its payload (ids and times are made in
 * `prepare`), so the reducer is pure and Redux DevTools can replay a session of edits.
 */
export const canvasSlice = createSlice({
  name: 'canvas',
  initialState: initialCanvasState,
  reducers: {
    nodeAdded: {
      reducer: (state, { payload }: PayloadAction<{ id: string; type: CanvasNodeKind; position: Point; parentId?: string; at: string }>) => {
        if (state.nodes.length >= CANVAS_LIMITS.maxNodes || findNode(state, payload.id)) return
        const parent = payload.parentId ? findNode(state, payload.parentId) : undefined
        if (payload.parentId && !parent?.isContainer) return
        const isContainer = isContainerType(payload.type)
        remember(state)
        state.nodes.push({
          id: payload.id,
          type: payload.type,
          position: clampPosition(payload.position),
          size: isContainer ? { ...CANVAS_LIMITS.containerSize } : { ...CANVAS_LIMITS.nodeSize },
          isContainer,
          children: [],
          ...(parent ? { parentId: parent.id } : {}),
          metadata: {
            status: 'inactive',
            notes: '',
            lastModified: payload.at,
            ...(isContainerType(payload.type) ? { containerType: payload.type } : {}),
          },
        })
        if (parent) parent.children.push(payload.id)
        state.selection = { kind: 'node', id: payload.id }
      },
      prepare: ({ type, position, parentId }: { type: CanvasNodeKind; position: Point; parentId?: string }) => ({
        payload: { id: `node-${nanoid(10)}`, type, position, ...(parentId ? { parentId } : {}), at: new Date().toISOString() },
      }),
    },
    /**
     * A node moved to `position` (clamped to 0..2000 per axis). The frames of one drag after the
     * first carry `continues`, so a whole drag is one undo step.
     */
    nodeMoved: (state, { payload }: PayloadAction<{ id: string; position: Point; continues?: boolean }>) => {
      const node = findNode(state, payload.id)
      if (!node) return
      const position = clampPosition(payload.position)
      if (position.x === node.position.x && position.y === node.position.y) return
      if (!payload.continues) remember(state)
      node.position = position
    },
    /**
     * A container resized to `size`, within its limits and never smaller than the nodes it holds.
     * Resized from its left or top edge, it also moves (`position`) and the nodes it holds get the
     * positions (relative to it) that keep them where they were. Like a drag, the frames of one
     * resize after the first carry `continues`: one undo step.
     */
    nodeResized: (
      state,
      { payload }: PayloadAction<{ id: string; size: Size; position?: Point; children?: { id: string; position: Point }[]; continues?: boolean }>,
    ) => {
      const node = findNode(state, payload.id)
      if (!node?.isContainer) return
      const { containerMinSize: min, containerMaxSize: max } = CANVAS_LIMITS
      const moves = (payload.children ?? []).filter((child) => node.children.includes(child.id))
      const childAt = (child: CanvasNode) => {
        const moved = moves.find((candidate) => candidate.id === child.id)?.position ?? child.position
        return { x: clamp(moved.x, 0, max.width), y: clamp(moved.y, 0, max.height) }
      }
      const held = state.nodes.filter((candidate) => candidate.parentId === node.id)
      let needWidth: number = min.width
      let needHeight: number = min.height
      for (const child of held) {
        const at = childAt(child)
        const size = child.size ?? (child.isContainer ? CANVAS_LIMITS.containerSize : CANVAS_LIMITS.nodeSize)
        needWidth = Math.max(needWidth, at.x + size.width)
        needHeight = Math.max(needHeight, at.y + size.height)
      }
      const size = {
        width: Math.round(clamp(payload.size.width, Math.min(needWidth, max.width), max.width)),
        height: Math.round(clamp(payload.size.height, Math.min(needHeight, max.height), max.height)),
      }
      const position = payload.position ? clampPosition(payload.position) : node.position
      const childrenMove = held.some((child) => !samePoint(childAt(child), child.position))
      if (sameSize(node.size, size) && samePoint(position, node.position) && !childrenMove) return
      if (!payload.continues) remember(state)
      node.size = size
      node.position = position
      for (const child of held) {
        const at = childAt(child)
        if (!samePoint(at, child.position)) child.position = at
      }
    },
    nodeUpdated: {
      reducer: (state, { payload }: PayloadAction<{ id: string; changes: NodeChanges; at: string }>) => {
        const node = findNode(state, payload.id)
        if (!node) return
        const { status, notes, containerType } = payload.changes
        if (status !== undefined && !isNodeStatus(status)) return
        if (containerType !== undefined && (!node.isContainer || !isContainerType(containerType))) return
        remember(state)
        if (status !== undefined) node.metadata.status = status
        if (notes !== undefined) node.metadata.notes = limitText(notes)
        if (containerType !== undefined) node.metadata.containerType = containerType
        node.metadata.lastModified = payload.at
      },
      prepare: (id: string, changes: NodeChanges) => ({ payload: { id, changes, at: new Date().toISOString() } }),
    },
    nodeRemoved: (state, { payload }: PayloadAction<{ id: string }>) => {
      removeNodes(state, [payload.id])
    },
    connectionAdded: {
      reducer: (state, { payload }: PayloadAction<{ id: string; from: string; to: string; layer: LayerId }>) => {
        addConnection(state, payload)
      },
      prepare: ({ from, to, layer = 'dataflow' }: { from: string; to: string; layer?: LayerId }) => ({
        payload: { id: `connection-${nanoid(10)}`, from, to, layer },
      }),
    },
    /** Shift + drag from a node released at `point`: lands only within a node's 100x50 drop box. */
    connectionDropped: {
      reducer: (state, { payload }: PayloadAction<{ id: string; from: string; point: Point; layer: LayerId }>) => {
        const target = nodeAtDropPoint(state, payload.point)
        if (target) addConnection(state, { id: payload.id, from: payload.from, to: target.id, layer: payload.layer })
      },
      prepare: ({ from, point, layer = 'dataflow' }: { from: string; point: Point; layer?: LayerId }) => ({
        payload: { id: `connection-${nanoid(10)}`, from, point, layer },
      }),
    },
    connectionUpdated: (state, { payload }: PayloadAction<{ id: string; changes: ConnectionChanges }>) => {
      const { layer, description } = payload.changes
      if (layer !== undefined && !isLayerId(layer)) return
      const connection = state.connections.find((candidate) => candidate.id === payload.id)
      if (!connection) return
      remember(state)
      if (layer !== undefined) connection.layer = layer
      if (description !== undefined) connection.metadata.description = limitText(description)
    },
    connectionRemoved: (state, { payload }: PayloadAction<{ id: string }>) => {
      if (!state.connections.some((connection) => connection.id === payload.id)) return
      remember(state)
      state.connections = state.connections.filter((connection) => connection.id !== payload.id)
      if (state.selection?.kind === 'connection' && state.selection.id === payload.id) state.selection = null
    },
    /** One node or one connection at a time; null clears the selection. */
    selectionChanged: (state, { payload }: PayloadAction<CanvasSelection>) => {
      state.selection = payload && selectionExists(state, payload) ? payload : null
    },
    selectionCleared: (state) => {
      state.selection = null
    },
    /** Delete: the selected node goes with its connections (and what it holds). */
    selectionDeleted: (state) => {
      const selection = state.selection
      if (!selection) return
      if (selection.kind === 'node') {
        removeNodes(state, [selection.id])
      } else if (state.connections.some((connection) => connection.id === selection.id)) {
        remember(state)
        state.connections = state.connections.filter((connection) => connection.id !== selection.id)
      }
      state.selection = null
    },
    viewportChanged: (state, { payload }: PayloadAction<Viewport>) => {
      state.viewport = { x: clampPan(payload.x), y: clampPan(payload.y), zoom: clampZoom(payload.zoom) }
    },
    zoomedIn: (state) => {
      state.viewport.zoom = clampZoom(state.viewport.zoom + CANVAS_LIMITS.zoom.step)
    },
    zoomedOut: (state) => {
      state.viewport.zoom = clampZoom(state.viewport.zoom - CANVAS_LIMITS.zoom.step)
    },
    layerToggled: (state, { payload }: PayloadAction<LayerId>) => {
      if (!isLayerId(payload)) return
      state.hiddenLayers = state.hiddenLayers.includes(payload)
        ? state.hiddenLayers.filter((layer) => layer !== payload)
        : [...state.hiddenLayers, payload]
    },
    undone: (state) => travel(state, state.past, state.future),
    redone: (state) => travel(state, state.future, state.past),
    /** Ctrl+S: the diagram becomes the saved one (redux-persist writes it to local storage). */
    canvasSaved: {
      reducer: (state, { payload }: PayloadAction<{ timestamp: string }>) => {
        state.saved = { ...snapshot(state), timestamp: payload.timestamp }
        state.savedProblem = null
      },
      prepare: () => ({ payload: { timestamp: new Date().toISOString() } }),
    },
    /** Ctrl+O: back to the saved diagram, as one undo step. Nothing happens when nothing is saved. */
    canvasLoaded: (state) => {
      if (!state.saved) return
      remember(state)
      state.nodes = state.saved.nodes
      state.connections = state.saved.connections
      state.selection = null
    },
    /** A diagram from a file, already checked by `parseSavedCanvas`. */
    canvasImported: (state, { payload }: PayloadAction<CanvasDocument>) => {
      remember(state)
      state.nodes = payload.nodes
      state.connections = payload.connections
      state.selection = null
    },
  },
})

export const {
  nodeAdded,
  nodeMoved,
  nodeResized,
  nodeUpdated,
  nodeRemoved,
  connectionAdded,
  connectionDropped,
  connectionUpdated,
  connectionRemoved,
  selectionChanged,
  selectionCleared,
  selectionDeleted,
  viewportChanged,
  zoomedIn,
  zoomedOut,
  layerToggled,
  undone,
  redone,
  canvasSaved,
  canvasLoaded,
  canvasImported,
} = canvasSlice.actions

/** The canvas state (the slice joins the store at start-up, for redux-persist). */
export const selectCanvas = (state: { canvas?: CanvasState }): CanvasState => state.canvas ?? initialCanvasState

declare module '@/shared/lib/store/root' {
  export interface LazyLoadedSlices {
    canvas: CanvasState & { _persist?: PersistState }
  }
}
