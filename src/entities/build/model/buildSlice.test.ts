import { progressFailed, progressReceived, progressTimedOut, socketConnected, socketDisconnected, socketOwnerChanged } from '@/shared/lib/socket'
import { setupStore } from '@tests/setup/store'
import { stageStateOf, BUILD_STAGES } from '../lib/stages'
import {
  buildSettled,
  buildStarted,
  selectBuildBySession,
  selectCurrentBuild,
  selectSocketConnected,
  trackerDismissed,
  trackerHidden,
} from './buildSlice'

const progress = (sessionId: string, stage: string, percentage: number, message = `${stage}...`) =>
  progressReceived({ sessionId, stage, message, percentage })

describe('build slice', () => {
  it('starts a build at 5% with no stage, as the current build', () => {
    const store = setupStore()
    store.dispatch(buildStarted({ sessionId: 's1' }))
    expect(selectCurrentBuild(store.getState())).toEqual({
      sessionId: 's1',
      stage: null,
      message: null,
      percentage: 5,
      status: 'running',
      error: null,
      stale: false,
      hidden: false,
    })
  })

  it('follows progress of its own session: stage, message and a percentage that only rises', () => {
    const store = setupStore()
    store.dispatch(buildStarted({ sessionId: 's1' }))
    store.dispatch(progress('s1', 'classification', 5, 'Classifying the request...'))
    store.dispatch(progress('s1', 'structuring', 35))
    store.dispatch(progress('other', 'delivery', 90))
    // A late report of an earlier moment changes nothing.
    store.dispatch(progress('s1', 'clarification', 15))
    expect(selectCurrentBuild(store.getState())).toMatchObject({ stage: 'structuring', percentage: 35, message: 'structuring...' })
    // An unknown stage name moves the bar but not the stages.
    store.dispatch(progress('s1', 'planning', 40, 'Thinking...'))
    expect(selectCurrentBuild(store.getState())).toMatchObject({ stage: 'structuring', percentage: 40, message: 'Thinking...' })
  })

  it('completes at 100%', () => {
    const store = setupStore()
    store.dispatch(buildStarted({ sessionId: 's1' }))
    store.dispatch(progress('s1', 'delivery', 100, 'Your project is ready.'))
    expect(selectCurrentBuild(store.getState())).toMatchObject({ status: 'completed', percentage: 100 })
    store.dispatch(trackerHidden({ sessionId: 's1' }))
    expect(selectCurrentBuild(store.getState())?.hidden).toBe(true)
  })

  it.each([
    ['error', progressFailed, 'failed', 'The build failed at the development stage. Please try again.'],
    ['timeout', progressTimedOut, 'timedOut', 'The structuring stage did not finish within 60 seconds. Please try again.'],
  ] as const)('keeps the message of an %s event and stops following progress', (_event, action, status, message) => {
    const store = setupStore()
    store.dispatch(buildStarted({ sessionId: 's1' }))
    store.dispatch(progress('s1', 'development', 45))
    store.dispatch(action({ sessionId: 's1', message }))
    store.dispatch(progress('s1', 'assembly', 75))
    expect(selectCurrentBuild(store.getState())).toMatchObject({ status, error: message, percentage: 45, stage: 'development' })
  })

  it('completes a build whose reply came without a 100% event, and ends one whose request failed', () => {
    const store = setupStore()
    store.dispatch(buildStarted({ sessionId: 's1' }))
    store.dispatch(buildSettled({ sessionId: 's1', ok: true }))
    expect(selectBuildBySession(store.getState(), 's1')).toMatchObject({ status: 'completed', percentage: 100 })
    store.dispatch(buildStarted({ sessionId: 's2' }))
    // The finished build is dropped when a new one starts.
    expect(selectBuildBySession(store.getState(), 's1')).toBeNull()
    store.dispatch(buildSettled({ sessionId: 's2', ok: false }))
    expect(selectBuildBySession(store.getState(), 's2')).toMatchObject({ status: 'ended', hidden: true, error: null })
  })

  it("fails a build with its answer's message when the answer comes before its error or timeout event", () => {
    const store = setupStore()
    store.dispatch(buildStarted({ sessionId: 's1' }))
    store.dispatch(buildSettled({ sessionId: 's1', ok: false, failure: { message: 'Denied', timedOut: false } }))
    expect(selectCurrentBuild(store.getState())).toMatchObject({ status: 'failed', error: 'Denied', hidden: false })
    store.dispatch(progressFailed({ sessionId: 's1', message: 'Denied' }))
    expect(selectCurrentBuild(store.getState())).toMatchObject({ status: 'failed', error: 'Denied' })
    store.dispatch(buildStarted({ sessionId: 's2' }))
    store.dispatch(buildSettled({ sessionId: 's2', ok: false, failure: { message: 'Too slow', timedOut: true } }))
    expect(selectCurrentBuild(store.getState())).toMatchObject({ status: 'timedOut', error: 'Too slow' })
  })

  it('leaves an error event in place when the failed reply follows it', () => {
    const store = setupStore()
    store.dispatch(buildStarted({ sessionId: 's1' }))
    store.dispatch(progressFailed({ sessionId: 's1', message: 'Boom' }))
    store.dispatch(buildSettled({ sessionId: 's1', ok: false }))
    expect(selectCurrentBuild(store.getState())).toMatchObject({ status: 'failed', error: 'Boom', hidden: false })
  })

  it('dismisses a finished build (its message goes) but never a running one', () => {
    const store = setupStore()
    store.dispatch(buildStarted({ sessionId: 's1' }))
    store.dispatch(trackerDismissed())
    expect(selectCurrentBuild(store.getState())?.status).toBe('running')
    store.dispatch(progressTimedOut({ sessionId: 's1', message: 'Too slow' }))
    store.dispatch(trackerDismissed())
    expect(selectCurrentBuild(store.getState())).toBeNull()
    expect(selectBuildBySession(store.getState(), 's1')).toBeNull()
  })

  it('knows whether the socket is connected, and marks running builds stale while it is not', () => {
    const store = setupStore()
    store.dispatch(buildStarted({ sessionId: 's1' }))
    expect(selectSocketConnected(store.getState())).toBe(false)
    store.dispatch(socketConnected())
    expect(selectSocketConnected(store.getState())).toBe(true)
    expect(selectCurrentBuild(store.getState())?.stale).toBe(false)
    store.dispatch(socketDisconnected({ reason: 'transport close' }))
    expect(selectSocketConnected(store.getState())).toBe(false)
    expect(selectCurrentBuild(store.getState())?.stale).toBe(true)
  })

  it('forgets the builds followed for the previous owner when someone else signs in or out', () => {
    const store = setupStore()
    store.dispatch(buildStarted({ sessionId: 's1' }))
    store.dispatch(socketConnected())
    store.dispatch(progress('s1', 'structuring', 40))
    store.dispatch(socketOwnerChanged())
    expect(selectCurrentBuild(store.getState())).toBeNull()
    expect(selectBuildBySession(store.getState(), 's1')).toBeNull()
    expect(selectSocketConnected(store.getState())).toBe(false)
    // Its reply, when it comes, changes nothing.
    store.dispatch(buildSettled({ sessionId: 's1', ok: true }))
    expect(selectCurrentBuild(store.getState())).toBeNull()
  })
})

describe('stage states', () => {
  const states = (current: Parameters<typeof stageStateOf>[1]) => BUILD_STAGES.map((stage) => stageStateOf(stage.id, current))

  it('marks the stages before the reported one done and the reported one current', () => {
    expect(states('market_analysis')).toEqual(['done', 'done', 'current', 'pending', 'pending', 'pending', 'pending'])
    expect(states('classification')).toEqual(['current', 'pending', 'pending', 'pending', 'pending', 'pending', 'pending'])
    expect(states('delivery')).toEqual(['done', 'done', 'done', 'done', 'done', 'done', 'current'])
  })

  it('marks none before the first report', () => {
    expect(states(null)).toEqual(Array(7).fill('pending'))
  })
})
