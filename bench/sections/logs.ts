/**
 * Section `logs`: the Logs page's query over 1,000,000 agent log rows, with a module
 * filter, a level filter and a search word, on PGlite and on PostgreSQL.
 */
import { createAgentLogRepository as agentLogsIn, type LogQuery } from '../../server/src/agentLogs/agentLogRepository'
import type { AgentModule, LogLevel } from '../../server/src/pipeline/stages'
import { migrate, type Database, type Queryable } from '../../server/src/db'
import { refreshStatistics } from '../../server/src/db/retention'
import { measureEach, pgliteDatabase, postgresDatabase, type BenchDatabase } from '../lib/databases'
import { explaining, type PlannedQuery } from '../lib/chatHistory'
import { type Budgets, heading, ms, percentile, subheading, table } from '../lib/report'

const LOGS = {
  rows: 1_000_000,
  /** Rows per insert statement. */
  batch: 100_000,
  /** Requests per kind, one at a time, kinds in turns. */
  rounds: 30,
  /** The Logs page's page size. */
  pageSize: 20,
  p95Ms: 100,
}

/**
 * How the rows are spread: weights in percent, as a busy installation's log might look (mostly
 * INFO, a few errors; DevLoop Matrix and Overseer Core write the most). Each row's module, level
 * and message are drawn independently from hashes of its number, so every run seeds the same rows.
 */
const LEVEL_WEIGHTS: [LogLevel, number][] = [
  ['INFO', 60],
  ['DEBUG', 20],
  ['WARNING', 10],
  ['ERROR', 5],
  ['OWNER', 5],
]
const MODULE_WEIGHTS: [AgentModule, number][] = [
  ['overseer-core', 30],
  ['clarification-loop', 20],
  ['file-structure-planner', 10],
  ['devloop-matrix', 30],
  ['assembly-agent', 10],
]
/** Message templates (SQL expressions over `g`, the row number), drawn with equal weight. */
const MESSAGES = [
  `'Stage ' || (array['classification','clarification','market_analysis','structuring','development','assembly','delivery'])[1 + g % 7] || ' started'`,
  `'Test "' || (array['rejects an empty name','lists items newest first','answers 404 for an unknown id','keeps the session'])[1 + g % 4] || '" failed in iteration ' || (1 + g % 5)`,
  `'All ' || (5 + g % 40) || ' tests pass after iteration ' || (1 + g % 4)`,
  `'Planned ' || (4 + g % 30) || ' files in ' || (1 + g % 6) || ' folders'`,
  `'Context for src/' || (array['api','lib','pages','store'])[1 + g % 4] || '/file' || (g % 500) || '.js: ' || (200 + g % 4000) || ' tokens'`,
  `'Waiting for approval at the ' || (array['planning','development','deployment'])[1 + g % 3] || ' gate before ' || (array['Development','Assembly','Delivery'])[1 + g % 3]`,
  `'Passed the ' || (array['planning','development','deployment'])[1 + g % 3] || ' gate'`,
  `'Assumption recorded without confirmation: ' || (array['users sign in with e-mail','data fits in memory','one language only'])[1 + g % 3]`,
  `'Classified as ' || (array['web-app','http-api','cli','library'])[1 + g % 4] || ' named project-' || (g % 9000)`,
  `'Assembled ' || (4 + g % 30) || ' files (' || (2000 + g % 90000) || ' bytes) with README, scripts and tests'`,
  `'Build started with ' || (array['overseer-local','gpt-4o-mini','llama3.1:8b'])[1 + g % 3]`,
  `'Command from operator' || (g % 20) || '@example.com: report the status of the current build'`,
]
/** One row in this many gets a rare message (a stage timeout), so a search can find few rows. */
const RARE_EVERY = 997
const RARE_MESSAGE = `'Stage ' || (array['development','assembly'])[1 + g % 2] || ' timed out after 20 seconds; retrying once'`

/** A weighted pick in SQL: `hash` is 0..99. */
const weighted = <T extends string>(weights: [T, number][], hash: string): string => {
  let upTo = 0
  const branches = weights.map(([value, weight]) => {
    upTo += weight
    return `when ${hash} < ${upTo} then '${value}'`
  })
  return `case ${branches.join(' ')} end`
}

/** 0..n-1 from the row number and a salt (hashint4 is built in on PostgreSQL and PGlite). */
const hashOf = (salt: number, n: number): string => `mod(hashint4(g + ${salt})::bigint + 2147483648, ${n})`

