import type { Queryable } from '../db'

/** What a realtime session id is used for: a chat reply, or a build. */
export type SessionKind = 'chat' | 'build'

/**
 * Who owns each realtime session id (a socket.io room). A request that is about to emit to a
 * session's room claims its id first; from then on only sockets of the same owner may join.
 * Kept in the database, so every server process sees the same owners.
 */
export interface SessionOwnerRepository {
  /** Registers `sessionId` for `ownerKey`. True when the owner now holds it (new, or already theirs). */
  claim(sessionId: string, ownerKey: string, kind: SessionKind): Promise<boolean>
  /** The owner key of a registered session id. */
  ownerOf(sessionId: string): Promise<string | undefined>
  /** Forgets registrations older than `maxAgeMs`; returns how many. */
  sweep(maxAgeMs: number): Promise<number>
  /** Records the conversation the session's request stored its question in. */
  attach(sessionId: string, conversationId: string): Promise<void>
  /** A registered session: its owner, kind and conversation (null before it is stored, or once deleted). */
  find(sessionId: string): Promise<{ ownerKey: string; kind: SessionKind; conversationId: string | null } | undefined>
  /**
   * An undone deletion: `sessionIds` of `ownerKey` point at the conversation again (a reload during
   * its reply finds it). Sessions swept since stay gone; one attached elsewhere meanwhile keeps its link.
   */
  reattach(conversationId: string, sessionIds: readonly string[], ownerKey: string): Promise<void>
}

export const createSessionOwnerRepository = (db: Queryable): SessionOwnerRepository => {
  const ownerOf = async (sessionId: string): Promise<string | undefined> => {
    const { rows } = await db.query<{ owner_key: string }>('select owner_key from session_owners where session_id = $1', [sessionId])
    return rows[0]?.owner_key
  }
  return {
    // One statement: a taken session's row is returned as it is (its owner unchanged), so the
    // caller learns who holds it without a second round trip.
    claim: async (sessionId, ownerKey, kind) => {
      const { rows } = await db.query<{ owner_key: string }>(
        `insert into session_owners (session_id, owner_key, kind) values ($1, $2, $3)
         on conflict (session_id) do update set owner_key = session_owners.owner_key
         returning owner_key`,
        [sessionId, ownerKey, kind],
      )
      return rows[0]?.owner_key === ownerKey
    },
    ownerOf,
    attach: async (sessionId, conversationId) => {
      await db.query('update session_owners set conversation_id = $2 where session_id = $1', [sessionId, conversationId])
    },
    reattach: async (conversationId, sessionIds, ownerKey) => {
      if (sessionIds.length === 0) return
      await db.query(
        `update session_owners set conversation_id = $1
         where session_id = any($2::text[]) and conversation_id is null and owner_key = $3`,
        [conversationId, sessionIds, ownerKey],
      )
    },
    find: async (sessionId) => {
      const { rows } = await db.query<{ owner_key: string; kind: SessionKind; conversation_id: string | null }>(
        'select owner_key, kind, conversation_id from session_owners where session_id = $1',
        [sessionId],
      )
      const row = rows[0]
      return row ? { ownerKey: row.owner_key, kind: row.kind, conversationId: row.conversation_id } : undefined
    },
    sweep: async (maxAgeMs) => {
      const { rows } = await db.query(
        `delete from session_owners where created_at < now() - make_interval(secs => $1) returning session_id`,
        [maxAgeMs / 1000],
      )
      return rows.length
    },
  }
}
