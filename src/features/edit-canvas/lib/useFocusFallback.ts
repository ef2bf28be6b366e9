import { useEffect, type RefObject } from 'react'

/** The element with the focus is gone from the page, or can no longer hold the focus. */
const unusable = (element: HTMLElement) => !element.isConnected || element.matches(':disabled')

/**
 * Keeps the keyboard inside `container`. When the element that had the focus there goes away (a
 * deleted or undone node, the fields of a selection that was cleared, a canvas loaded over the
 * focused node) or is disabled (Undo once nothing is left to undo), the browser drops the focus on
 * the page body, where the container's keys no longer arrive: `fallback` takes it instead. A focus
 * the person moves elsewhere (Tab, a click outside) is left alone.
 */
export const useFocusFallback = (container: RefObject<HTMLElement | null>, fallback: RefObject<HTMLElement | null>) => {
  useEffect(() => {
    const root = container.current
    if (!root) return
    /** The element inside `root` that has (or last had) the focus. */
    let held: HTMLElement | null = root.contains(document.activeElement) && document.activeElement instanceof HTMLElement ? document.activeElement : null
    const onFocusIn = (event: FocusEvent) => {
      held = event.target instanceof HTMLElement && root.contains(event.target) ? event.target : null
    }
    // A click outside on something that takes no focus leaves it on the body, on purpose.
    const onPointerDown = (event: PointerEvent) => {
      if (!(event.target instanceof Node && root.contains(event.target))) held = null
    }
    const rescue = () => {
      if (!held || !unusable(held)) return
      const active = document.activeElement
      if (active !== null && active !== document.body && active !== held) return
      held = null
      fallback.current?.focus({ preventScroll: true })
    }
    // After React (and React Flow) have changed the page: removals, and buttons that were disabled.
    const observer = new MutationObserver(rescue)
    observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled'] })
    document.addEventListener('focusin', onFocusIn)
    document.addEventListener('pointerdown', onPointerDown, true)
    return () => {
      observer.disconnect()
      document.removeEventListener('focusin', onFocusIn)
      document.removeEventListener('pointerdown', onPointerDown, true)
    }
  }, [container, fallback])
}
