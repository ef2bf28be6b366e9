import type { Queryable } from '../../db'
import type { ProjectKind } from '../../generation/classify'
import type { BuildStatus } from '@contracts/builds'
import type { GateKind, StageId } from '../stages'

import type { ApprovalContext as ContractApprovalContext, ApprovalDecision, ApprovalFilter, ApprovalPriority, ApprovalStatus } from '@contracts/approvals'

export { APPROVAL_DECISIONS, APPROVAL_FILTERS, APPROVAL_PRIORITIES, APPROVAL_STATUSES } from '@contracts/approvals'
export type { ApprovalDecision, ApprovalFilter, ApprovalPriority, ApprovalStatus }

/** What the build had produced when it reached the gate: the evidence behind More Details (its contract, with the kind as the pipeline knows it). */
export type ApprovalContext = Omit<ContractApprovalContext, 'kind' | 'stage'> & { kind: ProjectKind | null; stage: StageId }

/** The build a request belongs to, as it is now. */
export interface ApprovalBuild {
  id: string
  sessionId: string
  status: BuildStatus
  stage: StageId
  percentage: number
  message: string
}

export interface ApprovalRequest {
  id: string
  buildId: string | null
  gate: GateKind
  title: string
  description: string
  category: GateKind
  priority: ApprovalPriority
  context: ApprovalContext
  status: ApprovalStatus
  createdAt: Date
  expiresAt: Date | null
  decidedAt: Date | null
  decidedBy: { userId: number | null; email: string } | null
  comment: string | null
  build: ApprovalBuild | null
}

interface ApprovalRow {
  id: string
  build_id: string | null
  gate: GateKind
  title: string
  description: string
  category: GateKind
  priority: ApprovalPriority
  context: ApprovalContext | string
  status: ApprovalStatus
  created_at: Date
  expires_at: Date | null
  decided_at: Date | null
  decided_by_user_id: string | number | null
  decided_by_email: string | null
  comment: string | null
  b_session_id: string | null
  b_status: BuildStatus | null
  b_stage: StageId | null
  b_percentage: number | null
  b_message: string | null
}

const SELECT = `select a.*, b.session_id as b_session_id, b.status as b_status, b.stage as b_stage, b.percentage as b_percentage,
  b.message as b_message from approval_requests a left join builds b on b.id = a.build_id`

const toApproval = (row: ApprovalRow): ApprovalRequest => ({
  id: row.id,
  buildId: row.build_id,
  gate: row.gate,
  title: row.title,
  description: row.description,
  category: row.category,
  priority: row.priority,
  // node-postgres parses jsonb; PGlite does too, but be lenient about text.
  context: typeof row.context === 'string' ? (JSON.parse(row.context) as ApprovalContext) : row.context,
  status: row.status,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  decidedAt: row.decided_at,
  decidedBy: row.decided_by_email === null ? null : { userId: row.decided_by_user_id === null ? null : Number(row.decided_by_user_id), email: row.decided_by_email },
  comment: row.comment,
  build:
    row.build_id !== null && row.b_session_id !== null
      ? {
          id: row.build_id,
          sessionId: row.b_session_id,
          status: row.b_status as BuildStatus,
          stage: row.b_stage as StageId,
          percentage: row.b_percentage as number,
          message: row.b_message as string,
        }
      : null,
})

export interface NewApproval {
  id: string
  buildId: string | null
  gate: GateKind
  title: string
  description: string
  priority: ApprovalPriority
  context: ApprovalContext
  expiresAt: Date | null
  /** Set when a server process waits on it (a build); null for requests nobody waits on. */
  waiting: boolean
  createdAt?: Date
}

const FILTERS: Record<ApprovalFilter, string> = {
  pending: `where a.status = 'pending'`,
  decided: `where a.status <> 'pending'`,
  all: '',
}

