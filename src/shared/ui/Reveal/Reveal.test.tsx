import { act, render, screen } from '@testing-library/react'
import { Reveal } from './Reveal'

type Callback = (entries: Array<{ isIntersecting: boolean }>) => void

let observers: Array<{ callback: Callback; options?: IntersectionObserverInit }> = []

const setReducedMotion = (reduce: boolean) => {
  window.matchMedia = (query: string) =>
    ({
      matches: reduce && query.includes('prefers-reduced-motion'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }) as unknown as MediaQueryList
}

beforeEach(() => {
  observers = []
  window.IntersectionObserver = class {
    constructor(callback: Callback, options?: IntersectionObserverInit) {
      observers.push({ callback, options })
    }
    observe() {}
    disconnect() {}
  } as unknown as typeof IntersectionObserver
})

describe('Reveal', () => {
  it('starts hidden and offset, then shows when a tenth of it is in view', () => {
    setReducedMotion(false)
    render(
      <Reveal direction="left">
        <p>Content</p>
      </Reveal>,
    )
    const wrapper = screen.getByText('Content').parentElement!
    expect(wrapper).toHaveAttribute('data-reveal', 'hidden')
    expect(wrapper.style.transform).toBe('translate3d(20px, 0, 0)')
    expect(wrapper.style.transitionDuration).toBe('600ms')
    expect(observers[0]?.options?.threshold).toBe(0.1)

    act(() => observers[0]?.callback([{ isIntersecting: true }]))
    expect(wrapper).toHaveAttribute('data-reveal', 'visible')
    expect(wrapper.style.transform).toBe('none')
  })

  it.each([
    ['up', 'translate3d(0, 20px, 0)'],
    ['down', 'translate3d(0, -20px, 0)'],
    ['right', 'translate3d(-20px, 0, 0)'],
  ] as const)('slides in from %s', (direction, transform) => {
    setReducedMotion(false)
    render(
      <Reveal direction={direction}>
        <p>Content</p>
      </Reveal>,
    )
    expect(screen.getByText('Content').parentElement!.style.transform).toBe(transform)
  })

  it('shows content at once, without animation, when the user prefers reduced motion', () => {
    setReducedMotion(true)
    render(
      <Reveal>
        <p>Content</p>
      </Reveal>,
    )
    const wrapper = screen.getByText('Content').parentElement!
    expect(wrapper).toHaveAttribute('data-reveal', 'static')
    expect(wrapper.style.transform).toBe('')
    expect(observers).toHaveLength(0)
  })
})
