export {
  canvasSlice,
  initialCanvasState,
  selectCanvas,
  absolutePosition,
  nodeAtDropPoint,
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
} from './model/canvasSlice'
export type { CanvasState, NodeChanges, ConnectionChanges } from './model/canvasSlice'
export type {
  CanvasNode,
  CanvasNodeMetadata,
  CanvasConnection,
  CanvasDocument,
  CanvasSelection,
  SavedCanvas,
  Point,
  Size,
  Viewport,
} from './model/types'
export type {
  AgentNodeData,
  ContainerNodeData,
  AgentFlowNode,
  ContainerFlowNode,
  CanvasFlowNode,
  LayerEdgeData,
  CanvasFlowEdge,
} from './model/flow'
export {
  NODE_TYPES,
  NODE_TYPE_INFO,
  CONTAINER_TYPES,
  CONTAINER_TYPE_INFO,
  LAYER_IDS,
  LAYERS,
  NODE_STATUSES,
  CANVAS_LIMITS,
  isContainerType,
  isNodeType,
  isLayerId,
  isNodeStatus,
} from './config/catalog'
export type {
  NodeType,
  ContainerType,
  CanvasNodeKind,
  NodeTypeInfo,
  ContainerTypeInfo,
  LayerId,
  LayerInfo,
  LineStyle,
  NodeStatus,
} from './config/catalog'
export { parseSavedCanvas, serializeCanvas, CANVAS_FILE_FORMAT } from './lib/savedCanvas'
export type { ParsedCanvas } from './lib/savedCanvas'
export { restoreCanvas, canvasFlushed } from './model/persistence'
export type { PersistedCanvasState, CanvasOpening } from './model/persistence'
