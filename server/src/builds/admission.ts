import type { StageId } from '@contracts/builds'
import type { Database } from '../db'
import { TooManyError } from '../lib/errors'
import { BUILD_MESSAGES, stoppedByOwner, type BuildJob, type BuildOutcome, type BuildRunner, type ProgressSink } from '../pipeline/runner'
import type { Timeline } from '../timeline/recorder'
import { createBuildRepository as buildsIn } from './buildRepository'

/**
 * Builds under load: a queue, not a pile-up. At most BUILD_CONCURRENCY builds run at once in a
 * process (AdmittedRunner; with REDIS_URL each worker's BullMQ concurrency), the rest wait in the
 * order they came, each told its place (QueuePlaces); one owner has at most BUILD_QUEUE_PER_OWNER
 * builds waiting or running (OwnerQuota).
 */

export const QUEUE_MESSAGES = {
  /** What a waiting build's tracker says: `ahead` builds start before it. */
  queued: (ahead: number) => `Queued: ${ahead} ${ahead === 1 ? 'build' : 'builds'} ahead`,
  /** One build more than BUILD_QUEUE_PER_OWNER allows. */
  ownerFull: (max: number) =>
    `You already have ${max} ${max === 1 ? 'build' : 'builds'} waiting or running. Please wait for one to finish (or stop one) before starting another.`,
} as const

/** The Retry-After of a build refused for its owner's full queue: a hint, since nobody knows when one of theirs ends. */
export const OWNER_FULL_RETRY_AFTER_SECONDS = 10

const NO_USAGE = { promptTokens: 0, completionTokens: 0 }

/** A build stopped by its owner before it started: nothing ran, nothing spent. */
const stoppedBeforeStart = (): BuildOutcome => ({ kind: 'stopped', stage: 'classification', message: BUILD_MESSAGES.stopped, usage: { ...NO_USAGE } })

/** A build whose server shut down before it started: interrupted as a running one is, it starts in the process that takes it over. */
const shutDownBeforeStart = (): BuildOutcome => ({ kind: 'interrupted', stage: 'classification', usage: { ...NO_USAGE } })

/** Where a waiting build's place is told: the builds row, the build's room (`progress`) and its timeline (`queued`). */
export interface PlaceSink {
  db: Database
  emit: ProgressSink
  timeline: Timeline
  /** A place that could not be told (storage failed): the build waits all the same. */
  onError?: (error: unknown) => void
}

interface Told {
  /** The row as it was before the build was handed to a runner; its message is the last one this told. */
  row?: { stage: StageId; percentage: number; message: string }
  ahead?: number
  /** False once the build has started (or ended): nothing more is told. */
  live: boolean
  chain: Promise<void>
}

/**
 * Tells waiting builds their place, through the path the pipeline's progress takes: the builds
 * row's message ('Queued: 3 builds ahead', the stage and percentage kept), a `progress` event to
 * the build's room, and a `queued` step of its timeline. A build is told only when its place
 * changes, its reports go out in order, and once its first stage has written the row nothing
 * more is said (the row is only written while it still says what this last said).
 */
export class QueuePlaces {
  private readonly builds = new Map<string, Told>()

  constructor(private readonly sink: PlaceSink) {}

  private entry(buildId: string): Told {
    let told = this.builds.get(buildId)
    if (!told) {
      told = { live: true, chain: Promise.resolve() }
      this.builds.set(buildId, told)
    }
    return told
  }

  /** Reads the build's row before it is handed to a runner that may start it at any time (a worker): what it says until then. */
  prepare(job: BuildJob): Promise<void> {
    const told = this.entry(job.buildId)
    told.chain = told.chain.then(() => this.snapshot(job, told))
    return told.chain
  }

  /** Tells the build of `job` that `ahead` builds start before it, unless that is what it was told last; settles once told. */
  tell(job: BuildJob, ahead: number): Promise<void> {
    const told = this.entry(job.buildId)
    if (!told.live || told.ahead === ahead) return told.chain
    told.ahead = ahead
    told.chain = told.chain.then(() => this.write(job, told, ahead))
    return told.chain
  }

  /** The build started or ended: nothing more is told of it. Settles once what was told is out (before its first stage reports). */
  async forget(buildId: string): Promise<void> {
    const told = this.builds.get(buildId)
    if (!told) return
    told.live = false
    this.builds.delete(buildId)
    await told.chain
  }

  private async snapshot(job: BuildJob, told: Told): Promise<void> {
    if (told.row) return
    try {
      const build = await buildsIn(this.sink.db).findById(job.buildId)
      if (build) told.row = { stage: build.stage, percentage: build.percentage, message: build.message }
      else told.live = false
    } catch (error) {
      told.live = false
      this.sink.onError?.(error)
    }
  }

  private async write(job: BuildJob, told: Told, ahead: number): Promise<void> {
    await this.snapshot(job, told)
    const row = told.row
    if (!told.live || !row) return
    const message = QUEUE_MESSAGES.queued(ahead)
    try {
      if (!(await buildsIn(this.sink.db).queued(job.buildId, row.message, message))) {
        told.live = false
        return
      }
      row.message = message
      this.sink.emit(job.sessionId, { stage: row.stage, message, percentage: row.percentage })
      await this.sink.timeline.record(job, row.stage, { type: 'queued', ahead })
    } catch (error) {
      this.sink.onError?.(error)
    }
  }
}

interface Waiter {
  job: BuildJob
  admit: () => void
}

export interface AdmissionOptions {
  /** Builds run at once (BUILD_CONCURRENCY). */
  concurrency: number
  places: QueuePlaces
}

