import type { Queryable } from '../db'
import type { LocalAssistant } from '../llm/local/assistant'
import type { Corrections } from '../llm/local/corrections'
import { createQuestionRepository } from './questionRepository'

/**
 * How long corrections read from the database are used before they are read again: a correction
 * made on another server process takes effect here within this time (on this one, at once).
 */
const FRESH_MS = 5_000

/**
 * Staff's corrections in force, as the offline assistant reads them, read from the database once
 * every FRESH_MS at most (and again at once after a change made here).
 */
export class CorrectionsCache {
  private loaded: { at: number; corrections: Corrections } | undefined
  private loading: Promise<Corrections> | undefined

  constructor(
    private readonly db: Queryable,
    readonly assistant: LocalAssistant,
    private readonly now: () => number = Date.now,
  ) {}

  /** The corrections in force; read again when older than FRESH_MS. A failed read answers without corrections, and tries again next time. */
  async current(): Promise<Corrections> {
    if (this.loaded && this.now() - this.loaded.at < FRESH_MS) return this.loaded.corrections
    this.loading ??= this.load().finally(() => {
      this.loading = undefined
    })
    return this.loading
  }

  /** A correction changed here: the next reply reads them again. */
  invalidate(): void {
    this.loaded = undefined
  }

  private async load(): Promise<Corrections> {
    const startedAt = this.now()
    try {
      const corrections = this.assistant.corrections(await createQuestionRepository(this.db).inForce())
      this.loaded = { at: startedAt, corrections }
      return corrections
    } catch {
      return this.loaded?.corrections ?? this.assistant.corrections([])
    }
  }
}
