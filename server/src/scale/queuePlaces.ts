import type { Queue, QueueEvents } from 'bullmq'
import type { BuildJob, BuildOutcome } from '../pipeline/runner'


/**
 * Where a waiting build is told its place (the builds module's QueuePlaces: the builds row, the
 * room, the timeline); given to the queue, so this module writes nothing of another's.
 */
export interface QueuePlaces {
  /** Reads what the build's row says before it is handed to a worker. */
  prepare(job: BuildJob): Promise<void>
  /** `ahead` builds start before it. */
  tell(job: BuildJob, ahead: number): Promise<void>
  /** It started or ended: nothing more is told. */
  forget(buildId: string): Promise<void>
}

/** How often the wait list is read while this server has builds in it (its events also trigger a read). */
export const PLACES_POLL_MS = 1_000
/** A build a worker takes within this long of being queued is not said to wait. */
export const PLACES_GRACE_MS = 250
/** How soon after a queue event (a build taken, ended, removed) the wait list is read: events close together share a read. */
const EVENT_SETTLE_MS = 50

export interface WaitListPlacesOptions {
  pollMs?: number
  graceMs?: number
  onError?: (error: unknown) => void
}

/**
 * With REDIS_URL: the places of the builds this server queued, in BullMQ's wait list (the workers
 * take its oldest first), told through QueuePlaces as the in-process queue tells them. The list
 * is read again when a build is taken, ends or leaves the queue (the queue's events), and every
 * PLACES_POLL_MS while any of this server's builds wait.
 */
export class WaitListPlaces {
  private readonly followed = new Map<string, { job: BuildJob; since: number }>()
  private poll: NodeJS.Timeout | undefined
  private settling: NodeJS.Timeout | undefined
  private reading = false
  private readAgain = false
  private closed = false

  constructor(
    private readonly queue: Queue<BuildJob, BuildOutcome>,
    events: QueueEvents,
    private readonly places: QueuePlaces,
    private readonly options: WaitListPlacesOptions = {},
  ) {
    const moved = () => this.soon()
    for (const event of ['active', 'completed', 'failed', 'removed'] as const) events.on(event, moved)
  }

  /**
   * Follows `job` (before it is queued: its row is read while no worker can have started it)
   * until the returned function is called, once it has ended.
   */
  async follow(job: BuildJob): Promise<() => Promise<void>> {
    await this.places.prepare(job)
    this.followed.set(job.buildId, { job, since: performance.now() })
    this.poll ??= setInterval(() => void this.read(), this.options.pollMs ?? PLACES_POLL_MS).unref()
    return async () => {
      this.followed.delete(job.buildId)
      if (this.followed.size === 0) this.stopPolling()
      await this.places.forget(job.buildId)
    }
  }

  close(): void {
    this.closed = true
    this.stopPolling()
    clearTimeout(this.settling)
  }

  private stopPolling(): void {
    clearInterval(this.poll)
    this.poll = undefined
  }

  private soon(): void {
    if (this.followed.size === 0 || this.settling || this.closed) return
    this.settling = setTimeout(() => {
      this.settling = undefined
      void this.read()
    }, EVENT_SETTLE_MS)
  }

  private async read(): Promise<void> {
    if (this.reading) {
      this.readAgain = true
      return
    }
    this.reading = true
    try {
      do {
        this.readAgain = false
        if (this.followed.size === 0 || this.closed) return
        // Oldest first: the next one a worker takes is first.
        const waiting = await this.queue.getRanges(['wait'], 0, -1, true)
        const now = performance.now()
        for (const [ahead, id] of waiting.entries()) {
          const followed = this.followed.get(id)
          if (followed && now - followed.since >= (this.options.graceMs ?? PLACES_GRACE_MS)) void this.places.tell(followed.job, ahead)
        }
      } while (this.readAgain)
    } catch (error) {
      if (!this.closed) this.options.onError?.(error)
    } finally {
      this.reading = false
    }
  }
}