/**
 * A runner that runs at most `concurrency` builds of this process at once: the others wait, in
 * the order they came, each told its place (and told again each time it moves). Every caller of
 * the runner (a request, a resumed build, a retry) queues the same way. A build stopped by its
 * owner while it waits leaves the queue at once ('stopped', nothing ran); one whose server shuts
 * down meanwhile ends as a running build does then.
 */
export class AdmittedRunner implements BuildRunner {
  private running = 0
  private readonly waiting: Waiter[] = []
  /** Builds back from waiting for a person (a gate's decision): they take the next free slot before any queued build. */
  private readonly returning: (() => void)[] = []

  constructor(
    private readonly inner: BuildRunner,
    private readonly options: AdmissionOptions,
  ) {}

  /** Builds running and waiting in this process now. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length }
  }

  async run(job: BuildJob, signal: AbortSignal): Promise<BuildOutcome> {
    if (stoppedByOwner(signal)) return stoppedBeforeStart()
    if (signal.aborted) return shutDownBeforeStart()
    if (this.running < this.options.concurrency && this.waiting.length === 0) {
      this.running += 1
    } else {
      const ended = await this.wait(job, signal)
      if (ended) return ended
    }
    try {
      return await this.inner.run(job, signal)
    } finally {
      this.running -= 1
      this.admitNext()
    }
  }

  /** Waits for a place: undefined once admitted (its slot taken), or the outcome of a build stopped meanwhile. */
  private async wait(job: BuildJob, signal: AbortSignal): Promise<BuildOutcome | undefined> {
    let admit: () => void = () => undefined
    const admitted = new Promise<'admitted'>((resolve) => (admit = () => resolve('admitted')))
    const waiter: Waiter = { job, admit }
    this.waiting.push(waiter)
    this.tellPlaces()
    let onAbort: () => void = () => undefined
    const aborted = new Promise<'aborted'>((resolve) => {
      onAbort = () => resolve('aborted')
      signal.addEventListener('abort', onAbort, { once: true })
    })
    try {
      const how = await Promise.race([admitted, aborted])
      if (how === 'admitted' && !signal.aborted) {
        // Its places are all out before its first stage reports.
        await this.options.places.forget(job.buildId)
        return undefined
      }
      const index = this.waiting.indexOf(waiter)
      if (index >= 0) {
        this.waiting.splice(index, 1)
        this.tellPlaces()
      } else {
        // Admitted at the moment it was stopped: its slot goes to the next one.
        this.running -= 1
        this.admitNext()
      }
      await this.options.places.forget(job.buildId)
      return stoppedByOwner(signal) ? stoppedBeforeStart() : shutDownBeforeStart()
    } finally {
      signal.removeEventListener('abort', onAbort)
    }
  }

  /**
   * Runs `wait` (a running build waiting for a person: an approval at a gate) without its slot: the
   * next queued build takes it meanwhile, so a build waiting for a decision never holds up the
   * others. Once `wait` settles the build takes the next free slot, before any queued build.
   */
  async outsideSlot<T>(wait: () => Promise<T>): Promise<T> {
    this.running -= 1
    this.admitNext()
    let result: T
    try {
      result = await wait()
    } catch (error) {
      // Denied, stopped, expired or shut down: the build ends at once, counted until it has (run's finally gives the slot back).
      this.running += 1
      throw error
    }
    if (this.running < this.options.concurrency) this.running += 1
    else await new Promise<void>((resolve) => this.returning.push(resolve))
    return result
  }

  private admitNext(): void {
    while (this.running < this.options.concurrency && this.returning.length > 0) {
      this.running += 1
      this.returning.shift()?.()
    }
    let moved = false
    while (this.running < this.options.concurrency) {
      const next = this.waiting.shift()
      if (!next) break
      this.running += 1
      moved = true
      next.admit()
    }
    if (moved) this.tellPlaces()
  }

  /** Every waiting build's place (its index: those before it start first); only a changed place is told. */
  private tellPlaces(): void {
    for (const [ahead, waiter] of this.waiting.entries()) void this.options.places.tell(waiter.job, ahead)
  }
}

/**
 * BUILD_QUEUE_PER_OWNER: one owner's builds waiting or running, counted in the database (so every
 * server counts the same builds); a build waiting for its owner's answers holds no process and
 * does not count. One owner's requests on this server are counted one at a time, each after the
 * one before is stored, so two sent at once cannot both take the last place.
 */
export class OwnerQuota {
  private readonly turns = new Map<string, Promise<void>>()

  constructor(private readonly options: { db: Database; max: number }) {}

  /**
   * Waits for this owner's earlier requests here to be stored (or refused), then counts: over the
   * limit, a TooManyError (nothing stored). Else answers `done`, to call once the build is stored
   * (or the request failed) so the owner's next request is counted.
   */
  async enter(ownerKey: string): Promise<() => void> {
    const before = this.turns.get(ownerKey) ?? Promise.resolve()
    let release: () => void = () => undefined
    const mine = new Promise<void>((resolve) => (release = resolve))
    const tail = before.then(() => mine)
    this.turns.set(ownerKey, tail)
    const done = () => {
      release()
      if (this.turns.get(ownerKey) === tail) this.turns.delete(ownerKey)
    }
    await before
    try {
      const { max } = this.options
      if ((await buildsIn(this.options.db).countQueued(ownerKey)) >= max) throw new TooManyError(QUEUE_MESSAGES.ownerFull(max), OWNER_FULL_RETRY_AFTER_SECONDS)
    } catch (error) {
      done()
      throw error
    }
    return done
  }
}
