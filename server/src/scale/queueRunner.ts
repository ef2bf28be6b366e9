import { randomUUID } from 'node:crypto'
import { withinTimeout } from '../lib/withinTimeout'
import { Queue, QueueEvents } from 'bullmq'
import { BUILD_MESSAGES, runId, stoppedByOwner, type BuildJob, type BuildOutcome, type BuildRunner } from '../pipeline/runner'
import { BUILD_QUEUE, closeRedis, pingRedis, redisConnection, redisNames } from '../lib/redis'
import { decodeControl, encodeControl, type ControlMessage } from './control'
import { WaitListPlaces } from './queuePlaces'
import type { QueuePlaces } from './queuePlaces'

/** The job name on the build queue (one kind of job). */
export const BUILD_JOB = 'build'

/** How long a stopped build waits for its worker to report the interruption before giving up on it. */
export const CANCEL_GRACE_MS = 10_000

/**
 * How long a stop asked of another server process waits for it to say the build has ended (it
 * stores the outcome within CANCEL_GRACE_MS, or the pipeline's own grace, of the stop).
 */
export const STOP_ANSWER_TIMEOUT_MS = 30_000

/** What came of a stop asked of another server process: the build `ended` there, the process is `gone`, or `no-answer` in time. */
export type StopAnswer = 'ended' | 'gone' | 'no-answer'

/**
 * What a worker sends back: the outcome without the files' contents (the archive holds them; the
 * reply lists only their paths), so a result stays small in Redis.
 */
export const slimOutcome = (outcome: BuildOutcome): BuildOutcome => {
  if (outcome.kind !== 'completed') return outcome
  const { request, project, assumptions, expectations, files, archive, planner, tests, modelWritten, iterations, devSummary, changes } = outcome.state
  return {
    ...outcome,
    state: {
      request,
      project,
      archive,
      ...(assumptions && { assumptions }),
      ...(expectations && { expectations }),
      ...(planner && { planner }),
      ...(tests && { tests }),
      ...(modelWritten && { modelWritten }),
      ...(iterations && { iterations }),
      ...(devSummary && { devSummary }),
      ...(changes && { changes }),
      files: files.map((file) => ({ path: file.path, content: '', ...(file.executable && { executable: true }) })),
    },
  }
}

export interface QueueRunnerOptions {
  queue: Queue<BuildJob, BuildOutcome>
  /** Completion events of the queue; ready before the first build. */
  events: QueueEvents
  /** Tells the workers something (a build to stop). */
  publish: (message: ControlMessage) => Promise<void>
  cancelGraceMs?: number
  /** Tells a build its place in the wait list while it waits ('Queued: 3 builds ahead'). */
  places?: WaitListPlaces
}

/** An outcome the worker could not report (only its message reaches the owner). */
const interrupted = (message: string = BUILD_MESSAGES.interrupted): BuildOutcome => ({
  kind: 'failed',
  stage: 'classification',
  message,
  usage: { promptTokens: 0, completionTokens: 0 },
})

/** A build its owner stopped whose worker did not report (or that no worker had started). */
const STOPPED: BuildOutcome = { kind: 'stopped', stage: 'classification', message: BUILD_MESSAGES.stopped, usage: { promptTokens: 0, completionTokens: 0 } }

/**
 * Runs builds in `npm run worker` processes: enqueues the build on the BullMQ queue (the job
 * id is the build id) and resolves with the outcome the worker returns, as the in-process runner
 * does. A worker that throws rejects, as a pipeline that throws in process. The build's signal
 * stops it in its worker (or takes it off the queue if no worker has started it).
 */
export class QueueRunner implements BuildRunner {
  constructor(private readonly options: QueueRunnerOptions) {}

