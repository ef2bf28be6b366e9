import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import styles from './Toast.module.scss'

export type ToastType = 'success' | 'error' | 'info'

/** How long a toast stays, in ms, unless told otherwise (spec section 9). */
export const TOAST_DURATION = 5000

interface ToastProps {
  message: string
  type?: ToastType
  /** Milliseconds before it hides itself; the timer waits while the pointer or focus is on it. */
  duration?: number
  /** Called when it hides itself or the close button is pressed. */
  onClose: () => void
  /** A button beside the message (Undo); `focus` moves the focus to it when the toast appears. */
  action?: { label: string; onClick: () => void; focus?: boolean }
}

const ICONS: Record<ToastType, string> = { success: '✓', error: '!', info: 'i' }

/**
 * A short notice in the corner of the screen. Screen readers announce it (errors at once,
 * others politely); it hides after `duration` or when closed, and Escape closes it too.
 * Render it with a new `key` for each notice so the timer and the announcement start afresh.
 */
export const Toast = ({ message, type = 'info', duration = TOAST_DURATION, onClose, action }: ToastProps) => {
  const [paused, setPaused] = useState(false)
  const actionButton = useRef<HTMLButtonElement>(null)
  const focusAction = action?.focus === true
  useEffect(() => {
    if (focusAction) actionButton.current?.focus()
  }, [focusAction])
  const close = useRef(onClose)
  useEffect(() => {
    close.current = onClose
  }, [onClose])

  useEffect(() => {
    if (paused) return
    const timer = window.setTimeout(() => close.current(), duration)
    return () => window.clearTimeout(timer)
  }, [duration, paused])

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') onClose()
  }

  return (
    <div className={styles.viewport}>
      <div
        className={`${styles.toast} ${styles[type]}`}
        data-type={type}
        onMouseEnter={() => setPaused(true)}
        onMouseLeave={() => setPaused(false)}
        onFocus={() => setPaused(true)}
        onBlur={() => setPaused(false)}
        onKeyDown={onKeyDown}
      >
        <span className={styles.icon} aria-hidden="true">
          {ICONS[type]}
        </span>
        <p
          className={styles.message}
          role={type === 'error' ? 'alert' : 'status'}
          aria-live={type === 'error' ? 'assertive' : 'polite'}
          aria-atomic="true"
        >
          {message}
        </p>
        {action && (
          <button ref={actionButton} type="button" className={styles.action} onClick={action.onClick}>
            {action.label}
          </button>
        )}
        <button type="button" className={styles.close} aria-label="Close notification" onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
    </div>
  )
}
