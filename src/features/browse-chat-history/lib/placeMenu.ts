/** A box in the window's coordinates (as `getBoundingClientRect` gives it). */
export interface Box {
  left: number
  right: number
  top: number
  bottom: number
}

export interface MenuPlacement {
  /** The menu's left edge, in the window's coordinates. */
  left: number
  /** Set when the menu has to be narrower than it would be, to fit the space. */
  maxWidth?: number
  /** Opens upwards from its button: too little room below, enough above. */
  above: boolean
}

/** Space kept between the menu and the edge of what can be seen. */
export const MENU_MARGIN = 8

/**
 * Where a drop-down menu goes so that the whole of it can be seen: under its button, right edges
 * aligned, as far as `bounds` (the window and whatever clips the menu) allow; moved right when
 * that would start it left of the bounds, narrowed when it is wider than they are, and opened
 * upwards when it does not fit below the button but does above. When it fits on neither side it
 * opens downwards: what a scrolling panel hides below can be scrolled to, what it hides above its
 * start cannot.
 */
export const placeMenu = (anchor: Box, menu: { width: number; height: number }, bounds: Box, margin = MENU_MARGIN): MenuPlacement => {
  const room = Math.max(0, bounds.right - bounds.left - 2 * margin)
  const width = Math.min(menu.width, room)
  const start = bounds.left + margin
  const left = Math.max(start, Math.min(anchor.right - width, bounds.right - margin - width))
  const below = bounds.bottom - anchor.bottom
  const above = anchor.top - bounds.top
  return {
    left,
    ...(menu.width > room ? { maxWidth: room } : {}),
    above: menu.height + margin > below && menu.height + margin <= above,
  }
}

/**
 * The part of the window that `element`'s content can be seen in: the window, cut by every
 * ancestor that clips what overflows it (a scrolling panel, a card with hidden overflow).
 */
export const visibleBounds = (element: Element): Box => {
  const root = document.documentElement
  const bounds: Box = { left: 0, top: 0, right: root.clientWidth, bottom: root.clientHeight }
  for (let parent = element.parentElement; parent && parent !== document.body && parent !== root; parent = parent.parentElement) {
    const { overflowX, overflowY } = getComputedStyle(parent)
    if (overflowX === 'visible' && overflowY === 'visible') continue
    const box = parent.getBoundingClientRect()
    const left = box.left + parent.clientLeft
    const top = box.top + parent.clientTop
    if (overflowX !== 'visible') {
      bounds.left = Math.max(bounds.left, left)
      bounds.right = Math.min(bounds.right, left + parent.clientWidth)
    }
    if (overflowY !== 'visible') {
      bounds.top = Math.max(bounds.top, top)
      bounds.bottom = Math.min(bounds.bottom, top + parent.clientHeight)
    }
  }
  return bounds
}
