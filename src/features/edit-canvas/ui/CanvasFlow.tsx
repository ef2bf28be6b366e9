import { useCallback, useEffect, useRef, useState, type DragEvent, type RefObject } from 'react'
import {
  Background,
  ReactFlow,
  useReactFlow,
  type Connection,
  type EdgeChange,
  type EdgeTypes,
  type NodeChange,
  type NodeTypes,
  type Viewport,
} from '@xyflow/react'
import '@xyflow/react/dist/style.css'
import { useAppDispatch, useAppSelector, useAppStore } from '@/shared/lib/store'
import {
  CANVAS_LIMITS,
  connectionAdded,
  connectionDropped,
  isContainerType,
  isNodeType,
  nodeMoved,
  nodeResized,
  selectCanvas,
  selectionChanged,
  selectionCleared,
  viewportChanged,
  type CanvasFlowEdge,
  type CanvasFlowNode,
  type CanvasNodeKind,
  type CanvasSelection,
  type Point,
} from '@/entities/canvas'
import { selectFlowEdges, selectFlowNodes } from '../model/flowElements'
import { AgentNode } from './AgentNode'
import { CanvasMinimap } from './CanvasMinimap'
import { ContainerNode } from './ContainerNode'
import { LayerEdge } from './LayerEdge'
import styles from './CanvasEditor.module.scss'

const nodeTypes: NodeTypes = { agent: AgentNode, container: ContainerNode }
const edgeTypes: EdgeTypes = { layer: LayerEdge }

/** The palette's drag-and-drop payload type. */
export const PALETTE_DRAG_TYPE = 'application/x-overseer-canvas-node'

/** Above this many nodes, React Flow draws only what is in view. */
const DRAW_VISIBLE_ONLY_FROM = 150

const selectViewport = (state: RootState) => selectCanvas(state).viewport

interface ConnectionDraft {
  from: string
  start: Point
  end: Point
}

interface CanvasFlowProps {
  /** A node type dropped from the palette at a point of the canvas. */
  onDropKind: (kind: CanvasNodeKind, at: Point) => void
  /** Says whether a shift-drawn connection landed. */
  onConnectionDrawn: (landed: boolean) => void
  /** The diagram's focusable element (the editor focuses it after a delete). */
  paneRef: RefObject<HTMLDivElement | null>
}

/**
 * The React Flow canvas, controlled by the canvas slice: nodes, edges and viewport come from
 * the store, and every change React Flow reports becomes one of the slice's named actions.
 */
