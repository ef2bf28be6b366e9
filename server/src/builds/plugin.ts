import { randomUUID } from 'node:crypto'
import fp from 'fastify-plugin'
import { evictOtherOwners } from '../sessions/socketPolicy'
import { tokenCounter } from '../llm/tokenizer'
import { openBuildQueue, type BuildQueue } from '../scale/queueRunner'
import { progressRoom } from '../plugins/app/socket'
import { ApprovalGates } from '../pipeline/gates/approvals'
import { seedDemoApproval } from '../pipeline/gates/demoApproval'
import { seedDemoLogs } from '../agentLogs/demoLogs'
import { InProcessRunner, type Gatekeeper, type PipelineOptions } from '../pipeline/runner'
import { createBuildRepository } from './buildRepository'
import { migrateLegacyArchives } from '../generation/archiveStore'
import { BuildService } from './service'
import { AdmittedRunner, OwnerQuota, QueuePlaces } from './admission'
import { createSandbox } from '../sandbox'
import { createTimeline, type Timeline } from '../timeline/recorder'
import type { BuildRecordsIn } from '../pipeline/state'

declare module 'fastify' {
  interface FastifyInstance {
    builds: BuildService
    /** Approval requests at build gates, and the decisions on them. */
    approvals: ApprovalGates
    /**
     * Whether the build queue accepts work (the health check): with REDIS_URL, whether Redis
     * answers a PING within `timeoutMs`; the in-process runner always does.
     */
    buildQueueAnswers(timeoutMs: number): Promise<boolean>
  }
}

export interface BuildPluginOptions {
  /** Test hook: how often a waiting build refreshes its heartbeat (default 30 s). */
  approvalHeartbeatMs?: number
  /** Test hook: runs at the start of each stage, under its timeout. */
  beforeStage?: PipelineOptions['beforeStage']
  /** Test hook: runs once the last stage has finished, before the build is delivered. */
  afterStages?: PipelineOptions['afterStages']
  /** How long a stop waits for the build to end before answering 503 (STOP_ANSWER_TIMEOUT_MS). */
  stopWaitMs?: number
  /** Test hook: the stages' work instead of the engines' (a project whose tests fail, say). */
  stages?: PipelineOptions['stages']
  /**
   * Test hook: the timeline the builds record to, given the real one (stored, then sent to the
   * build's room). The bench wraps it to time each step, or answers with one that keeps nothing
   * to measure what recording costs a build.
   */
  timeline?: (recorded: Timeline) => Timeline
  /**
   * Test hook: the build records the pipeline writes to, given the real ones. The bench wraps them
   * to time each checkpoint, or to keep none and measure what checkpoints cost a build.
   */
  records?: (recorded: BuildRecordsIn) => BuildRecordsIn
}

/** How often the archives of deleted conversations are removed from the database (downloads stop at once). */
const ARCHIVE_SWEEP_INTERVAL_MS = 10 * 60_000
/** How often builds waiting for answers past CLARIFICATION_TIMEOUT_MS are looked for (at most). */
const QUESTION_SWEEP_INTERVAL_MS = 60_000
/** How often waits at approval gates whose server process stopped are looked for. */
const ABANDONED_WAIT_SWEEP_INTERVAL_MS = 60_000

/**
 * The build pipeline, run in this process, or with REDIS_URL in `npm run worker`
 * processes. Progress, `error` and `timeout` go to the socket.io room of the request's session id.
 */
