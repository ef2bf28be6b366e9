import type { Queryable } from '../db'
import type { ChatMessage, ReplySource } from '../llm/types'
import { createQuestionRepository } from '../questions/questionRepository'

export type ConversationStatus = 'completed' | 'error' | 'processing'

export interface ConversationHeader {
  id: string
  title: string
  status: ConversationStatus
  model: string
  error: string | null
  messageCount: number
  createdAt: Date
  updatedAt: Date
  /** When its share link was made, while it has one (read by `find` and `list`). */
  sharedAt?: Date | null
}

export interface StoredMessage extends ChatMessage {
  position: number
  model: string | null
  promptTokens: number | null
  completionTokens: number | null
  stopped: boolean
}

export interface Conversation extends ConversationHeader {
  messages: StoredMessage[]
}

export interface NewReply {
  content: string
  model: string
  promptTokens: number
  completionTokens: number
  stopped: boolean
  /** The question it answers and where the answer came from: recorded for the Questions page (and its rating). */
  answers?: { question: string; read?: string; source: ReplySource }
}

export interface HistoryQuery {
  page: number
  limit: number
  /** Words and "quoted phrases" (websearch syntax); undefined lists everything. */
  search?: string
}

/** The title: the first user message on one line, at most this long. */
export const TITLE_MAX_LENGTH = 200
/** Search covers at most this much of a conversation's text (and its title). */
export const SEARCH_TEXT_LIMIT = 200_000

// The title the owner gave, else the default (the first message).
const HEADER_COLUMNS = `id, coalesce(custom_title, title) as title, status, model, error, message_count, created_at, updated_at`

interface HeaderRow {
  id: string
  title: string
  status: ConversationStatus
  model: string
  error: string | null
  message_count: number
  created_at: Date
  updated_at: Date
}

interface MessageRow {
  conversation_id: string
  position: number
  role: 'user' | 'assistant'
  content: string
  model: string | null
  prompt_tokens: number | null
  completion_tokens: number | null
  stopped: boolean
}

const toHeader = (row: HeaderRow): ConversationHeader => ({
  id: row.id,
  title: row.title,
  status: row.status,
  model: row.model,
  error: row.error,
  messageCount: row.message_count,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
})

const toMessage = (row: MessageRow): StoredMessage => ({
  role: row.role,
  content: row.content,
  position: row.position,
  model: row.model,
  promptTokens: row.prompt_tokens,
  completionTokens: row.completion_tokens,
  stopped: row.stopped,
})

export const titleOf = (text: string): string => {
  const line = text.replace(/\s+/g, ' ').trim()
  return line.length > TITLE_MAX_LENGTH ? `${line.slice(0, TITLE_MAX_LENGTH - 1).trimEnd()}…` : line
}

/**
 * The text search covers: every message and reply, each cut to its share of the limit when the
 * whole conversation is longer (a tsvector has a size limit, and positions stop counting at 16,383).
 */
export const searchTextOf = (messages: readonly { content: string }[]): string => {
  const total = messages.reduce((sum, message) => sum + message.content.length, 0)
  const share = total <= SEARCH_TEXT_LIMIT ? Number.POSITIVE_INFINITY : Math.max(1000, Math.floor(SEARCH_TEXT_LIMIT / messages.length))
  return messages
    .map((message) => message.content.slice(0, share))
    .join('\n\n')
    .slice(0, SEARCH_TEXT_LIMIT)
}

const SEARCH_VECTOR = `setweight(to_tsvector('english', $2), 'A') || setweight(to_tsvector('english', $3), 'B')`

