import type { Queryable } from '../db'
import { normalizeEmail } from '@contracts/leads'

export interface NewsletterRepository {
  /** Stores the normalised address; subscribing an address twice leaves one row. */
  subscribe(email: string): Promise<void>
}

export const createNewsletterRepository = (db: Queryable): NewsletterRepository => ({
  subscribe: async (email) => {
    await db.query('insert into newsletter_subscriptions (email) values ($1) on conflict (email) do nothing', [
      normalizeEmail(email),
    ])
  },
})
