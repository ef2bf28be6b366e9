import type { BuildIteration, StageRecord } from '../pipeline/state'
import type { Queryable } from '../db'
import { likeLiteral } from '../agentLogs/agentLogRepository'
import type { TestSummary } from '../pipeline/state'
import type { ProjectKind } from '../generation/classify'
import type { GateKind, StageId } from '../pipeline/stages'
import type { Question } from '../pipeline/clarify'
import { CHECKPOINT_VERSION, type Checkpoint, type StoredCheckpoint } from '../pipeline/checkpoint'
import type { StoredJob } from '../pipeline/runner'

export type { BuildStatus } from '@contracts/builds'
import type { BuildStatus } from '@contracts/builds'

export interface Build {
  id: string
  sessionId: string
  ownerKey: string
  conversationId: string | null
  model: string
  status: BuildStatus
  kind: ProjectKind | null
  name: string | null
  stage: StageId
  percentage: number
  message: string
  error: string | null
  archiveBytes: number | null
  archiveFiles: number | null
  createdAt: Date
  updatedAt: Date
  finishedAt: Date | null
  /** The server process that took its request and stores its outcome; null for builds from before it was kept. */
  serverId: string | null
  /** The questions it waits to have answered (null unless it waits), and when it asked them. */
  clarification: PendingClarification | null
  askedAt: Date | null
  /** The stage its owner can retry it from, once it failed there (null: it cannot be retried). */
  retryStage: StageId | null
}

/** What a build waiting for answers keeps: its questions, and what its resumed run needs. */
export interface PendingClarification {
  questions: Question[]
  round: number
  /** The request the answers join. */
  request: string
  previousBuildId?: string
}

interface BuildRow {
  id: string
  session_id: string
  owner_key: string
  conversation_id: string | null
  model: string
  status: BuildStatus
  kind: ProjectKind | null
  name: string | null
  stage: StageId
  percentage: number
  message: string
  error: string | null
  archive_bytes: number | null
  archive_files: number | null
  created_at: Date
  updated_at: Date
  finished_at: Date | null
  server_id: string | null
  clarification: PendingClarification | string | null
  asked_at: Date | null
  retry_stage: StageId | null
}

/** The columns of a BuildRow: not the job or the tests, which can be large and are read where they are used. */
const BUILD_COLUMNS =
  'id, session_id, owner_key, conversation_id, model, status, kind, name, stage, percentage, message, error, archive_bytes, archive_files, created_at, updated_at, finished_at, server_id, clarification, asked_at, retry_stage'

/**
 * What the build `b` has done: its iterations, and once delivered (completed with its archive and
 * its conversation, as BuildService's hasArchive) its tests' result and its files' paths and sizes.
 */
const DETAILS_COLUMNS = `
  (select coalesce(json_agg(i order by i.iteration), '[]'::json) from (
     select iteration, files_changed, passed, failed, failing, output_tail, prompt_tokens, completion_tokens, duration_ms
     from build_iterations where build_id = b.id) i) as iterations,
  b.status = 'completed' and b.conversation_id is not null and b.archive_bytes is not null as delivered,
  b.tests as tests,
  case when b.status = 'completed' and b.conversation_id is not null and b.archive_bytes is not null then (
    select coalesce(json_agg(json_build_object('path', path, 'bytes', octet_length(content)) order by path), '[]'::json)
    from build_files where build_id = b.id) end as files`

interface DetailsRow {
  iterations: unknown
  delivered: boolean
  tests: unknown
  files: unknown
}

export interface BuildDetails {
  iterations: BuildIteration[]
  tests?: TestSummary
  files?: { path: string; bytes: number }[]
}

const toDetails = (row: DetailsRow): BuildDetails => {
  const iterations = jsonValue(row.iterations)
  const tests = jsonValue(row.tests)
  const files = jsonValue(row.files)
  return {
    iterations: Array.isArray(iterations) ? (iterations as IterationRow[]).map(toIteration) : [],
    ...(row.delivered && tests !== null && typeof tests === 'object' && { tests: tests as TestSummary }),
    ...(row.delivered && Array.isArray(files) && { files: files as { path: string; bytes: number }[] }),
  }
}

const toBuild = (row: BuildRow): Build => ({
  id: row.id,
  sessionId: row.session_id,
  ownerKey: row.owner_key,
  conversationId: row.conversation_id,
  model: row.model,
  status: row.status,
  kind: row.kind,
  name: row.name,
  stage: row.stage,
  percentage: row.percentage,
  message: row.message,
  error: row.error,
  archiveBytes: row.archive_bytes,
  archiveFiles: row.archive_files,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  finishedAt: row.finished_at,
  serverId: row.server_id,
  clarification: typeof row.clarification === 'string' ? (JSON.parse(row.clarification) as PendingClarification) : row.clarification,
  askedAt: row.asked_at,
  retryStage: row.retry_stage ?? null,
})

