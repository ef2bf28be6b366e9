import { useRef, useState } from 'react'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useAutoGrow } from './useAutoGrow'

const LINE = 24
const PADDING = 20
const BORDERS = 2

const MessageBox = () => {
  const [text, setText] = useState('')
  const box = useRef<HTMLTextAreaElement>(null)
  useAutoGrow(box, text)
  return (
    <>
      <label htmlFor="message">Your Message</label>
      <textarea id="message" ref={box} rows={2} value={text} onChange={(event) => setText(event.target.value)} />
      <button type="button" onClick={() => setText('')}>
        Send Message
      </button>
    </>
  )
}

/**
 * jsdom lays nothing out: a textarea of two rows whose content is as tall as its lines, as a
 * browser measures it (scrollHeight without the borders, offsetHeight with them).
 */
beforeEach(() => {
  const natural = (box: HTMLTextAreaElement) => (box.style.height ? parseFloat(box.style.height) : 2 * LINE + PADDING + BORDERS)
  jest.spyOn(HTMLTextAreaElement.prototype, 'scrollHeight', 'get').mockImplementation(function (this: HTMLTextAreaElement) {
    return Math.max(this.value.split('\n').length * LINE + PADDING, natural(this) - BORDERS)
  })
  jest.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this instanceof HTMLTextAreaElement ? natural(this) : 0
  })
  jest.spyOn(Element.prototype, 'clientHeight', 'get').mockImplementation(function (this: Element) {
    return this instanceof HTMLTextAreaElement ? natural(this) - BORDERS : 0
  })
})

afterEach(() => jest.restoreAllMocks())

describe('useAutoGrow', () => {
  it('keeps its two rows for a short message', async () => {
    render(<MessageBox />)
    const box = screen.getByRole('textbox', { name: 'Your Message' })
    expect(box.style.height).toBe(`${2 * LINE + PADDING + BORDERS}px`)
    await userEvent.type(box, 'How do approval gates work?')
    expect(box.style.height).toBe(`${2 * LINE + PADDING + BORDERS}px`)
  })

  it('grows a line with each line of text (its CSS max-height caps it), and shrinks back when it is sent', async () => {
    render(<MessageBox />)
    const box = screen.getByRole('textbox', { name: 'Your Message' })
    await userEvent.type(box, 'one{Shift>}{Enter}{/Shift}two{Shift>}{Enter}{/Shift}three{Shift>}{Enter}{/Shift}four')
    expect(box.style.height).toBe(`${4 * LINE + PADDING + BORDERS}px`)
    await userEvent.type(box, '{Shift>}{Enter}{/Shift}five')
    expect(box.style.height).toBe(`${5 * LINE + PADDING + BORDERS}px`)

    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }))
    expect(box).toHaveValue('')
    expect(box.style.height).toBe(`${2 * LINE + PADDING + BORDERS}px`)
  })

  it('leaves the height to the stylesheet where nothing is laid out', () => {
    jest.restoreAllMocks()
    render(<MessageBox />)
    expect(screen.getByRole('textbox', { name: 'Your Message' }).style.height).toBe('')
  })
})