  async run(job: BuildJob, signal: AbortSignal): Promise<BuildOutcome> {
    const { queue, events, publish, cancelGraceMs = CANCEL_GRACE_MS } = this.options
    // Stopped by its owner before it was queued: it ends here, stopped.
    if (stoppedByOwner(signal)) return STOPPED
    signal.throwIfAborted()
    const unfollow = await this.options.places?.follow(job)
    // The same run of a build is one job: a server that takes over a build whose server died waits on the job already there.
    const queued = await queue.add(BUILD_JOB, job, { jobId: runId(job) }).catch(async (error: unknown) => {
      await unfollow?.()
      throw error
    })
    const finished = queued.waitUntilFinished(events) as Promise<BuildOutcome>
    finished.catch(() => undefined)

    let graceTimer: NodeJS.Timeout | undefined
    let onAbort: (() => void) | undefined
    const stopped = new Promise<BuildOutcome>((resolve) => {
      onAbort = () => {
        const byOwner = stoppedByOwner(signal)
        // This server is going down: the build goes on in its worker, and another server (or this one,
        // restarted) takes over waiting for it once this one's heartbeat has lapsed.
        if (!byOwner) return resolve({ kind: 'interrupted', stage: 'classification', usage: { promptTokens: 0, completionTokens: 0 } })
        const outcome: BuildOutcome = STOPPED
        // Not started yet: it leaves the queue (and is stopped at once). Started: its worker stops it and reports.
        void queued.remove().then(
          () => resolve(outcome),
          () => undefined,
        )
        void publish({ type: 'cancel', buildId: job.buildId, ...(byOwner && { stopped: true as const }) }).catch(() => undefined)
        graceTimer = setTimeout(() => resolve(outcome), cancelGraceMs)
      }
      if (signal.aborted) onAbort()
      else signal.addEventListener('abort', onAbort, { once: true })
    })

    try {
      return await Promise.race([finished, stopped])
    } catch (error) {
      // BullMQ fails a job whose worker died mid-way (its lock lapsed): the build was interrupted.
      if (error instanceof Error && /stalled/i.test(error.message)) return interrupted()
      throw error
    } finally {
      clearTimeout(graceTimer)
      if (onAbort) signal.removeEventListener('abort', onAbort)
      await unfollow?.()
    }
  }
}

export interface BuildQueue {
  runner: QueueRunner
  /** Tells the workers that a decision on `approvalId` was stored. */
  announce(approvalId: string): Promise<void>
  /**
   * Asks the server process `serverId` (the one that took the request) to stop the build of
   * `sessionId`: `ended` once it says the build has ended; `gone` at once when no such process
   * listens; `no-answer` when it has not answered within STOP_ANSWER_TIMEOUT_MS (Redis unreachable
   * included), or the queue closed meanwhile.
   */
  stop(serverId: string, sessionId: string): Promise<StopAnswer>
  /** What this process does when asked to stop a build (settles once it has ended here, or at once if it does not run here). */
  onStop(handler: (sessionId: string) => Promise<void>): void
  /** A build nobody will end: off the queue if it waits there, stopped in its worker if one runs it. */
  abandon(buildId: string, jobId?: string): Promise<void>
  /** Whether Redis answers a PING on the queue's connection within `timeoutMs` (the health check). */
  ping(timeoutMs: number): Promise<boolean>
  close(): Promise<void>
}

