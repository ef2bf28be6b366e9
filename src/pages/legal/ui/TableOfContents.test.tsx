import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderWithProviders } from '@tests/setup/renderWithProviders'
import { PrivacyPage } from './PrivacyPage'

/** A stand-in for the browser's IntersectionObserver that the test drives by hand. */
class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = []
  readonly targets = new Set<Element>()
  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeIntersectionObserver.instances.push(this)
  }
  observe(target: Element) {
    this.targets.add(target)
  }
  unobserve(target: Element) {
    this.targets.delete(target)
  }
  disconnect() {
    this.targets.clear()
  }
  takeRecords(): IntersectionObserverEntry[] {
    return []
  }
  /** Reports which of the watched sections are now inside the band (and the others not). */
  report(inBand: string[]) {
    const entries = [...this.targets].map(
      (target) => ({ target, isIntersecting: inBand.includes(target.id) }) as unknown as IntersectionObserverEntry,
    )
    act(() => this.callback(entries, this as unknown as IntersectionObserver))
  }
}

const observer = () => {
  const instance = FakeIntersectionObserver.instances.at(-1)
  if (!instance) throw new Error('no IntersectionObserver was created')
  return instance
}

const toc = () => screen.getByRole('navigation', { name: 'On this page' })
const current = () => within(toc()).getByRole('link', { current: true })

const setReducedMotion = (reduce: boolean) => {
  window.matchMedia = ((query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia
}

describe('the table of contents (scrollspy)', () => {
  const originalMatchMedia = window.matchMedia
  let scrollIntoView: jest.Mock

  beforeEach(() => {
    FakeIntersectionObserver.instances = []
    window.IntersectionObserver = FakeIntersectionObserver as unknown as typeof IntersectionObserver
    scrollIntoView = jest.fn()
    Element.prototype.scrollIntoView = scrollIntoView
    window.history.replaceState(null, '', '/privacy')
  })

  afterEach(() => {
    // @ts-expect-error jsdom has neither; the test adds them.
    delete window.IntersectionObserver
    // @ts-expect-error see above
    delete Element.prototype.scrollIntoView
    window.matchMedia = originalMatchMedia
  })

  it('watches every section in a band under the navigation bar', () => {
    renderWithProviders(<PrivacyPage />, { route: '/privacy' })
    expect([...observer().targets].map((target) => target.id)).toHaveLength(11)
    expect(observer().options.rootMargin).toBe('-96px 0px -65% 0px')
  })

  it('marks the section in view as current as the reader scrolls', () => {
    renderWithProviders(<PrivacyPage />, { route: '/privacy' })
    expect(current()).toHaveTextContent('1. Introduction')

    observer().report(['data-retention'])
    expect(current()).toHaveTextContent('6. Data Retention')

    // Two sections in the band: the upper one is the one being read.
    observer().report(['data-security', 'your-rights'])
    expect(current()).toHaveTextContent('7. Data Security')

    expect(within(toc()).getAllByRole('link', { current: true })).toHaveLength(1)

    // Nothing in the band. Below the last section (the footer is there): the last one.
    const introduction = document.getElementById('introduction') as HTMLElement
    jest.spyOn(introduction, 'getBoundingClientRect').mockReturnValue({ top: -9000 } as DOMRect)
    observer().report([])
    expect(current()).toHaveTextContent('11. Changes and Contact')

    // Back at the top, where the page header fills the band: the first one.
    jest.spyOn(introduction, 'getBoundingClientRect').mockReturnValue({ top: 420 } as DOMRect)
    observer().report([])
    expect(current()).toHaveTextContent('1. Introduction')
  })

  it('scrolls smoothly to a chosen section, focuses its heading and puts it in the address', async () => {
    setReducedMotion(false)
    const user = userEvent.setup()
    renderWithProviders(<PrivacyPage />, { route: '/privacy' })

    await user.click(within(toc()).getByRole('link', { name: '8. Your Rights and Choices' }))

    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' })
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('your-rights'))
    expect(screen.getByRole('heading', { level: 2, name: '8. Your Rights and Choices' })).toHaveFocus()
    expect(window.location.hash).toBe('#your-rights')
    expect(current()).toHaveTextContent('8. Your Rights and Choices')

    // Sections passed on the way there do not take over while the page scrolls.
    observer().report(['data-security'])
    expect(current()).toHaveTextContent('8. Your Rights and Choices')
  })

  it('jumps without animation when the reader prefers reduced motion', async () => {
    setReducedMotion(true)
    const user = userEvent.setup()
    renderWithProviders(<PrivacyPage />, { route: '/privacy' })

    await user.click(within(toc()).getByRole('link', { name: '4. Cookies and Similar Technologies' }))

    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'auto', block: 'start' })
    expect(current()).toHaveTextContent('4. Cookies and Similar Technologies')
  })

  it('opens at the section named in the address', () => {
    window.history.replaceState(null, '', '/privacy#cookies')
    renderWithProviders(<PrivacyPage />, { route: '/privacy' })
    expect(current()).toHaveTextContent('4. Cookies and Similar Technologies')
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('cookies'))
  })

  it('shows and hides the list with its toggle on small screens', async () => {
    const user = userEvent.setup()
    renderWithProviders(<PrivacyPage />, { route: '/privacy' })
    const toggle = within(toc()).getByRole('button', { name: 'Show all 11 sections' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await user.click(toggle)
    expect(within(toc()).getByRole('button', { name: 'Hide the list of sections' })).toHaveAttribute('aria-expanded', 'true')
  })
})
