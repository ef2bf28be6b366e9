import type { Queryable } from '../db'
import { normalizeEmail, type ContactInput } from '@contracts/leads'

export interface ContactRepository {
  /** Stores a message checked by `cleanContact`; every message gets its own row. */
  create(message: ContactInput): Promise<void>
}

export const createContactRepository = (db: Queryable): ContactRepository => ({
  create: async (message) => {
    await db.query(
      `insert into contact_messages (name, email, company, subject, message, product)
       values ($1, $2, $3, $4, $5, $6)`,
      [message.name, normalizeEmail(message.email), message.company, message.subject, message.message, message.product ?? null],
    )
  },
})
