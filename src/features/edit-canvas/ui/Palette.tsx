import type { DragEvent } from 'react'
import { CONTAINER_TYPES, CONTAINER_TYPE_INFO, NODE_TYPES, NODE_TYPE_INFO, type CanvasNodeKind } from '@/entities/canvas'
import { PALETTE_DRAG_TYPE } from './CanvasFlow'
import { NodeIcon } from './NodeIcon'
import styles from './CanvasEditor.module.scss'

const startDrag = (kind: CanvasNodeKind) => (event: DragEvent<HTMLButtonElement>) => {
  event.dataTransfer.setData(PALETTE_DRAG_TYPE, kind)
  event.dataTransfer.effectAllowed = 'copy'
}

/**
 * The thirteen node types and three containers: a click (or Enter) adds one at a free spot in view,
 * inside the selected container for a plain node; dragging one onto the canvas drops it there.
 */
export const Palette = ({ onAdd }: { onAdd: (kind: CanvasNodeKind) => void }) => (
  <nav className={styles.palette} aria-labelledby="canvas-palette-title">
    <h3 id="canvas-palette-title" className={styles.sideTitle}>
      Add a node
    </h3>
    <p className={styles.hint}>With a container selected, a node goes inside it.</p>
    <ul className={styles.paletteList} aria-label="Node types">
      {NODE_TYPES.map((kind) => (
        <li key={kind}>
          <button type="button" className={styles.paletteItem} draggable onDragStart={startDrag(kind)} onClick={() => onAdd(kind)} title={NODE_TYPE_INFO[kind].description}>
            <NodeIcon kind={kind} size={18} />
            {NODE_TYPE_INFO[kind].label}
          </button>
        </li>
      ))}
    </ul>
    <h3 className={styles.sideTitle} id="canvas-containers-title">
      Containers
    </h3>
    <ul className={styles.paletteList} aria-labelledby="canvas-containers-title">
      {CONTAINER_TYPES.map((kind) => (
        <li key={kind}>
          <button type="button" className={styles.paletteItem} draggable onDragStart={startDrag(kind)} onClick={() => onAdd(kind)} title={`Holds nodes, drawn as a ${CONTAINER_TYPE_INFO[kind].shape}`}>
            <NodeIcon kind={kind} size={18} />
            {CONTAINER_TYPE_INFO[kind].label}
          </button>
        </li>
      ))}
    </ul>
  </nav>
)
