import { memo } from 'react'
import { Handle, NodeResizer, Position, type NodeProps } from '@xyflow/react'
import { CANVAS_LIMITS, type ContainerFlowNode } from '@/entities/canvas'
import { NodeIcon } from './NodeIcon'
import { StatusDot } from './StatusDot'
import styles from './CanvasNodes.module.scss'

/** The shape drawn behind what a container holds: a loop, a matrix or a pipeline. */
const Backdrop = ({ shape }: { shape: ContainerFlowNode['data']['shape'] }) => {
  if (shape === 'loop') {
    return (
      <svg className={styles.backdrop} viewBox="0 0 200 150" preserveAspectRatio="none" aria-hidden="true" focusable="false">
        <ellipse cx="100" cy="82" rx="88" ry="56" fill="none" strokeWidth="3" />
        <path d="M186 74l2 10 8-7" fill="none" strokeWidth="3" />
      </svg>
    )
  }
  if (shape === 'matrix') return <div className={`${styles.backdrop} ${styles.matrix}`} aria-hidden="true" />
  return (
    <svg className={styles.backdrop} viewBox="0 0 200 150" preserveAspectRatio="none" aria-hidden="true" focusable="false">
      <path d="M8 118h176 M176 110l10 8-10 8" fill="none" strokeWidth="3" />
    </svg>
  )
}

const { containerMinSize: MIN, containerMaxSize: MAX } = CANVAS_LIMITS

/**
 * A container (analysis loop, DevLoop matrix or pipeline) that holds child nodes. Selected, it
 * shows resize handles on its edges and corners (the side panel sets the size from the keyboard).
 */
export const ContainerNode = memo(({ data, selected }: NodeProps<ContainerFlowNode>) => (
  <div
    className={[styles.container, styles[`shape-${data.shape}`], styles[data.status], selected ? styles.selected : ''].join(' ')}
    data-kind={data.kind}
    data-status={data.status}
  >
    <NodeResizer
      isVisible={selected}
      minWidth={MIN.width}
      minHeight={MIN.height}
      maxWidth={MAX.width}
      maxHeight={MAX.height}
      handleClassName={styles.resizeHandle}
    />
    <Backdrop shape={data.shape} />
    <Handle type="target" position={Position.Left} className={styles.handle} />
    <div className={styles.containerTitle}>
      <NodeIcon kind={data.kind} className={styles.icon} size={18} />
      <span className={styles.label}>{data.label}</span>
      <StatusDot status={data.status} />
    </div>
    <Handle type="source" position={Position.Right} className={styles.handle} />
  </div>
))
ContainerNode.displayName = 'ContainerNode'