/** Conversations and their messages. Every read is scoped to one owner (deleting is conversationToolsRepository's `trash`). */
export const createConversationRepository = (db: Queryable) => ({
  /** A new conversation (status processing) with its first messages, in one statement. */
  async create(
    input: { id: string; ownerKey: string; model: string; messages: readonly ChatMessage[] },
  ): Promise<ConversationHeader> {
    const firstUser = input.messages.find((message) => message.role === 'user') ?? input.messages[0]
    const title = titleOf(firstUser?.content ?? '')
    // One statement, so atomic without a transaction (and one round trip to the database): the
    // conversation and its messages, numbered from 0 in the order given.
    const { rows } = await db.query<HeaderRow>(
      `with conversation as (
         insert into chat_conversations (id, title, status, model, owner_key, message_count, search_vector)
         values ($1, $2, 'processing', $4, $5, $6, ${SEARCH_VECTOR})
         returning ${HEADER_COLUMNS}
       ), messages as (${insertGivenMessages('$1', '0', '$7', '$8')})
       select * from conversation`,
      [
        input.id,
        title,
        searchTextOf(input.messages),
        input.model,
        input.ownerKey,
        input.messages.length,
        input.messages.map((message) => message.role),
        input.messages.map((message) => message.content),
      ],
    )
    return toHeader(rows[0] as HeaderRow)
  },

  /** One of the owner's conversations with its messages; `lock` holds its row until the transaction ends. */
  async find(ownerKey: string, id: string, { lock = false } = {}): Promise<Conversation | undefined> {
    const { rows } = await db.query<HeaderRow>(
      `select ${HEADER_COLUMNS} from chat_conversations where id = $1 and owner_key = $2${lock ? ' for update' : ''}`,
      [id, ownerKey],
    )
    const row = rows[0]
    if (!row) return undefined
    const messages = await messagesOf(db, [row.id])
    const shared = await sharedSince(db, [row.id])
    return { ...toHeader(row), sharedAt: shared.get(row.id) ?? null, messages: messages.get(row.id) ?? [] }
  },

  /** A follow-up question: appended, and the conversation is processing again. */
  async appendUserMessage(conversation: Conversation, content: string, model: string): Promise<void> {
    const all = [...conversation.messages, { role: 'user' as const, content }]
    await insertMessages(db, conversation.id, conversation.messageCount, [{ role: 'user', content }])
    await db.query(
      `update chat_conversations
       set status = 'processing', error = null, model = $4, message_count = $5, updated_at = now(), search_vector = ${SEARCH_VECTOR}
       where id = $1`,
      [conversation.id, conversation.title, searchTextOf(all), model, all.length],
    )
  },

  /**
   * Edit and resend (or regenerate): the user message at `position` and every later turn give way
   * to `content`, and the conversation is processing again. A title that was the old first
   * message follows the new one. The builds whose requests were cut must first lose their
   * conversation (ConversationBuilds.detachFrom): their turns are gone.
   */
  async replaceFrom(conversation: Conversation, position: number, content: string, model: string): Promise<void> {
    const replaced = conversation.messages[position]
    const all = [...conversation.messages.slice(0, position), { role: 'user' as const, content }]
    const title = position === 0 && replaced && conversation.title === titleOf(replaced.content) ? titleOf(content) : conversation.title
    await db.query('delete from chat_messages where conversation_id = $1 and position >= $2', [conversation.id, position])
    await insertMessages(db, conversation.id, position, [{ role: 'user', content }])
    await db.query(
      `update chat_conversations
       set title = $2, status = 'processing', error = null, model = $4, message_count = $5, updated_at = now(), search_vector = ${SEARCH_VECTOR}
       where id = $1`,
      [conversation.id, title, searchTextOf(all), model, all.length],
    )
  },

  /**
   * Stores the reply and marks the conversation completed. False when the conversation is gone
   * (deleted while the reply was generated): nothing is stored then.
   */
  async complete(id: string, reply: NewReply): Promise<boolean> {
    // The row held first, then the texts the search covers: read in the same statement, a
    // message committed while it waited for the lock would be missed.
    const { rows } = await db.query<{ title: string; message_count: number }>(
      `select coalesce(custom_title, title) as title, message_count from chat_conversations where id = $1 for update`,
      [id],
    )
    const conversation = rows[0]
    if (!conversation) return false
    const { rows: stored } = await db.query<{ content: string }>('select content from chat_messages where conversation_id = $1 order by position', [id])
    const all = [...stored, { content: reply.content }]
    // The reply and the conversation's new state in one statement.
    await db.query(
      `with reply as (
         insert into chat_messages (conversation_id, position, role, content, model, prompt_tokens, completion_tokens, stopped)
         values ($1, $5, 'assistant', $6, $7, $8, $9, $10)
       )
       update chat_conversations
       set status = 'completed', error = null, message_count = $4, updated_at = now(), search_vector = ${SEARCH_VECTOR}
       where id = $1`,
      [id, conversation.title, searchTextOf(all), all.length, conversation.message_count, reply.content, reply.model, reply.promptTokens, reply.completionTokens, reply.stopped],
    )
    if (reply.answers) await createQuestionRepository(db).record(id, conversation.message_count, reply.answers, reply.model, reply.answers.source)
    return true
  },

  /** A failed reply is being tried again (a build retried): processing again, its error cleared. False unless it had failed. */
  async reopen(id: string): Promise<boolean> {
    const { rows } = await db.query(`update chat_conversations set status = 'processing', error = null, updated_at = now() where id = $1 and status = 'error' returning id`, [id])
    return rows.length > 0
  },

  /** The reply failed: status error with the reason; no reply is stored. */
  async fail(id: string, error: string): Promise<void> {
    await db.query(`update chat_conversations set status = 'error', error = $2, updated_at = now() where id = $1`, [id, error])
  },

  /** Any owner's conversation (inside the service only, after the owner was checked). */
  async findById(id: string, { lock = false } = {}): Promise<Conversation | undefined> {
    const { rows } = await db.query<HeaderRow & { owner_key: string }>(
      `select ${HEADER_COLUMNS}, owner_key from chat_conversations where id = $1${lock ? ' for update' : ''}`,
      [id],
    )
    const row = rows[0]
    if (!row) return undefined
    const messages = await messagesOf(db, [row.id])
    return { ...toHeader(row), messages: messages.get(row.id) ?? [] }
  },

  /** A page of the owner's history: newest first, or by relevance (then newest) when searching. */
  async list(ownerKey: string, query: HistoryQuery): Promise<{ items: Conversation[]; total: number }> {
    const offset = (query.page - 1) * query.limit
    let rows: HeaderRow[]
    let total: number
    if (query.search === undefined) {
      const counted = await db.query<{ total: number }>('select count(*)::int as total from chat_conversations where owner_key = $1', [ownerKey])
      total = counted.rows[0]?.total ?? 0
      ;({ rows } = await db.query<HeaderRow>(
        `select ${HEADER_COLUMNS} from chat_conversations where owner_key = $1
         order by updated_at desc, id desc limit $2 offset $3`,
        [ownerKey, query.limit, offset],
      ))
    } else {
      // Ranking has to visit every match anyway, so the page carries the count: one pass over
      // the matches instead of two (a phrase rechecks each candidate row; on 100k conversations
      // that pass is most of a search's time, see `npm run bench -- history`).
      const found = await db.query<HeaderRow & { total: number }>(
        `select ${HEADER_COLUMNS}, count(*) over ()::int as total
         from chat_conversations c, websearch_to_tsquery('english', $2) q
         where c.owner_key = $1 and c.search_vector @@ q
         order by ts_rank(c.search_vector, q) desc, c.updated_at desc, c.id desc limit $3 offset $4`,
        [ownerKey, query.search, query.limit, offset],
      )
      rows = found.rows
      if (found.rows[0]) {
        total = found.rows[0].total
      } else if (offset === 0) {
        total = 0
      } else {
        // A page past the end carries no row, so no count: count separately.
        const counted = await db.query<{ total: number }>(
          `select count(*)::int as total from chat_conversations
           where owner_key = $1 and search_vector @@ websearch_to_tsquery('english', $2)`,
          [ownerKey, query.search],
        )
        total = counted.rows[0]?.total ?? 0
      }
    }
    const messages = await messagesOf(
      db,
      rows.map((row) => row.id),
    )
    const shared = await sharedSince(
      db,
      rows.map((row) => row.id),
    )
    return { items: rows.map((row) => ({ ...toHeader(row), sharedAt: shared.get(row.id) ?? null, messages: messages.get(row.id) ?? [] })), total }
  },

  /** Conversations left processing by a server that stopped mid-reply are marked error. */
  async failStale(olderThanMs: number, error: string): Promise<number> {
    const { rows } = await db.query(
      `update chat_conversations set status = 'error', error = $2
       where status = 'processing' and updated_at < now() - make_interval(secs => $1) returning id`,
      [olderThanMs / 1000, error],
    )
    return rows.length
  },
})

