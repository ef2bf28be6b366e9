import { useEffect, useRef } from 'react'
import { Panel, useStoreApi, type ReactFlowState } from '@xyflow/react'
import type { CanvasFlowEdge, CanvasFlowNode, NodeStatus } from '@/entities/canvas'
import { fitMinimap, toMinimap, visibleFlow, type Rect } from '../lib/minimap'
import styles from './CanvasEditor.module.scss'

const WIDTH = 200
const HEIGHT = 150

const STATUS_FILL: Record<NodeStatus, string> = { active: '#16a34a', error: '#dc2626', inactive: '#94a3b8' }
const CONTAINER_FILL = 'rgb(99 102 241 / 18%)'
const CONTAINER_STROKE = '#6366f1'
const SELECTED_FILL = '#4f46e5'
const MASK_FILL = 'rgb(15 23 42 / 10%)'
const VIEW_STROKE = '#4f46e5'

type FlowState = ReactFlowState<CanvasFlowNode, CanvasFlowEdge>

const draw = (canvas: HTMLCanvasElement, state: FlowState) => {
  const context = canvas.getContext('2d')
  if (!context) return
  const ratio = window.devicePixelRatio || 1
  if (canvas.width !== WIDTH * ratio) {
    canvas.width = WIDTH * ratio
    canvas.height = HEIGHT * ratio
  }
  const [x, y, zoom] = state.transform
  const view = visibleFlow({ x, y, zoom }, state.width, state.height)
  const nodes: { rect: Rect; node: CanvasFlowNode }[] = []
  for (const internal of state.nodeLookup.values()) {
    const { x: left, y: top } = internal.internals.positionAbsolute
    const width = internal.measured.width ?? internal.width ?? 0
    const height = internal.measured.height ?? internal.height ?? 0
    nodes.push({ rect: { x: left, y: top, width, height }, node: internal.internals.userNode })
  }
  const frame = fitMinimap(
    nodes.map(({ rect }) => rect),
    view,
    WIDTH,
    HEIGHT,
  )

  context.setTransform(ratio, 0, 0, ratio, 0, 0)
  context.clearRect(0, 0, WIDTH, HEIGHT)
  // Containers come before the nodes they hold, so they are drawn underneath.
  for (const { rect, node } of nodes) {
    const box = toMinimap(frame, rect)
    if (node.type === 'container') {
      context.fillStyle = CONTAINER_FILL
      context.fillRect(box.x, box.y, box.width, box.height)
      context.strokeStyle = node.selected ? SELECTED_FILL : CONTAINER_STROKE
      context.lineWidth = 1
      context.strokeRect(box.x + 0.5, box.y + 0.5, Math.max(0, box.width - 1), Math.max(0, box.height - 1))
    } else {
      context.fillStyle = node.selected ? SELECTED_FILL : STATUS_FILL[node.data.status]
      context.fillRect(box.x, box.y, Math.max(1, box.width), Math.max(1, box.height))
    }
  }
  // Outside the view is shaded; the view itself is outlined.
  const shown = toMinimap(frame, view)
  context.fillStyle = MASK_FILL
  context.beginPath()
  context.rect(0, 0, WIDTH, HEIGHT)
  context.rect(shown.x, shown.y, shown.width, shown.height)
  context.fill('evenodd')
  context.strokeStyle = VIEW_STROKE
  context.lineWidth = 1.5
  context.strokeRect(shown.x, shown.y, shown.width, shown.height)
}

/**
 * An overview of the whole diagram with the part in view outlined: every node as a small
 * rectangle in its status colour (a container as an outlined box), drawn on a canvas element.
 * It reads React Flow's store outside React and repaints at most once a frame, so a drag among
 * 500 nodes redraws 500 rectangles in one call instead of re-rendering 500 SVG elements.
 */
export const CanvasMinimap = ({ label }: { label: string }) => {
  const store = useStoreApi<CanvasFlowNode, CanvasFlowEdge>()
  const canvasRef = useRef<HTMLCanvasElement>(null)

  useEffect(() => {
    const canvas = canvasRef.current
    if (!canvas) return
    let frame = 0
    let drawn: Pick<FlowState, 'nodes' | 'transform' | 'width' | 'height'> | null = null
    const schedule = (state: FlowState) => {
      // Only what the minimap shows: the nodes, the viewport and the pane's size.
      if (drawn && drawn.nodes === state.nodes && drawn.transform === state.transform && drawn.width === state.width && drawn.height === state.height) return
      drawn = state
      if (frame !== 0) return
      frame = requestAnimationFrame(() => {
        frame = 0
        draw(canvas, store.getState())
      })
    }
    schedule(store.getState())
    const unsubscribe = store.subscribe(schedule)
    return () => {
      unsubscribe()
      cancelAnimationFrame(frame)
    }
  }, [store])

  return (
    <Panel position="bottom-right" className={styles.minimap}>
      <canvas ref={canvasRef} width={WIDTH} height={HEIGHT} role="img" aria-label={label} />
    </Panel>
  )
}
