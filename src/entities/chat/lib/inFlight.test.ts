import { clearInFlight, IN_FLIGHT_KEY, readInFlight, saveInFlight } from './inFlight'

describe('the request kept for a reload', () => {
  afterEach(() => window.sessionStorage.clear())

  it('keeps the session id and kind of the request on its way, for this tab', () => {
    expect(readInFlight()).toBeUndefined()
    saveInFlight({ sessionId: '6f1c2a9e-3b7d-4c55-9a41-2f0d8e7b1c33', kind: 'build' })
    expect(readInFlight()).toEqual({ sessionId: '6f1c2a9e-3b7d-4c55-9a41-2f0d8e7b1c33', kind: 'build' })
    expect(window.sessionStorage.getItem(IN_FLIGHT_KEY)).not.toBeNull()
  })

  it('forgets it when its answer came, but not a newer one', () => {
    saveInFlight({ sessionId: 'a', kind: 'chat' })
    saveInFlight({ sessionId: 'b', kind: 'chat' })
    clearInFlight('a')
    expect(readInFlight()?.sessionId).toBe('b')
    clearInFlight('b')
    expect(readInFlight()).toBeUndefined()
  })

  it.each(['not json', '{"sessionId":"../x","kind":"chat"}', '{"sessionId":"a","kind":"other"}', '[]', 'null'])('ignores a kept value it cannot use: %s', (value) => {
    window.sessionStorage.setItem(IN_FLIGHT_KEY, value)
    expect(readInFlight()).toBeUndefined()
  })
})
