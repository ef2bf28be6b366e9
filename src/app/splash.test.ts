import { dismissSplash, SPLASH_DURATION_MS } from './splash'

describe('dismissSplash', () => {
  beforeEach(() => {
    jest.useFakeTimers()
    document.body.innerHTML = '<div id="boot-splash" role="status"><p>Loading Overseer</p></div><div id="root"></div>'
  })
  afterEach(() => jest.useRealTimers())

  it('keeps the start-up spinner for its full 800 ms, then removes it', async () => {
    const done = dismissSplash(100)
    jest.advanceTimersByTime(SPLASH_DURATION_MS - 100 - 1)
    expect(document.getElementById('boot-splash')).toBeInTheDocument()
    expect(document.getElementById('boot-splash')).not.toHaveClass('is-leaving')

    jest.advanceTimersByTime(1)
    expect(document.getElementById('boot-splash')).toHaveClass('is-leaving')
    jest.advanceTimersByTime(300)
    await done
    expect(document.getElementById('boot-splash')).not.toBeInTheDocument()
  })

  it('leaves at once when the page took longer than 800 ms to start', async () => {
    const done = dismissSplash(2000)
    jest.advanceTimersByTime(300)
    await done
    expect(document.getElementById('boot-splash')).not.toBeInTheDocument()
  })
})
