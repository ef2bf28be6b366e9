import type { BuildEvent, BuildEventDetail } from '@contracts/buildEvents'
import type { StageId } from '@contracts/builds'
import type { Queryable } from '../db/types'

interface EventRow {
  id: number
  at: Date
  stage: StageId
  duration_ms: number | null
  detail: BuildEventDetail | string
}

const toEvent = (row: EventRow): BuildEvent => {
  const detail: BuildEventDetail = typeof row.detail === 'string' ? (JSON.parse(row.detail) as BuildEventDetail) : row.detail
  return { id: row.id, at: row.at.toISOString(), stage: row.stage, ...(row.duration_ms !== null && { durationMs: row.duration_ms }), ...detail }
}

/** How often an append retries when another append of the same build took its id first. */
const APPEND_ATTEMPTS = 5

/** A build's timeline as stored (build_events): appended in order, read after an id. */
export const createBuildEventRepository = (db: Queryable) => ({
  /** Stores the build's next step with the id after its last one, and answers it as stored. */
  async append(buildId: string, stage: StageId, detail: BuildEventDetail, durationMs?: number): Promise<BuildEvent> {
    for (let attempt = 1; ; attempt++) {
      const { rows } = await db.query<EventRow>(
        `insert into build_events (build_id, id, stage, type, duration_ms, detail)
         select $1, coalesce(max(id), 0) + 1, $2, $3, $4, $5::jsonb from build_events where build_id = $1
         on conflict (build_id, id) do nothing
         returning id, at, stage, duration_ms, detail`,
        [buildId, stage, detail.type, durationMs === undefined ? null : Math.max(0, Math.round(durationMs)), JSON.stringify(detail)],
      )
      const row = rows[0]
      if (row) return toEvent(row)
      if (attempt >= APPEND_ATTEMPTS) throw new Error(`Could not number an event of build ${buildId}`)
    }
  },

  /** Up to `limit` events after the id `after`, oldest first, and whether more follow. */
  async after(buildId: string, after: number, limit: number): Promise<{ events: BuildEvent[]; more: boolean }> {
    const { rows } = await db.query<EventRow>(
      'select id, at, stage, duration_ms, detail from build_events where build_id = $1 and id > $2 order by id limit $3',
      [buildId, after, limit + 1],
    )
    return { events: rows.slice(0, limit).map(toEvent), more: rows.length > limit }
  },

  /** Every event of the build (the staff trace, the benchmark). */
  async all(buildId: string): Promise<BuildEvent[]> {
    const { rows } = await db.query<EventRow>('select id, at, stage, duration_ms, detail from build_events where build_id = $1 order by id', [buildId])
    return rows.map(toEvent)
  },
})

export type BuildEventRepository = ReturnType<typeof createBuildEventRepository>
