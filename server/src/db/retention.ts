import type { Database } from './'

/**
 * What the privacy policy promises to delete, and when (content/legal/privacy.md,
 * "How long we keep information"). Waitlist entries are kept until early access has been offered,
 * a business event the server does not know, so they are not swept here.
 */
export const RETENTION = {
  /** An anonymous visitor's cookie lives 400 days after their last message; so do their conversations. */
  visitorConversationsDays: 400,
  /** Contact messages: 24 months after the last exchange (the message itself is the last we know of). */
  contactMessagesMonths: 24,
} as const

export interface SweepResult {
  visitorConversations: number
  contactMessages: number
  sessions: number
}

/**
 * Deletes what has outlived its retention period, as of `now`. Idempotent, so several server
 * instances may run it at once.
 */
export const sweepExpired = async (db: Database, now: Date = new Date()): Promise<SweepResult> => {
  const at = now.toISOString()
  // A visitor's conversations go together, once the newest of them is older than the cookie.
  const conversations = await db.query<{ count: number }>(
    `with deleted as (
     delete from chat_conversations c
      where c.owner_key like 'visitor:%'
        and c.updated_at < $1::timestamptz - make_interval(days => $2)
        and not exists (
          select 1 from chat_conversations recent
           where recent.owner_key = c.owner_key
             and recent.updated_at >= $1::timestamptz - make_interval(days => $2))
      returning 1)
     select count(*)::int as count from deleted`,
    [at, RETENTION.visitorConversationsDays],
  )
  const contact = await db.query<{ count: number }>(
    `with deleted as (delete from contact_messages where created_at < $1::timestamptz - make_interval(months => $2) returning 1)
     select count(*)::int as count from deleted`,
    [at, RETENTION.contactMessagesMonths],
  )
  // Sessions that can no longer be used: expired or signed out.
  const sessions = await db.query<{ count: number }>(
    `with deleted as (delete from sessions where expires_at <= $1::timestamptz or revoked_at is not null returning 1)
     select count(*)::int as count from deleted`,
    [at],
  )
  const count = (result: { rows: { count: number }[] }): number => result.rows[0]?.count ?? 0
  return { visitorConversations: count(conversations), contactMessages: count(contact), sessions: count(sessions) }
}

/** Tables whose queries need the planner to know their sizes (history search, the agent log search). */
const ANALYZED_TABLES = ['chat_conversations', 'chat_messages', 'agent_logs'] as const

/**
 * PGlite runs no autovacuum, so without this its planner never learns how many rows a table has,
 * and a search phrase is matched across every owner's conversations before the owner filter
 * applies, and a log search may read a trigram index for a word that is on every other row.
 * On PostgreSQL it only repeats what autovacuum does.
 */
export const refreshStatistics = async (db: Database): Promise<void> => {
  for (const table of ANALYZED_TABLES) await db.query(`analyze ${table}`)
}