export const CanvasFlow = ({ onDropKind, onConnectionDrawn, paneRef }: CanvasFlowProps) => {
  const dispatch = useAppDispatch()
  const store = useAppStore()
  const nodes = useAppSelector(selectFlowNodes)
  const edges = useAppSelector(selectFlowEdges)
  const viewport = useAppSelector(selectViewport)
  const { screenToFlowPosition } = useReactFlow<CanvasFlowNode, CanvasFlowEdge>()
  /** Nodes being dragged: the frames after a drag's first carry `continues` (one undo step per drag). */
  const dragging = useRef(new Set<string>())
  /** Containers being resized: likewise, one undo step per resize. */
  const resizing = useRef(new Set<string>())
  const [draft, setDraft] = useState<ConnectionDraft | null>(null)

  const select = useCallback(
    (changes: { type: string; id?: string; selected?: boolean }[], kind: 'node' | 'connection') => {
      const current = selectCanvas(store.getState()).selection
      let next: CanvasSelection = current
      for (const change of changes) {
        if (change.type !== 'select' || !change.id) continue
        if (change.selected) next = { kind, id: change.id }
        else if (next?.kind === kind && next.id === change.id) next = null
      }
      if (next === current) return
      dispatch(next ? selectionChanged(next) : selectionCleared())
    },
    [dispatch, store],
  )

  const onNodesChange = useCallback(
    (changes: NodeChange<CanvasFlowNode>[]) => {
      // A container being resized: its size, its position (from the left or top edge) and its
      // nodes' positions arrive together, and become one action.
      const resize = changes.find((change) => change.type === 'dimensions' && change.resizing !== undefined && change.dimensions)
      if (resize?.type === 'dimensions' && resize.dimensions) {
        const { id } = resize
        const continues = resizing.current.has(id)
        if (resize.resizing) resizing.current.add(id)
        else resizing.current.delete(id)
        const held = new Set(selectCanvas(store.getState()).nodes.find((node) => node.id === id)?.children)
        let position: Point | undefined
        const children: { id: string; position: Point }[] = []
        for (const change of changes) {
          if (change.type !== 'position' || !change.position) continue
          if (change.id === id) position = change.position
          else if (held.has(change.id)) children.push({ id: change.id, position: change.position })
        }
        dispatch(nodeResized({ id, size: resize.dimensions, ...(position ? { position } : {}), ...(children.length > 0 ? { children } : {}), ...(continues ? { continues } : {}) }))
        return
      }
      for (const change of changes) {
        if (change.type !== 'position') continue
        const continues = dragging.current.has(change.id)
        if (change.dragging) dragging.current.add(change.id)
        else dragging.current.delete(change.id)
        if (change.position) dispatch(nodeMoved({ id: change.id, position: change.position, ...(continues ? { continues } : {}) }))
      }
      select(changes, 'node')
    },
    [dispatch, select, store],
  )

  const onEdgesChange = useCallback((changes: EdgeChange<CanvasFlowEdge>[]) => select(changes, 'connection'), [select])

  // A connection drawn from a handle to a handle: the slice still refuses a self or duplicate one.
  const onConnect = useCallback(
    ({ source, target }: Connection) => {
      const before = selectCanvas(store.getState()).connections.length
      dispatch(connectionAdded({ from: source, to: target }))
      onConnectionDrawn(selectCanvas(store.getState()).connections.length > before)
    },
    [dispatch, onConnectionDrawn, store],
  )

  // While a node is dragged the status dots stop pulsing: a frame then redraws what moved, not
  // every active node's ring as well (half the frame time with 500 nodes, software rendering).
  const onNodeDragStart = useCallback(() => paneRef.current?.setAttribute('data-dragging', ''), [paneRef])
  const onNodeDragStop = useCallback(() => paneRef.current?.removeAttribute('data-dragging'), [paneRef])
  // Panning: see data-moving in the stylesheet.
  const onMoveStart = useCallback(() => paneRef.current?.setAttribute('data-moving', ''), [paneRef])
  const onMoveEnd = useCallback(() => paneRef.current?.removeAttribute('data-moving'), [paneRef])

  const onViewportChange = useCallback((next: Viewport) => dispatch(viewportChanged(next)), [dispatch])
  const onPaneClick = useCallback(() => {
    if (selectCanvas(store.getState()).selection) dispatch(selectionCleared())
  }, [dispatch, store])

  // Shift + mouse-down on a node starts a connection; releasing it over another node's drop box
  // (100x50 at its position) makes it. Caught before React Flow, which would drag the node.
  useEffect(() => {
    const element = paneRef.current
    if (!element) return
    const onMouseDown = (event: MouseEvent) => {
      if (!event.shiftKey || event.button !== 0 || !(event.target instanceof Element)) return
      if (event.target.closest('.react-flow__handle')) return
      const node = event.target.closest<HTMLElement>('.react-flow__node')
      const from = node?.dataset.id
      if (!from) return
      event.stopPropagation()
      event.preventDefault()
      const box = element.getBoundingClientRect()
      const start = { x: event.clientX - box.left, y: event.clientY - box.top }
      setDraft({ from, start, end: start })
      const onMove = (move: MouseEvent) => setDraft({ from, start, end: { x: move.clientX - box.left, y: move.clientY - box.top } })
      const onUp = (up: MouseEvent) => {
        window.removeEventListener('mousemove', onMove)
        window.removeEventListener('mouseup', onUp)
        setDraft(null)
        const before = selectCanvas(store.getState()).connections.length
        dispatch(connectionDropped({ from, point: screenToFlowPosition({ x: up.clientX, y: up.clientY }) }))
        onConnectionDrawn(selectCanvas(store.getState()).connections.length > before)
      }
      window.addEventListener('mousemove', onMove)
      window.addEventListener('mouseup', onUp)
    }
    element.addEventListener('mousedown', onMouseDown, { capture: true })
    return () => element.removeEventListener('mousedown', onMouseDown, { capture: true })
  }, [dispatch, onConnectionDrawn, paneRef, screenToFlowPosition, store])

  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (!event.dataTransfer.types.includes(PALETTE_DRAG_TYPE)) return
    event.preventDefault()
    event.dataTransfer.dropEffect = 'copy'
  }
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    const kind = event.dataTransfer.getData(PALETTE_DRAG_TYPE)
    if (!isNodeType(kind) && !isContainerType(kind)) return
    event.preventDefault()
    onDropKind(kind, screenToFlowPosition({ x: event.clientX, y: event.clientY }))
  }

  return (
    <div
      ref={paneRef}
      className={styles.flow}
      onDragOver={onDragOver}
      onDrop={onDrop}
      tabIndex={0}
      role="region"
      aria-label="Diagram"
      aria-describedby="canvas-editor-help"
    >
      <ReactFlow<CanvasFlowNode, CanvasFlowEdge>
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        edgeTypes={edgeTypes}
        onNodesChange={onNodesChange}
        onEdgesChange={onEdgesChange}
        onConnect={onConnect}
        onNodeDragStart={onNodeDragStart}
        onNodeDragStop={onNodeDragStop}
        viewport={viewport}
        onViewportChange={onViewportChange}
        onMoveStart={onMoveStart}
        onMoveEnd={onMoveEnd}
        onPaneClick={onPaneClick}
        minZoom={CANVAS_LIMITS.zoom.min}
        maxZoom={CANVAS_LIMITS.zoom.max}
        zoomOnScroll={false}
        zoomOnPinch={false}
        zoomOnDoubleClick={false}
        panOnScroll
        selectionKeyCode={null}
        multiSelectionKeyCode={null}
        deleteKeyCode={null}
        elevateNodesOnSelect={false}
        onlyRenderVisibleElements={nodes.length > DRAW_VISIBLE_ONLY_FROM}
      >
        <Background gap={20} />
        <CanvasMinimap label="Minimap of the diagram" />
      </ReactFlow>
      {draft && (
        <svg className={styles.draft} aria-hidden="true" focusable="false">
          <line x1={draft.start.x} y1={draft.start.y} x2={draft.end.x} y2={draft.end.y} />
        </svg>
      )}
    </div>
  )
}
