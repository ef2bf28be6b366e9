import { useId, useMemo, useState } from 'react'
import { useAppDispatch, useAppSelector } from '@/shared/lib/store'
import {
  CANVAS_LIMITS,
  CONTAINER_TYPES,
  CONTAINER_TYPE_INFO,
  LAYER_IDS,
  LAYERS,
  NODE_STATUSES,
  connectionAdded,
  connectionUpdated,
  isContainerType,
  isLayerId,
  isNodeStatus,
  nodeResized,
  nodeUpdated,
  selectCanvas,
  selectionDeleted,
  type CanvasConnection,
  type CanvasNode,
  type LayerId,
} from '@/entities/canvas'
import { nodeLabel, nodeSize, selectNodeChoices, selectSelected } from '../model/flowElements'
import styles from './CanvasEditor.module.scss'

const STATUS_LABELS = { active: 'Active', inactive: 'Inactive', error: 'Error' } as const

const formatTime = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'medium' })

/**
 * A text kept in the slice when its field loses focus (one undo step per edit, not per key). Keyed
 * by the selected item, so choosing another one starts from its own text.
 */
const DraftText = ({ label, value, onCommit }: { label: string; value: string; onCommit: (text: string) => void }) => {
  const id = useId()
  const [draft, setDraft] = useState(value)
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        value={draft}
        maxLength={CANVAS_LIMITS.text}
        rows={4}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={() => {
          if (draft !== value) onCommit(draft)
        }}
      />
    </div>
  )
}

const selectNodes = (state: RootState) => selectCanvas(state).nodes

/**
 * A whole number of pixels, kept when the field loses focus or on Enter; the slice clamps it and
 * the field then shows what was kept. Escape or an empty field goes back to the current value.
 */
const PixelField = ({ label, value, min, max, onCommit }: { label: string; value: number; min: number; max: number; onCommit: (pixels: number) => void }) => {
  const id = useId()
  const [draft, setDraft] = useState<string | null>(null)
  const commit = () => {
    if (draft === null) return
    const pixels = Number(draft)
    if (draft.trim() !== '' && Number.isFinite(pixels) && pixels !== value) onCommit(pixels)
    setDraft(null)
  }
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={10}
        value={draft ?? String(value)}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit()
          if (event.key === 'Escape') setDraft(null)
        }}
      />
    </div>
  )
}

/** A container's width and height: the keyboard's way to do what its resize handles do. */
const ContainerSize = ({ node }: { node: CanvasNode }) => {
  const dispatch = useAppDispatch()
  const size = nodeSize(node)
  const { containerMinSize: min, containerMaxSize: max } = CANVAS_LIMITS
  const hintId = useId()
  return (
    <fieldset className={styles.size} aria-describedby={hintId}>
      <legend>Size (px)</legend>
      <PixelField label="Width" value={size.width} min={min.width} max={max.width} onCommit={(width) => dispatch(nodeResized({ id: node.id, size: { ...size, width } }))} />
      <PixelField label="Height" value={size.height} min={min.height} max={max.height} onCommit={(height) => dispatch(nodeResized({ id: node.id, size: { ...size, height } }))} />
      <p id={hintId} className={styles.hint}>
        From {min.width} x {min.height} to {max.width} x {max.height}, never smaller than what it holds. Selected, it can also be resized by dragging its edges.
      </p>
    </fieldset>
  )
}