export default fp<BuildPluginOptions>(
  async (app, options) => {
    const { legacyDownloadsDir, stageTimeoutMs, approvalGates, approvalTimeoutMs } = app.config.builds
    const room = (sessionId: string) => app.io.to(progressRoom(sessionId))
    // This process, among the servers: each build records the one that took its request.
    const serverId = randomUUID()
    const recorded = createTimeline(app.db, (sessionId, event) => room(sessionId).emit('build:event', { sessionId, event }))
    const timeline = options.timeline ? options.timeline(recorded) : recorded
    const emit: PipelineOptions['emit'] = (sessionId, progress) => room(sessionId).emit('progress', { sessionId, ...progress })
    // A build waiting for its turn says where it is, as its stages' progress does.
    const places = new QueuePlaces({ db: app.db, emit, timeline, onError: (err) => app.log.warn({ err }, 'could not tell a queued build its place') })
    // REDIS_URL: builds run in `npm run worker` processes; decisions made here reach them.
    const queue: BuildQueue | undefined = app.config.redisUrl ? await openBuildQueue(app.config.redisUrl, app.config.redisPrefix, serverId, undefined, places) : undefined
    const gates = new ApprovalGates({
      db: app.db,
      buildsIn: createBuildRepository,
      gates: approvalGates,
      timeoutMs: approvalTimeoutMs,
      ...(options.approvalHeartbeatMs !== undefined && { heartbeatMs: options.approvalHeartbeatMs }),
      ...(queue && { announce: queue.announce }),
    })
    app.decorate('approvals', gates)
    app.decorate('buildQueueAnswers', (timeoutMs: number) => (queue ? queue.ping(timeoutMs) : Promise.resolve(true)))

    // With REDIS_URL the workers run the builds, and their tests: this server never runs generated code.
    const sandbox = async () => {
      const created = await createSandbox(app.config.builds.sandbox, app.config.builds.sandboxLimits)
      if (created.problem) app.log.warn({ sandbox: created.mode }, created.problem)
      return created
    }
    // Without REDIS_URL at most BUILD_CONCURRENCY builds run here at once, the others wait in order (with it, each worker's BullMQ concurrency).
    // A build waiting at a gate for a person's decision gives its slot to the next queued build meanwhile.
    let admitted: AdmittedRunner | undefined
    const gatekeeper: Gatekeeper = {
      guards: (gate) => gates.guards(gate),
      pass: (gate, request, signal, waiting) =>
        admitted ? admitted.outsideSlot(() => gates.pass(gate, request, signal, waiting)) : gates.pass(gate, request, signal, waiting),
    }
    const runner = queue?.runner ?? (admitted = new AdmittedRunner(new InProcessRunner({
      sandbox: await sandbox(),
      devLoop: { maxIterations: app.config.builds.maxIterations, maxTokens: app.config.builds.maxTokens },
      maxAttempts: app.config.builds.maxAttempts,
      db: app.db,
      buildsIn: options.records ? options.records(createBuildRepository) : createBuildRepository,
      counter: tokenCounter,
      stageTimeoutMs,
      gates: gatekeeper,
      emit,
      timeline,
      // A build with a configured provider's model: the stages ask it (classification, planning notes).
      providerFor: (model) => app.chatModels.remoteFor(model),
      ...(options.beforeStage && { beforeStage: options.beforeStage }),
      ...(options.afterStages && { afterStages: options.afterStages }),
      ...(options.stages && { stages: options.stages }),
    }), { concurrency: app.config.builds.concurrency, places }))

    const builds = new BuildService({
      db: app.db,
      catalog: app.chatModels,
      chat: app.chat,
      sessions: app.sessionOwners,
      runner,
      quota: new OwnerQuota({ db: app.db, max: app.config.builds.queuePerOwner }),
      serverId,
      ...(options.stopWaitMs !== undefined && { stopWaitMs: options.stopWaitMs }),
      ...(queue && { stopElsewhere: queue.stop, abandon: queue.abandon }),
      log: { warn: (details, message) => app.log.warn(details, message), info: (details, message) => app.log.info(details, message) },
      events: {
        claimRoom: (sessionId, ownerKey) => evictOtherOwners(app, sessionId, ownerKey),
        progress: (sessionId, progress) => room(sessionId).emit('progress', { sessionId, ...progress }),
        error: (sessionId, message) => room(sessionId).emit('error', { sessionId, message }),
        timeout: (sessionId, message) => room(sessionId).emit('timeout', { sessionId, message }),
        stopped: (sessionId, message) => room(sessionId).emit('stopped', { sessionId, message }),
        clarification: (sessionId, questions) => room(sessionId).emit('clarification', { sessionId, questions }),
      },
    })
    queue?.onStop((sessionId) => builds.stopHere(sessionId))
    app.decorate('builds', builds)

    if (app.config.seedDemo) {
      await seedDemoLogs(app.db).catch((err: unknown) => app.log.warn({ err }, 'could not seed the sample agent logs'))
      await seedDemoApproval(app.db).catch((err: unknown) => app.log.warn({ err }, 'could not seed the sample approval request'))
    }

    // Archives an older version kept as files: moved into the database, where every server reads them.
    await migrateLegacyArchives(app.db, legacyDownloadsDir).then(
      (moved) => {
        if (moved.migrated + moved.removed + moved.failed > 0) app.log.info({ dir: legacyDownloadsDir, ...moved }, 'moved legacy build archives into the database')
        if (moved.failed > 0) app.log.warn({ dir: legacyDownloadsDir, failed: moved.failed }, 'some legacy build archives could not be moved: tried again at the next start')
      },
      (err: unknown) => app.log.warn({ err, dir: legacyDownloadsDir }, 'could not read the legacy build archives'),
    )

    await builds.failStale().then(
      (failed) => {
        if (failed > 0) app.log.warn({ builds: failed }, 'marked interrupted builds as failed')
      },
      (err: unknown) => app.log.warn({ err }, 'could not check for interrupted builds'),
    )

    // Durable builds: this process says every few seconds that it still runs its builds; a build
    // whose process has been silent for BUILD_TAKEOVER_MS (it died, or was stopped for a deploy) is
    // taken over by a live one, at its start or while it runs, and goes on from its last checkpoint.
    const { takeoverMs } = app.config.builds
    const adopt = (leaseMs: number) =>
      builds.adoptOrphans(leaseMs).then(
        (adopted) => {
          if (adopted > 0) app.log.warn({ builds: adopted }, 'resuming builds whose server process stopped')
        },
        (err: unknown) => app.log.warn({ err }, 'could not look for builds to resume'),
      )
    app.addHook('onReady', async () => {
      await adopt(takeoverMs)
    })
    const beat = Math.max(100, Math.floor(takeoverMs / 4))
    const heartbeat = setInterval(() => {
      void builds.keepAlive().catch((err: unknown) => app.log.warn({ err }, 'build heartbeat failed'))
    }, beat).unref()
    const adopter = setInterval(() => void adopt(takeoverMs), beat).unref()

    const sweeper = setInterval(() => {
      void builds.sweepArchives().catch((err: unknown) => app.log.warn({ err }, 'build archive sweep failed'))
    }, ARCHIVE_SWEEP_INTERVAL_MS).unref()
    // A server that stopped while builds waited at a gate, restarted before their heartbeat went stale.
    const waitSweeper = setInterval(() => {
      void builds.failAbandonedWaits().then(
        (failed) => {
          if (failed > 0) app.log.warn({ builds: failed }, 'marked builds abandoned at an approval gate as failed')
        },
        (err: unknown) => app.log.warn({ err }, 'abandoned approval wait sweep failed'),
      )
    }, ABANDONED_WAIT_SWEEP_INTERVAL_MS).unref()

    // Builds whose questions went unanswered: stopped, the reason said (checked often enough for a short test timeout too).
    const { clarificationTimeoutMs } = app.config.builds
    const questionSweeper = setInterval(() => {
      void builds.expireQuestions(clarificationTimeoutMs).catch((err: unknown) => app.log.warn({ err }, 'unanswered questions sweep failed'))
    }, Math.min(QUESTION_SWEEP_INTERVAL_MS, Math.max(100, Math.floor(clarificationTimeoutMs / 4)))).unref()

    app.addHook('preClose', async () => {
      clearInterval(heartbeat)
      clearInterval(adopter)
      clearInterval(questionSweeper)
      clearInterval(sweeper)
      clearInterval(waitSweeper)
      await builds.drain()
      await queue?.close()
    })
  },
  { name: 'builds', dependencies: ['config', 'db', 'socket', 'chat'] },
)
