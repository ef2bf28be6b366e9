import { fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useStickToBottom } from './useStickToBottom'

/** A scrolling region as a chat uses it: `grown` stands for the turns, `reset` for the conversation. */
const Chat = ({ grown, reset = 'first' }: { grown: number; reset?: string }) => {
  const { ref, onScroll, away, jump } = useStickToBottom<HTMLDivElement>(grown, reset)
  return (
    <>
      <div ref={ref} onScroll={onScroll} data-testid="region" />
      {away && (
        <button type="button" onClick={jump}>
          Jump to latest
        </button>
      )}
    </>
  )
}

/** jsdom lays nothing out: the region's content and visible heights, as a browser would give them. */
const layout = (region: HTMLElement, size: { content: number; visible: number }) => {
  Object.defineProperty(region, 'scrollHeight', { configurable: true, get: () => size.content })
  Object.defineProperty(region, 'clientHeight', { configurable: true, get: () => size.visible })
  return size
}

/** The reader scrolls the region to `top`. */
const scrollTo = (region: HTMLElement, top: number) => {
  region.scrollTop = top
  fireEvent.scroll(region)
}

const setReducedMotion = (reduce: boolean) => {
  window.matchMedia = (query: string) =>
    ({
      matches: reduce && query.includes('prefers-reduced-motion'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }) as unknown as MediaQueryList
}

/** A region of 200 px showing the end of 1000 px of turns. */
const renderAtLatest = () => {
  const view = render(<Chat grown={1} />)
  const region = screen.getByTestId('region')
  const size = layout(region, { content: 1000, visible: 200 })
  view.rerender(<Chat grown={2} />)
  expect(region.scrollTop).toBe(1000)
  return { ...view, region, size }
}

describe('useStickToBottom', () => {
  it('follows new content while the reader is at the latest', () => {
    const { region, size, rerender } = renderAtLatest()
    size.content = 1400
    rerender(<Chat grown={3} />)
    expect(region.scrollTop).toBe(1400)
    expect(screen.queryByRole('button', { name: 'Jump to latest' })).not.toBeInTheDocument()
  })

  it('stays where a reader who scrolled up is, and offers to jump back to the latest', async () => {
    const { region, size, rerender } = renderAtLatest()
    scrollTo(region, 500)
    const jump = screen.getByRole('button', { name: 'Jump to latest' })

    size.content = 1400
    rerender(<Chat grown={3} />)
    expect(region.scrollTop).toBe(500)

    await userEvent.click(jump)
    expect(region.scrollTop).toBe(1400)
    expect(screen.queryByRole('button', { name: 'Jump to latest' })).not.toBeInTheDocument()
    size.content = 1800
    rerender(<Chat grown={4} />)
    expect(region.scrollTop).toBe(1800)
  })

  it('stops following when the reader scrolls up even a little (a touchpad moves a few pixels)', () => {
    const { region, size, rerender } = renderAtLatest()
    scrollTo(region, 790)
    expect(screen.getByRole('button', { name: 'Jump to latest' })).toBeInTheDocument()
    size.content = 1100
    rerender(<Chat grown={3} />)
    expect(region.scrollTop).toBe(790)
  })

  it('follows again once the reader scrolls back down near the latest', () => {
    const { region, size, rerender } = renderAtLatest()
    scrollTo(region, 300)
    scrollTo(region, 600)
    expect(screen.getByRole('button', { name: 'Jump to latest' })).toBeInTheDocument()
    scrollTo(region, 770)
    expect(screen.queryByRole('button', { name: 'Jump to latest' })).not.toBeInTheDocument()
    size.content = 1200
    rerender(<Chat grown={3} />)
    expect(region.scrollTop).toBe(1200)
  })

  it('opens another conversation at its latest, whatever the reader did in the one before', () => {
    const { region, size, rerender } = renderAtLatest()
    scrollTo(region, 100)
    size.content = 600
    rerender(<Chat grown={1} reset="second" />)
    expect(region.scrollTop).toBe(600)
    expect(screen.queryByRole('button', { name: 'Jump to latest' })).not.toBeInTheDocument()
  })

  it('jumps smoothly, and instantly when the reader prefers reduced motion', async () => {
    const { region } = renderAtLatest()
    // Where the browser's scroll ends.
    const scroll = jest.fn(({ top }: ScrollToOptions) => scrollTo(region, top ?? 0))
    region.scrollTo = scroll as unknown as typeof region.scrollTo

    setReducedMotion(false)
    scrollTo(region, 100)
    await userEvent.click(screen.getByRole('button', { name: 'Jump to latest' }))
    expect(scroll).toHaveBeenLastCalledWith({ top: 1000, behavior: 'smooth' })

    setReducedMotion(true)
    scrollTo(region, 100)
    await userEvent.click(screen.getByRole('button', { name: 'Jump to latest' }))
    expect(scroll).toHaveBeenLastCalledWith({ top: 1000, behavior: 'auto' })
  })
})