/** Approval requests raised at build gates, and their decisions (the audit trail). */
export const createApprovalRepository = (db: Queryable) => ({
  async create(input: NewApproval): Promise<void> {
    await db.query(
      `insert into approval_requests (id, build_id, gate, title, description, category, priority, context, expires_at, heartbeat_at, created_at)
       values ($1, $2, $3, $4, $5, $3, $6, $7, $8, case when $9::boolean then now() end, coalesce($10, now()))`,
      [input.id, input.buildId, input.gate, input.title, input.description, input.priority, JSON.stringify(input.context), input.expiresAt, input.waiting, input.createdAt ?? null],
    )
  },

  /** The newest request of a build at a gate: a resumed build's wait goes on with it. */
  async latestFor(buildId: string, gate: GateKind): Promise<ApprovalRequest | undefined> {
    const { rows } = await db.query<ApprovalRow>(`${SELECT} where a.build_id = $1 and a.gate = $2 order by a.created_at desc limit 1`, [buildId, gate])
    return rows[0] ? toApproval(rows[0]) : undefined
  },

  /** A process waits on this pending request again (a resumed build): its heartbeat starts. */
  async rewait(id: string): Promise<boolean> {
    const { rows } = await db.query(`update approval_requests set heartbeat_at = now() where id = $1 and status = 'pending' returning id`, [id])
    return rows.length > 0
  },

  async findById(id: string): Promise<ApprovalRequest | undefined> {
    const { rows } = await db.query<ApprovalRow>(`${SELECT} where a.id = $1`, [id])
    return rows[0] ? toApproval(rows[0]) : undefined
  },

  /** Newest first, with how many match. */
  async list(filter: ApprovalFilter, page: { limit: number; offset: number }): Promise<{ approvals: ApprovalRequest[]; total: number }> {
    const where = FILTERS[filter]
    const counted = await db.query<{ total: number }>(`select count(*)::int as total from approval_requests a ${where}`)
    const { rows } = await db.query<ApprovalRow>(`${SELECT} ${where} order by a.created_at desc, a.id desc limit $1 offset $2`, [page.limit, page.offset])
    return { approvals: rows.map(toApproval), total: counted.rows[0]?.total ?? 0 }
  },

  /** Records a decision on a pending request; undefined if it is unknown or no longer pending. */
  async decide(
    id: string,
    decision: { status: 'approved' | 'denied'; userId: number; email: string; comment: string | null },
  ): Promise<ApprovalRequest | undefined> {
    const { rows } = await db.query(
      `update approval_requests set status = $2, decided_at = now(), decided_by_user_id = $3, decided_by_email = $4, comment = $5
       where id = $1 and status = 'pending' returning id`,
      [id, decision.status, decision.userId, decision.email, decision.comment],
    )
    return rows.length > 0 ? createApprovalRepository(db).findById(id) : undefined
  },

  /** Closes a pending request without a decision (expired, or its build stopped). True if it was pending. */
  async close(id: string, status: 'expired' | 'cancelled'): Promise<boolean> {
    const { rows } = await db.query(
      `update approval_requests set status = $2, heartbeat_at = null where id = $1 and status = 'pending' returning id`,
      [id, status],
    )
    return rows.length > 0
  },

  /** The waiting process is alive: refreshes the requests it waits on. */
  async heartbeat(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return
    await db.query(`update approval_requests set heartbeat_at = now() where id = any($1::uuid[]) and heartbeat_at is not null`, [ids])
  },

  /** No process waits on it any more (the build went on or stopped). */
  async released(id: string): Promise<void> {
    await db.query('update approval_requests set heartbeat_at = null where id = $1', [id])
  },

  /**
   * Requests whose waiting process stopped (no heartbeat for `olderThanMs`): cancelled if still
   * pending, released either way. Returns their builds, to be failed.
   */
  async abandoned(olderThanMs: number): Promise<string[]> {
    const { rows } = await db.query<{ build_id: string | null }>(
      `update approval_requests set heartbeat_at = null, status = case when status = 'pending' then 'cancelled' else status end
       where heartbeat_at < now() - make_interval(secs => $1)
         -- A build that kept its job is resumed by another process, and waits on its request again.
         and not exists (select 1 from builds b where b.id = approval_requests.build_id and b.job is not null and b.status = 'running')
       returning build_id`,
      [olderThanMs / 1000],
    )
    return rows.flatMap((row) => (row.build_id ? [row.build_id] : []))
  },

  /** Closes the pending requests of builds that were failed elsewhere (stale builds). */
  async cancelForBuilds(buildIds: readonly string[]): Promise<void> {
    if (buildIds.length === 0) return
    await db.query(`update approval_requests set status = 'cancelled', heartbeat_at = null where build_id = any($1::uuid[]) and status = 'pending'`, [buildIds])
  },
})

/** What the approval repository offers, on one connection or transaction. */
export type ApprovalRepository = ReturnType<typeof createApprovalRepository>
