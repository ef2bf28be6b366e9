import { randomUUID } from 'node:crypto'
import { questionKey as wordsKey, termOf, terms, words, wordsAsTyped } from '@contracts/docsSearch'
import { GAPS_LIMIT, QUESTIONS_PAGE_SIZE, type QuestionFilter, type QuestionOutcome, type ReplyRatingValue } from '@contracts/questions'
import type { Database, Queryable } from '../db'
import type { ReplySource } from '../llm/types'
import { likeLiteral } from '../agentLogs/agentLogRepository'


/** A docs page's section, as a correction points to it. */
export interface SectionRef {
  path: string
  title: string
  anchor: string | null
  heading: string | null
}

export interface StoredQuestion {
  question: string
  askedAt: Date
  count: number
  outcome: QuestionOutcome
  answeredFrom: SectionRef | null
  model: string
  rating: ReplyRatingValue | null
  comment: string | null
  notHelpful: number
  corrected: boolean
}

export interface StoredGap {
  question: string
  count: number
  unanswered: number
  notHelpful: number
  lastAskedAt: Date
}

export interface StoredCorrection {
  id: string
  question: string
  answer: SectionRef | null
  createdAt: Date
  createdBy: string
  undoneAt: Date | null
  undoneBy: string | null
}

/** Who acts on the Questions page. */
export interface Staff {
  id: number
  email: string
}

/**
 * A question's key for grouping and corrections: its stems, stop words aside, sorted and each once
 * ('How do I turn on the gates?' and 'how to turn gates on' share one); the question's words when
 * it has no such word ('hi'). Made from the question as the assistant read it, when given
 * (`read`: 'aproval gates' read as 'approval gates').
 */
export const questionKeyOf = (question: string, read: string | null = null): string => {
  const text = read ?? question
  const stems = [...new Set(terms(text))].sort()
  return stems.length > 0 ? stems.join(' ') : wordsKey(text)
}

/** The reading worth keeping: `read` when it makes another key than the question as asked, else null. */
const readingOf = (question: string, read: string | undefined): string | null =>
  read !== undefined && questionKeyOf(question, read) !== questionKeyOf(question) ? read : null

/**
 * How the offline assistant reads a question: its words misspelt by one slip of typing as the
 * docs' words (LocalAssistant.read).
 */
export type QuestionReader = (question: string) => string

/** A stored question's reading: the one stored with it, else made now (one stored before readings were). */
const storedReading = (row: { question: string; question_read: string | null }, read: QuestionReader): string | null =>
  row.question_read ?? readingOf(row.question, read(row.question))

/** The most words of a search the Questions page looks for; the rest are left out. */
export const MAX_SEARCH_WORDS = 12

/** What a search of the Questions page looks for: its text, and each of its words with the stem it is read as. */
export interface QuestionSearch {
  text: string
  words: { word: string; term: string | null }[]
}

/**
 * A search of the Questions page: each word as typed, found inside a question ('postgres' in
 * 'PostgreSQL'), or as the assistant reads it, its stem among the question's key: 'approve' finds
 * 'approval', and 'aproval' (read as 'approval') finds the question however its visitor spelt it.
 * Every word must be found, in any order. Stop words ('how', 'do', 'i') are left out beside other
 * words, and found as typed in a search of nothing else. The first MAX_SEARCH_WORDS words count.
 */
export const questionSearch = (text: string, read: QuestionReader): QuestionSearch => {
  // In their case as typed: the database folds it, as it folds the question's.
  const typed = wordsAsTyped(text).slice(0, MAX_SEARCH_WORDS)
  const asRead = words(read(text)).slice(0, MAX_SEARCH_WORDS)
  // The reading changes words, not their number; were it to, each word is taken as typed.
  const readAs = asRead.length === typed.length ? asRead : typed.map((word) => word.toLowerCase())
  const all = typed.map((word, index) => ({ word, term: termOf(readAs[index] ?? word.toLowerCase()) }))
  const topical = all.filter((word) => word.term !== null)
  return { text, words: topical.length > 0 ? topical : all }
}

/**
 * The version of the keys questionKeyOf makes. Raise it whenever they change (the search's word
 * forms, stems or stop words): a server then makes the stored keys again at start (rekeyQuestions).
 * 2: irregular forms and American spellings meet their base form and the British one.
 * 3: the key is made from the assistant's reading of the question (question_read).
 */
