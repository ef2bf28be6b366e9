import { http, HttpResponse } from 'msw'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { BuildEvent } from '@contracts/buildEvents'
import { buildEventReceived } from '@/shared/lib/socket'
import { server } from '@tests/setup/msw'
import { renderWithProviders } from '@tests/setup/renderWithProviders'
import { setupStore } from '@tests/setup/store'
import { buildStarted } from '../model/buildSlice'
import { BuildTimeline } from './BuildTimeline'

const SESSION = 'c0ffee00-0000-4000-8000-000000000002'
const AT = '2026-01-01T00:00:00.000Z'

/** A finished build's timeline: its first stages, then a development with a write, a model call and a test run. */
const EVENTS: BuildEvent[] = [
  { id: 1, at: AT, stage: 'classification', type: 'stage_started' },
  { id: 2, at: AT, stage: 'classification', type: 'stage_ended', status: 'completed', summary: 'A web app', promptTokens: 120, completionTokens: 30, durationMs: 850 },
  { id: 3, at: AT, stage: 'development', type: 'stage_started' },
  { id: 4, at: AT, stage: 'development', type: 'model_call', model: 'fake-large', promptTokens: 1234, completionTokens: 56, durationMs: 2100 },
  {
    id: 5,
    at: AT,
    stage: 'development',
    type: 'file_written',
    path: 'src/app.js',
    bytes: 1200,
    diff: '@@ -1,2 +1,2 @@\n const port = 3000\n-app.listen(port)\n+app.listen(port, () => console.log(port))',
    by: 'model',
  },
  {
    id: 6,
    at: AT,
    stage: 'development',
    type: 'tests_run',
    passed: 12,
    failed: 1,
    failing: ['todos › rejects a blank title'],
    output: 'not ok 13 - rejects a blank title',
    durationMs: 3400,
  },
  { id: 7, at: AT, stage: 'development', type: 'stage_ended', status: 'completed', summary: 'Written', promptTokens: 1234, completionTokens: 56, durationMs: 9000 },
]

const serve = (events: BuildEvent[]) => {
  const asked: string[] = []
  server.use(
    http.get(`http://localhost/api/overseer/builds/${SESSION}/events`, ({ request }) => {
      asked.push(new URL(request.url).search)
      return HttpResponse.json({ success: true, data: { events, more: false } })
    }),
  )
  return asked
}

const stageButton = (name: RegExp) => screen.getByRole('button', { name })

