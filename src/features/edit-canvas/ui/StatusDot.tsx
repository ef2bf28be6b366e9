import type { NodeStatus } from '@/entities/canvas'
import styles from './CanvasNodes.module.scss'

/** Green and pulsing when active, red on error, grey when inactive (the node's name says which). */
export const StatusDot = ({ status }: { status: NodeStatus }) => (
  <span className={`${styles.dot} ${styles[`dot-${status}`]}`} data-status={status} aria-hidden="true" />
)
