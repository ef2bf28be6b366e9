/** The canvas's vocabulary and limits (spec sections 3 and 9). */

export const NODE_TYPES = [
  'overseer',
  'devgpt',
  'qagpt',
  'marketgpt',
  'prober',
  'structuring',
  'sandbox',
  'docker',
  'fragmenter',
  'debugger',
  'memory',
  'vectorstore',
  'preview',
] as const
export type NodeType = (typeof NODE_TYPES)[number]

/** Containers hold child nodes: the analysis loop is drawn as a loop, the dev loop as a matrix. */
export const CONTAINER_TYPES = ['analysisloop', 'devloop', 'pipeline'] as const
export type ContainerType = (typeof CONTAINER_TYPES)[number]

export type CanvasNodeKind = NodeType | ContainerType

export interface NodeTypeInfo {
  label: string
  description: string
}

export const NODE_TYPE_INFO: Record<NodeType, NodeTypeInfo> = {
  overseer: { label: 'Overseer', description: 'Orchestrates the pipeline and routes work between agents' },
  devgpt: { label: 'DevGPT', description: 'Development agent that writes the code' },
  qagpt: { label: 'QAGPT', description: 'Quality agent that reviews and tests the code' },
  marketgpt: { label: 'MarketGPT', description: 'Market analysis agent' },
  prober: { label: 'Prober', description: 'Asks the clarifying questions' },
  structuring: { label: 'Structuring', description: 'Plans the file structure' },
  sandbox: { label: 'Sandbox', description: 'Isolated environment that runs generated code' },
  docker: { label: 'Docker', description: 'Container build and runtime' },
  fragmenter: { label: 'Fragmenter', description: 'Splits work into fragments for the agents' },
  debugger: { label: 'Debugger', description: 'Finds and fixes failures' },
  memory: { label: 'Memory', description: 'Short-term working memory of the agents' },
  vectorstore: { label: 'Vector Store', description: 'Long-term semantic memory' },
  preview: { label: 'Preview', description: 'Live preview of the result' },
}

export interface ContainerTypeInfo {
  label: string
  /** How the container arranges what it holds. */
  shape: 'loop' | 'matrix' | 'pipeline'
}

export const CONTAINER_TYPE_INFO: Record<ContainerType, ContainerTypeInfo> = {
  analysisloop: { label: 'Analysis Loop', shape: 'loop' },
  devloop: { label: 'DevLoop Matrix', shape: 'matrix' },
  pipeline: { label: 'Pipeline', shape: 'pipeline' },
}

export const LAYER_IDS = ['dataflow', 'control', 'memory', 'runtime', 'security'] as const
export type LayerId = (typeof LAYER_IDS)[number]

export type LineStyle = 'solid' | 'dashed' | 'dotted' | 'double'

export interface LayerInfo {
  name: string
  color: string
  lineStyle: LineStyle
}

export const LAYERS: Record<LayerId, LayerInfo> = {
  dataflow: { name: 'Data Flow', color: '#2563eb', lineStyle: 'solid' },
  control: { name: 'Control', color: '#7c3aed', lineStyle: 'dashed' },
  memory: { name: 'Memory', color: '#047857', lineStyle: 'dotted' },
  runtime: { name: 'Runtime', color: '#b45309', lineStyle: 'double' },
  security: { name: 'Security', color: '#dc2626', lineStyle: 'dashed' },
}

export const NODE_STATUSES = ['active', 'inactive', 'error'] as const
export type NodeStatus = (typeof NODE_STATUSES)[number]

export const CANVAS_LIMITS = {
  /** Node positions, per axis. */
  position: { min: 0, max: 2000 },
  /** The viewport's offset, per axis. */
  pan: { min: -1000, max: 1000 },
  zoom: { min: 0.5, max: 2, step: 0.1 },
  nodeSize: { width: 120, height: 80 },
  containerSize: { width: 200, height: 150 },
  /** A container can be resized within these (and never smaller than what it holds). */
  containerMinSize: { width: 160, height: 120 },
  containerMaxSize: { width: 1600, height: 1600 },
  /** A connection released within this box at a node's position lands on that node. */
  dropBox: { width: 100, height: 50 },
  /** Undo steps kept. */
  history: 100,
  /** Notes and descriptions, in characters. */
  text: 2000,
  /** Nodes and connections a canvas (or an imported file) may hold. */
  maxNodes: 2000,
  maxConnections: 5000,
} as const

export const isContainerType = (kind: string): kind is ContainerType => (CONTAINER_TYPES as readonly string[]).includes(kind)
export const isNodeType = (kind: string): kind is NodeType => (NODE_TYPES as readonly string[]).includes(kind)
export const isLayerId = (layer: string): layer is LayerId => (LAYER_IDS as readonly string[]).includes(layer)
export const isNodeStatus = (status: string): status is NodeStatus => (NODE_STATUSES as readonly string[]).includes(status)
