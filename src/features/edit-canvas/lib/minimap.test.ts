import { MINIMAP_PADDING, fitMinimap, toMinimap, visibleFlow } from './minimap'

describe('visibleFlow', () => {
  it('is the pane at zoom 1 and no pan', () => {
    expect(visibleFlow({ x: 0, y: 0, zoom: 1 }, 800, 600)).toEqual({ x: 0, y: 0, width: 800, height: 600 })
  })

  it('undoes the pan and the zoom: panned right by 100 at zoom 0.5 shows the flow from -200', () => {
    expect(visibleFlow({ x: 100, y: -50, zoom: 0.5 }, 800, 600)).toEqual({ x: -200, y: 100, width: 1600, height: 1200 })
  })
})

describe('fitMinimap', () => {
  const view = { x: 0, y: 0, width: 400, height: 300 }

  it('fits the nodes and the view within the padding, the same scale on both axes', () => {
    const nodes = [
      { x: 0, y: 0, width: 120, height: 80 },
      { x: 1880, y: 1420, width: 120, height: 80 },
    ]
    const frame = fitMinimap(nodes, view, 200, 150)
    // 2000 x 1500 into 188 x 138: the height decides.
    expect(frame.scale).toBeCloseTo(138 / 1500)
    const far = toMinimap(frame, nodes[1] ?? view)
    expect(far.y + far.height).toBeCloseTo(150 - MINIMAP_PADDING)
    const near = toMinimap(frame, nodes[0] ?? view)
    expect(near.y).toBeCloseTo(MINIMAP_PADDING)
    // Centred across: the same room left and right.
    expect(near.x).toBeCloseTo(200 - (far.x + far.width))
  })

  it('includes the view when it reaches beyond the nodes', () => {
    const frame = fitMinimap([{ x: 100, y: 100, width: 120, height: 80 }], { x: -1000, y: -500, width: 1600, height: 1200 }, 200, 150)
    const shown = toMinimap(frame, { x: -1000, y: -500, width: 1600, height: 1200 })
    expect(shown.x).toBeGreaterThanOrEqual(MINIMAP_PADDING - 1e-9)
    expect(shown.x + shown.width).toBeLessThanOrEqual(200 - MINIMAP_PADDING + 1e-9)
    expect(shown.y).toBeCloseTo(MINIMAP_PADDING)
  })

  it('shows the view alone on an empty canvas, and a zero-size pane does not divide by zero', () => {
    const empty = fitMinimap([], view, 200, 150)
    expect(Number.isFinite(empty.scale)).toBe(true)
    // 400 x 300 into 188 x 138: the height decides.
    expect(toMinimap(empty, view)).toEqual({ x: 8, y: MINIMAP_PADDING, width: 184, height: 138 })
    const flat = fitMinimap([], { x: 0, y: 0, width: 0, height: 0 }, 200, 150)
    expect([flat.scale, flat.originX, flat.originY].every(Number.isFinite)).toBe(true)
  })
})
