import { useId, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { dialogKeys } from '@/shared/lib/hooks'
import styles from './Modal.module.scss'


interface ModalProps {
  /** The dialog's heading, which names it. */
  title: string
  /** The id of the element that describes it. */
  describedBy?: string
  /** The id of what takes the focus when it opens; the close button when none. */
  initialFocus?: string
  onClose: () => void
  children: ReactNode
}

/**
 * A modal dialog over the page: named by its heading, closed by Escape or its close button, the
 * focus kept inside while it is open. Whoever opened it puts the focus back when it closes. A
 * click beside it does not close it: that would lose what was typed in its form.
 */
export const Modal = ({ title, describedBy, initialFocus, onClose, children }: ModalProps) => {
  const dialog = useRef<HTMLDivElement>(null)
  const close = useRef<HTMLButtonElement>(null)
  const titleId = `${useId()}-title`

  // In the commit that shows it: the dialog is never on screen with the focus still outside.
  useLayoutEffect(() => {
    const first = initialFocus ? document.getElementById(initialFocus) : null
    ;(first ?? close.current)?.focus()
    // Only when it opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const onKeyDown = (event: KeyboardEvent) => dialogKeys(event, dialog.current, onClose)


  return createPortal(
    <div className={styles.backdrop}>
      <div ref={dialog} className={styles.dialog} role="dialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={describedBy} onKeyDown={onKeyDown}>
        <div className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button ref={close} type="button" className={styles.close} onClick={onClose} aria-label="Close">
            <span aria-hidden="true">×</span>
          </button>
        </div>
        {children}
      </div>
    </div>,
    document.body,
  )
}
