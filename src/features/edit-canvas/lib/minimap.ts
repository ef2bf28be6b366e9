/** A rectangle of the flow (its coordinates) or of the minimap (its pixels). */
export interface Rect {
  x: number
  y: number
  width: number
  height: number
}

export interface MinimapFrame {
  /** Minimap pixels per flow unit. */
  scale: number
  /** Where the flow's origin lands in the minimap, in its pixels. */
  originX: number
  originY: number
}

/** Room around the drawing, in minimap pixels. */
export const MINIMAP_PADDING = 6

const union = (rects: Rect[]): Rect | null => {
  if (rects.length === 0) return null
  let left = Infinity
  let top = Infinity
  let right = -Infinity
  let bottom = -Infinity
  for (const rect of rects) {
    left = Math.min(left, rect.x)
    top = Math.min(top, rect.y)
    right = Math.max(right, rect.x + rect.width)
    bottom = Math.max(bottom, rect.y + rect.height)
  }
  return { x: left, y: top, width: right - left, height: bottom - top }
}

/**
 * Fits every node and the part of the flow in view into a minimap of `width` x `height` pixels,
 * centred, the same scale on both axes.
 */
export const fitMinimap = (nodes: Rect[], view: Rect, width: number, height: number): MinimapFrame => {
  const bounds = union([...nodes, view]) ?? view
  const room = { width: Math.max(1, width - MINIMAP_PADDING * 2), height: Math.max(1, height - MINIMAP_PADDING * 2) }
  const scale = Math.min(room.width / Math.max(1, bounds.width), room.height / Math.max(1, bounds.height))
  return {
    scale,
    originX: (width - bounds.width * scale) / 2 - bounds.x * scale,
    originY: (height - bounds.height * scale) / 2 - bounds.y * scale,
  }
}

/** A flow rectangle in minimap pixels. */
export const toMinimap = (frame: MinimapFrame, rect: Rect): Rect => ({
  x: frame.originX + rect.x * frame.scale,
  y: frame.originY + rect.y * frame.scale,
  width: rect.width * frame.scale,
  height: rect.height * frame.scale,
})

/** The part of the flow a pane of `width` x `height` pixels shows at a viewport (x, y, zoom). */
export const visibleFlow = (viewport: { x: number; y: number; zoom: number }, width: number, height: number): Rect => ({
  // 0 - x, not -x: no negative zero for an unpanned view.
  x: (0 - viewport.x) / viewport.zoom,
  y: (0 - viewport.y) / viewport.zoom,
  width: width / viewport.zoom,
  height: height / viewport.zoom,
})
