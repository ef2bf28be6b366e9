import { freeSpot, spotInContainer } from './freeSpot'

const node = { width: 120, height: 80 }

describe('freeSpot', () => {
  it('takes the spot asked for when nothing is there', () => {
    expect(freeSpot([], node, { x: 24, y: 24 })).toEqual({ x: 24, y: 24 })
  })

  it('moves along the row, then to the next row, past the nodes already there', () => {
    const occupied = [
      { x: 24, y: 24, ...node },
      { x: 164, y: 24, ...node },
    ]
    expect(freeSpot(occupied, node, { x: 24, y: 24 })).toEqual({ x: 304, y: 24 })
    const fullRow = Array.from({ length: 15 }, (_, column) => ({ x: 24 + column * 140, y: 24, ...node }))
    expect(freeSpot(fullRow, node, { x: 24, y: 24 })).toEqual({ x: 24, y: 124 })
  })

  it('keeps the spot within the canvas (0..2000)', () => {
    expect(freeSpot([], node, { x: -500, y: 5000 })).toEqual({ x: 0, y: 2000 })
  })
})

describe('spotInContainer', () => {
  it('places children below the title and never outside the container', () => {
    const container = { width: 200, height: 150 }
    expect(spotInContainer(container, node, 0)).toEqual({ x: 12, y: 32 })
    for (let index = 0; index < 12; index += 1) {
      const { x, y } = spotInContainer(container, node, index)
      expect(x + node.width).toBeLessThanOrEqual(container.width)
      expect(y + node.height).toBeLessThanOrEqual(container.height)
    }
  })
})
