/**
 * The in-app address a click on a link inside rendered Markdown should go to, or undefined when
 * the browser should handle it (another origin, a new tab, a download, a modifier key).
 */
export const internalTarget = (event: MouseEvent, origin: string): string | undefined => {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
    return undefined
  }
  const anchor = event.target instanceof Element ? event.target.closest('a') : null
  if (!anchor?.hasAttribute('href')) return undefined
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return undefined
  const url = new URL(anchor.href, origin)
  if (url.origin !== origin) return undefined
  return `${url.pathname}${url.search}${url.hash}`
}
