import { http, HttpResponse } from 'msw'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Socket } from 'socket.io-client'
import { createFakeSocket, progressSubscribed, type FakeSocket } from '@/shared/lib/socket'
import { server } from '@tests/setup/msw'
import { renderWithProviders } from '@tests/setup/renderWithProviders'
import { setupStore } from '@tests/setup/store'
import { buildStarted } from '../model/buildSlice'
import { TRACKER_SETTLE_MS } from '../lib/stages'
import { BuildProgress, STOP_FAILED } from './BuildProgress'

const API = 'http://localhost/api'
const SESSION = '6f1c2a9e-3b7d-4c55-9a41-2f0d8e7b1c33'

/** The tracker with the real store, following a build whose events come from a fake socket. */
const startBuild = async ({ fake = createFakeSocket() }: { fake?: FakeSocket } = {}) => {
  const store = setupStore({ socketFactory: () => Promise.resolve(fake as unknown as Socket) })
  renderWithProviders(<BuildProgress />, { store })
  await act(async () => {
    store.dispatch(buildStarted({ sessionId: SESSION }))
    store.dispatch(progressSubscribed({ sessionId: SESSION }))
  })
  return { store, fake }
}

const emit = async (fake: FakeSocket, event: string, payload: Record<string, unknown>) => {
  await act(async () => fake.serverEmit(event, { sessionId: SESSION, ...payload }))
}

const bar = () => screen.getByRole('progressbar', { name: 'Build progress' })
const tracker = () => screen.getByRole('region', { name: 'Build progress' })
const stage = (name: string) => within(screen.getByRole('list', { name: 'Build stages' })).getByText(name).closest('li')
const announcement = () => screen.getAllByRole('status').at(-1)

afterEach(() => {
  jest.useRealTimers()
})

// A resumed or reconnected build reads its timeline's missed steps: none here.
beforeEach(() => {
  server.use(http.get('http://localhost/api/overseer/builds/:sessionId/events', () => HttpResponse.json({ success: true, data: { events: [], more: false } })))
})

