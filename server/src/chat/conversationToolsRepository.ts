import type { Queryable } from '../db'
import type { ChatMessage } from '../llm/types'
import { createQuestionRepository, type QuestionReader } from '../questions/questionRepository'

/** What a deleted conversation that comes back while its reply was lost says. */
export const REPLY_LOST_ON_DELETE = 'The reply was stopped when the conversation was deleted. Please send the message again.'

export interface SharedSnapshot {
  /** The conversation it was taken of: the builds it shows must still be that conversation's. */
  conversationId: string
  title: string
  messages: ChatMessage[]
  sharedAt: Date
}

/** jsonb, as either driver gives it (parsed, or as text). */
const parsed = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value)

const messagesOf = (value: unknown): ChatMessage[] => {
  const list = parsed(value)
  if (!Array.isArray(list)) return []
  return list.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return []
    const { role, content } = item as Record<string, unknown>
    return (role === 'user' || role === 'assistant') && typeof content === 'string' ? [{ role, content }] : []
  })
}

/**
 * Renaming, deletion with undo, and share links of the owners' conversations. Every call that
 * names a conversation is scoped to its owner.
 */
export const createConversationToolsRepository = (db: Queryable) => ({
  /**
   * Sets the title the owner chose (null: back to the first message) and re-weighs search: the
   * shown title counts as the title. Undefined when the owner has no such conversation.
   */
  async rename(ownerKey: string, id: string, title: string | null): Promise<{ title: string; renamed: boolean } | undefined> {
    const { rows } = await db.query<{ title: string; renamed: boolean }>(
      `update chat_conversations
       set custom_title = $3::text,
           search_vector = setweight(to_tsvector('english', coalesce($3::text, title)), 'A') || ts_filter(search_vector, '{b}')
       where id = $1 and owner_key = $2
       returning coalesce(custom_title, title) as title, custom_title is not null as renamed`,
      [id, ownerKey, title],
    )
    return rows[0]
  },

  /**
   * Deletes one of the owner's conversations, keeping a copy of what goes (its row, messages, their
   * questions and ratings, and share link, and which builds and realtime sessions pointed at it) for undo. False when there is no such conversation.
   * Run it in a transaction.
   */
  async trash(ownerKey: string, id: string, deletedAt: Date): Promise<boolean> {
    const { rows } = await db.query('select id from chat_conversations where id = $1 and owner_key = $2 for update', [id, ownerKey])
    if (rows.length === 0) return false
    await db.query(
      `insert into deleted_conversations (id, owner_key, deleted_at, conversation, messages, shares, build_ids, session_ids, questions)
       select c.id, c.owner_key, $2::timestamptz, to_jsonb(c),
         coalesce((select jsonb_agg(to_jsonb(m) order by m.position) from chat_messages m where m.conversation_id = c.id), '[]'::jsonb),
         coalesce((select jsonb_agg(to_jsonb(s)) from conversation_shares s where s.conversation_id = c.id), '[]'::jsonb),
         coalesce((select array_agg(b.id) from builds b where b.conversation_id = c.id), '{}'::uuid[]),
         coalesce((select array_agg(o.session_id) from session_owners o where o.conversation_id = c.id), '{}'::text[]),
         coalesce((select jsonb_agg(to_jsonb(q)) from assistant_questions q where q.conversation_id = c.id), '[]'::jsonb)
       from chat_conversations c where c.id = $1
       on conflict (id) do update set owner_key = excluded.owner_key, deleted_at = excluded.deleted_at, conversation = excluded.conversation,
         messages = excluded.messages, shares = excluded.shares, build_ids = excluded.build_ids, session_ids = excluded.session_ids,
         questions = excluded.questions`,
      [id, deletedAt],
    )
    await db.query('delete from chat_conversations where id = $1', [id])
    return true
  },

  /**
   * Puts back a conversation of the owner's deleted after `since`, as it was: its row, messages,
   * share link, its builds (whose archives were kept) and its sessions' links (a reload during
   * its reply finds it again). A reply lost to the deletion (not a
   * build still running) leaves it failed rather than processing (`replyLostUnlessBuilding`, once
   * its builds are back). Undefined when there is none; else the builds and sessions to give back
   * to it, which the builds and sessions modules do. Run it in a transaction.
   */
  async restore(ownerKey: string, id: string, since: Date, read: QuestionReader): Promise<{ buildIds: string[]; sessionIds: string[] } | undefined> {
    const { rows } = await db.query(
      'select id from deleted_conversations where id = $1 and owner_key = $2 and deleted_at > $3 for update',
      [id, ownerKey, since],
    )
    if (rows.length === 0) return undefined
    await db.query(
      `insert into chat_conversations
       select r.* from deleted_conversations d, jsonb_populate_record(null::chat_conversations, d.conversation) r where d.id = $1`,
      [id],
    )
    await db.query(
      `insert into chat_messages
       select r.* from deleted_conversations d, jsonb_populate_recordset(null::chat_messages, d.messages) r where d.id = $1`,
      [id],
    )
    // Its questions (and their ratings) come back with it, for the Questions page.
    await createQuestionRepository(db).restoreDeleted(id, read)
    await db.query(
      `insert into conversation_shares
       select r.* from deleted_conversations d, jsonb_populate_recordset(null::conversation_shares, d.shares) r where d.id = $1
       on conflict do nothing`,
      [id],
    )
    const { rows: deleted } = await db.query<{ build_ids: string[]; session_ids: string[] }>(
      'delete from deleted_conversations where id = $1 returning build_ids, session_ids',
      [id],
    )
    return { buildIds: deleted[0]?.build_ids ?? [], sessionIds: deleted[0]?.session_ids ?? [] }
  },

  /** A restored conversation's reply that was lost to its deletion fails, unless a build of it still runs (its reply is still to come). */
  async replyLostUnlessBuilding(id: string): Promise<void> {
    await db.query(
      `update chat_conversations set status = 'error', error = $2
       where id = $1 and status = 'processing'
         and not exists (select 1 from builds where conversation_id = $1 and status = 'running')`,
      [id, REPLY_LOST_ON_DELETE],
    )
  },

  /** Forgets conversations deleted at or before `before`: they can no longer be restored, and their builds' archives can be swept. */
  async purgeDeleted(before: Date): Promise<number> {
    const { rows } = await db.query('delete from deleted_conversations where deleted_at <= $1 returning id', [before])
    return rows.length
  },

  /**
   * A new share link of one of the owner's conversations: a snapshot of its title and messages
   * as they are now, under the token's hash; it replaces an earlier link. Undefined when the
   * owner has no such conversation.
   */
  async share(ownerKey: string, id: string, tokenHash: string, sharedAt: Date): Promise<boolean> {
    const { rows } = await db.query(
      `insert into conversation_shares (token_hash, conversation_id, title, messages, created_at)
       select $3, c.id, coalesce(c.custom_title, c.title),
         coalesce((select jsonb_agg(jsonb_build_object('role', m.role, 'content', m.content) order by m.position)
                   from chat_messages m where m.conversation_id = c.id), '[]'::jsonb),
         $4
       from chat_conversations c where c.id = $1 and c.owner_key = $2
       on conflict (conversation_id) do update
         set token_hash = excluded.token_hash, title = excluded.title, messages = excluded.messages, created_at = excluded.created_at
       returning conversation_id`,
      [id, ownerKey, tokenHash, sharedAt],
    )
    return rows.length > 0
  },

  /** Revokes the share link of one of the owner's conversations (its snapshot goes too); false when it has none. */
  async revoke(ownerKey: string, id: string): Promise<boolean> {
    const { rows } = await db.query(
      `delete from conversation_shares s using chat_conversations c
       where s.conversation_id = $1 and c.id = s.conversation_id and c.owner_key = $2
       returning s.conversation_id`,
      [id, ownerKey],
    )
    return rows.length > 0
  },

  /** The snapshot behind a token's hash, for anyone who has the link. */
  async shared(tokenHash: string): Promise<SharedSnapshot | undefined> {
    const { rows } = await db.query<{ conversation_id: string; title: string; messages: unknown; created_at: Date }>(
      'select conversation_id, title, messages, created_at from conversation_shares where token_hash = $1',
      [tokenHash],
    )
    const row = rows[0]
    return row ? { conversationId: row.conversation_id, title: row.title, messages: messagesOf(row.messages), sharedAt: row.created_at } : undefined
  },
})

/** What the conversationTools repository offers, on one connection or transaction. */
export type ConversationToolsRepository = ReturnType<typeof createConversationToolsRepository>
