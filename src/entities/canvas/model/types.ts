import type { CanvasNodeKind, ContainerType, LayerId, NodeStatus } from '../config/catalog'

export interface Point {
  x: number
  y: number
}

export interface Size {
  width: number
  height: number
}

export interface CanvasNodeMetadata {
  status: NodeStatus
  notes: string
  /** ISO timestamp of the last change. */
  lastModified: string
  /** Set on containers only. */
  containerType?: ContainerType
}

export interface CanvasNode {
  id: string
  type: CanvasNodeKind
  /** For a child of a container, relative to the container's top left corner. */
  position: Point
  size?: Size
  isContainer: boolean
  /** Ids of the nodes a container holds (empty for plain nodes). */
  children: string[]
  /** The container that holds this node, if any. */
  parentId?: string
  metadata: CanvasNodeMetadata
}

export interface CanvasConnection {
  id: string
  from: string
  to: string
  layer: LayerId
  metadata: { description: string }
}

export interface Viewport {
  x: number
  y: number
  zoom: number
}

export type CanvasSelection = { kind: 'node'; id: string } | { kind: 'connection'; id: string } | null

/** What is saved, loaded, exported and undone: the diagram itself. */
export interface CanvasDocument {
  nodes: CanvasNode[]
  connections: CanvasConnection[]
}

/** The stored and exported form (`architecture-canvas`): the diagram with an ISO timestamp. */
export interface SavedCanvas extends CanvasDocument {
  timestamp: string
}
