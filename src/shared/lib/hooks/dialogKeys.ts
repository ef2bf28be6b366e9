import type { KeyboardEvent } from 'react'

/** What can take the focus inside a dialog (disabled controls cannot). */
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/**
 * A modal dialog's keys: Escape closes it (and goes no further); Tab and Shift+Tab go round its own
 * controls, so the focus never leaves it while it is open.
 */
export const dialogKeys = (event: KeyboardEvent, dialog: HTMLElement | null, onClose: () => void): void => {
  if (event.key === 'Escape') {
    event.stopPropagation()
    onClose()
    return
  }
  if (event.key !== 'Tab' || !dialog) return
  const focusable = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE))
  const first = focusable[0]
  const last = focusable.at(-1)
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault()
    last?.focus()
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault()
    first?.focus()
  }
}
