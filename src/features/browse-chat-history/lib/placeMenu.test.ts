import { placeMenu, type Box } from './placeMenu'

/** A phone's window, 390 wide, as the bounds. */
const PHONE: Box = { left: 0, top: 0, right: 390, bottom: 844 }
const MENU = { width: 192, height: 200 }
const button = (left: number, top = 300): Box => ({ left, right: left + 90, top, bottom: top + 36 })

describe('placeMenu', () => {
  it('aligns the menu with its button’s right edge when it fits there', () => {
    expect(placeMenu(button(280), MENU, PHONE)).toEqual({ left: 370 - 192, above: false })
  })

  it('moves the menu right when aligning it with a button at the left edge would start it off screen', () => {
    // The button at the left of a phone's history card: its right edge is at 126, the menu 192 wide.
    const placement = placeMenu(button(36), MENU, PHONE)
    expect(placement).toEqual({ left: 8, above: false })
    expect(placement.left + MENU.width).toBeLessThanOrEqual(390 - 8)
  })

  it('keeps the menu inside a clipping panel narrower than the window', () => {
    const panel: Box = { left: 40, top: 0, right: 350, bottom: 844 }
    expect(placeMenu(button(50), MENU, panel).left).toBe(48)
    expect(placeMenu(button(300), MENU, panel).left).toBe(350 - 8 - 192)
  })

  it('narrows the menu to the space there is when that is narrower than the menu', () => {
    expect(placeMenu(button(20), MENU, { left: 0, top: 0, right: 160, bottom: 844 })).toEqual({ left: 8, maxWidth: 144, above: false })
  })

  it('opens upwards when the menu does not fit below its button but does above', () => {
    expect(placeMenu(button(280, 700), MENU, PHONE).above).toBe(true)
    expect(placeMenu(button(280, 100), MENU, PHONE).above).toBe(false)
  })

  it('opens downwards when it fits on neither side: what a panel hides below can be scrolled to, above its start not', () => {
    // A history panel from 160 to 500 with the button at 358..394: 106 below, 198 above, the menu 200 high.
    expect(placeMenu(button(1020, 358), MENU, { left: 128, top: 160, right: 1152, bottom: 500 }).above).toBe(false)
    expect(placeMenu(button(280, 100), MENU, { ...PHONE, bottom: 300 }).above).toBe(false)
  })
})
