/**
 * Work a service has started and not finished, so that closing the server can wait for it before
 * the database closes (a reply stopped at shutdown still records that it stopped).
 */
export class InFlight {
  private readonly pending = new Set<Promise<unknown>>()

  get size(): number {
    return this.pending.size
  }

  track<T>(work: Promise<T>): Promise<T> {
    this.pending.add(work)
    const forget = () => this.pending.delete(work)
    work.then(forget, forget)
    return work
  }

  /** Resolves once everything tracked, including work started meanwhile, has settled. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending])
  }
}
