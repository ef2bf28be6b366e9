import type { Queue, QueueEvents } from 'bullmq'
import { BuildStopped, type BuildJob, type BuildOutcome } from '../../src/pipeline/runner'
import { QueueRunner } from '../../src/scale/queueRunner'
import type { ControlMessage } from '../../src/scale/control'

/** The queue runner's decisions that need no Redis (scale-out.test.ts runs it against Redis and a worker). */
describe('the queue runner', () => {
  const job: BuildJob = { buildId: '2d5e8c1a-9f3b-4e7d-a6c2-5b1f0e9d8a47', sessionId: '6f1c2a9e-3b7d-4c55-9a41-2f0d8e7b1c33', request: 'Build a todo web app', model: 'overseer-local' }

  it('ends a build its owner stopped before it was queued as stopped, without queueing it or telling the workers', async () => {
    const added: BuildJob[] = []
    const published: ControlMessage[] = []
    const queue = { add: async (_name: string, data: BuildJob) => void added.push(data) } as unknown as Queue<BuildJob, BuildOutcome>
    const runner = new QueueRunner({ queue, events: {} as QueueEvents, publish: async (message) => void published.push(message) })
    const controller = new AbortController()
    controller.abort(new BuildStopped())
    await expect(runner.run(job, controller.signal)).resolves.toMatchObject({ kind: 'stopped', message: 'Build stopped.' })
    expect(added).toEqual([])
    expect(published).toEqual([])
  })
})
