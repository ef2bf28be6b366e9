import { useCallback, useEffect, useRef } from 'react'
import { ReactFlowProvider } from '@xyflow/react'
import { useAppDispatch } from '@/shared/lib/store'
import { restoreSavedCanvas } from '@/entities/canvas'
import { useCanvasCommands } from '../model/useCanvasCommands'
import { ARROW_STEP, useCanvasShortcuts } from '../model/useCanvasShortcuts'
import { CanvasFlow } from './CanvasFlow'
import { Legend } from './Legend'
import { Palette } from './Palette'
import { SidePanel } from './SidePanel'
import { Toolbar } from './Toolbar'
import styles from './CanvasEditor.module.scss'

const Editor = () => {
  const dispatch = useAppDispatch()
  // The saved canvas is read from local storage when the editor first opens (Ctrl+O loads it).
  useEffect(() => {
    dispatch(restoreSavedCanvas())
  }, [dispatch])
  const commands = useCanvasCommands()
  const root = useRef<HTMLDivElement>(null)
  const pane = useRef<HTMLDivElement | null>(null)
  // A delete can take the focused element (a node, the panel's fields) with it: once the editor
  // has redrawn, the diagram takes the focus back so that the keyboard stays in the editor.
  const refocus = useRef(false)
  const keepFocus = useCallback(() => {
    refocus.current = true
  }, [])
  useEffect(() => {
    if (!refocus.current) return
    refocus.current = false
    if (!root.current?.contains(document.activeElement)) pane.current?.focus()
  })
  const onKeyDownCapture = useCanvasShortcuts(commands, keepFocus)
  const { tell } = commands
  const onConnectionDrawn = useCallback(
    (landed: boolean) =>
      tell(landed ? 'Connection added' : 'No connection: release over the top part of another node that is not connected to this one yet'),
    [tell],
  )
  const { notice } = commands

  return (
    <div ref={root} className={styles.editor} onKeyDownCapture={onKeyDownCapture}>
      <div className={styles.header}>
        <h2 className={styles.title}>Architecture Canvas</h2>
        <Toolbar commands={commands} />
      </div>
      <p id="canvas-editor-help" className={styles.help}>
        Shift-drag from one node to another to connect them. Keys: Delete removes the selection, Escape clears it, arrows move the selected node (
        {ARROW_STEP.small} px, Shift {ARROW_STEP.large} px), Ctrl+S saves, Ctrl+O loads, Ctrl+Z undoes, Ctrl+Shift+Z redoes.
      </p>
      <div className={styles.notices}>
        <p role="status" className={styles.notice} data-testid="canvas-status">
          {notice?.tone === 'info' && <span key={notice.id}>{notice.text}</span>}
        </p>
        <p role="alert" className={styles.error}>
          {notice?.tone === 'error' && <span key={notice.id}>{notice.text}</span>}
        </p>
      </div>
      <div className={styles.body}>
        <Palette onAdd={commands.addNode} />
        <CanvasFlow paneRef={pane} onDropKind={commands.addNode} onConnectionDrawn={onConnectionDrawn} />
        <div className={styles.side}>
          <SidePanel onDeleted={keepFocus} />
          <Legend />
        </div>
      </div>
    </div>
  )
}

/**
 * The architecture canvas editor (issue 8): palette, React Flow diagram, side panel, layer legend
 * and toolbar over the canvas slice. Every edit is a named `canvas/…` action (D12).
 */
export const CanvasEditor = () => (
  <ReactFlowProvider>
    <Editor />
  </ReactFlowProvider>
)
