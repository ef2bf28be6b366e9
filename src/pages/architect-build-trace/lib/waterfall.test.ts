import type { BuildEvent } from '@contracts/buildEvents'
import { waterfallOf } from './waterfall'

const T0 = Date.UTC(2026, 10, 23, 12, 0, 0)
const at = (ms: number) => new Date(T0 + ms).toISOString()

/** A build with a model: classification, then development with a model call, a write and a test run. */
const EVENTS: BuildEvent[] = [
  { id: 1, at: at(0), stage: 'classification', type: 'stage_started' },
  { id: 2, at: at(200), stage: 'classification', type: 'stage_ended', durationMs: 200, status: 'completed', summary: 'A web app', promptTokens: 10, completionTokens: 5 },
  { id: 3, at: at(300), stage: 'development', type: 'stage_started' },
  { id: 4, at: at(1_300), stage: 'development', type: 'model_call', durationMs: 1_000, model: 'gpt-x', promptTokens: 900, completionTokens: 100 },
  { id: 5, at: at(1_310), stage: 'development', type: 'file_written', path: 'src/app.js', bytes: 12, diff: '@@ -0,0 +1,1 @@\n+x', by: 'model' },
  { id: 6, at: at(2_310), stage: 'development', type: 'tests_run', durationMs: 1_000, passed: 3, failed: 1, failing: ['adds'], output: 'not ok 4 adds' },
]

describe('waterfallOf', () => {
  it('places stages and steps by their start and duration, a timed step ending at its moment', () => {
    const waterfall = waterfallOf([...EVENTS, { id: 7, at: at(2_400), stage: 'development', type: 'stage_ended', durationMs: 2_100, status: 'completed', summary: 'Tests pass', promptTokens: 900, completionTokens: 100 }])
    expect(waterfall.startedAt).toBe(at(0))
    expect(waterfall.spanMs).toBe(2_400)
    expect(waterfall.stages.map(({ stage, label, start, durationMs, tokens, status }) => ({ stage, label, start, durationMs, tokens, status }))).toEqual([
      { stage: 'classification', label: 'Classification', start: 0, durationMs: 200, tokens: 15, status: 'completed' },
      { stage: 'development', label: 'Development', start: 300, durationMs: 2_100, tokens: 1_000, status: 'completed' },
    ])
    const steps = waterfall.stages[1]!.steps
    expect(steps.map(({ label, start, durationMs, tokens }) => ({ label, start, durationMs, tokens }))).toEqual([
      { label: 'Model call (gpt-x)', start: 300, durationMs: 1_000, tokens: 1_000 },
      { label: 'Wrote src/app.js', start: 1_310, durationMs: 0, tokens: 0 },
      { label: 'Tests: 3 passed, 1 failed', start: 1_310, durationMs: 1_000, tokens: 0 },
    ])
  })

  it('draws a stage still running up to its latest step, with the tokens so far', () => {
    const running = waterfallOf(EVENTS).stages[1]!
    expect(running).toMatchObject({ status: 'running', start: 300, durationMs: 2_010, tokens: 1_000 })
  })

  it('keeps a stage that ran twice as two runs, and reads no events as an empty axis', () => {
    const twice = waterfallOf([
      ...EVENTS.slice(0, 2),
      { id: 3, at: at(500), stage: 'classification', type: 'stage_started' },
      { id: 4, at: at(900), stage: 'classification', type: 'stage_ended', durationMs: 400, status: 'error', summary: 'Failed', promptTokens: 0, completionTokens: 0 },
    ])
    expect(twice.stages.map((stage) => [stage.start, stage.durationMs, stage.status])).toEqual([
      [0, 200, 'completed'],
      [500, 400, 'error'],
    ])
    expect(new Set(twice.stages.map((stage) => stage.key)).size).toBe(2)
    expect(waterfallOf([])).toEqual({ startedAt: null, spanMs: 1, stages: [] })
  })
})

describe('waterfallOf, a build that waited in the queue', () => {
  it('draws the wait as a bar of its own, up to the first stage’s start, each place a step', () => {
    const waited = waterfallOf([
      { id: 1, at: at(0), stage: 'classification', type: 'queued', ahead: 1 },
      { id: 2, at: at(400), stage: 'classification', type: 'queued', ahead: 0 },
      { id: 3, at: at(1_000), stage: 'classification', type: 'stage_started' },
      { id: 4, at: at(1_200), stage: 'classification', type: 'stage_ended', durationMs: 200, status: 'completed', summary: 'A web app', promptTokens: 0, completionTokens: 0 },
    ])
    expect(waited.stages.map(({ label, start, durationMs, status }) => ({ label, start, durationMs, status }))).toEqual([
      { label: 'Queued', start: 0, durationMs: 1_000, status: 'completed' },
      { label: 'Classification', start: 1_000, durationMs: 200, status: 'completed' },
    ])
    expect(waited.stages[0]?.steps.map((step) => step.label)).toEqual(['Queued: 1 build ahead', 'Queued: 0 builds ahead'])
  })
})