export const QUESTION_KEY_VERSION = 3
/** Stored questions re-keyed in one transaction. */
const REKEY_BATCH = 500
/** A stored key an older version of questionKeyOf made (null: the first). */
const STALE_KEY = '(key_version is null or key_version < $1)'

/** A stored question, with how the assistant read it. */
interface KeyedRow {
  conversation_id: string
  position: number
  question: string
  question_read: string | null
}

/** Stores these questions' readings and keys as the current version makes them. */
const storeKeys = async (db: Queryable, rows: readonly KeyedRow[], read: QuestionReader): Promise<void> => {
  if (rows.length === 0) return
  const readings = rows.map((row) => storedReading(row, read))
  await db.query(
    `update assistant_questions q set question_read = k.reading, question_key = k.key, key_version = $5
     from unnest($1::uuid[], $2::int[], $3::text[], $4::text[]) as k(conversation_id, position, reading, key)
     where q.conversation_id = k.conversation_id and q.position = k.position`,
    [
      rows.map((row) => row.conversation_id),
      rows.map((row) => row.position),
      readings,
      rows.map((row, index) => questionKeyOf(row.question, readings[index] ?? null)),
      QUESTION_KEY_VERSION,
    ],
  )
}

/**
 * Makes the stored questions' and corrections' keys again where an older version of questionKeyOf
 * made them (also those an older process wrote after a newer one started). Questions go in batches,
 * each its own transaction (making a key again gives the same key, so a batch two servers both
 * take, or one cut short, does no harm); corrections in one, with writers to them held back. Two
 * corrections in force whose questions now share a key are one question corrected twice: the newer
 * stays in force, and the older is undone in its author's name, as correcting a question again
 * does. A question stored before readings were is read now, by the offline assistant's reader
 * (`readerOf`, made only when a key is stale). Undefined when every key was current.
 */
export const rekeyQuestions = async (
  db: Database,
  readerOf: () => Promise<QuestionReader>,
  batch = REKEY_BATCH,
): Promise<{ questions: number; corrections: number; superseded: number } | undefined> => {
  // Every start but the first after an upgrade finds nothing to do: the reader (the docs, indexed) is not made.
  const { rows: found } = await db.query<{ stale: boolean }>(
    `select exists (select 1 from assistant_questions where ${STALE_KEY}) or exists (select 1 from assistant_corrections where ${STALE_KEY}) as stale`,
    [QUESTION_KEY_VERSION],
  )
  if (!found[0]?.stale) return undefined
  const read = await readerOf()
  let questions = 0
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const { rows } = await tx.query<KeyedRow>(
        `select conversation_id, position, question, question_read from assistant_questions where ${STALE_KEY} order by conversation_id, position limit $2 for update skip locked`,
        [QUESTION_KEY_VERSION, batch],
      )
      await storeKeys(tx, rows, read)
      questions += rows.length
      return rows.length < batch
    })
    if (done) break
  }

  const corrected = await db.transaction(async (tx) => {
    // A correction made meanwhile could take a key about to be given to another.
    if (db.kind === 'postgres') await tx.query('lock table assistant_corrections in share row exclusive mode')
    const { rows } = await tx.query<{
      id: string
      question: string
      question_read: string | null
      question_key: string
      key_version: number | null
      undone_at: Date | null
      created_by: number | null
      created_by_email: string
    }>('select id, question, question_read, question_key, key_version, undone_at, created_by, created_by_email from assistant_corrections order by created_at desc, id')
    const stale = (row: { key_version: number | null }): boolean => row.key_version === null || row.key_version < QUESTION_KEY_VERSION
    if (!rows.some(stale)) return { corrections: 0, superseded: 0 }
    const rekeyed = rows.map((row) => {
      if (!stale(row)) return { ...row, key: row.question_key }
      const reading = storedReading(row, read)
      return { ...row, question_read: reading, key: questionKeyOf(row.question, reading) }
    })
    const inForce = new Map<string, (typeof rekeyed)[number]>()
    let superseded = 0
    for (const row of rekeyed) {
      if (row.undone_at !== null) continue
      const newer = inForce.get(row.key)
      if (!newer) {
        inForce.set(row.key, row)
        continue
      }
      await tx.query('update assistant_corrections set undone_at = now(), undone_by = $2, undone_by_email = $3 where id = $1', [row.id, newer.created_by, newer.created_by_email])
      superseded += 1
    }
    // Each through a key of its own first, so that none takes another's old key while that one still has it.
    const changed = rekeyed.filter(stale)
    for (const row of changed) await tx.query(`update assistant_corrections set question_key = 'rekeying:' || id where id = $1`, [row.id])
    for (const row of changed) {
      await tx.query('update assistant_corrections set question_read = $2, question_key = $3, key_version = $4 where id = $1', [row.id, row.question_read, row.key, QUESTION_KEY_VERSION])
    }
    return { corrections: changed.length, superseded }
  })
  return questions === 0 && corrected.corrections === 0 ? undefined : { questions, ...corrected }
}

