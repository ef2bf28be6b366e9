import type { Queryable } from '../db'
import { normalizeEmail, type WaitlistInput } from '@contracts/leads'

export interface WaitlistRepository {
  /**
   * Stores a signup checked by `cleanWaitlist`, consented now. An address already on the list
   * (in any case) keeps its first signup untouched, so no one can overwrite another's entry.
   */
  join(signup: WaitlistInput): Promise<void>
}

export const createWaitlistRepository = (db: Queryable): WaitlistRepository => ({
  join: async (signup) => {
    await db.query(
      `insert into waitlist_signups (name, email, company, role, use_case, source, plan, product, consented_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, now())
       on conflict (email) do nothing`,
      [
        signup.name,
        normalizeEmail(signup.email),
        signup.company,
        signup.role,
        signup.useCase,
        signup.source ?? null,
        signup.plan ?? null,
        signup.product ?? null,
      ],
    )
  },
})