const SEED_SQL = `insert into agent_logs (created_at, level, module, message)
  select now() - make_interval(secs => (${LOGS.rows} - g) * 2.5),
    ${weighted(LEVEL_WEIGHTS, hashOf(1, 100))},
    ${weighted(MODULE_WEIGHTS, hashOf(2, 100))},
    '[' || substr(md5(g::text), 1, 8) || '] ' || case when g % ${RARE_EVERY} = 0 then ${RARE_MESSAGE} else (case ${hashOf(3, MESSAGES.length)} ${MESSAGES.map((message, index) => `when ${index} then ${message}`).join(' ')} end) end
  from generate_series($1::int, $2::int) g`

interface LogKind {
  name: string
  module: AgentModule
  level: LogLevel
  search: string
  page: number
}

/** What the Logs page asks: a module, a level and a word, from common to absent. */
const KINDS: LogKind[] = [
  { name: 'common word', module: 'devloop-matrix', level: 'INFO', search: 'tests', page: 1 },
  { name: 'common word, page 5', module: 'devloop-matrix', level: 'INFO', search: 'tests', page: 5 },
  { name: 'word in a few %', module: 'overseer-core', level: 'INFO', search: 'gate', page: 1 },
  { name: 'errors with a word', module: 'devloop-matrix', level: 'ERROR', search: 'failed', page: 1 },
  { name: 'rare word', module: 'devloop-matrix', level: 'WARNING', search: 'timed out', page: 1 },
  { name: 'file name', module: 'clarification-loop', level: 'DEBUG', search: 'file42.js', page: 1 },
  { name: 'no match', module: 'assembly-agent', level: 'INFO', search: 'quokka', page: 1 },
]

interface KindTimes {
  kind: string
  query: string
  total: number
  samples: number
  p50Ms: number
  p95Ms: number
  maxMs: number
}

export interface LogsDatabaseSummary {
  database: 'PGlite' | 'PostgreSQL'
  skipped?: string
  seedSeconds?: number
  statistics?: string
  plans?: { kind: string; queries: PlannedQuery[] }[]
  kinds?: KindTimes[]
  all?: { samples: number; p50Ms: number; p95Ms: number; p99Ms: number }
}

export interface LogsSummary {
  rows: number
  databases: LogsDatabaseSummary[]
}

interface Target extends BenchDatabase {
  database: LogsDatabaseSummary['database']
  /** What the database does for its statistics after so many inserts. */
  statistics: string
  maintain: (db: Database) => Promise<void>
}

const pgliteTarget = (): Target => ({
  ...pgliteDatabase('overseer-bench-logs-'),
  database: 'PGlite',
  statistics: "ANALYZE as the server's retention sweep runs it (PGlite has no autovacuum; the sweep analyses agent_logs a minute after start, then every 6 h)",
  maintain: (db) => refreshStatistics(db),
})

const postgresTarget = async (): Promise<Target | string> => {
  const database = await postgresDatabase('overseer_bench_logs')
  return typeof database === 'string'
    ? database
    : { ...database, database: 'PostgreSQL', statistics: 'VACUUM ANALYZE, as autovacuum would after so many inserts', maintain: (db) => db.exec('vacuum analyze agent_logs') }
}

const queryOf = (kind: LogKind): LogQuery => ({
  module: kind.module,
  level: kind.level,
  search: kind.search,
  limit: LOGS.pageSize,
  offset: (kind.page - 1) * LOGS.pageSize,
})

const describeKind = (kind: LogKind): string => `module=${kind.module}&level=${kind.level}&search=${kind.search}${kind.page > 1 ? `&page=${kind.page}` : ''}`

const statementLabel = (statement: string): string => (/^select count/.test(statement) ? 'count' : 'page')

const seed = async (db: Queryable): Promise<number> => {
  const started = performance.now()
  process.stdout.write('  seeding')
  for (let from = 1; from <= LOGS.rows; from += LOGS.batch) {
    await db.query(SEED_SQL, [from, Math.min(LOGS.rows, from + LOGS.batch - 1)])
    process.stdout.write(` ${(Math.min(LOGS.rows, from + LOGS.batch - 1) / 1000).toFixed(0)}k`)
  }
  process.stdout.write('\n')
  return (performance.now() - started) / 1000
}

