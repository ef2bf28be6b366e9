import { http, HttpResponse } from 'msw'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { BuildDetail } from '@contracts/architectBuilds'
import type { BuildEvent } from '@contracts/buildEvents'
import { server } from '@tests/setup/msw'
import { renderStaffPage, signedInStaff } from '@tests/setup/staffPage'
import { ArchitectBuildTracePage } from './ArchitectBuildTracePage'

const API = 'http://localhost/api'
const T0 = Date.UTC(2026, 10, 23, 12, 0, 0)
const at = (ms: number) => new Date(T0 + ms).toISOString()

const DETAIL: BuildDetail['data'] = {
  build: {
    sessionId: 'session-1',
    ownerKind: 'visitor',
    title: 'Build a REST API for a bookshop',
    kind: 'http-api',
    name: 'bookshop-api',
    status: 'completed',
    model: 'gpt-x',
    stage: 'delivery',
    startedAt: at(0),
    finishedAt: at(4_000),
    durationMs: 4_000,
    iterations: 1,
    promptTokens: 910,
    completionTokens: 105,
    tokens: 1_015,
    costUsd: 0.0042,
  },
  stages: [
    { stage: 'classification', status: 'completed', startedAt: at(0), durationMs: 200, promptTokens: 10, completionTokens: 5 },
    { stage: 'development', status: 'completed', startedAt: at(300), durationMs: 3_000, promptTokens: 900, completionTokens: 100 },
  ],
  iterations: [{ iteration: 1, filesChanged: ['src/app.js'], passed: 3, failed: 1, failing: ['adds'], promptTokens: 900, completionTokens: 100, durationMs: 2_000 }],
  logs: [
    {
      id: 7,
      timestamp: at(10),
      level: 'INFO',
      source: 'Overseer Core',
      module: 'overseer-core',
      message: '[session-] Build started with gpt-x',
      buildId: '00000000-0000-4000-8000-000000000001',
      sessionId: 'session-1',
    },
  ],
}

const EVENTS: BuildEvent[] = [
  { id: 1, at: at(0), stage: 'classification', type: 'stage_started' },
  { id: 2, at: at(200), stage: 'classification', type: 'stage_ended', durationMs: 200, status: 'completed', summary: 'A web API', promptTokens: 10, completionTokens: 5 },
  { id: 3, at: at(300), stage: 'development', type: 'stage_started' },
  { id: 4, at: at(1_300), stage: 'development', type: 'model_call', durationMs: 1_000, model: 'gpt-x', promptTokens: 900, completionTokens: 100 },
  { id: 5, at: at(1_310), stage: 'development', type: 'file_written', path: 'src/app.js', bytes: 12, diff: '@@ -0,0 +1,2 @@\n+const a = 1\n+module.exports = a', by: 'model' },
  { id: 6, at: at(3_300), stage: 'development', type: 'tests_run', durationMs: 2_000, passed: 3, failed: 1, failing: ['adds two numbers'], output: 'not ok 4 adds two numbers' },
  { id: 7, at: at(3_300), stage: 'development', type: 'stage_ended', durationMs: 3_000, status: 'completed', summary: 'Done', promptTokens: 900, completionTokens: 100 },
]

/** The trace's two endpoints; events are answered `pageSize` at a time after the id asked for. Records each events request. */
const traceServer = (pageSize = 3) => {
  const eventRequests: URL[] = []
  server.use(
    http.get(`${API}/architect/builds/session-1`, () => HttpResponse.json({ success: true, data: DETAIL })),
    http.get(`${API}/overseer/builds/session-1/events`, ({ request }) => {
      const url = new URL(request.url)
      eventRequests.push(url)
      const after = Number(url.searchParams.get('after') ?? '0')
      const events = EVENTS.filter((event) => event.id > after).slice(0, pageSize)
      return HttpResponse.json({ success: true, data: { events, more: (events.at(-1)?.id ?? after) < EVENTS.length } })
    }),
  )
  return eventRequests
}

