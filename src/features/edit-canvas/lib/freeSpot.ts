import { CANVAS_LIMITS, type Point, type Size } from '@/entities/canvas'

export interface Rect extends Point, Size {}

/** Room left between a new node and its neighbours. */
const GAP = 20

const overlaps = (a: Rect, b: Rect) =>
  a.x < b.x + b.width + GAP && b.x < a.x + a.width + GAP && a.y < b.y + b.height + GAP && b.y < a.y + a.height + GAP

const clampAxis = (value: number) => Math.min(CANVAS_LIMITS.position.max, Math.max(CANVAS_LIMITS.position.min, Math.round(value)))

/**
 * Where a node of `size` goes without covering another one: the first free cell of a grid scanned
 * row by row from `near` (the top left of what is in view), then from the canvas's origin. When
 * the canvas is full, `near` itself.
 */
export const freeSpot = (occupied: readonly Rect[], size: Size, near: Point): Point => {
  const stepX = size.width + GAP
  const stepY = size.height + GAP
  const { max } = CANVAS_LIMITS.position
  const starts = [{ x: clampAxis(near.x), y: clampAxis(near.y) }, { x: 0, y: 0 }]
  for (const start of starts) {
    for (let y = start.y; y <= max; y += stepY) {
      for (let x = start.x; x <= max; x += stepX) {
        const candidate = { x, y, ...size }
        if (!occupied.some((rect) => overlaps(candidate, rect))) return { x, y }
      }
    }
  }
  return starts[0] ?? { x: 0, y: 0 }
}

/**
 * Where the `index`-th node goes inside a container (positions relative to it): down and to the
 * right below the container's title, staying inside it.
 */
export const spotInContainer = (container: Size, size: Size, index: number): Point => {
  const maxX = Math.max(0, container.width - size.width)
  const maxY = Math.max(0, container.height - size.height)
  return { x: Math.min(maxX, 12 + (index % 5) * 14), y: Math.min(maxY, 32 + (index % 5) * 8) }
}
