import type { Edge, Node } from '@xyflow/react'
import type { ContainerTypeInfo, ContainerType, LayerId, NodeStatus, NodeType } from '../config/catalog'

/** What a plain node (one of the thirteen types) draws on the React Flow canvas. */
export type AgentNodeData = {
  kind: NodeType
  label: string
  status: NodeStatus
}

/** What a container draws: its type decides the shape (loop, matrix or pipeline). */
export type ContainerNodeData = {
  kind: ContainerType
  label: string
  status: NodeStatus
  shape: ContainerTypeInfo['shape']
  /** How many nodes it holds. */
  childCount: number
}

export type AgentFlowNode = Node<AgentNodeData, 'agent'>
export type ContainerFlowNode = Node<ContainerNodeData, 'container'>
/** The canvas's nodes as React Flow draws them (derived from the slice, never stored). */
export type CanvasFlowNode = AgentFlowNode | ContainerFlowNode

export type LayerEdgeData = {
  layer: LayerId
}
/** A connection as React Flow draws it: styled by its layer. */
export type CanvasFlowEdge = Edge<LayerEdgeData, 'layer'>
