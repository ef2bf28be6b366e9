import { useCallback, useEffect, useRef } from 'react'
import { ReactFlowProvider } from '@xyflow/react'
import { useAppDispatch } from '@/shared/lib/store'
import { restoreCanvas, type CanvasOpening } from '@/entities/canvas'
import { useFocusFallback } from '../lib/useFocusFallback'
import { useCanvasCommands } from '../model/useCanvasCommands'
import { ARROW_STEP, useCanvasShortcuts } from '../model/useCanvasShortcuts'
import { CanvasFlow } from './CanvasFlow'
import { Legend } from './Legend'
import { Palette } from './Palette'
import { SidePanel } from './SidePanel'
import { Toolbar } from './Toolbar'
import styles from './CanvasEditor.module.scss'

const openedDate = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })

/** What the editor says about the canvas it opened with, if anything. */
const openingText = (opening: CanvasOpening): { text: string; tone: 'info' | 'error' } | null => {
  switch (opening.kind) {
    case 'saved':
      return { text: `Opened the canvas saved on ${openedDate(opening.savedAt)}`, tone: 'info' }
    case 'unsaved':
      return {
        text: opening.savedAt
          ? `Opened the canvas as you left it, with changes not saved since ${openedDate(opening.savedAt)}`
          : 'Opened the canvas as you left it (not saved yet)',
        tone: 'info',
      }
    case 'unreadable':
      return { text: opening.problem, tone: 'error' }
    case 'none':
      return null
  }
}

const Editor = () => {
  const dispatch = useAppDispatch()
  const commands = useCanvasCommands()
  const { tell } = commands
  // The stored canvas opens with the editor (once a page): this tab's working copy, else the last
  // saved canvas; the editor says which.
  useEffect(() => {
    void dispatch(restoreCanvas()).then((opening) => {
      const said = openingText(opening)
      if (said) tell(said.text, said.tone)
    })
  }, [dispatch, tell])
  const root = useRef<HTMLDivElement>(null)
  const pane = useRef<HTMLDivElement | null>(null)
  // A delete, an undo or a load can take the focused element (a node, the panel's fields) with it,
  // and Undo or Delete can be disabled under the focus: the diagram then takes the focus, so that
  // the keyboard stays in the editor.
  useFocusFallback(root, pane)
  const onKeyDownCapture = useCanvasShortcuts(commands)
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
          <SidePanel />
          <Legend />
        </div>
      </div>
    </div>
  )
}

/**
 * The architecture canvas editor: palette, React Flow diagram, side panel, layer legend
 * and toolbar over the canvas slice. Every edit is a named `canvas/…` action.
 */
export const CanvasEditor = () => (
  <ReactFlowProvider>
    <Editor />
  </ReactFlowProvider>
)