interface QuestionRow {
  question: string
  asked_at: Date
  count: number | string
  outcome: QuestionOutcome
  page_path: string | null
  page_title: string | null
  section_anchor: string | null
  section_heading: string | null
  model: string
  rating: ReplyRatingValue | null
  comment: string | null
  not_helpful: number | string
  corrected: boolean
}

const sectionOf = (row: { page_path: string | null; page_title: string | null; section_anchor: string | null; section_heading: string | null }): SectionRef | null =>
  row.page_path === null ? null : { path: row.page_path, title: row.page_title ?? row.page_path, anchor: row.section_anchor, heading: row.section_heading }

const questionOf = (row: QuestionRow): StoredQuestion => ({
  question: row.question,
  askedAt: row.asked_at,
  count: Number(row.count),
  outcome: row.outcome,
  answeredFrom: sectionOf(row),
  model: row.model,
  rating: row.rating,
  comment: row.comment,
  notHelpful: Number(row.not_helpful),
  corrected: row.corrected,
})

interface CorrectionRow {
  id: string
  question: string
  page_path: string | null
  page_title: string | null
  section_anchor: string | null
  section_heading: string | null
  created_at: Date
  created_by_email: string
  undone_at: Date | null
  undone_by_email: string | null
}

const correctionOf = (row: CorrectionRow): StoredCorrection => ({
  id: row.id,
  question: row.question,
  answer: sectionOf(row),
  createdAt: row.created_at,
  createdBy: row.created_by_email,
  undoneAt: row.undone_at,
  undoneBy: row.undone_by_email,
})

const IN_FORCE = `exists (select 1 from assistant_corrections c where c.question_key = q.question_key and c.undone_at is null)`

