import type { Queryable } from '../db'
import { CONTACT_SUBJECTS, labelOf, LEAD_PRODUCTS, WAITLIST_PLANS, WAITLIST_ROLES, WAITLIST_SOURCES } from '@contracts/leads'
import type { ContactLead, Lead, LeadKind, NewsletterLead, WaitlistLead } from '@contracts/leads/staff'
import type { CsvCell } from './csv'

export { LEAD_KINDS } from '@contracts/leads/staff'
export type { ContactLead, Lead, LeadKind, NewsletterLead, WaitlistLead } from '@contracts/leads/staff'

/** A row of the waitlist table as the database returns it. */
export interface WaitlistRow {
  id: number
  name: string
  email: string
  company: string
  role: string
  use_case: string
  source: string | null
  plan: string | null
  product: string | null
  consented_at: Date
  created_at: Date
}

interface ContactRow {
  id: number
  name: string
  email: string
  company: string
  subject: string
  message: string
  product: string | null
  created_at: Date
}

interface NewsletterRow {
  id: number
  email: string
  created_at: Date
}

/** How one kind is read: its table, the columns searched, and its JSON and CSV forms. */
interface KindSource<Row, T extends Lead> {
  table: string
  columns: readonly (keyof Row & string)[]
  search: readonly (keyof Row & string)[]
  toLead: (row: Row) => T
  csv: readonly (readonly [header: string, cell: (lead: T) => CsvCell])[]
}

const iso = (date: Date): string => date.toISOString()
const label = (options: Parameters<typeof labelOf>[0]) => (value: string | null) => (value === null ? '' : labelOf(options, value))

const waitlist: KindSource<WaitlistRow, WaitlistLead> = {
  table: 'waitlist_signups',
  columns: ['id', 'name', 'email', 'company', 'role', 'use_case', 'source', 'plan', 'product', 'consented_at', 'created_at'],
  search: ['name', 'email', 'company'],
  toLead: (row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    company: row.company,
    role: row.role,
    useCase: row.use_case,
    source: row.source,
    plan: row.plan,
    product: row.product,
    consentedAt: iso(row.consented_at),
    createdAt: iso(row.created_at),
  }),
  csv: [
    ['Signed up', (lead) => lead.createdAt],
    ['Name', (lead) => lead.name],
    ['Email', (lead) => lead.email],
    ['Company or project', (lead) => lead.company],
    ['Role', (lead) => label(WAITLIST_ROLES)(lead.role)],
    ['Use case', (lead) => lead.useCase],
    ['Heard about us via', (lead) => label(WAITLIST_SOURCES)(lead.source)],
    ['Plan', (lead) => label(WAITLIST_PLANS)(lead.plan)],
    ['Product', (lead) => label(LEAD_PRODUCTS)(lead.product)],
    ['Consented', (lead) => lead.consentedAt],
  ],
}

const contact: KindSource<ContactRow, ContactLead> = {
  table: 'contact_messages',
  columns: ['id', 'name', 'email', 'company', 'subject', 'message', 'product', 'created_at'],
  search: ['name', 'email', 'company'],
  toLead: (row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    company: row.company,
    subject: row.subject,
    message: row.message,
    product: row.product,
    createdAt: iso(row.created_at),
  }),
  csv: [
    ['Received', (lead) => lead.createdAt],
    ['Name', (lead) => lead.name],
    ['Email', (lead) => lead.email],
    ['Company', (lead) => lead.company],
    ['Subject', (lead) => label(CONTACT_SUBJECTS)(lead.subject)],
    ['Product', (lead) => label(LEAD_PRODUCTS)(lead.product)],
    ['Message', (lead) => lead.message],
  ],
}

const newsletter: KindSource<NewsletterRow, NewsletterLead> = {
  table: 'newsletter_subscriptions',
  columns: ['id', 'email', 'created_at'],
  search: ['email'],
  toLead: (row) => ({ id: row.id, email: row.email, createdAt: iso(row.created_at) }),
  csv: [
    ['Subscribed', (lead) => lead.createdAt],
    ['Email', (lead) => lead.email],
  ],
}

/** A search term as an ILIKE pattern that matches it anywhere, its own % and _ taken literally. */
const containsPattern = (search: string): string => `%${search.replace(/[\\%_]/g, '\\$&')}%`

export interface LeadQuery {
  /** Matched case-insensitively anywhere in the name, e-mail or company (newsletter: e-mail). */
  search?: string
}

export interface LeadPageQuery extends LeadQuery {
  limit: number
  offset: number
}

export interface LeadTable {
  header: string[]
  rows: CsvCell[][]
}

export interface LeadsRepository {
  /** One page, newest first, and how many match in all. */
  list(kind: LeadKind, query: LeadPageQuery): Promise<{ leads: Lead[]; total: number }>
  /** Every match, newest first, as spreadsheet columns with readable labels. */
  table(kind: LeadKind, query: LeadQuery): Promise<LeadTable>
}

/** Runs `read` with the source of `kind`, keeping its row and lead types together. */
const withSource = <R>(
  kind: LeadKind,
  read: <Row, T extends Lead>(source: KindSource<Row, T>) => R,
): R => {
  switch (kind) {
    case 'waitlist':
      return read(waitlist)
    case 'contact':
      return read(contact)
    case 'newsletter':
      return read(newsletter)
  }
}

export const createLeadsRepository = (db: Queryable): LeadsRepository => {
  const where = (source: { search: readonly string[] }, search: string | undefined, params: unknown[]): string => {
    const term = search?.trim()
    if (!term) return ''
    params.push(containsPattern(term))
    return `where ${source.search.map((column) => `${column} ilike $${params.length}`).join(' or ')}`
  }

  const select = async <Row, T extends Lead>(source: KindSource<Row, T>, search: string | undefined, page?: LeadPageQuery) => {
    const params: unknown[] = []
    let sql = `select ${source.columns.join(', ')} from ${source.table} ${where(source, search, params)} order by created_at desc, id desc`
    if (page) {
      params.push(page.limit, page.offset)
      sql += ` limit $${params.length - 1} offset $${params.length}`
    }
    const { rows } = await db.query<Row>(sql, params)
    return rows.map(source.toLead)
  }

  const count = async (source: { table: string; search: readonly string[] }, search: string | undefined): Promise<number> => {
    const params: unknown[] = []
    const { rows } = await db.query<{ total: number }>(
      `select count(*)::int as total from ${source.table} ${where(source, search, params)}`,
      params,
    )
    return rows[0]?.total ?? 0
  }

  return {
    list: (kind, query) =>
      withSource(kind, async (source) => {
        const [leads, total] = await Promise.all([select(source, query.search, query), count(source, query.search)])
        return { leads, total }
      }),
    table: (kind, query) =>
      withSource(kind, async (source) => {
        const leads = await select(source, query.search)
        return {
          header: source.csv.map(([header]) => header),
          rows: leads.map((lead) => source.csv.map(([, cell]) => cell(lead))),
        }
      }),
  }
}
