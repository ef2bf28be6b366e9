import { useLayoutEffect, type RefObject } from 'react'

/**
 * Sizes a textarea to its text whenever `value` (its controlled text) changes: from its `rows`
 * up to its CSS `max-height`, past which it scrolls inside.
 */
export const useAutoGrow = (ref: RefObject<HTMLTextAreaElement | null>, value: string): void => {
  useLayoutEffect(() => {
    const box = ref.current
    if (!box) return
    // Measured at its natural height (its rows), so that it can shrink again.
    box.style.height = ''
    const content = box.scrollHeight
    // No layout (a test's DOM): nothing to measure.
    if (content === 0) return
    // A border-box height: the content's plus the borders that scrollHeight leaves out.
    box.style.height = `${content + box.offsetHeight - box.clientHeight}px`
  }, [ref, value])
}
