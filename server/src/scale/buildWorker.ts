import { Emitter } from '@socket.io/redis-emitter'
import { WaitingError, Worker } from 'bullmq'
import { ApprovalGates } from '../pipeline/gates/approvals'
import type { BuildRecordsIn } from '../pipeline/state'
import { BUILD_MESSAGES, BuildStopped, runPipeline, type BuildJob, type BuildOutcome, type PipelineOptions } from '../pipeline/runner'
import { remoteProviderFor } from '../llm/models'
import { OpenAiProvider } from '../llm/providers/openai'
import { tokenCounter } from '../llm/tokenizer'
import type { Config } from '../config'
import type { Database } from '../db'
import type { ServerToClientEvents } from '@contracts/socket'
import { progressRoom } from '../plugins/app/socket'
import { createTimeline } from '../timeline/recorder'
import { createSandbox } from '../sandbox'
import { slimOutcome } from './queueRunner'
import { BUILD_QUEUE, closeRedis, redisConnection, redisNames } from '../lib/redis'
import { decodeControl } from './control'

export interface BuildWorkerLog {
  info(message: string, fields?: Record<string, unknown>): void
  warn(message: string, fields?: Record<string, unknown>): void
  error(message: string, fields?: Record<string, unknown>): void
}

export interface BuildWorkerOptions {
  config: Config & { redisUrl: string }
  db: Database
  /** Where builds are recorded (the builds module's repository; worker.ts passes it). */
  buildsIn: BuildRecordsIn
  log: BuildWorkerLog
  /** Test hook, as the builds plugin's. */
  beforeStage?: PipelineOptions['beforeStage']
}

export interface BuildWorker {
  /** Stops taking builds, stops the running ones (each reports the interruption) and disconnects. */
  close(): Promise<void>
}

/**
 * A build worker: takes builds off the BullMQ queue and runs the pipeline, sending progress
 * to the session's room through the socket.io Redis emitter (it reaches a browser on any server
 * node). Approval decisions made on any node reach a build waiting here through the control
 * channel, and the approval row stays the source of truth (see ApprovalGates). The outcome goes
 * back to the server that enqueued the build, which stores it and answers the request.
 */
