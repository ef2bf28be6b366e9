import { useCallback, useMemo, useState } from 'react'
import { getViewportForBounds, useReactFlow, useStoreApi } from '@xyflow/react'
import { useAppDispatch, useAppStore } from '@/shared/lib/store'
import {
  CANVAS_LIMITS,
  canvasFlushed,
  canvasImported,
  canvasLoaded,
  canvasSaved,
  isContainerType,
  nodeAdded,
  nodeMoved,
  redone,
  selectCanvas,
  selectionCleared,
  selectionDeleted,
  serializeCanvas,
  undone,
  viewportChanged,
  zoomedIn,
  zoomedOut,
  type CanvasFlowEdge,
  type CanvasFlowNode,
  type CanvasNodeKind,
  type Point,
} from '@/entities/canvas'
import { downloadText, exportFileName, readCanvasFile } from '../lib/canvasFile'
import { freeSpot, spotInContainer } from '../lib/freeSpot'
import { kindLabel, nodeSize } from './flowElements'

export interface Notice {
  text: string
  /** An error is announced at once (role=alert); the rest politely (role=status). */
  tone: 'info' | 'error'
  /** Tells two equal notices apart, so the same text is announced again. */
  id: number
}

const timeOf = (iso: string) => new Date(iso).toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit', second: '2-digit' })

/** Notes and descriptions are kept when their field loses focus: a shortcut first commits the field being typed in. */
const commitTextField = () => {
  const active = document.activeElement
  if (active instanceof HTMLTextAreaElement || active instanceof HTMLInputElement) active.blur()
}

/**
 * Everything the toolbar, the palette and the keyboard can do, as dispatches of the canvas
 * slice's named actions (so Redux DevTools records and replays them), with a notice for each.
 */
