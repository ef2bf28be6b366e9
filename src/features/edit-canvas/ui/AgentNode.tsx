import { memo } from 'react'
import { Handle, Position, type NodeProps } from '@xyflow/react'
import type { AgentFlowNode } from '@/entities/canvas'
import { NodeIcon } from './NodeIcon'
import { StatusDot } from './StatusDot'
import styles from './CanvasNodes.module.scss'

/** One of the thirteen node types: its icon, its label and a status dot; faded while inactive. */
export const AgentNode = memo(({ data, selected }: NodeProps<AgentFlowNode>) => (
  <div className={[styles.node, styles[data.status], selected ? styles.selected : ''].join(' ')} data-kind={data.kind} data-status={data.status}>
    <Handle type="target" position={Position.Left} className={styles.handle} />
    <NodeIcon kind={data.kind} className={styles.icon} />
    <span className={styles.label}>{data.label}</span>
    <StatusDot status={data.status} />
    <Handle type="source" position={Position.Right} className={styles.handle} />
  </div>
))
AgentNode.displayName = 'AgentNode'
