import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react'
import { placeMenu, visibleBounds } from '../lib/placeMenu'
import styles from './HistoryPanel.module.scss'

/** The inline properties the placement sets, cleared before each measure of the menu's own size. */
const PLACED = ['left', 'right', 'max-width', 'min-width'] as const

export type MenuAction = { label: string; onSelect: () => void } | { label: string; href: string; download: true }

interface ConversationMenuProps {
  /** The button's accessible name (its visible text is 'Actions'). */
  label: string
  actions: readonly MenuAction[]
  disabled?: boolean
  /** The menu's button, for the focus to come back to. */
  buttonRef?: RefObject<HTMLButtonElement | null>
}

/**
 * A menu button (WAI-ARIA menu button pattern): Enter, Space or the arrow keys open the menu on
 * its first (or last) item; the arrow keys, Home and End move through it; Escape closes it and
 * returns to the button; Tab or a click elsewhere closes it. The opened menu is placed where all
 * of it can be seen (placeMenu): on a phone the button may sit at the left edge, where a menu
 * aligned to its right edge would start off screen.
 */
export const ConversationMenu = ({ label, actions, disabled = false, buttonRef }: ConversationMenuProps) => {
  const [open, setOpen] = useState(false)
  const [focusAt, setFocusAt] = useState<number | null>(null)
  const items = useRef<(HTMLElement | null)[]>([])
  const root = useRef<HTMLDivElement>(null)
  const menu = useRef<HTMLUListElement>(null)
  const ownButton = useRef<HTMLButtonElement | null>(null)
  const button = buttonRef ?? ownButton
  const id = useId()

  useEffect(() => {
    if (open && focusAt !== null) items.current[focusAt]?.focus()
  }, [open, focusAt])

  // Before the menu is painted, and again when the window changes size.
  useLayoutEffect(() => {
    const list = menu.current
    const anchor = root.current
    if (!open || !list || !anchor) return
    const place = () => {
      for (const property of PLACED) list.style.removeProperty(property)
      const bounds = visibleBounds(list)
      // Nothing laid out (no window to fit in): the stylesheet's placement stands.
      if (bounds.right <= bounds.left) return
      const own = list.getBoundingClientRect()
      const box = anchor.getBoundingClientRect()
      const placement = placeMenu(box, { width: own.width, height: own.height }, bounds)
      list.style.left = `${placement.left - box.left}px`
      list.style.right = 'auto'
      if (placement.maxWidth !== undefined) {
        list.style.maxWidth = `${placement.maxWidth}px`
        list.style.minWidth = '0'
      }
      if (styles.menuAbove) list.classList.toggle(styles.menuAbove, placement.above)
    }
    place()
    window.addEventListener('resize', place)
    return () => window.removeEventListener('resize', place)
  }, [open])

  useEffect(() => {
    if (!open) return
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open])

  const show = (index: number) => {
    setOpen(true)
    setFocusAt(index)
  }

  const close = (refocus: boolean) => {
    setOpen(false)
    setFocusAt(null)
    if (refocus) button.current?.focus()
  }

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault()
      show(0)
    } else if (event.key === 'ArrowUp') {
      event.preventDefault()
      show(actions.length - 1)
    }
  }

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const current = items.current.findIndex((item) => item === document.activeElement)
    const last = actions.length - 1
    const move = (index: number) => {
      event.preventDefault()
      setFocusAt(index)
      items.current[index]?.focus()
    }
    if (event.key === 'ArrowDown') move(current >= last ? 0 : current + 1)
    else if (event.key === 'ArrowUp') move(current <= 0 ? last : current - 1)
    else if (event.key === 'Home') move(0)
    else if (event.key === 'End') move(last)
    else if (event.key === 'Escape') {
      event.preventDefault()
      close(true)
    } else if (event.key === 'Tab') close(false)
    else if (event.key === ' ' && current >= 0) {
      // Space activates a link item too, as it does a button.
      event.preventDefault()
      items.current[current]?.click()
    }
  }

  return (
    <div className={styles.menuRoot} ref={root}>
      <button
        ref={button}
        id={`${id}-button`}
        type="button"
        className={styles.menuButton}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        disabled={disabled}
        onClick={() => (open ? close(false) : show(0))}
        onKeyDown={onButtonKeyDown}
      >
        Actions <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <ul ref={menu} id={`${id}-menu`} role="menu" aria-labelledby={`${id}-button`} className={styles.menu} onKeyDown={onMenuKeyDown}>
          {actions.map((action, index) => (
            <li key={action.label} role="none">
              {'href' in action ? (
                <a
                  ref={(element) => {
                    items.current[index] = element
                  }}
                  role="menuitem"
                  tabIndex={-1}
                  className={styles.menuItem}
                  href={action.href}
                  download
                  onClick={() => close(true)}
                >
                  {action.label}
                </a>
              ) : (
                <button
                  ref={(element) => {
                    items.current[index] = element
                  }}
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  className={styles.menuItem}
                  onClick={() => {
                    close(false)
                    action.onSelect()
                  }}
                >
                  {action.label}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