export const startBuildWorker = async ({ config, db, buildsIn, log, beforeStage }: BuildWorkerOptions): Promise<BuildWorker> => {
  const names = redisNames(config.redisPrefix)
  const emitterClient = redisConnection(config.redisUrl, 'overseer-worker-emitter')
  const subscriber = redisConnection(config.redisUrl, 'overseer-worker-control')
  // BullMQ shares a connection it is given (and opens its own blocking one): closed here after it.
  const queueClient = redisConnection(config.redisUrl, 'overseer-worker-queue')
  const emitter = new Emitter<ServerToClientEvents>(emitterClient, { key: names.socketKey })
  const { stageTimeoutMs, approvalGates, approvalTimeoutMs } = config.builds
  const gates = new ApprovalGates({ db, buildsIn, gates: approvalGates, timeoutMs: approvalTimeoutMs })
  const running = new Map<string, AbortController>()
  /** The same, by their job's id. */
  const byJob = new Map<string, AbortController>()
  // The same OVERSEER_LLM_* settings as the servers': a build with one of its models asks it here.
  const llm = config.chat.llm
  const remote = llm
    ? new OpenAiProvider({ ...llm, log: { warn: (details, message) => log.warn(message, { ...details }) } })
    : undefined

  const sandbox = await createSandbox(config.builds.sandbox, config.builds.sandboxLimits)
  if (sandbox.problem) log.warn(sandbox.problem, { sandbox: sandbox.mode })
  const options: PipelineOptions = {
    db,
    buildsIn,
    sandbox,
    devLoop: { maxIterations: config.builds.maxIterations, maxTokens: config.builds.maxTokens },
    maxAttempts: config.builds.maxAttempts,
    counter: tokenCounter,
    providerFor: remoteProviderFor(remote),
    stageTimeoutMs,
    gates,
    emit: (sessionId, progress) => {
      emitter.to(progressRoom(sessionId)).emit('progress', { sessionId, ...progress })
    },
    timeline: createTimeline(db, (sessionId, event) => {
      emitter.to(progressRoom(sessionId)).emit('build:event', { sessionId, event })
    }),
    ...(beforeStage && { beforeStage }),
  }

  subscriber.on('message', (channel: string, raw: string) => {
    if (channel !== names.controlChannel) return
    const message = decodeControl(raw)
    if (message?.type === 'decided') {
      void gates.wake(message.approvalId).catch((err: unknown) => log.warn('could not read an approval decision', { err: String(err) }))
    } else if (message?.type === 'cancel') {
      // Stopped by its owner, or its server is shutting down: the pipeline tells the two apart by the reason.
      running.get(message.buildId)?.abort(message.stopped ? new BuildStopped() : new Error(BUILD_MESSAGES.shutdown))
    }
  })
  await subscriber.subscribe(names.controlChannel)

  const worker = new Worker<BuildJob, BuildOutcome>(
    BUILD_QUEUE,
    async (job, token) => {
      const controller = new AbortController()
      running.set(job.data.buildId, controller)
      if (job.id) byJob.set(job.id, controller)
      try {
        log.info('build started', { buildId: job.data.buildId, attempt: job.attemptsStarted })
        const outcome = await runPipeline(job.data, options, controller.signal)
        // Every progress event is in Redis before the server hears of the outcome (one connection, in order).
        await emitterClient.ping()
        if (outcome.kind === 'interrupted') {
          // This worker is going down: the job goes back to the queue, and the next worker goes on from its last checkpoint.
          log.info('build handed back to the queue', { buildId: job.data.buildId, stage: outcome.stage })
          // When its lock was lost instead, the job is already another worker's: nothing to move.
          await job.moveToWait(token).catch(() => undefined)
          throw new WaitingError()
        }
        log.info('build ended', { buildId: job.data.buildId, outcome: outcome.kind })
        return slimOutcome(outcome)
      } finally {
        running.delete(job.data.buildId)
        if (job.id) byJob.delete(job.id)
      }
    },
    {
      connection: queueClient,
      prefix: names.queuePrefix,
      // BUILD_CONCURRENCY: the builds this process runs at once; the others wait in BullMQ's list, in order.
      concurrency: config.builds.concurrency,
      // A worker that dies (kill -9, out of memory) stops renewing its lock: within BUILD_TAKEOVER_MS
      // another worker takes the job and goes on from the build's last checkpoint. The pipeline
      // itself ends a build interrupted more than BUILD_MAX_ATTEMPTS times, so BullMQ lets one more start.
      lockDuration: Math.max(1_000, Math.floor(config.builds.takeoverMs / 2)),
      stalledInterval: Math.max(500, Math.floor(config.builds.takeoverMs / 2)),
      maxStalledCount: config.builds.maxAttempts,
      autorun: true,
    },
  )
  worker.on('error', (err) => log.error('queue connection error', { err: err.message }))
  // This worker lost a job's lock (Redis unreachable, or this process too busy to renew it): another
  // worker may take the job over, so this one stops running it (its outcome is not this one's to store).
  worker.on('lockRenewalFailed', (jobIds) => {
    for (const jobId of jobIds) {
      log.warn('lost the lock of a build: another worker goes on with it', { jobId })
      byJob.get(jobId)?.abort(new Error(BUILD_MESSAGES.shutdown))
    }
  })
  await worker.waitUntilReady()

  return {
    close: async () => {
      for (const controller of running.values()) controller.abort(new Error(BUILD_MESSAGES.shutdown))
      await worker.close()
      await closeRedis(queueClient)
      await closeRedis(subscriber)
      await closeRedis(emitterClient)
    },
  }
}
