import { memo } from 'react'
import { BaseEdge, getBezierPath, type EdgeProps } from '@xyflow/react'
import { LAYERS, type CanvasFlowEdge, type LineStyle } from '@/entities/canvas'
import styles from './CanvasNodes.module.scss'

export const DASHES: Record<LineStyle, string | undefined> = {
  solid: undefined,
  dashed: '8 5',
  dotted: '1.5 5',
  double: undefined,
}

/** A connection in its layer's colour and line style; a double line is a wide stroke with a gap drawn down its middle. */
export const LayerEdge = memo(({ id, sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition, data, selected }: EdgeProps<CanvasFlowEdge>) => {
  const [path] = getBezierPath({ sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition })
  const layer = LAYERS[data?.layer ?? 'dataflow']
  const width = selected ? 3.5 : 2
  if (layer.lineStyle === 'double') {
    return (
      <>
        <BaseEdge id={id} path={path} style={{ stroke: layer.color, strokeWidth: width * 2.5 }} />
        <path d={path} className={styles.doubleGap} style={{ strokeWidth: width * 0.9 }} fill="none" />
      </>
    )
  }
  return (
    <BaseEdge
      id={id}
      path={path}
      style={{ stroke: layer.color, strokeWidth: width, strokeDasharray: DASHES[layer.lineStyle], strokeLinecap: layer.lineStyle === 'dotted' ? 'round' : undefined }}
    />
  )
})
LayerEdge.displayName = 'LayerEdge'