const NodePanel = ({ node }: { node: CanvasNode }) => {
  const dispatch = useAppDispatch()
  const choices = useAppSelector(selectNodeChoices)
  const parentLabel = useAppSelector((state) => {
    const parent = node.parentId ? selectNodes(state).find((candidate) => candidate.id === node.parentId) : undefined
    return parent ? nodeLabel(parent) : null
  })
  const ids = { status: useId(), container: useId(), connect: useId(), layer: useId() }
  const others = useMemo(() => choices.filter((choice) => choice.id !== node.id), [choices, node.id])
  // The same elements while the node is dragged: a canvas of 500 nodes has 499 options.
  const options = useMemo(
    () =>
      others.map((other) => (
        <option key={other.id} value={other.id}>
          {other.name}
        </option>
      )),
    [others],
  )
  const [target, setTarget] = useState('')
  const [layer, setLayer] = useState<LayerId>('dataflow')
  const targetId = others.some((other) => other.id === target) ? target : (others[0]?.id ?? '')
  const label = nodeLabel(node)

  return (
    <>
      <h3 className={styles.sideTitle}>
        {label}
        {node.isContainer ? ' container' : ' node'}
      </h3>
      <dl className={styles.facts}>
        <dt>Position</dt>
        <dd data-testid="node-position">
          {node.position.x}, {node.position.y}
          {parentLabel ? ` in ${parentLabel}` : ''}
        </dd>
        {node.isContainer && (
          <>
            <dt>Holds</dt>
            <dd>{node.children.length === 1 ? '1 node' : `${node.children.length} nodes`}</dd>
          </>
        )}
        <dt>Last modified</dt>
        <dd>
          <time dateTime={node.metadata.lastModified}>{formatTime(node.metadata.lastModified)}</time>
        </dd>
      </dl>
      <div className={styles.field}>
        <label htmlFor={ids.status}>Status</label>
        <select
          id={ids.status}
          value={node.metadata.status}
          onChange={(event) => {
            if (isNodeStatus(event.target.value)) dispatch(nodeUpdated(node.id, { status: event.target.value }))
          }}
        >
          {NODE_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </div>
      {node.isContainer && <ContainerSize node={node} />}
      {node.isContainer && (
        <div className={styles.field}>
          <label htmlFor={ids.container}>Container type</label>
          <select
            id={ids.container}
            value={node.metadata.containerType ?? node.type}
            onChange={(event) => {
              if (isContainerType(event.target.value)) dispatch(nodeUpdated(node.id, { containerType: event.target.value }))
            }}
          >
            {CONTAINER_TYPES.map((kind) => (
              <option key={kind} value={kind}>
                {CONTAINER_TYPE_INFO[kind].label} ({CONTAINER_TYPE_INFO[kind].shape})
              </option>
            ))}
          </select>
        </div>
      )}
      <DraftText key={node.id} label="Notes" value={node.metadata.notes} onCommit={(notes) => dispatch(nodeUpdated(node.id, { notes }))} />
      {others.length > 0 && (
        <fieldset className={styles.connect}>
          <legend>New connection</legend>
          <div className={styles.field}>
            <label htmlFor={ids.connect}>Connect to</label>
            <select id={ids.connect} value={targetId} onChange={(event) => setTarget(event.target.value)}>
              {options}
            </select>
          </div>
          <div className={styles.field}>
            <label htmlFor={ids.layer}>Layer</label>
            <select id={ids.layer} value={layer} onChange={(event) => isLayerId(event.target.value) && setLayer(event.target.value)}>
              {LAYER_IDS.map((id) => (
                <option key={id} value={id}>
                  {LAYERS[id].name}
                </option>
              ))}
            </select>
          </div>
          <button type="button" onClick={() => targetId && dispatch(connectionAdded({ from: node.id, to: targetId, layer }))}>
            Connect
          </button>
        </fieldset>
      )}
      <button
        type="button"
        className={styles.danger}
        onClick={() => dispatch(selectionDeleted())}
      >
        Delete {node.isContainer ? 'container' : 'node'}
      </button>
    </>
  )
}

const ConnectionPanel = ({ connection }: { connection: CanvasConnection }) => {
  const dispatch = useAppDispatch()
  const nodes = useAppSelector(selectNodes)
  const layerId = useId()
  const labelOf = (id: string) => {
    const node = nodes.find((candidate) => candidate.id === id)
    return node ? nodeLabel(node) : 'a removed node'
  }
  return (
    <>
      <h3 className={styles.sideTitle}>Connection</h3>
      <p className={styles.facts}>
        From {labelOf(connection.from)} to {labelOf(connection.to)}
      </p>
      <div className={styles.field}>
        <label htmlFor={layerId}>Layer</label>
        <select
          id={layerId}
          value={connection.layer}
          onChange={(event) => {
            if (isLayerId(event.target.value)) dispatch(connectionUpdated({ id: connection.id, changes: { layer: event.target.value } }))
          }}
        >
          {LAYER_IDS.map((id) => (
            <option key={id} value={id}>
              {LAYERS[id].name} ({LAYERS[id].lineStyle})
            </option>
          ))}
        </select>
      </div>
      <DraftText
        key={connection.id}
        label="Description"
        value={connection.metadata.description}
        onCommit={(description) => dispatch(connectionUpdated({ id: connection.id, changes: { description } }))}
      />
      <button
        type="button"
        className={styles.danger}
        onClick={() => dispatch(selectionDeleted())}
      >
        Delete connection
      </button>
    </>
  )
}

/** What the selected node or connection is, and its editable fields. */
export const SidePanel = () => {
  const selected = useAppSelector(selectSelected)
  return (
    <section className={styles.panel} aria-label="Selection">
      {!selected && (
        <>
          <h3 className={styles.sideTitle}>Nothing selected</h3>
          <p className={styles.hint}>Select a node or a connection to edit it.</p>
        </>
      )}
      {selected?.kind === 'node' && <NodePanel key={selected.node.id} node={selected.node} />}
      {selected?.kind === 'connection' && <ConnectionPanel key={selected.connection.id} connection={selected.connection} />}
    </section>
  )
}
