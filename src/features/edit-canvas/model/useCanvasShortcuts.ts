import { useCallback, type KeyboardEvent } from 'react'
import type { CanvasCommands } from './useCanvasCommands'

/** Arrow keys move the selected node this far (Shift: `large`), in canvas pixels. */
export const ARROW_STEP = { small: 10, large: 50 }

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
}

/** Where keys edit text: only save and load apply there. */
const isTextField = (target: EventTarget) => target instanceof HTMLElement && (target.matches('input, textarea') || target.isContentEditable)
/** A dropdown: its arrows choose an option, the other keys are the editor's. */
const isSelect = (target: EventTarget) => target instanceof HTMLSelectElement

/**
 * The editor's keyboard (spec section 4), while focus is inside it: Delete, Escape, Ctrl+S,
 * Ctrl+O, Ctrl+Z, Ctrl+Shift+Z (and Ctrl+Y), arrows (Shift for larger steps). Inside a text
 * field only save and load apply (the other keys edit the text); in a dropdown the arrows are its own. Used in the capture phase so that
 * React Flow's own arrow and Escape handling does not act twice.
 */
export const useCanvasShortcuts = (commands: CanvasCommands) =>
  useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      const command = event.ctrlKey || event.metaKey
      const key = event.key.toLowerCase()
      const handled = () => {
        event.preventDefault()
        event.stopPropagation()
      }
      if (command && !event.altKey && key === 's') {
        handled()
        commands.save()
        return
      }
      if (command && !event.altKey && key === 'o') {
        handled()
        commands.load()
        return
      }
      if (isTextField(event.target) || event.altKey) return
      if (command && (key === 'z' || key === 'y')) {
        handled()
        if (key === 'y' || event.shiftKey) commands.redo()
        else commands.undo()
        return
      }
      if (command) return
      if (event.key === 'Delete') {
        handled()
        commands.deleteSelection()
        return
      }
      if (event.key === 'Escape') {
        handled()
        commands.clearSelection()
        return
      }
      const arrow = ARROWS[event.key]
      if (arrow && !isSelect(event.target)) {
        const step = event.shiftKey ? ARROW_STEP.large : ARROW_STEP.small
        if (commands.moveSelection(arrow[0] * step, arrow[1] * step)) handled()
      }
    },
    [commands],
  )