/** The questions visitors asked, their ratings, and staff's corrections. */
export const createQuestionRepository = (db: Queryable) => ({
  /**
   * Records the question a reply (at `position`) answered, how the assistant read it (`read`: its
   * misspelt words as the docs' words), and where the answer came from.
   */
  async record(conversationId: string, position: number, asked: { question: string; read?: string }, model: string, source: ReplySource): Promise<void> {
    const docs = source.kind === 'docs' ? source : undefined
    const { question } = asked
    const read = readingOf(question, asked.read)
    await db.query(
      `insert into assistant_questions (conversation_id, position, question, question_read, question_key, key_version, model, outcome, page_path, page_title, section_anchor, section_heading)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
       on conflict (conversation_id, position) do nothing`,
      [conversationId, position, question, read, questionKeyOf(question, read), QUESTION_KEY_VERSION, model, source.kind, docs?.path ?? null, docs?.title ?? null, docs?.anchor ?? null, docs?.heading ?? null],
    )
  },

  /** The questions of a deleted conversation that comes back (the copy chat kept of them, in deleted_conversations), after its messages. */
  async restoreDeleted(conversationId: string, read: QuestionReader): Promise<void> {
    await db.query(
      `insert into assistant_questions
       select r.* from deleted_conversations d, jsonb_populate_recordset(null::assistant_questions, d.questions) r where d.id = $1
       on conflict do nothing`,
      [conversationId],
    )
    // The copy keeps the keys of when it was deleted: those of an older version made again.
    const { rows } = await db.query<KeyedRow>(
      `select conversation_id, position, question, question_read from assistant_questions where conversation_id = $2 and ${STALE_KEY}`,
      [QUESTION_KEY_VERSION, conversationId],
    )
    await storeKeys(db, rows, read)
  },

  /** The owner's rating of their reply at `position`; false when the owner has no such rateable reply. */
  async rate(ownerKey: string, conversationId: string, position: number, rating: ReplyRatingValue | null, comment: string | null): Promise<boolean> {
    const { rows } = await db.query(
      `update assistant_questions q set rating = $4, comment = $5, rated_at = case when $4::text is null then null else now() end
       from chat_conversations c
       where q.conversation_id = $1 and q.position = $2 and c.id = q.conversation_id and c.owner_key = $3
       returning q.position`,
      [conversationId, position, ownerKey, rating, rating === null ? null : comment],
    )
    return rows.length > 0
  },

  /** The ratings of the conversations' replies, by conversation. */
  async ratingsOf(conversationIds: readonly string[]): Promise<Map<string, { position: number; rating: ReplyRatingValue; comment: string | null }[]>> {
    const byConversation = new Map<string, { position: number; rating: ReplyRatingValue; comment: string | null }[]>()
    if (conversationIds.length === 0) return byConversation
    const { rows } = await db.query<{ conversation_id: string; position: number; rating: ReplyRatingValue; comment: string | null }>(
      `select conversation_id, position, rating, comment from assistant_questions
       where conversation_id = any($1::uuid[]) and rating is not null order by position`,
      [conversationIds],
    )
    for (const row of rows) {
      const list = byConversation.get(row.conversation_id) ?? []
      list.push({ position: row.position, rating: row.rating, comment: row.comment })
      byConversation.set(row.conversation_id, list)
    }
    return byConversation
  },

  /** A page of questions, newest first (groups: by their latest); `search`: questions with each of its words (questionSearch). */
  async list(query: { page: number; search?: QuestionSearch; filter: QuestionFilter; grouped: boolean }): Promise<{ items: StoredQuestion[]; total: number }> {
    const conditions: string[] = []
    const params: unknown[] = []
    if (query.search && query.search.words.length === 0) {
      // No word ('%', '?!'): the text as it is.
      params.push(`%${likeLiteral(query.search.text)}%`)
      conditions.push(`q.question ilike $${params.length}`)
    }
    for (const { word, term } of query.search?.words ?? []) {
      params.push(`%${likeLiteral(word)}%`)
      const typed = `q.question ilike $${params.length}`
      if (term === null) {
        conditions.push(typed)
        continue
      }
      params.push(` ${term} `)
      conditions.push(`(${typed} or position($${params.length} in ' ' || q.question_key || ' ') > 0)`)
    }
    if (query.filter === 'unanswered') conditions.push(`q.outcome = 'unknown'`)
    if (query.filter === 'not-helpful') conditions.push(`q.rating = 'not_helpful'`)
    const where = conditions.length > 0 ? `where ${conditions.join(' and ')}` : ''
    params.push(QUESTIONS_PAGE_SIZE, (query.page - 1) * QUESTIONS_PAGE_SIZE)
    const limit = `limit $${params.length - 1} offset $${params.length}`
    const sql = query.grouped
      ? `with matched as (select q.* from assistant_questions q ${where}),
         groups as (
           select question_key, count(*) as count, max(asked_at) as last_asked, count(*) filter (where rating = 'not_helpful') as not_helpful
           from matched group by question_key
         )
         select l.question, g.last_asked as asked_at, g.count, l.outcome, l.page_path, l.page_title, l.section_anchor, l.section_heading, l.model,
           l.rating, l.comment, g.not_helpful, ${IN_FORCE.replaceAll('q.question_key', 'g.question_key')} as corrected, count(*) over () as total
         from groups g
         cross join lateral (select * from matched m where m.question_key = g.question_key order by m.asked_at desc, m.position desc limit 1) l
         order by g.last_asked desc, g.question_key
         ${limit}`
      : `select q.question, q.asked_at, 1 as count, q.outcome, q.page_path, q.page_title, q.section_anchor, q.section_heading, q.model, q.rating, q.comment,
           case when q.rating = 'not_helpful' then 1 else 0 end as not_helpful, ${IN_FORCE} as corrected, count(*) over () as total
         from assistant_questions q ${where}
         order by q.asked_at desc, q.conversation_id, q.position desc
         ${limit}`
    const { rows } = await db.query<QuestionRow & { total: number | string }>(sql, params)
    let total = Number(rows[0]?.total ?? 0)
    if (rows.length === 0 && query.page > 1) {
      // Past the last page: still say how many there are.
      const counted = await db.query<{ total: number | string }>(
        query.grouped ? `select count(distinct q.question_key) as total from assistant_questions q ${where}` : `select count(*) as total from assistant_questions q ${where}`,
        params.slice(0, -2),
      )
      total = Number(counted.rows[0]?.total ?? 0)
    }
    return { items: rows.map(questionOf), total }
  },

  /** The questions most often answered 'I don't know' or rated not helpful, with no correction in force. */
  async gaps(): Promise<StoredGap[]> {
    const { rows } = await db.query<{ question: string; count: number | string; unanswered: number | string; not_helpful: number | string; last_asked: Date }>(
      `select (array_agg(q.question order by q.asked_at desc))[1] as question, count(*) as count,
         count(*) filter (where q.outcome = 'unknown') as unanswered, count(*) filter (where q.rating = 'not_helpful') as not_helpful,
         max(q.asked_at) as last_asked
       from assistant_questions q
       where (q.outcome = 'unknown' or q.rating = 'not_helpful') and not ${IN_FORCE}
       group by q.question_key
       order by count(*) desc, max(q.asked_at) desc
       limit $1`,
      [GAPS_LIMIT],
    )
    return rows.map((row) => ({
      question: row.question,
      count: Number(row.count),
      unanswered: Number(row.unanswered),
      notHelpful: Number(row.not_helpful),
      lastAskedAt: row.last_asked,
    }))
  },

  /** Every correction, newest first, the undone ones too. */
  async corrections(): Promise<StoredCorrection[]> {
    const { rows } = await db.query<CorrectionRow>('select * from assistant_corrections order by created_at desc, id')
    return rows.map(correctionOf)
  },

  /** The corrections in force, for the assistant: each question as it read it. */
  async inForce(): Promise<{ question: string; answer: { path: string; anchor: string | null } | null }[]> {
    const { rows } = await db.query<{ question: string; page_path: string | null; section_anchor: string | null }>(
      'select coalesce(question_read, question) as question, page_path, section_anchor from assistant_corrections where undone_at is null order by created_at',
    )
    return rows.map((row) => ({ question: row.question, answer: row.page_path === null ? null : { path: row.page_path, anchor: row.section_anchor } }))
  },

  /**
   * A correction of `question` (as the assistant reads it: `read`), in force from now: a
   * correction in force for the same question (the same words) is undone by the same person. Run
   * it in a transaction.
   */
  async correct(staff: Staff, asked: { question: string; read?: string }, answer: SectionRef | null): Promise<StoredCorrection> {
    const { question } = asked
    const read = readingOf(question, asked.read)
    const key = questionKeyOf(question, read)
    await db.query(
      `update assistant_corrections set undone_at = now(), undone_by = $2, undone_by_email = $3 where question_key = $1 and undone_at is null`,
      [key, staff.id, staff.email],
    )
    const { rows } = await db.query<CorrectionRow>(
      `insert into assistant_corrections (id, question, question_read, question_key, key_version, page_path, page_title, section_anchor, section_heading, created_by, created_by_email)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning *`,
      [randomUUID(), question, read, key, QUESTION_KEY_VERSION, answer?.path ?? null, answer?.title ?? null, answer?.anchor ?? null, answer?.heading ?? null, staff.id, staff.email],
    )
    const row = rows[0]
    if (!row) throw new Error('The correction was not stored')
    return correctionOf(row)
  },

  /** Undoes a correction: 'not-found', 'already-undone', or the correction as it now is. */
  async undo(staff: Staff, id: string): Promise<StoredCorrection | 'not-found' | 'already-undone'> {
    const { rows } = await db.query<CorrectionRow>(
      `update assistant_corrections set undone_at = now(), undone_by = $2, undone_by_email = $3 where id = $1 and undone_at is null returning *`,
      [id, staff.id, staff.email],
    )
    const row = rows[0]
    if (row) return correctionOf(row)
    const { rows: existing } = await db.query('select id from assistant_corrections where id = $1', [id])
    return existing.length > 0 ? 'already-undone' : 'not-found'
  },
})
