import { LOG_COUNT_CAP, type LogEntry } from '@contracts/logs'
import type { Queryable } from '../db'
import { AGENT_MODULES, type AgentModule, type LogLevel } from '@contracts/logs'

export interface NewLogEntry {
  level: LogLevel
  module: AgentModule
  message: string
  buildId?: string | undefined
}

export interface LogQuery {
  search?: string | undefined
  module?: AgentModule | undefined
  level?: LogLevel | undefined
  limit: number
  offset: number
}

interface LogRow {
  id: number
  created_at: Date
  level: LogLevel
  module: string
  message: string
  build_id: string | null
}

export { LOG_COUNT_CAP }

/** At most this many characters of a log message are kept: room for a whole command (2,000) with its sender's e-mail. */
export const MAX_LOG_MESSAGE_LENGTH = 2300

/** `text` as a LIKE pattern that matches it literally (backslash is LIKE's escape character). */
export const likeLiteral = (text: string): string => text.replace(/[\\%_]/g, (char) => `\\${char}`)

const sourceOf = (module: string): string => (Object.hasOwn(AGENT_MODULES, module) ? AGENT_MODULES[module as AgentModule] : module)

/** An entry as this module knows it: the build's sessionId is the builds module's to tell. */
export type StoredLogEntry = Omit<LogEntry, 'sessionId'>

const toEntry = (row: LogRow): StoredLogEntry => ({
  id: Number(row.id),
  timestamp: row.created_at.toISOString(),
  level: row.level,
  source: sourceOf(row.module),
  module: row.module,
  message: row.message,
  buildId: row.build_id,
})

/** The agent log: what each module did, searchable for the Logs page. */
export const createAgentLogRepository = (db: Queryable) => ({
  async write(entry: NewLogEntry): Promise<void> {
    const message = entry.message.replaceAll('\u0000', '').slice(0, MAX_LOG_MESSAGE_LENGTH)
    await db.query('insert into agent_logs (level, module, message, build_id) values ($1, $2, $3, $4)', [
      entry.level,
      entry.module,
      message,
      entry.buildId ?? null,
    ])
  },

  /**
   * Newest first; `search` matches anywhere in the message, ignoring case. The filters have their
   * indexes, and the search a trigram index where pg_trgm is available (migration 009). `total`
   * counts the matches up to LOG_COUNT_CAP; `totalCapped` says there are more.
   */
  async list(query: LogQuery): Promise<{ entries: StoredLogEntry[]; total: number; totalCapped: boolean }> {
    const conditions: string[] = []
    const params: unknown[] = []
    if (query.search) {
      params.push(`%${likeLiteral(query.search)}%`)
      conditions.push(`message ilike $${params.length}`)
    }
    if (query.module) {
      params.push(query.module)
      conditions.push(`module = $${params.length}`)
    }
    if (query.level) {
      params.push(query.level)
      conditions.push(`level = $${params.length}`)
    }
    const where = conditions.length > 0 ? `where ${conditions.join(' and ')}` : ''
    // Without an order: in the page's order the planner sorts every match of a common word first
    // (measured slower on PGlite, bench `logs`).
    const counted = await db.query<{ total: number }>(
      `select count(*)::int as total from (select 1 from agent_logs ${where} limit ${LOG_COUNT_CAP + 1}) capped`,
      params,
    )
    const total = counted.rows[0]?.total ?? 0
    const { rows } = await db.query<LogRow>(
      `select id, created_at, level, module, message, build_id from agent_logs ${where}
       order by created_at desc, id desc limit $${params.length + 1} offset $${params.length + 2}`,
      [...params, query.limit, query.offset],
    )
    return {
      total: Math.min(total, LOG_COUNT_CAP),
      totalCapped: total > LOG_COUNT_CAP,
      entries: rows.map(toEntry),
    }
  },

  /** A build's entries, oldest first: the latest `limit` of them. */
  async ofBuild(buildId: string, limit: number): Promise<StoredLogEntry[]> {
    const { rows } = await db.query<LogRow>(
      `select id, created_at, level, module, message, build_id from agent_logs where build_id = $1
       order by created_at desc, id desc limit $2`,
      [buildId, limit],
    )
    return rows.reverse().map(toEntry)
  },
})

/** What the agentLog repository offers, on one connection or transaction. */
export type AgentLogRepository = ReturnType<typeof createAgentLogRepository>