describe('BuildTimeline', () => {
  it("reads a finished build's timeline and shows one collapsed row per stage it ran, with status, duration and tokens", async () => {
    const asked = serve(EVENTS)
    renderWithProviders(<BuildTimeline sessionId={SESSION} />)
    const timeline = await screen.findByRole('region', { name: 'Build timeline' })
    expect(asked).toEqual(['?after=0'])
    const rows = within(within(timeline).getAllByRole('list')[0] as HTMLElement).getAllByRole('listitem')
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Classificationcompleted, 850 ms, 120 + 30 tokens'),
      expect.stringContaining('Developmentcompleted, 9.0 s, 1,234 + 56 tokens'),
    ])
    for (const name of [/^Classification/, /^Development/]) expect(stageButton(name)).toHaveAttribute('aria-expanded', 'false')
    // Nothing of a collapsed stage is rendered.
    expect(screen.queryByText(/^Wrote /)).not.toBeInTheDocument()
  })

  it('opens and closes a stage and a step from the keyboard, and shows a write as a diff whose lines say added or removed', async () => {
    serve(EVENTS)
    const user = userEvent.setup()
    renderWithProviders(<BuildTimeline sessionId={SESSION} />)
    await screen.findByRole('region', { name: 'Build timeline' })

    await user.tab()
    expect(stageButton(/^Classification/)).toHaveFocus()
    await user.tab()
    expect(stageButton(/^Development/)).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(stageButton(/^Development/)).toHaveAttribute('aria-expanded', 'true')
    const steps = screen.getByRole('list', { name: 'Development steps' })
    expect(within(steps).getAllByRole('listitem').map((step) => step.textContent)).toEqual([
      'Model call: 1,234 + 56 tokens, 2.1 s',
      'Wrote src/app.js (1.2 kB)',
      'Tests: 12 passed, 1 failed',
    ])

    // The write: Tab to it (past the model call), Space opens its diff.
    await user.tab()
    await user.tab()
    const write = screen.getByRole('button', { name: 'Wrote src/app.js (1.2 kB)' })
    expect(write).toHaveFocus()
    await user.keyboard(' ')
    expect(write).toHaveAttribute('aria-expanded', 'true')
    const diff = screen.getByLabelText('Changes to src/app.js')
    expect(screen.getByText('src/app.js: 1 line added, 1 removed')).toBeInTheDocument()
    // Marked by element and sign, not only by colour.
    expect(within(diff).getByText('-app.listen(port)').tagName).toBe('DEL')
    expect(within(diff).getByText('+app.listen(port, () => console.log(port))').tagName).toBe('INS')
    expect(within(diff).getByText('@@ -1,2 +1,2 @@')).toHaveAttribute('data-kind', 'hunk')
    expect(screen.getByText('1.2 kB, written by the model')).toBeInTheDocument()

    await user.keyboard('{Enter}')
    expect(write).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByLabelText('Changes to src/app.js')).not.toBeInTheDocument()

    // Closing the stage takes its steps away.
    await user.click(stageButton(/^Development/))
    expect(screen.queryByRole('list', { name: 'Development steps' })).not.toBeInTheDocument()
  })

  it("shows a test run's failing tests and output, and a model call's tokens and time", async () => {
    serve(EVENTS)
    const user = userEvent.setup()
    renderWithProviders(<BuildTimeline sessionId={SESSION} />)
    await screen.findByRole('region', { name: 'Build timeline' })
    await user.click(stageButton(/^Development/))

    await user.click(screen.getByRole('button', { name: 'Tests: 12 passed, 1 failed' }))
    expect(screen.getByText('12 passed, 1 failed, in 3.4 s')).toBeInTheDocument()
    expect(screen.getByText('todos › rejects a blank title')).toBeInTheDocument()
    expect(screen.getByLabelText('Test output')).toHaveTextContent('not ok 13 - rejects a blank title')

    await user.click(screen.getByRole('button', { name: 'Model call: 1,234 + 56 tokens, 2.1 s' }))
    const facts = screen.getByText('Model').closest('dl') as HTMLElement
    expect(within(facts).getAllByRole('definition').map((value) => value.textContent)).toEqual(['fake-large', '1,234', '56', '2.1 s'])
  })

  it('follows a running build live: a new stage row, and a new step in an open stage; reads the server only for a missed step', async () => {
    // No handler yet: a read would be an unhandled request.
    const store = setupStore()
    store.dispatch(buildStarted({ sessionId: SESSION }))
    const user = userEvent.setup()
    renderWithProviders(<BuildTimeline sessionId={SESSION} />, { store })
    const receive = (event: BuildEvent) => act(() => void store.dispatch(buildEventReceived({ sessionId: SESSION, event })))
    expect(screen.queryByRole('region', { name: 'Build timeline' })).not.toBeInTheDocument()

    for (const event of EVENTS.slice(0, 4)) await receive(event)
    expect(await screen.findByRole('region', { name: 'Build timeline' })).not.toHaveAttribute('aria-live', 'polite')
    expect(stageButton(/^Development/)).toHaveTextContent('Developmentrunning, 1,234 + 56 tokens')
    await user.click(stageButton(/^Development/))
    const steps = () => within(screen.getByRole('list', { name: 'Development steps' })).getAllByRole('listitem')
    expect(steps()).toHaveLength(1)

    await receive(EVENTS[4] as BuildEvent)
    // A repeat changes nothing.
    await receive(EVENTS[4] as BuildEvent)
    expect(steps().map((step) => step.textContent)).toEqual(['Model call: 1,234 + 56 tokens, 2.1 s', 'Wrote src/app.js (1.2 kB)'])
    expect(stageButton(/^Development/)).toHaveAttribute('aria-expanded', 'true')

    // 7 does not follow 5: kept out, and what was missed is read after 5.
    const asked = serve(EVENTS)
    await receive(EVENTS[6] as BuildEvent)
    await waitFor(() => expect(steps()).toHaveLength(3))
    expect(asked).toEqual(['?after=5'])
    expect(steps().at(-1)).toHaveTextContent('Tests: 12 passed, 1 failed')
    expect(stageButton(/^Development/)).toHaveTextContent('Developmentcompleted, 9.0 s')
  })

  it('shows a waiting build as queued with its place, the place moving live, then running once its first stage starts', async () => {
    const store = setupStore()
    store.dispatch(buildStarted({ sessionId: SESSION }))
    const user = userEvent.setup()
    renderWithProviders(<BuildTimeline sessionId={SESSION} />, { store })
    const receive = (event: BuildEvent) => act(() => void store.dispatch(buildEventReceived({ sessionId: SESSION, event })))

    await receive({ id: 1, at: AT, stage: 'classification', type: 'queued', ahead: 3 })
    await screen.findByRole('region', { name: 'Build timeline' })
    expect(stageButton(/^Classification/)).toHaveTextContent('Classificationqueued, 3 builds ahead')
    await receive({ id: 2, at: AT, stage: 'classification', type: 'queued', ahead: 1 })
    expect(stageButton(/^Classification/)).toHaveTextContent('Classificationqueued, 1 build ahead')
    await user.click(stageButton(/^Classification/))
    const steps = () => within(screen.getByRole('list', { name: 'Classification steps' })).getAllByRole('listitem')
    expect(steps().map((step) => step.textContent)).toEqual(['Queued: 3 builds ahead', 'Queued: 1 build ahead'])

    await receive({ id: 3, at: AT, stage: 'classification', type: 'queued', ahead: 0 })
    await receive({ id: 4, at: AT, stage: 'classification', type: 'stage_started' })
    expect(stageButton(/^Classification/)).toHaveTextContent('Classificationrunning')
    expect(steps().at(-1)).toHaveTextContent('Queued: 0 builds ahead')
  })
})