export interface RunningBuild extends Build {
  /** The request's conversation title; null if the conversation was deleted. */
  title: string | null
  /** The gate it waits at for a decision, and the request it waits on. */
  waitingGate: GateKind | null
  approvalId: string | null
}

export interface TokenUsageItem {
  iteration: number
  totalTokens: number
}

/** The token usage history answers at most this many iterations (the latest). */
export const TOKEN_HISTORY_LIMIT = 100

/** Builds, their stages' token use, and their latest progress. */

interface IterationRow {
  iteration: number
  files_changed: unknown
  passed: number
  failed: number
  failing: unknown
  output_tail: string
  prompt_tokens: number
  completion_tokens: number
  duration_ms: number
}

/** A json or jsonb value, as either driver gives it (parsed, or as text). */
const jsonValue = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : (value ?? null))

/** A jsonb list of strings. */
const jsonList = (value: unknown): string[] => {
  const parsed = jsonValue(value)
  return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : []
}

const toIteration = (row: IterationRow): BuildIteration => ({
  number: row.iteration,
  filesChanged: jsonList(row.files_changed),
  passed: row.passed,
  failed: row.failed,
  failing: jsonList(row.failing),
  output: row.output_tail,
  promptTokens: row.prompt_tokens,
  completionTokens: row.completion_tokens,
  durationMs: row.duration_ms,
})

/** A build as the Builds page lists it: its request's title, owner kind, iterations and tokens. */
export interface BuildListItem extends Build {
  /** The first line of its request, else its conversation's title; null when its conversation is gone. */
  title: string | null
  iterations: number
  promptTokens: number
  completionTokens: number
}

export interface BuildListFilter {
  status?: BuildStatus | undefined
  /** Matched anywhere in the title, ignoring case. */
  search?: string | undefined
  limit: number
  offset: number
}

interface BuildListRow extends BuildRow {
  title: string | null
  iterations: number
  prompt_tokens: number
  completion_tokens: number
}

/** A stage a build ran, as build_stages records it. */
export interface StageRun {
  stage: StageId
  status: StageRecord['status']
  startedAt: Date
  finishedAt: Date
  promptTokens: number
  completionTokens: number
}

/** Space, tab, carriage return and line feed, for btrim. */
const BLANKS = 'chr(32) || chr(9) || chr(13) || chr(10)'

/*
 * The Builds page's columns. The title is the build's own request (the latest user message of its
 * conversation when it started; a follow-up's is not the conversation's first), its first line.
 */
const LISTED = `
  select b.*, l.title, l.iterations, l.prompt_tokens, l.completion_tokens from builds b
  left join chat_conversations c on c.id = b.conversation_id
  cross join lateral (
    select
      left(coalesce(nullif(btrim(split_part(btrim((
        select m.content from chat_messages m
        where m.conversation_id = b.conversation_id and m.role = 'user' and m.created_at <= b.created_at
        order by m.position desc limit 1
      ), ${BLANKS}), chr(10), 1), ${BLANKS}), ''), c.custom_title, c.title), 200) as title,
      (select count(*)::int from build_iterations i where i.build_id = b.id) as iterations,
      coalesce((select sum(s.prompt_tokens)::int from build_stages s where s.build_id = b.id), 0) as prompt_tokens,
      coalesce((select sum(s.completion_tokens)::int from build_stages s where s.build_id = b.id), 0) as completion_tokens
  ) l`

const toListItem = (row: BuildListRow): BuildListItem => ({
  ...toBuild(row),
  title: row.title,
  iterations: row.iterations,
  promptTokens: row.prompt_tokens,
  completionTokens: row.completion_tokens,
})