const measure = async (target: Target, budgets: Budgets, machineLoad: (section: string) => string): Promise<LogsDatabaseSummary> => {
  subheading(`${target.database}: ${target.where}`)
  console.log(machineLoad(`logs ${target.database}`))
  const db = await target.open()
  try {
    await migrate(db)
    const seedSeconds = await seed(db)
    await target.maintain(db)
    const spread = await db.query<{ level: string; module: string; n: number }>('select level, module, count(*)::int as n from agent_logs group by 1, 2')
    const share = (filter: (row: { level: string; module: string }) => boolean) =>
      `${((spread.rows.filter(filter).reduce((sum, row) => sum + row.n, 0) / LOGS.rows) * 100).toFixed(1)}%`
    console.log(
      `Seeded ${LOGS.rows.toLocaleString('en-US')} rows in ${seedSeconds.toFixed(1)} s (${LOGS.batch.toLocaleString('en-US')} per insert … select from generate_series), then ${target.statistics}. ` +
        `Levels: ${LEVEL_WEIGHTS.map(([level]) => `${level} ${share((row) => row.level === level)}`).join(', ')}; ` +
        `modules: ${MODULE_WEIGHTS.map(([module]) => `${module} ${share((row) => row.module === module)}`).join(', ')}.`,
    )

    // The plans of exactly what the repository sends, once per kind (after one unmeasured run, so caches are warm).
    const plans: NonNullable<LogsDatabaseSummary['plans']> = []
    for (const kind of KINDS) {
      await agentLogsIn(db).list(queryOf(kind))
      const queries: PlannedQuery[] = []
      await agentLogsIn(explaining(db, queries)).list(queryOf(kind))
      plans.push({ kind: kind.name, queries })
    }
    console.log('')
    console.log('Query plans (EXPLAIN ANALYZE of the statements agentLogRepository.list sends):')
    console.log(
      table(
        ['kind', 'statement', 'scans', 'exec'],
        plans.flatMap((plan) => plan.queries.map((query, index) => [index === 0 ? plan.kind : '', statementLabel(query.statement), query.scans.join(' + ') || '(none)', ms(query.executionMs)])),
        [3],
      ),
    )

    console.log('')
    console.log(`  ${KINDS.length} kinds × ${LOGS.rounds} queries, one at a time in turns, through agentLogRepository.list (the GET /api/architect/logs handler's call)…`)
    const times = new Map<string, number[]>(KINDS.map((kind) => [kind.name, []]))
    const totals = new Map<string, number>()
    for (let round = 0; round < LOGS.rounds; round += 1) {
      for (const kind of KINDS) {
        const started = performance.now()
        const { total, entries } = await agentLogsIn(db).list(queryOf(kind))
        times.get(kind.name)?.push(performance.now() - started)
        totals.set(kind.name, total)
        if (entries.some((entry) => entry.module !== kind.module || entry.level !== kind.level || !entry.message.toLowerCase().includes(kind.search))) {
          throw new Error(`${kind.name}: an entry does not match its filters`)
        }
      }
    }
    const kinds: KindTimes[] = KINDS.map((kind) => {
      const samples = times.get(kind.name) ?? []
      return {
        kind: kind.name,
        query: describeKind(kind),
        total: totals.get(kind.name) ?? 0,
        samples: samples.length,
        p50Ms: percentile(samples, 50),
        p95Ms: percentile(samples, 95),
        maxMs: Math.max(...samples),
      }
    })
    const every = [...times.values()].flat()
    const all = { samples: every.length, p50Ms: percentile(every, 50), p95Ms: percentile(every, 95), p99Ms: percentile(every, 99) }
    console.log('')
    console.log(
      table(
        ['kind', 'query', 'matches', 'p50', 'p95', 'max', 'n'],
        [
          ...kinds.map((kind) => [kind.kind, kind.query, kind.total.toLocaleString('en-US'), ms(kind.p50Ms), ms(kind.p95Ms), ms(kind.maxMs), kind.samples]),
          ['all kinds', '', '', ms(all.p50Ms), ms(all.p95Ms), '', all.samples],
        ],
        [2, 3, 4, 5, 6],
      ),
    )
    console.log(`  (p99 over all kinds: ${ms(all.p99Ms)})`)
    budgets.check(
      'logs',
      `Logs query p95 on ${target.database} (${LOGS.rows.toLocaleString('en-US')} rows, module + level + search word)`,
      all.p95Ms < LOGS.p95Ms,
      `${ms(all.p95Ms)} (p50 ${ms(all.p50Ms)})`,
      `< ${LOGS.p95Ms} ms`,
    )
    return { database: target.database, seedSeconds, statistics: target.statistics, plans, kinds, all }
  } finally {
    await db.close()
  }
}

export const logsSection = async (budgets: Budgets, summary: { logs?: LogsSummary }, machineLoad: (section: string) => string): Promise<void> => {
  heading(`9. Agent logs: the Logs page's query over ${LOGS.rows.toLocaleString('en-US')} rows (PGlite and PostgreSQL)`)
  console.log(machineLoad('logs'))
  const databases: LogsDatabaseSummary[] = []
  summary.logs = { rows: LOGS.rows, databases }
  await measureEach([async () => pgliteTarget(), postgresTarget], databases, (target) => measure(target, budgets, machineLoad))
}
