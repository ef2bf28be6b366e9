import { memo } from 'react'
import { BaseEdge, getBezierPath, useStore, type EdgeProps, type ReactFlowState } from '@xyflow/react'
import { LAYERS, type CanvasFlowEdge, type LineStyle } from '@/entities/canvas'
import styles from './CanvasNodes.module.scss'

export const DASHES: Record<LineStyle, number[] | undefined> = {
  solid: undefined,
  dashed: [8, 5],
  dotted: [1.5, 5],
  double: undefined,
}

/**
 * How much thicker than its canvas width a line is drawn: zoomed out, a 2 px line and its dashes
 * would shrink below a pixel on screen and its colour and style could no longer be told, so below
 * zoom 1 they keep their on-screen size; zoomed in they grow with the diagram.
 */
const thickening = (state: ReactFlowState): number => Math.max(1, 1 / state.transform[2])

/** A connection in its layer's colour and line style; a double line is a wide stroke with a gap drawn down its middle. */
export const LayerEdge = memo(({ id, sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition, data, selected }: EdgeProps<CanvasFlowEdge>) => {
  const scale = useStore(thickening)
  const [path] = getBezierPath({ sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition })
  const layer = LAYERS[data?.layer ?? 'dataflow']
  const width = (selected ? 3.5 : 2) * scale
  if (layer.lineStyle === 'double') {
    return (
      <>
        <BaseEdge id={id} path={path} style={{ stroke: layer.color, strokeWidth: width * 2.5 }} />
        <path d={path} className={styles.doubleGap} style={{ strokeWidth: width * 0.9 }} fill="none" />
      </>
    )
  }
  const dashes = DASHES[layer.lineStyle]
  return (
    <BaseEdge
      id={id}
      path={path}
      style={{
        stroke: layer.color,
        strokeWidth: width,
        strokeDasharray: dashes?.map((length) => length * scale).join(' '),
        strokeLinecap: layer.lineStyle === 'dotted' ? 'round' : undefined,
      }}
    />
  )
})
LayerEdge.displayName = 'LayerEdge'