export const createBuildRepository = (db: Queryable) => ({
  // Its writes of a running build are the pipeline's BuildRecords (pipeline/state.ts).
  /** Null when the session id already has a build: a session id is used once. */
  async create(
    input: {
      id: string
      sessionId: string
      ownerKey: string
      conversationId: string
      model: string
      stage: StageId
      percentage: number
      message: string
      serverId: string
    },
  ): Promise<Build | null> {
    const { rows } = await db.query<BuildRow>(
      `insert into builds (id, session_id, owner_key, conversation_id, model, status, stage, percentage, message, server_id, heartbeat_at)
       values ($1, $2, $3, $4, $5, 'running', $6, $7, $8, $9, now())
       on conflict (session_id) do nothing
       returning ${BUILD_COLUMNS}`,
      [input.id, input.sessionId, input.ownerKey, input.conversationId, input.model, input.stage, input.percentage, input.message, input.serverId],
    )
    return rows[0] ? toBuild(rows[0]) : null
  },

  /** What a run of the build needs to start again without its request (resumption, retry): stored once it is known. */
  async setJob(id: string, job: StoredJob): Promise<void> {
    await db.query('update builds set job = $2::jsonb where id = $1', [id, JSON.stringify(job)])
  },

  /** The job a run of the build starts from, as stored; undefined for builds from before it was kept. */
  async job(id: string): Promise<StoredJob | undefined> {
    const { rows } = await db.query<{ job: StoredJob | string | null }>('select job from builds where id = $1', [id])
    const job = rows[0]?.job
    return typeof job === 'string' ? (JSON.parse(job) as StoredJob) : (job ?? undefined)
  },

  /** A new run of the build (its answers came): its job, its attempts counted afresh, the asking run's checkpoints forgotten. */
  async newRun(id: string, job: StoredJob): Promise<void> {
    await db.query('update builds set job = $2::jsonb, attempts = 0, heartbeat_at = now() where id = $1', [id, JSON.stringify(job)])
    await db.query('delete from build_checkpoints where build_id = $1', [id])
  },

  /** The id of the build's last timeline event (0: none yet). */
  async lastEventId(buildId: string): Promise<number> {
    const { rows } = await db.query<{ id: number | null }>('select max(id) as id from build_events where build_id = $1', [buildId])
    return Number(rows[0]?.id ?? 0)
  },

  /** A run of the pipeline starts: its attempt number since the request, its answers or its last retry (1 for the first). */
  async startAttempt(id: string): Promise<number> {
    const { rows } = await db.query<{ attempts: number }>(
      'update builds set attempts = attempts + 1, heartbeat_at = now(), updated_at = now() where id = $1 returning attempts',
      [id],
    )
    return rows[0]?.attempts ?? 1
  },

  /** Stores the build's state after a stage (replacing one at the same place). */
  async saveCheckpoint(buildId: string, checkpoint: Checkpoint): Promise<void> {
    await db.query(
      `insert into build_checkpoints (build_id, position, stage, version, state, prompt_tokens, completion_tokens, last_event_id)
       values ($1, $2, $3, $4, $5::jsonb, $6, $7, $8)
       on conflict (build_id, position) do update set stage = excluded.stage, version = excluded.version, state = excluded.state,
         prompt_tokens = excluded.prompt_tokens, completion_tokens = excluded.completion_tokens, last_event_id = excluded.last_event_id, created_at = now()`,
      [
        buildId,
        checkpoint.position,
        checkpoint.stage,
        CHECKPOINT_VERSION,
        JSON.stringify(checkpoint.state),
        checkpoint.promptTokens,
        checkpoint.completionTokens,
        checkpoint.lastEventId,
      ],
    )
  },

  /** The build's last checkpoint, its state as stored (read it with readCheckpointState). */
  async lastCheckpoint(buildId: string): Promise<StoredCheckpoint | undefined> {
    const { rows } = await db.query<{
      position: number
      stage: string
      version: number
      state: unknown
      prompt_tokens: number
      completion_tokens: number
      last_event_id: number
    }>(
      'select position, stage, version, state, prompt_tokens, completion_tokens, last_event_id from build_checkpoints where build_id = $1 order by position desc limit 1',
      [buildId],
    )
    const row = rows[0]
    if (!row) return undefined
    return {
      position: row.position,
      stage: row.stage,
      version: row.version,
      state: row.state,
      promptTokens: row.prompt_tokens,
      completionTokens: row.completion_tokens,
      lastEventId: row.last_event_id,
    }
  },

  /** Forgets the checkpoints from `position` on (all by default): a run from the start. */
  async clearCheckpoints(buildId: string, position = 0): Promise<void> {
    await db.query('delete from build_checkpoints where build_id = $1 and position >= $2', [buildId, position])
  },

  /** The tokens the model calls on the build's timeline after event `afterId` spent (an attempt that did not finish). */
  async spentAfter(buildId: string, afterId: number): Promise<{ promptTokens: number; completionTokens: number }> {
    const { rows } = await db.query<{ prompt: number | string | null; completion: number | string | null }>(
      `select sum((detail->>'promptTokens')::integer) as prompt, sum((detail->>'completionTokens')::integer) as completion
       from build_events where build_id = $1 and id > $2 and type = 'model_call'`,
      [buildId, afterId],
    )
    return { promptTokens: Number(rows[0]?.prompt ?? 0), completionTokens: Number(rows[0]?.completion ?? 0) }
  },

  /** How many development iterations the build has recorded (a later attempt's are numbered after them). */
  async iterationCount(buildId: string): Promise<number> {
    const { rows } = await db.query<{ count: number | string }>('select count(*) as count from build_iterations where build_id = $1', [buildId])
    return Number(rows[0]?.count ?? 0)
  },

  /** How many times the build's `stage` has started (a retry of it is the attempt after them). */
  async stageStarts(buildId: string, stage: StageId): Promise<number> {
    const { rows } = await db.query<{ count: number | string }>(
      `select count(*) as count from build_events where build_id = $1 and stage = $2 and type = 'stage_started'`,
      [buildId, stage],
    )
    return Number(rows[0]?.count ?? 0)
  },

  /** The process running these builds still does: their heartbeats. */
  async heartbeat(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return
    await db.query(`update builds set heartbeat_at = now() where id = any($1::uuid[]) and status = 'running'`, [ids])
  },

  /**
   * Running builds that no process runs any more: no heartbeat for `leaseMs`, not waiting for
   * answers (those hold no process), with the job a run starts from.
   */
  async orphaned(leaseMs: number): Promise<Build[]> {
    const { rows } = await db.query<BuildRow>(
      `select ${BUILD_COLUMNS} from builds where status = 'running' and clarification is null and job is not null
         and (heartbeat_at is null or heartbeat_at < now() - make_interval(secs => $1::double precision))
       order by created_at, id`,
      [leaseMs / 1000],
    )
    return rows.map(toBuild)
  },

  /** Takes an orphaned build for `serverId`, once: another process that tries at the same time gets nothing. */
  async adopt(id: string, serverId: string, leaseMs: number): Promise<Build | undefined> {
    const { rows } = await db.query<BuildRow>(
      `update builds set server_id = $2, heartbeat_at = now() where id = $1 and status = 'running' and clarification is null
         and (heartbeat_at is null or heartbeat_at < now() - make_interval(secs => $3::double precision))
       returning ${BUILD_COLUMNS}`,
      [id, serverId, leaseMs / 1000],
    )
    return rows[0] ? toBuild(rows[0]) : undefined
  },

  /**
   * A failed build its owner retries from `stage` (at `position`): running again for `serverId`,
   * saying `message`, its checkpoints from that stage on forgotten and its attempts counted afresh.
   * False when it is not a failed build that can be retried from there.
   */
  async retrying(id: string, stage: StageId, position: number, serverId: string, message: string): Promise<boolean> {
    const { rows } = await db.query(
      `update builds set status = 'running', error = null, message = $3, retry_stage = null, attempts = 0, finished_at = null,
         server_id = $4, heartbeat_at = now(), updated_at = now(), stage = $2
       where id = $1 and status = 'error' and retry_stage = $2 returning id`,
      [id, stage, message, serverId],
    )
    if (rows.length === 0) return false
    await db.query('delete from build_checkpoints where build_id = $1 and position >= $2', [id, position])
    return true
  },

  /** The stage a failed build can be retried from (null: it cannot be). */
  async retryStage(id: string): Promise<StageId | null> {
    const { rows } = await db.query<{ retry_stage: StageId | null }>('select retry_stage from builds where id = $1', [id])
    return rows[0]?.retry_stage ?? null
  },

  async findBySession(sessionId: string): Promise<Build | undefined> {
    const { rows } = await db.query<BuildRow>(`select ${BUILD_COLUMNS} from builds where session_id = $1`, [sessionId])
    return rows[0] ? toBuild(rows[0]) : undefined
  },

  async findById(id: string): Promise<Build | undefined> {
    const { rows } = await db.query<BuildRow>(`select ${BUILD_COLUMNS} from builds where id = $1`, [id])
    return rows[0] ? toBuild(rows[0]) : undefined
  },

  async progress(id: string, progress: { stage: StageId; percentage: number; message: string }): Promise<void> {
    await db.query(`update builds set stage = $2, percentage = $3, message = $4, updated_at = now() where id = $1`, [
      id,
      progress.stage,
      progress.percentage,
      progress.message,
    ])
  },

  /**
   * A build waiting for a place in the build queue says where it is: its message becomes `message`,
   * only while it still reads `was` (once its first stage has said otherwise, the build runs). Whether it did.
   */
  async queued(id: string, was: string, message: string): Promise<boolean> {
    const { rows } = await db.query(
      `update builds set message = $3, updated_at = now() where id = $1 and status = 'running' and clarification is null and message = $2 returning id`,
      [id, was, message],
    )
    return rows.length > 0
  },

  /** How many builds of `ownerKey` wait or run (BUILD_QUEUE_PER_OWNER): not those waiting for answers, which no process holds. */
  async countQueued(ownerKey: string): Promise<number> {
    const { rows } = await db.query<{ count: number }>(`select count(*)::int as count from builds where owner_key = $1 and status = 'running' and clarification is null`, [ownerKey])
    return rows[0]?.count ?? 0
  },

  /**
   * A decision at a gate, on the build waiting there (its row still saying so): what it does next,
   * at once, so whoever decided sees it move on or stop. Its runner's next progress, or its end
   * (still written while it runs), follows.
   */
  async decidedAtGate(id: string, waiting: string, next: { stage?: StageId; percentage?: number; message: string }): Promise<void> {
    await db.query(
      `update builds set stage = coalesce($3::text, stage), percentage = coalesce($4::integer, percentage), message = $5, updated_at = now()
       where id = $1 and status = 'running' and message = $2`,
      [id, waiting, next.stage ?? null, next.percentage ?? null, next.message],
    )
  },

  async classified(id: string, kind: ProjectKind, name: string): Promise<void> {
    await db.query(`update builds set kind = $2, name = $3, updated_at = now() where id = $1`, [id, kind, name])
  },

  /**
   * The builds of these conversations, oldest first, each with the position of the question that
   * asked for it: the last user message stored before the build was (as detachFrom matches them).
   */
  async ofConversations(conversationIds: readonly string[]): Promise<{ conversationId: string; sessionId: string; position: number }[]> {
    if (conversationIds.length === 0) return []
    const { rows } = await db.query<{ conversation_id: string; session_id: string; position: number | null }>(
      `select b.conversation_id, b.session_id,
              (select max(m.position) from chat_messages m
                where m.conversation_id = b.conversation_id and m.role = 'user' and m.created_at <= b.created_at) as position
       from builds b
       where b.conversation_id = any($1::uuid[])
       order by b.created_at, b.id`,
      [conversationIds],
    )
    return rows.flatMap((row) => (row.position === null ? [] : [{ conversationId: row.conversation_id, sessionId: row.session_id, position: Number(row.position) }]))
  },

  /** Chat's ConversationBuilds: the builds asked for at or after the message at `position` lose the conversation. */
  async detachFrom(conversationId: string, position: number): Promise<void> {
    await db.query(
      `update builds set conversation_id = null
       where conversation_id = $1
         and created_at >= (select created_at from chat_messages where conversation_id = $1 and position = $2)`,
      [conversationId, position],
    )
  },

  /** Chat's ConversationBuilds: an undone deletion gives the conversation its builds back, unless another took them meanwhile. */
  async reattach(conversationId: string, buildIds: readonly string[]): Promise<void> {
    if (buildIds.length === 0) return
    await db.query('update builds set conversation_id = $1 where id = any($2::uuid[]) and conversation_id is null', [conversationId, buildIds])
  },

  async recordStage(buildId: string, record: StageRecord): Promise<void> {
    await db.query(
      `insert into build_stages (build_id, stage, position, status, prompt_tokens, completion_tokens, started_at)
       values ($1, $2, $3, $4, $5, $6, $7)
       on conflict (build_id, stage) do update set status = excluded.status, prompt_tokens = excluded.prompt_tokens,
         completion_tokens = excluded.completion_tokens, finished_at = now()`,
      [buildId, record.stage, record.position, record.status, record.promptTokens, record.completionTokens, record.startedAt],
    )
  },

  /*
   * A build's end, written by the process that runs it, only while it is still running: a build
   * that a stop marked interrupted (its process taken for gone) or the stale sweep failed keeps
   * that end, and the writer learns so (false).
   */

  async complete(id: string, archive: { bytes: number; files: number; message: string }): Promise<boolean> {
    const { rows } = await db.query(
      `update builds set status = 'completed', stage = 'delivery', percentage = 100, message = $4, archive_bytes = $2, archive_files = $3,
         updated_at = now(), finished_at = now() where id = $1 and status = 'running' returning id`,
      [id, archive.bytes, archive.files, archive.message],
    )
    return rows.length > 0
  },

  /** A message that was a question, not a build request: completed with its answer, nothing built. */
  async answered(id: string, message: string): Promise<boolean> {
    const { rows } = await db.query(
      `update builds set status = 'completed', percentage = 100, message = $2, archive_bytes = null, archive_files = null,
         updated_at = now(), finished_at = now() where id = $1 and status = 'running' returning id`,
      [id, message],
    )
    return rows.length > 0
  },

  /** Failed with `error`; `retryStage` is the stage its owner can retry it from (null: it cannot be retried). */
  async fail(id: string, error: string, retryStage: StageId | null = null): Promise<boolean> {
    const { rows } = await db.query(
      `update builds set status = 'error', error = $2, message = $2, updated_at = now(), finished_at = now(), archive_bytes = null, archive_files = null,
         retry_stage = $3
       where id = $1 and status = 'running' returning id`,
      [id, error, retryStage],
    )
    return rows.length > 0
  },

  /** The clarification asked: the build waits for the answers with `message` (no process runs it meanwhile). */
  async asked(id: string, clarification: PendingClarification, message: string): Promise<boolean> {
    const { rows } = await db.query(
      `update builds set clarification = $2::jsonb, asked_at = now(), message = $3, updated_at = now()
       where id = $1 and status = 'running' returning id`,
      [id, JSON.stringify(clarification), message],
    )
    return rows.length > 0
  },

  /** Takes a waiting build's questions, once: the reply that gets them resumes it; undefined when it no longer waits. */
  async takeQuestions(id: string): Promise<PendingClarification | undefined> {
    const { rows } = await db.query<{ clarification: PendingClarification | string }>(
      `update builds b set clarification = null, asked_at = null, updated_at = now()
       from (select id, clarification from builds where id = $1 and status = 'running' and clarification is not null for update) old
       where b.id = old.id returning old.clarification`,
      [id],
    )
    const taken = rows[0]?.clarification
    return typeof taken === 'string' ? (JSON.parse(taken) as PendingClarification) : taken
  },

  /** Builds that waited for answers longer than `olderThanMs`: stopped with `message`, their questions withdrawn. Returns them. */
  async expireQuestions(olderThanMs: number, message: string): Promise<Build[]> {
    const { rows } = await db.query<BuildRow>(
      `update builds set status = 'stopped', message = $2, clarification = null, updated_at = now(), finished_at = now()
       where status = 'running' and clarification is not null and asked_at < now() - make_interval(secs => $1)
       returning ${BUILD_COLUMNS}`,
      [olderThanMs / 1000, message],
    )
    return rows.map(toBuild)
  },

  /** Its owner stopped it: status stopped with the message, no archive. */
  async stopped(id: string, message: string): Promise<boolean> {
    const { rows } = await db.query(
      `update builds set status = 'stopped', error = null, clarification = null, message = $2, updated_at = now(), finished_at = now(), archive_bytes = null, archive_files = null
       where id = $1 and status = 'running' returning id`,
      [id, message],
    )
    return rows.length > 0
  },

  /** Builds left running by a server that stopped (no progress for `olderThanMs`, no live wait at a gate): marked error. Returns them. */
  async failStale(olderThanMs: number, error: string): Promise<Build[]> {
    const { rows } = await db.query<BuildRow>(
      `update builds set status = 'error', error = $2, message = $2, finished_at = now()
       where status = 'running' and updated_at < now() - make_interval(secs => $1)
         -- A build waiting for answers holds no process: its own timeout ends it.
         and clarification is null
         -- A build that kept its job goes on from its last checkpoint instead (BuildService.adoptOrphans).
         and job is null
         -- A build waiting at a gate reports no progress; its wait's heartbeat says whether it lives.
         and not exists (select 1 from approval_requests a where a.build_id = builds.id and a.heartbeat_at is not null)
       returning ${BUILD_COLUMNS}`,
      [olderThanMs / 1000, error],
    )
    return rows.map(toBuild)
  },

  /** The given builds, if still running, marked error. Returns them. */
  async failRunning(ids: readonly string[], error: string): Promise<Build[]> {
    if (ids.length === 0) return []
    const { rows } = await db.query<BuildRow>(
      `update builds set status = 'error', error = $2, message = $2, updated_at = now(), finished_at = now()
       where id = any($1::uuid[]) and status = 'running' returning ${BUILD_COLUMNS}`,
      [ids, error],
    )
    return rows.map(toBuild)
  },

  /** Running builds, oldest first, with their request's title and the gate each waits at (if any). */
  async running(): Promise<RunningBuild[]> {
    const { rows } = await db.query<BuildRow & { title: string | null; waiting_gate: GateKind | null; approval_id: string | null }>(
      `select b.*, coalesce(c.custom_title, c.title) as title, a.gate as waiting_gate, a.id as approval_id
       from builds b
       left join chat_conversations c on c.id = b.conversation_id
       left join lateral (
         select gate, id from approval_requests where build_id = b.id and status = 'pending' order by created_at desc limit 1
       ) a on true
       where b.status = 'running' order by b.created_at, b.id`,
    )
    return rows.map((row) => ({ ...toBuild(row), title: row.title, waitingGate: row.waiting_gate, approvalId: row.approval_id }))
  },

  /**
   * Builds that still have an archive although their conversation was deleted (by its owner, or by
   * retention), except those of a deletion that can still be undone.
   */
  async orphanedArchives(): Promise<string[]> {
    const { rows } = await db.query<{ id: string }>(
      `select id from builds b where archive_bytes is not null and conversation_id is null
         and not exists (select 1 from deleted_conversations d where b.id = any(d.build_ids))`,
    )
    return rows.map((row) => row.id)
  },

  async archiveRemoved(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return
    await db.query('update builds set archive_bytes = null, archive_files = null where id = any($1::uuid[])', [ids])
    // The files go with the archive: a deleted conversation's code is not kept.
    await db.query('delete from build_files where build_id = any($1::uuid[])', [ids])
  },

  /** One iteration of the development loop (or the QA run of a build without one). */
  async recordIteration(buildId: string, iteration: BuildIteration): Promise<void> {
    await db.query(
      `insert into build_iterations (build_id, iteration, files_changed, passed, failed, failing, output_tail, prompt_tokens, completion_tokens, duration_ms)
       values ($1, $2, $3::jsonb, $4, $5, $6::jsonb, $7, $8, $9, $10)
       on conflict (build_id, iteration) do nothing`,
      [
        buildId,
        iteration.number,
        JSON.stringify(iteration.filesChanged),
        iteration.passed,
        iteration.failed,
        JSON.stringify(iteration.failing),
        iteration.output,
        iteration.promptTokens,
        iteration.completionTokens,
        Math.round(iteration.durationMs),
      ],
    )
  },

  async iterations(buildId: string): Promise<BuildIteration[]> {
    const { rows } = await db.query<IterationRow>(
      `select iteration, files_changed, passed, failed, failing, output_tail, prompt_tokens, completion_tokens, duration_ms
       from build_iterations where build_id = $1 order by iteration`,
      [buildId],
    )
    return rows.map(toIteration)
  },

  /**
   * A build and what it has done so far, in one statement (its owner's page reads it often while
   * it runs, and a poll of many builds is as many statements): its iterations, and once delivered
   * its tests' result and its files' paths and sizes.
   */
  async findBySessionWithDetails(sessionId: string): Promise<(Build & { details: BuildDetails }) | undefined> {
    const { rows } = await db.query<BuildRow & DetailsRow>(`select ${BUILD_COLUMNS}, ${DETAILS_COLUMNS} from builds b where b.session_id = $1`, [sessionId])
    const row = rows[0]
    return row && { ...toBuild(row), details: toDetails(row) }
  },


  /** What a build delivered: its files and its tests' QA result, stored with the archive. */
  async delivered(buildId: string, files: readonly { path: string; content: string; executable?: boolean }[], tests: TestSummary | undefined): Promise<void> {
    for (const file of files) {
      await db.query(
        `insert into build_files (build_id, path, content, executable) values ($1, $2, $3, $4)
         on conflict (build_id, path) do update set content = excluded.content, executable = excluded.executable`,
        [buildId, file.path, file.content, file.executable === true],
      )
    }
    await db.query('update builds set tests = $2::jsonb where id = $1', [buildId, tests ? JSON.stringify(tests) : null])
  },

  /** The latest completed build of a conversation before `beforeId`, with its delivered files: the project a follow-up continues. */
  async previousProject(conversationId: string, beforeId: string): Promise<{ buildId: string; kind: ProjectKind; slug: string } | undefined> {
    const { rows } = await db.query<{ id: string; kind: ProjectKind; name: string }>(
      `select b.id, b.kind, b.name from builds b
       where b.conversation_id = $1 and b.id <> $2 and b.status = 'completed' and b.kind is not null and b.name is not null
         and exists (select 1 from build_files f where f.build_id = b.id)
       order by b.created_at desc limit 1`,
      [conversationId, beforeId],
    )
    const row = rows[0]
    return row ? { buildId: row.id, kind: row.kind, slug: row.name } : undefined
  },

  /**
   * Whether the owner's conversation has a delivered project: a completed build with files, made
   * before its message at `beforePosition` when given (an edit replaces that message and every later turn).
   */
  async hasDeliveredProject(ownerKey: string, conversationId: string, beforePosition?: number): Promise<boolean> {
    const { rows } = await db.query<{ id: string }>(
      `select b.id from builds b
       where b.conversation_id = $1 and b.owner_key = $2 and b.status = 'completed' and b.kind is not null and b.name is not null
         and exists (select 1 from build_files f where f.build_id = b.id)
         and ($3::int is null or b.created_at < (select m.created_at from chat_messages m where m.conversation_id = $1 and m.position = $3))
       limit 1`,
      [conversationId, ownerKey, beforePosition ?? null],
    )
    return rows.length > 0
  },

  /** Every delivered file of a build, in path order. */
  async files(buildId: string): Promise<{ path: string; content: string; executable?: boolean }[]> {
    const { rows } = await db.query<{ path: string; content: string; executable: boolean }>(
      'select path, content, executable from build_files where build_id = $1 order by path',
      [buildId],
    )
    return rows.map((row) => ({ path: row.path, content: row.content, ...(row.executable && { executable: true }) }))
  },

  /** The delivered files' paths and sizes, in path order. */
  async fileList(buildId: string): Promise<{ path: string; bytes: number }[]> {
    const { rows } = await db.query<{ path: string; bytes: number }>(
      'select path, octet_length(content)::int as bytes from build_files where build_id = $1 order by path',
      [buildId],
    )
    return rows
  },

  async file(buildId: string, path: string): Promise<string | undefined> {
    const { rows } = await db.query<{ content: string }>('select content from build_files where build_id = $1 and path = $2', [buildId, path])
    return rows[0]?.content
  },

  /** Every build's total tokens, oldest first, numbered from 1: the latest `limit` of them. */
  async tokenHistory(limit = TOKEN_HISTORY_LIMIT): Promise<TokenUsageItem[]> {
    const { rows } = await db.query<{ iteration: number; total_tokens: number }>(
      `select iteration::int as iteration, total_tokens::int as total_tokens from (
         select row_number() over (order by b.created_at, b.id) as iteration, sum(s.prompt_tokens + s.completion_tokens) as total_tokens
         from builds b join build_stages s on s.build_id = b.id
         group by b.id, b.created_at
       ) numbered order by iteration desc limit $1`,
      [limit],
    )
    return rows.reverse().map((row) => ({ iteration: row.iteration, totalTokens: row.total_tokens }))
  },

  /** Every build, newest first, filtered by status and by its title: a page of them, and how many match. */
  async list(filter: BuildListFilter): Promise<{ builds: BuildListItem[]; total: number }> {
    const conditions: string[] = []
    const params: unknown[] = []
    if (filter.status) {
      params.push(filter.status)
      conditions.push(`b.status = $${params.length}`)
    }
    if (filter.search) {
      params.push(`%${likeLiteral(filter.search)}%`)
      conditions.push(`l.title ilike $${params.length}`)
    }
    const where = conditions.length > 0 ? `where ${conditions.join(' and ')}` : ''
    const counted = await db.query<{ total: number }>(`select count(*)::int as total from (${LISTED} ${where}) matching`, params)
    const { rows } = await db.query<BuildListRow>(
      `${LISTED} ${where} order by b.created_at desc, b.id desc limit $${params.length + 1} offset $${params.length + 2}`,
      [...params, filter.limit, filter.offset],
    )
    return { builds: rows.map(toListItem), total: counted.rows[0]?.total ?? 0 }
  },

  /** One build as the Builds page lists it. */
  async listedBySession(sessionId: string): Promise<BuildListItem | undefined> {
    const { rows } = await db.query<BuildListRow>(`${LISTED} where b.session_id = $1`, [sessionId])
    return rows[0] ? toListItem(rows[0]) : undefined
  },

  /** The stages a build ran, in order. */
  async stages(buildId: string): Promise<StageRun[]> {
    const { rows } = await db.query<{
      stage: StageId
      status: StageRecord['status']
      started_at: Date
      finished_at: Date
      prompt_tokens: number
      completion_tokens: number
    }>(
      `select stage, status, started_at, finished_at, prompt_tokens, completion_tokens from build_stages where build_id = $1 order by position, started_at`,
      [buildId],
    )
    return rows.map((row) => ({
      stage: row.stage,
      status: row.status,
      startedAt: row.started_at,
      finishedAt: row.finished_at,
      promptTokens: row.prompt_tokens,
      completionTokens: row.completion_tokens,
    }))
  },

  /** The sessionIds of the given builds (an agent log entry links to its build's trace by it). */
  async sessionIdsOf(ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map()
    const { rows } = await db.query<{ id: string; session_id: string }>('select id, session_id from builds where id = any($1::uuid[])', [[...new Set(ids)]])
    return new Map(rows.map((row) => [row.id, row.session_id]))
  },
})

/** What the build repository offers, on one connection or transaction. */
export type BuildRepository = ReturnType<typeof createBuildRepository>