/** What the conversation repository offers, on one connection or transaction. */
export type ConversationRepository = ReturnType<typeof createConversationRepository>

/**
 * The insert of messages given as two arrays (their roles, their contents), numbered from `from`
 * in their order; each argument is the SQL of a parameter or a value.
 */
const insertGivenMessages = (conversationId: string, from: string, roles: string, contents: string): string =>
  `insert into chat_messages (conversation_id, position, role, content)
   select ${conversationId}, ${from} + given.position - 1, given.role, given.content
   from unnest(${roles}::text[], ${contents}::text[]) with ordinality as given (role, content, position)`

const insertMessages = async (tx: Queryable, conversationId: string, from: number, messages: readonly ChatMessage[]): Promise<void> => {
  if (messages.length === 0) return
  await tx.query(insertGivenMessages('$1', '$2::integer', '$3', '$4'), [
    conversationId,
    from,
    messages.map((message) => message.role),
    messages.map((message) => message.content),
  ])
}

const messagesOf = async (db: Queryable, ids: readonly string[]): Promise<Map<string, StoredMessage[]>> => {
  const byConversation = new Map<string, StoredMessage[]>()
  if (ids.length === 0) return byConversation
  const placeholders = ids.map((_, index) => `$${index + 1}`).join(', ')
  const { rows } = await db.query<MessageRow>(
    `select conversation_id, position, role, content, model, prompt_tokens, completion_tokens, stopped
     from chat_messages where conversation_id in (${placeholders}) order by conversation_id, position`,
    ids,
  )
  for (const row of rows) {
    const list = byConversation.get(row.conversation_id) ?? []
    list.push(toMessage(row))
    byConversation.set(row.conversation_id, list)
  }
  return byConversation
}

/** When each of the conversations' share link was made, for those that have one. */
const sharedSince = async (db: Queryable, ids: readonly string[]): Promise<Map<string, Date>> => {
  if (ids.length === 0) return new Map()
  const { rows } = await db.query<{ conversation_id: string; created_at: Date }>(
    'select conversation_id, created_at from conversation_shares where conversation_id = any($1::uuid[])',
    [ids],
  )
  return new Map(rows.map((row) => [row.conversation_id, row.created_at]))
}

/**
 * What chat changes of the builds its conversations' requests started. The builds module does it
 * (builds/buildRepository.ts), so chat writes no table of another module.
 */
export interface ConversationBuilds {
  /** The builds asked for at or after the message at `position` lose the conversation (and so their archives, which the archive sweep then removes). */
  detachFrom(conversationId: string, position: number): Promise<void>
  /** The builds `buildIds` belong to the conversation again (an undone deletion), unless another took them meanwhile. */
  reattach(conversationId: string, buildIds: readonly string[]): Promise<void>
}

/** The conversation builds on a connection or transaction. */
export type ConversationBuildsIn = (db: Queryable) => ConversationBuilds