export const useCanvasCommands = () => {
  const dispatch = useAppDispatch()
  const store = useAppStore()
  const flow = useReactFlow<CanvasFlowNode, CanvasFlowEdge>()
  const flowStore = useStoreApi<CanvasFlowNode, CanvasFlowEdge>()
  const [notice, setNotice] = useState<Notice | null>(null)
  const tell = useCallback((text: string, tone: Notice['tone'] = 'info') => setNotice((last) => ({ text, tone, id: (last?.id ?? 0) + 1 })), [])
  const canvas = useCallback(() => selectCanvas(store.getState()), [store])

  const save = useCallback(() => {
    commitTextField()
    const action = dispatch(canvasSaved())
    // Written at once, not with the throttled writes of the edits: a reload right away finds it.
    void dispatch(canvasFlushed())
    tell(`Canvas saved at ${timeOf(action.payload.timestamp)}`)
  }, [dispatch, tell])

  const load = useCallback(() => {
    commitTextField()
    const { saved, savedProblem } = canvas()
    if (!saved) {
      tell(savedProblem ?? 'Nothing saved yet', savedProblem ? 'error' : 'info')
      return
    }
    dispatch(canvasLoaded())
    tell(`Canvas loaded (saved at ${timeOf(saved.timestamp)})`)
  }, [canvas, dispatch, tell])

  const undo = useCallback(() => {
    if (canvas().past.length === 0) return tell('Nothing to undo')
    dispatch(undone())
    tell('Undone')
  }, [canvas, dispatch, tell])

  const redo = useCallback(() => {
    if (canvas().future.length === 0) return tell('Nothing to redo')
    dispatch(redone())
    tell('Redone')
  }, [canvas, dispatch, tell])

  const deleteSelection = useCallback(() => {
    const { selection } = canvas()
    if (!selection) return tell('Nothing is selected')
    dispatch(selectionDeleted())
    tell(selection.kind === 'node' ? 'Node deleted with its connections' : 'Connection deleted')
  }, [canvas, dispatch, tell])

  const clearSelection = useCallback(() => {
    if (canvas().selection) dispatch(selectionCleared())
  }, [canvas, dispatch])

  const zoomIn = useCallback(() => dispatch(zoomedIn()), [dispatch])
  const zoomOut = useCallback(() => dispatch(zoomedOut()), [dispatch])

  /** The whole diagram in view (zoom and pan within the canvas's limits). */
  const fitView = useCallback(() => {
    const { width, height } = flowStore.getState()
    const nodes = flow.getNodes()
    if (nodes.length === 0 || width === 0 || height === 0) {
      dispatch(viewportChanged({ x: 0, y: 0, zoom: 1 }))
      return
    }
    const bounds = flow.getNodesBounds(nodes)
    const { min, max } = CANVAS_LIMITS.zoom
    // Zoom goes in tenths: round down so that everything stays in view.
    const fitted = getViewportForBounds(bounds, width, height, min, max, 0.1)
    const zoom = Math.max(min, Math.floor(fitted.zoom * 10) / 10)
    const x = width / 2 - (bounds.x + bounds.width / 2) * zoom
    const y = height / 2 - (bounds.y + bounds.height / 2) * zoom
    dispatch(viewportChanged({ x, y, zoom }))
  }, [dispatch, flow, flowStore])

  const moveSelection = useCallback(
    (dx: number, dy: number) => {
      const { selection, nodes } = canvas()
      if (selection?.kind !== 'node') return false
      const node = nodes.find((candidate) => candidate.id === selection.id)
      if (!node) return false
      dispatch(nodeMoved({ id: node.id, position: { x: node.position.x + dx, y: node.position.y + dy } }))
      return true
    },
    [canvas, dispatch],
  )

  /**
   * Adds a node of `kind`: at `at` (canvas coordinates) when dropped there, else at a free spot in
   * view; a plain node goes inside the selected container (or the container it is dropped on).
   */
  const addNode = useCallback(
    (kind: CanvasNodeKind, at?: Point) => {
      const { nodes, selection, viewport } = canvas()
      const isContainer = isContainerType(kind)
      const size = isContainer ? CANVAS_LIMITS.containerSize : CANVAS_LIMITS.nodeSize
      const label = kindLabel(kind)
      if (!isContainer) {
        const target = at
          ? [...nodes].reverse().find((node) => {
              if (!node.isContainer || node.parentId) return false
              const box = nodeSize(node)
              return at.x >= node.position.x && at.x <= node.position.x + box.width && at.y >= node.position.y && at.y <= node.position.y + box.height
            })
          : nodes.find((node) => selection?.kind === 'node' && node.id === selection.id && node.isContainer)
        if (target) {
          const box = nodeSize(target)
          const position = at
            ? {
                x: Math.min(Math.max(0, at.x - target.position.x - size.width / 2), box.width - size.width),
                y: Math.min(Math.max(0, at.y - target.position.y - size.height / 2), box.height - size.height),
              }
            : spotInContainer(box, size, target.children.length)
          dispatch(nodeAdded({ type: kind, position: position, parentId: target.id }))
          tell(`${label} added inside ${kindLabel(target.metadata.containerType ?? target.type)}`)
          return
        }
      }
      const position = at
        ? { x: Math.round(at.x - size.width / 2), y: Math.round(at.y - size.height / 2) }
        : freeSpot(
            nodes.filter((node) => !node.parentId).map((node) => ({ ...node.position, ...nodeSize(node) })),
            size,
            { x: -viewport.x / viewport.zoom + 24, y: -viewport.y / viewport.zoom + 24 },
          )
      const action = dispatch(nodeAdded({ type: kind, position }))
      const added = selectCanvas(store.getState()).nodes.find((node) => node.id === action.payload.id)
      tell(added ? `${label} added at ${added.position.x}, ${added.position.y}` : `No room for another node (at most ${CANVAS_LIMITS.maxNodes})`, added ? 'info' : 'error')
    },
    [canvas, dispatch, store, tell],
  )

  const exportFile = useCallback(() => {
    commitTextField()
    const { nodes, connections } = canvas()
    const now = new Date()
    const name = exportFileName(now)
    downloadText(serializeCanvas({ nodes, connections, timestamp: now.toISOString() }), name)
    tell(`Canvas exported as ${name}`)
  }, [canvas, tell])

  const importFile = useCallback(
    async (file: File) => {
      const parsed = await readCanvasFile(file)
      if (!parsed.ok) return tell(parsed.error, 'error')
      dispatch(canvasImported({ nodes: parsed.canvas.nodes, connections: parsed.canvas.connections }))
      tell(`Canvas imported from ${file.name}: ${parsed.canvas.nodes.length} nodes, ${parsed.canvas.connections.length} connections`)
    },
    [dispatch, tell],
  )

  return useMemo(
    () => ({ notice, tell, save, load, undo, redo, deleteSelection, clearSelection, zoomIn, zoomOut, fitView, moveSelection, addNode, exportFile, importFile }),
    [notice, tell, save, load, undo, redo, deleteSelection, clearSelection, zoomIn, zoomOut, fitView, moveSelection, addNode, exportFile, importFile],
  )
}

export type CanvasCommands = ReturnType<typeof useCanvasCommands>