describe('BuildProgress', () => {
  it('shows nothing before a build', () => {
    renderWithProviders(<BuildProgress />)
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
  })

  it("starts at 5% reading 'Connecting...' until the socket connects, then 'Initializing...'", async () => {
    const { fake } = await startBuild({ fake: createFakeSocket({ connected: false }) })
    expect(bar()).toHaveAttribute('aria-valuenow', '5')
    expect(bar()).toHaveAttribute('aria-valuemin', '0')
    expect(bar()).toHaveAttribute('aria-valuemax', '100')
    expect(bar()).toHaveAttribute('aria-valuetext', '5%: Connecting...')
    expect(tracker()).toHaveTextContent('5%')
    expect(tracker()).toHaveTextContent('Connecting...')
    expect(tracker()).toHaveAttribute('data-tone', 'blue')
    expect(announcement()).toHaveTextContent('Build started.')
    for (const name of ['Classification', 'Clarification', 'Market analysis', 'Structuring', 'Development', 'Assembly', 'Delivery']) {
      expect(stage(name)).toHaveAttribute('data-state', 'pending')
    }

    await act(async () => fake.connect())
    expect(tracker()).toHaveTextContent('Initializing...')
    expect(tracker()).not.toHaveTextContent('Connecting...')
    expect(bar()).toHaveAttribute('aria-valuenow', '5')
    // Subscribed once the socket was there.
    expect(fake.emitted).toEqual([{ event: 'subscribe:progress', args: [SESSION] }])
  })

  it('marks the stages before the reported one done and the reported one current, in blue', async () => {
    const { fake } = await startBuild()
    await emit(fake, 'progress', { stage: 'classification', message: 'Classifying the request...', percentage: 5 })
    expect(stage('Classification')).toHaveAttribute('aria-current', 'step')
    expect(announcement()).toHaveTextContent('Stage 1 of 7: Classification.')

    await emit(fake, 'progress', { stage: 'market_analysis', message: 'Analysing comparable products...', percentage: 25 })
    expect(stage('Classification')).toHaveAttribute('data-state', 'done')
    expect(stage('Classification')).toHaveTextContent('Classification (done)')
    expect(stage('Clarification')).toHaveAttribute('data-state', 'done')
    expect(stage('Market analysis')).toHaveAttribute('data-state', 'current')
    expect(stage('Market analysis')).toHaveAttribute('aria-current', 'step')
    expect(stage('Market analysis')).toHaveTextContent('Market analysis (current)')
    expect(stage('Structuring')).toHaveAttribute('data-state', 'pending')
    expect(stage('Structuring')).not.toHaveAttribute('aria-current')
    expect(stage('Delivery')).toHaveAttribute('data-state', 'pending')
    expect(bar()).toHaveAttribute('aria-valuenow', '25')
    expect(bar()).toHaveAttribute('aria-valuetext', '25%: Analysing comparable products...')
    expect(tracker()).toHaveTextContent('Analysing comparable products...')
    expect(tracker()).toHaveAttribute('data-tone', 'blue')
    expect(announcement()).toHaveTextContent('Stage 3 of 7: Market analysis.')

    // Progress within a stage moves the bar; the announcement stays (one per stage).
    await emit(fake, 'progress', { stage: 'market_analysis', message: 'Comparing...', percentage: 30 })
    expect(bar()).toHaveAttribute('aria-valuenow', '30')
    expect(announcement()).toHaveTextContent('Stage 3 of 7: Market analysis.')
  })

  it('turns green at 100%, says the build is complete, then hides', async () => {
    const { fake } = await startBuild()
    jest.useFakeTimers()
    await emit(fake, 'progress', { stage: 'assembly', message: 'Assembling the project...', percentage: 75 })
    await emit(fake, 'progress', { stage: 'delivery', message: 'Your project is ready.', percentage: 100 })
    expect(tracker()).toHaveAttribute('data-tone', 'green')
    expect(bar()).toHaveAttribute('aria-valuenow', '100')
    expect(stage('Assembly')).toHaveAttribute('data-state', 'done')
    expect(stage('Delivery')).toHaveAttribute('data-state', 'current')
    expect(announcement()).toHaveTextContent('Build complete. Your project is ready.')

    act(() => jest.advanceTimersByTime(TRACKER_SETTLE_MS - 1))
    expect(screen.getByRole('progressbar')).toBeInTheDocument()
    act(() => jest.advanceTimersByTime(1))
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Build progress' })).not.toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it.each([
    ['error', 'The build failed at the development stage. Please try again.'],
    ['timeout', 'The development stage did not finish within 60 seconds. Please try again.'],
  ])("shows the server's message of a %s event in red, and the tracker hides", async (event, message) => {
    const { fake } = await startBuild()
    jest.useFakeTimers()
    await emit(fake, 'progress', { stage: 'development', message: 'Writing and checking the code...', percentage: 45 })
    await emit(fake, event, { message })
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent(message)
    expect(tracker()).toHaveAttribute('data-tone', 'red')
    expect(tracker()).toHaveTextContent('Build stopped.')
    expect(bar()).toHaveAttribute('aria-valuenow', '45')
    // Later events of the stopped build change nothing.
    await emit(fake, 'progress', { stage: 'assembly', message: 'Assembling the project...', percentage: 75 })
    expect(bar()).toHaveAttribute('aria-valuenow', '45')

    act(() => jest.advanceTimersByTime(TRACKER_SETTLE_MS))
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent(message)
  })

  it("stops a running build: Stop build asks the server, waits ('Stopping...'), and on the `stopped` event the tracker turns grey, says 'Build stopped.' and hides", async () => {
    const stops: string[] = []
    server.use(
      http.post(`${API}/overseer-dev/sessions/:sessionId/stop`, ({ params }) => {
        stops.push(String(params.sessionId))
        return HttpResponse.json({ success: true, stopped: true })
      }),
    )
    const { fake } = await startBuild()
    await emit(fake, 'progress', { stage: 'structuring', message: 'Planning the file structure...', percentage: 35 })
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Stop build' }))
    expect(stops).toEqual([SESSION])
    expect(screen.getByRole('button', { name: 'Stopping...' })).toBeDisabled()

    jest.useFakeTimers()
    await emit(fake, 'stopped', { message: 'Build stopped.' })
    expect(tracker()).toHaveAttribute('data-tone', 'grey')
    expect(tracker()).toHaveTextContent('Build stopped.')
    expect(bar()).toHaveAttribute('aria-valuenow', '35')
    expect(announcement()).toHaveTextContent('Build stopped.')
    expect(screen.queryByRole('button', { name: /Stop/ })).not.toBeInTheDocument()
    // Not an error: no alert.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    act(() => jest.advanceTimersByTime(TRACKER_SETTLE_MS))
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
  })

  it('offers Stop build again when the server could not stop it, and says so', async () => {
    server.use(http.post(`${API}/overseer-dev/sessions/:sessionId/stop`, () => HttpResponse.json({ success: false, message: 'Internal server error' }, { status: 500 })))
    await startBuild()
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Stop build' }))
    expect(await screen.findByRole('button', { name: 'Stop build' })).toBeEnabled()
    expect(screen.getByRole('alert')).toHaveTextContent(STOP_FAILED)
  })

  it("gives the server's reason when a stop could not be confirmed (503), until the next try", async () => {
    const reason = 'The stop could not be confirmed: the server running the build did not answer in time. Try again.'
    let answer = () => HttpResponse.json({ success: false, message: reason }, { status: 503 })
    server.use(http.post(`${API}/overseer-dev/sessions/:sessionId/stop`, () => answer()))
    await startBuild()
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Stop build' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(reason)
    answer = () => HttpResponse.json({ success: true, stopped: true })
    await user.click(screen.getByRole('button', { name: 'Stop build' }))
    expect(await screen.findByRole('button', { name: 'Stopping...' })).toBeDisabled()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('ignores the events of other sessions', async () => {
    const { fake } = await startBuild()
    await act(async () => fake.serverEmit('progress', { sessionId: 'someone-else', stage: 'delivery', message: 'x', percentage: 90 }))
    expect(bar()).toHaveAttribute('aria-valuenow', '5')
  })

  describe('after a reconnect', () => {
    const serveState = (data: Record<string, unknown>, seen: string[] = []) => {
      server.use(
        http.get(`${API}/overseer/builds/:sessionId`, ({ params }) => {
          seen.push(String(params.sessionId))
          return HttpResponse.json({
            success: true,
            data: { sessionId: SESSION, conversationId: 'c1', model: 'overseer-local', createdAt: '', updatedAt: '', iterations: [], ...data },
          })
        }),
      )
      return seen
    }

    it('resumes from the state the server kept: the stages and percentage it missed', async () => {
      const seen = serveState({ status: 'running', stage: 'development', percentage: 60, message: 'Wrote src/app.js' })
      const { fake } = await startBuild()
      await emit(fake, 'progress', { stage: 'clarification', message: 'Clarifying requirements...', percentage: 15 })
      await act(async () => fake.serverEmit('disconnect', 'transport close'))
      expect(seen).toEqual([])
      await act(async () => fake.connect())
      expect(await screen.findByText('Wrote src/app.js')).toBeInTheDocument()
      expect(seen).toEqual([SESSION])
      expect(bar()).toHaveAttribute('aria-valuenow', '60')
      expect(stage('Structuring')).toHaveAttribute('data-state', 'done')
      expect(stage('Development')).toHaveAttribute('aria-current', 'step')
      // It joined the room again, and follows the events from there.
      expect(fake.emitted.filter((e) => e.event === 'subscribe:progress')).toHaveLength(2)
      await emit(fake, 'progress', { stage: 'assembly', message: 'Assembling the project...', percentage: 75 })
      expect(stage('Assembly')).toHaveAttribute('aria-current', 'step')
    })

    it('completes a build that finished while disconnected', async () => {
      serveState({ status: 'completed', stage: 'delivery', percentage: 100, message: 'Your project is ready.', zipUrl: '/api/overseer/downloads/x' })
      const { fake } = await startBuild()
      await act(async () => fake.serverEmit('disconnect', 'transport close'))
      await act(async () => fake.connect())
      expect(await screen.findByText('Your project is ready.')).toBeInTheDocument()
      expect(tracker()).toHaveAttribute('data-tone', 'green')
      expect(bar()).toHaveAttribute('aria-valuenow', '100')
    })

    it("shows the reason of a build that failed while disconnected", async () => {
      const reason = 'The build failed at the assembly stage. Please try again.'
      serveState({ status: 'error', stage: 'assembly', percentage: 75, message: reason, error: reason })
      const { fake } = await startBuild()
      await act(async () => fake.serverEmit('disconnect', 'transport close'))
      await act(async () => fake.connect())
      expect(await screen.findByRole('alert')).toHaveTextContent(reason)
      expect(tracker()).toHaveAttribute('data-tone', 'red')
    })

    it('shows a build its owner stopped meanwhile as stopped', async () => {
      serveState({ status: 'stopped', stage: 'structuring', percentage: 35, message: 'Build stopped.' })
      const { fake } = await startBuild()
      await act(async () => fake.serverEmit('disconnect', 'transport close'))
      await act(async () => fake.connect())
      await waitFor(() => expect(tracker()).toHaveAttribute('data-tone', 'grey'))
      expect(tracker()).toHaveTextContent('Build stopped.')
      expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    })

    it('reads the state of a build resumed after a reload as soon as the socket is connected', async () => {
      const seen = serveState({ status: 'running', stage: 'development', percentage: 60, message: 'Wrote src/app.js' })
      const store = setupStore({ socketFactory: () => Promise.resolve(createFakeSocket() as unknown as Socket) })
      renderWithProviders(<BuildProgress />, { store })
      await act(async () => {
        store.dispatch(buildStarted({ sessionId: SESSION, resumed: true }))
        store.dispatch(progressSubscribed({ sessionId: SESSION }))
      })
      expect(await screen.findByText('Wrote src/app.js')).toBeInTheDocument()
      expect(seen).toEqual([SESSION])
      expect(bar()).toHaveAttribute('aria-valuenow', '60')
      expect(screen.getByRole('button', { name: 'Stop build' })).toBeEnabled()
    })

    it('keeps following the events when the state cannot be read', async () => {
      const seen: string[] = []
      server.use(
        http.get(`${API}/overseer/builds/:sessionId`, () => {
          seen.push('asked')
          return HttpResponse.json({ success: false, message: 'Build not found' }, { status: 404 })
        }),
      )
      const { fake } = await startBuild()
      await act(async () => fake.serverEmit('disconnect', 'transport close'))
      await act(async () => fake.connect())
      // The state is asked for again on reconnecting; its 404 leaves the bar as it was.
      await waitFor(() => expect(seen).toEqual(['asked']))
      expect(bar()).toHaveAttribute('aria-valuenow', '5')
      await emit(fake, 'progress', { stage: 'structuring', message: 'Planning the file structure...', percentage: 35 })
      expect(bar()).toHaveAttribute('aria-valuenow', '35')
    })
  })
})
