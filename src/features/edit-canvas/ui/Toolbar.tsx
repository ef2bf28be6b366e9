import { useRef, type ChangeEvent } from 'react'
import { useAppSelector } from '@/shared/lib/store'
import { CANVAS_LIMITS, selectCanvas } from '@/entities/canvas'
import type { CanvasCommands } from '../model/useCanvasCommands'
import styles from './CanvasEditor.module.scss'

const selectToolbarState = (state: RootState) => {
  const canvas = selectCanvas(state)
  return {
    canUndo: canvas.past.length > 0,
    canRedo: canvas.future.length > 0,
    hasSelection: canvas.selection !== null,
    zoom: canvas.viewport.zoom,
  }
}

/** Every keyboard action as a button too, with the key in its tooltip. */
export const Toolbar = ({ commands }: { commands: CanvasCommands }) => {
  const canUndo = useAppSelector((state) => selectToolbarState(state).canUndo)
  const canRedo = useAppSelector((state) => selectToolbarState(state).canRedo)
  const hasSelection = useAppSelector((state) => selectToolbarState(state).hasSelection)
  const zoom = useAppSelector((state) => selectToolbarState(state).zoom)
  const fileInput = useRef<HTMLInputElement>(null)

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    // Cleared so that choosing the same file again imports it again.
    event.target.value = ''
    if (file) void commands.importFile(file)
  }

  return (
    <div className={styles.toolbar} role="group" aria-label="Canvas actions">
      <div className={styles.toolGroup}>
        <button type="button" onClick={commands.save} title="Save (Ctrl+S)" aria-keyshortcuts="Control+S">
          Save
        </button>
        <button type="button" onClick={commands.load} title="Load the saved canvas (Ctrl+O)" aria-keyshortcuts="Control+O">
          Load
        </button>
      </div>
      <div className={styles.toolGroup}>
        <button type="button" onClick={commands.undo} disabled={!canUndo} title="Undo (Ctrl+Z)" aria-keyshortcuts="Control+Z">
          Undo
        </button>
        <button type="button" onClick={commands.redo} disabled={!canRedo} title="Redo (Ctrl+Shift+Z)" aria-keyshortcuts="Control+Shift+Z">
          Redo
        </button>
        <button type="button" onClick={commands.deleteSelection} disabled={!hasSelection} title="Delete the selection (Delete)" aria-keyshortcuts="Delete">
          Delete
        </button>
      </div>
      <div className={styles.toolGroup}>
        <button type="button" onClick={commands.zoomOut} disabled={zoom <= CANVAS_LIMITS.zoom.min} title="Zoom out by 10%">
          Zoom out
        </button>
        <output className={styles.zoom} aria-label="Zoom level">
          {Math.round(zoom * 100)}%
        </output>
        <button type="button" onClick={commands.zoomIn} disabled={zoom >= CANVAS_LIMITS.zoom.max} title="Zoom in by 10%">
          Zoom in
        </button>
        <button type="button" onClick={commands.fitView} title="Fit the whole diagram in view">
          Fit to view
        </button>
      </div>
      <div className={styles.toolGroup}>
        <button type="button" onClick={commands.exportFile} title="Download the canvas as a JSON file">
          Export
        </button>
        <button type="button" onClick={() => fileInput.current?.click()} title="Import a canvas from a JSON file (at most 2 MB)">
          Import
        </button>
        <input
          ref={fileInput}
          type="file"
          accept=".json,application/json"
          className="visually-hidden"
          aria-label="Canvas file to import"
          tabIndex={-1}
          onChange={onFile}
        />
      </div>
    </div>
  )
}