const renderTrace = () => renderStaffPage('/architect/builds/:sessionId', <ArchitectBuildTracePage />, '/architect/builds/session-1')

describe('ArchitectBuildTracePage', () => {
  it('reads every page of events and draws the stages on a time axis, each labelled with its duration and tokens', async () => {
    server.use(signedInStaff(['architect.access', 'architect.overseer']))
    const requests = traceServer(3)
    renderTrace()
    expect(await screen.findByRole('heading', { level: 1, name: 'Build a REST API for a bookshop' })).toBeInTheDocument()
    const stages = await screen.findByRole('list', { name: 'Stages on a time axis' })
    expect(requests.map((url) => url.searchParams.get('after'))).toEqual(['0', '3', '6'])
    expect(screen.getByText('7 steps over 3.3 s. Open a stage for its steps, a step for its details.')).toBeInTheDocument()

    const [classification, development] = within(stages).getAllByRole('button')
    expect(classification).toHaveAccessibleName('Classification, completed, 0 steps, started at 0 ms, took 200 ms · 15 tokens')
    expect(development).toHaveAccessibleName('Development, completed, 3 steps, started at 300 ms, took 3 s · 1,000 tokens')
    // Each bar sits at its start and spans its share of the 3.3 s axis.
    const bar = development!.querySelector<HTMLElement>('[data-bar="stage"]')!
    expect(parseFloat(bar.style.left)).toBeCloseTo((300 / 3_300) * 100, 3)
    expect(bar.style.width).toMatch(/^max\(3px, 90\.90\d*%\)$/)

    expect(within(screen.getByRole('region', { name: 'Build log entries table' })).getByText('[session-] Build started with gpt-x')).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Iterations table' })).toHaveTextContent('3 passed, 1 failed')
    expect(screen.getByText('$0.0042')).toBeInTheDocument()
  })

  it('opens a stage into its steps and a step into its details with the keyboard', async () => {
    server.use(signedInStaff(['architect.access', 'architect.overseer']))
    traceServer(50)
    const user = userEvent.setup()
    renderTrace()
    const stages = await screen.findByRole('list', { name: 'Stages on a time axis' })
    const development = within(stages).getAllByRole('button')[1]!
    development.focus()
    await user.keyboard('{Enter}')
    expect(development).toHaveAttribute('aria-expanded', 'true')
    const steps = screen.getByRole('list', { name: 'Development steps' })
    const [model, write, tests] = within(steps).getAllByRole('button')
    expect(model).toHaveAccessibleName('Model call (gpt-x), at 300 ms, took 1 s · 1,000 tokens')
    expect(write).toHaveAccessibleName('Wrote src/app.js, at 1.3 s, took 0 ms')

    await user.tab()
    expect(model).toHaveFocus()
    await user.keyboard(' ')
    expect(model).toHaveAttribute('aria-expanded', 'true')
    expect(screen.getByText('900 tokens')).toBeInTheDocument()

    await user.click(write!)
    const diff = screen.getByLabelText('Changes to src/app.js')
    expect(diff).toHaveTextContent('+const a = 1')
    expect(screen.getByText('12 bytes')).toBeInTheDocument()

    await user.click(tests!)
    expect(screen.getByText('adds two numbers')).toBeInTheDocument()
    expect(screen.getByLabelText('Test output, its last lines')).toHaveTextContent('not ok 4 adds two numbers')

    // Closed again, the step's details are gone from view.
    await user.click(model!)
    expect(model).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByText('900 tokens')).not.toBeInTheDocument()
  })

  it('says when the build does not exist', async () => {
    server.use(
      signedInStaff(['architect.access', 'architect.overseer']),
      http.get(`${API}/architect/builds/session-1`, () => HttpResponse.json({ success: false, message: 'Build not found' }, { status: 404 })),
    )
    renderTrace()
    expect(await screen.findByText('Error: Build not found')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'Build trace' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: '← All builds' })).toHaveAttribute('href', '/architect/builds')
  })
})