/** The server's side of the build queue: enqueues builds and hears their outcomes. */
export const openBuildQueue = async (
  redisUrl: string,
  prefix: string,
  serverId: string,
  stopAnswerTimeoutMs = STOP_ANSWER_TIMEOUT_MS,
  /** Where a waiting build's place is told (the builds row, its room, its timeline). */
  places?: QueuePlaces,
): Promise<BuildQueue> => {
  const names = redisNames(prefix)
  const ownChannel = names.serverChannel(serverId)
  const queueClient = redisConnection(redisUrl, 'overseer-queue')
  const eventsClient = redisConnection(redisUrl, 'overseer-queue-events')
  const publisher = redisConnection(redisUrl, 'overseer-control')
  // Stops asked on another server process reach the one that took the build's request on its own
  // channel; while this process lives, Redis counts it as a receiver of that channel.
  const subscriber = redisConnection(redisUrl, 'overseer-control-sub')
  let stopHandler: (sessionId: string) => Promise<void> = async () => undefined
  /** Stops this process asked of others, waiting for their answer, by request id. */
  const answers = new Map<string, (answer: StopAnswer) => void>()
  const publish = async (message: ControlMessage, channel = names.controlChannel): Promise<number> => publisher.publish(channel, encodeControl(message))
  subscriber.on('message', (channel: string, raw: string) => {
    const message = channel === names.controlChannel || channel === ownChannel ? decodeControl(raw) : undefined
    if (message?.type === 'stop') {
      const { requestId, replyTo } = message
      void stopHandler(message.sessionId)
        .catch(() => undefined)
        .then(() => (requestId && replyTo ? publish({ type: 'stop-done', requestId }, names.serverChannel(replyTo)) : 0))
        .catch(() => undefined)
    } else if (message?.type === 'stop-done') {
      answers.get(message.requestId)?.('ended')
    }
  })
  await subscriber.subscribe(names.controlChannel, ownChannel)
  const queue = new Queue<BuildJob, BuildOutcome>(BUILD_QUEUE, {
    connection: queueClient,
    prefix: names.queuePrefix,
    // Kept a while so a server that asks just after the end still reads the result.
    defaultJobOptions: { removeOnComplete: { age: 3600, count: 1000 }, removeOnFail: { age: 24 * 3600, count: 1000 } },
  })
  const events = new QueueEvents(BUILD_QUEUE, { connection: eventsClient, prefix: names.queuePrefix })
  await Promise.all([queue.waitUntilReady(), events.waitUntilReady()])
  const tell = async (message: ControlMessage): Promise<void> => {
    await publish(message)
  }
  const waitList = places && new WaitListPlaces(queue, events, places)
  return {
    runner: new QueueRunner({ queue, events, publish: tell, ...(waitList && { places: waitList }) }),
    announce: (approvalId) => tell({ type: 'decided', approvalId }),
    stop: async (holder, sessionId) => {
      const requestId = randomUUID()
      let timer: NodeJS.Timeout | undefined
      // The answer, the deadline (which also bounds a publish that waits for Redis) or the queue's close.
      const settled = new Promise<StopAnswer>((resolve) => {
        answers.set(requestId, resolve)
        timer = setTimeout(() => resolve('no-answer'), stopAnswerTimeoutMs)
      })
      try {
        const receivers = publish({ type: 'stop', sessionId, requestId, replyTo: serverId }, names.serverChannel(holder)).then(
          // Nobody subscribed to its channel: that process is gone (a crashed process's connection closes with it).
          (count) => (count === 0 ? ('gone' as const) : settled),
          () => 'no-answer' as const,
        )
        return await Promise.race([receivers, settled])
      } finally {
        clearTimeout(timer)
        answers.delete(requestId)
      }
    },
    onStop: (handler) => {
      stopHandler = handler
    },
    abandon: async (buildId, jobId = buildId) => {
      // Waiting: removed. Running (locked by its worker): left in place, and its worker stops it.
      // Bounded: with Redis unreachable its commands wait for the connection.
      await withinTimeout(async () => {
        await queue.remove(jobId).catch(() => 0)
        await tell({ type: 'cancel', buildId, stopped: true })
      }, stopAnswerTimeoutMs)
    },
    ping: (timeoutMs) => pingRedis(queueClient, timeoutMs),
    close: async () => {
      // Stops still waiting for an answer get none.
      for (const answer of answers.values()) answer('no-answer')
      answers.clear()
      waitList?.close()
      await events.close()
      await queue.close()
      for (const client of [eventsClient, queueClient, publisher, subscriber]) await closeRedis(client)
    },
  }
}
