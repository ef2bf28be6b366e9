/**
 * Stored chat history for the search bench: conversations written straight into the
 * server's own tables (server/migrations/004_chat.sql) the way conversationRepository stores them,
 * including the weighted full-text vector, many thousands per statement.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { Database, Queryable } from '../../server/src/db'
import { percentile } from './report'

export interface HistoryCorpus {
  /** Prose paragraphs of the docs: what the offline engine's replies are made of. */
  paragraphs: string[]
  /** Section headings of the docs: what questions are about. */
  topics: string[]
}

const markdownFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return markdownFiles(full)
    return entry.name.endsWith('.md') ? [full] : []
  })

/** Paragraphs and headings of the Markdown docs that `overseer-local` answers from. */
export const historyCorpus = (docsDir: string): HistoryCorpus => {
  const paragraphs: string[] = []
  const topics = new Set<string>()
  for (const file of markdownFiles(docsDir).sort()) {
    const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '')
    for (const block of text.split(/\n\s*\n/)) {
      const trimmed = block.trim()
      const heading = /^#{1,4}\s+(.+)$/.exec(trimmed)
      if (heading?.[1]) {
        topics.add(heading[1].replace(/[`*]/g, '').trim())
        continue
      }
      if (trimmed.startsWith('|') || trimmed.length < 60) continue
      paragraphs.push(trimmed.slice(0, 1200))
    }
  }
  return { paragraphs, topics: [...topics] }
}

/**
 * Words that are not in the docs, each added to about 1 in 2,000 questions: what a search for a
 * rare term finds. The bench searches for some of them.
 */
export const RARE_WORDS = [
  'kubernetes', 'terraform', 'graphql', 'webhook', 'oauth', 'stripe', 'twilio', 'sendgrid', 'elasticsearch', 'kafka',
  'rabbitmq', 'cassandra', 'firebase', 'supabase', 'netlify', 'heroku', 'vercel', 'cloudflare', 'grafana', 'prometheus',
  'jenkins', 'bitbucket', 'gitlab', 'jira', 'confluence', 'salesforce', 'hubspot', 'zapier', 'airtable', 'notion',
  'figma', 'sketch', 'flutter', 'kotlin', 'swift', 'xamarin', 'unity', 'unreal', 'blender', 'arduino',
] as const

/** Questions a visitor asks about a docs topic; `%s` is the topic. */
const QUESTION_TEMPLATES = [
  'How does %s work?',
  'What is %s?',
  'Can you explain %s in simple terms?',
  'How do I set up %s for my team?',
  'Where do I configure %s?',
  'Is %s available on the free plan?',
  'What happens during %s when a test fails?',
  'Give me an example of %s',
  'Why would I use %s instead of doing it by hand?',
  'How do I troubleshoot %s?',
] as const

export interface SeedOptions {
  total: number
  /** The owner whose history is searched; every `1 / share` conversation is theirs. */
  mainOwnerKey: string
  mainOwnerShare: number
  /** The rest are spread over this many other owners. */
  otherOwners: number
  /** Conversations per INSERT statement. */
  batch?: number
  /**
   * What runs after the inserts: PostgreSQL's autovacuum would vacuum and analyze a table that grew
   * this much; PGlite has no autovacuum (one backend), so there only what the server itself runs.
   */
  maintenance: 'vacuum analyze' | 'none'
  onProgress?: (done: number) => void
}

export interface SeedResult {
  conversations: number
  messages: number
  mainOwnerConversations: number
  seconds: number
}

/**
 * One statement per batch: the conversation rows (title weight A, question and reply weight B,
 * exactly the repository's `setweight(to_tsvector('english', title), 'A') ||
 * setweight(to_tsvector('english', text), 'B')` with `text` = the messages joined by a blank
 * line) and their two messages, a question about a docs topic and a reply of one to three docs
 * paragraphs. Newest every few minutes over the past year.
 */
const SEED_BATCH = `
with src as materialized (
  select
    n,
    gen_random_uuid() as id,
    case when n % $3::int = 0 then $2::text
         else 'visitor:' || encode(sha256(convert_to('bench-owner-' || (n % $4::int), 'UTF8')), 'hex') end as owner_key,
    replace(($5::text[])[1 + floor(random() * cardinality($5::text[]))::int], '%s',
            ($6::text[])[1 + floor(random() * cardinality($6::text[]))::int])
      || case when random() < $8::float8 * cardinality($7::text[])
              then ' With ' || initcap(($7::text[])[1 + floor(random() * cardinality($7::text[]))::int]) || ', please.'
              else '' end as question,
    array_to_string(array[
      ($9::text[])[1 + floor(random() * cardinality($9::text[]))::int],
      case when random() < 0.7 then ($9::text[])[1 + floor(random() * cardinality($9::text[]))::int] end,
      case when random() < 0.3 then ($9::text[])[1 + floor(random() * cardinality($9::text[]))::int] end
    ], E'\n\n') as reply,
    now() - make_interval(secs => ($10::int - n) * 300 + 5) as created_at
  from generate_series($1::int, $1::int + $11::int - 1) as n
), conversations as (
  insert into chat_conversations (id, owner_key, title, status, model, message_count, search_vector, created_at, updated_at)
  select id, owner_key, question, 'completed', 'overseer-local', 2,
         setweight(to_tsvector('english', question), 'A') || setweight(to_tsvector('english', question || E'\n\n' || reply), 'B'),
         created_at, created_at + interval '2 seconds'
  from src
)
insert into chat_messages (conversation_id, position, role, content, model, prompt_tokens, completion_tokens, stopped, created_at)
select id, 0, 'user', question, null, null, null, false, created_at from src
union all
select id, 1, 'assistant', reply, 'overseer-local', length(question) / 4 + 1, length(reply) / 4 + 1, false, created_at + interval '2 seconds' from src
`

/** Fills an empty, migrated database with `total` conversations of several owners. */
export const seedHistory = async (db: Database, corpus: HistoryCorpus, options: SeedOptions): Promise<SeedResult> => {
  const started = performance.now()
  const batch = options.batch ?? 10_000
  const rareShare = 1 / 2000
  for (let from = 1; from <= options.total; from += batch) {
    const size = Math.min(batch, options.total - from + 1)
    await db.query(SEED_BATCH, [
      from,
      options.mainOwnerKey,
      options.mainOwnerShare,
      options.otherOwners,
      QUESTION_TEMPLATES,
      corpus.topics,
      RARE_WORDS,
      rareShare,
      corpus.paragraphs,
      options.total,
      size,
    ])
    options.onProgress?.(from + size - 1)
  }
  if (options.maintenance === 'vacuum analyze') {
    // One statement each: VACUUM cannot run inside the transaction that a multi-statement query is.
    await db.exec('vacuum analyze chat_conversations')
    await db.exec('vacuum analyze chat_messages')
  }
  const { rows } = await db.query<{ conversations: number; messages: number; main: number }>(
    `select (select count(*)::int from chat_conversations) as conversations,
            (select count(*)::int from chat_messages) as messages,
            (select count(*)::int from chat_conversations where owner_key = $1) as main`,
    [options.mainOwnerKey],
  )
  const counts = rows[0]
  return {
    conversations: counts?.conversations ?? 0,
    messages: counts?.messages ?? 0,
    mainOwnerConversations: counts?.main ?? 0,
    seconds: (performance.now() - started) / 1000,
  }
}

// ---------------------------------------------------------------------------------------------
// Timing searches over HTTP

export interface SearchKind {
  name: string
  /** Rotated request by request, so no single term is all the kind measures. */
  searches: (string | undefined)[]
  page: number
}

export interface SearchTimes {
  name: string
  searches: (string | undefined)[]
  page: number
  samples: number
  p50Ms: number
  p95Ms: number
  p99Ms: number
  maxMs: number
  /** Matches per search term (`pagination.total` of the answers). */
  matches: Record<string, number>
  /** Items on the page asked for (fewest seen). */
  minItems: number
  /** Answers other than 200. */
  unexpected: number
}

interface HistoryAnswer {
  data?: unknown[]
  pagination?: { total?: number }
}

/**
 * GET /api/overseer-dev/chat/history for each kind, one request at a time and in turns (A, B, C,
 * A, B, C…), as the owner whose cookie is given. Returns every request's time (ms) per kind too.
 */
export const timeHistorySearches = async (
  baseUrl: string,
  cookie: string,
  kinds: SearchKind[],
  rounds: number,
  warmupRounds = 2,
): Promise<{ kinds: SearchTimes[]; times: Map<string, number[]> }> => {
  const times = new Map<string, number[]>(kinds.map((kind) => [kind.name, []]))
  const matches = new Map<string, Record<string, number>>(kinds.map((kind) => [kind.name, {}]))
  const minItems = new Map<string, number>(kinds.map((kind) => [kind.name, Number.POSITIVE_INFINITY]))
  const unexpected = new Map<string, number>(kinds.map((kind) => [kind.name, 0]))
  for (let round = 0; round < warmupRounds + rounds; round += 1) {
    for (const kind of kinds) {
      const search = kind.searches[round % kind.searches.length]
      const query = new URLSearchParams({ page: String(kind.page), limit: '5', ...(search !== undefined && { search }) })
      const started = performance.now()
      const response = await fetch(`${baseUrl}/api/overseer-dev/chat/history?${query}`, { headers: { cookie } })
      const body = (await response.json()) as HistoryAnswer
      const elapsed = performance.now() - started
      if (round < warmupRounds) continue
      times.get(kind.name)?.push(elapsed)
      if (response.status !== 200) unexpected.set(kind.name, (unexpected.get(kind.name) ?? 0) + 1)
      const found = matches.get(kind.name)
      if (found) found[search ?? '(no search)'] = body.pagination?.total ?? -1
      minItems.set(kind.name, Math.min(minItems.get(kind.name) ?? 0, body.data?.length ?? 0))
    }
  }
  return {
    times,
    kinds: kinds.map((kind) => {
      const values = times.get(kind.name) ?? []
      return {
        name: kind.name,
        searches: kind.searches,
        page: kind.page,
        samples: values.length,
        p50Ms: percentile(values, 50),
        p95Ms: percentile(values, 95),
        p99Ms: percentile(values, 99),
        maxMs: Math.max(...values),
        matches: matches.get(kind.name) ?? {},
        minItems: minItems.get(kind.name) ?? 0,
        unexpected: unexpected.get(kind.name) ?? 0,
      }
    }),
  }
}

// ---------------------------------------------------------------------------------------------
// Query plans

export interface PlannedQuery {
  /** The statement, whitespace collapsed, at most 300 characters. */
  statement: string
  /** Scans in the plan: `Bitmap Index Scan on chat_conversations_search`, `Seq Scan on …`. */
  scans: string[]
  executionMs: number
  usesSearchIndex: boolean
  /** Whether the statement filters by `@@` (a full-text match). */
  fullText: boolean
}

interface PlanNode {
  'Node Type'?: string
  'Index Name'?: string
  'Relation Name'?: string
  Plans?: PlanNode[]
}

const scansOf = (node: PlanNode): string[] => {
  const type = node['Node Type'] ?? '?'
  const own = node['Index Name']
    ? [`${type} on ${node['Index Name']}`]
    : /Scan$/.test(type) && node['Relation Name'] && type !== 'Bitmap Heap Scan'
      ? [`${type} on ${node['Relation Name']}`]
      : []
  return [...own, ...(node.Plans ?? []).flatMap(scansOf)]
}

export const SEARCH_INDEX = 'chat_conversations_search'

/**
 * A view of the database that runs `EXPLAIN (ANALYZE, FORMAT JSON)` on every statement before
 * running it: hand it to the server's repository to see the plans of exactly the queries it sends.
 */
export const explaining = (db: Queryable, plans: PlannedQuery[]): Queryable => ({
  query: async <T>(text: string, params: readonly unknown[] = []) => {
    const { rows } = await db.query<{ 'QUERY PLAN': unknown }>(`explain (analyze, format json) ${text}`, params)
    const raw = rows[0]?.['QUERY PLAN']
    const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode; 'Execution Time': number }[]
    const top = parsed[0]
    if (top) {
      const scans = scansOf(top.Plan)
      plans.push({
        statement: text.replace(/\s+/g, ' ').trim().slice(0, 300),
        scans,
        executionMs: top['Execution Time'],
        usesSearchIndex: scans.some((scan) => scan.endsWith(` ${SEARCH_INDEX}`)),
        fullText: text.includes('@@'),
      })
    }
    return db.query<T>(text, params)
  },
  exec: (sql) => db.exec(sql),
})
