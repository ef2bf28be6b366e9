import { CONTACT_SUBJECTS, labelOf, WAITLIST_ROLES, WAITLIST_SOURCES } from '@/shared/lib/validation'
import { DataTable, type DataTableColumn } from '@/shared/ui'
import type { ContactLead, LeadPage, NewsletterLead, WaitlistLead } from '../model/types'
import styles from './ArchitectLeadsPage.module.scss'

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })

const When = ({ iso }: { iso: string }) => {
  const date = new Date(iso)
  return <time dateTime={iso}>{Number.isNaN(date.getTime()) ? iso : dateFormat.format(date)}</time>
}

const orDash = (text: string | null) => (text ? text : '—')

// The forms store codes (`tech_lead`, `overseer_info`); the table shows the label the person chose,
// from the very lists the forms offered. A code no longer listed shows as stored. The CSV keeps codes.
const roleLabel = (role: string) => labelOf(WAITLIST_ROLES, role)
const sourceLabel = (source: string | null) => (source ? labelOf(WAITLIST_SOURCES, source) : null)
const subjectLabel = (subject: string) => labelOf(CONTACT_SUBJECTS, subject)

const name = { header: 'Name', cell: (lead: { name: string }) => lead.name }
const email = { header: 'E-mail', cell: (lead: { email: string }) => lead.email }
const at = (header: string) => ({
  header,
  cell: (lead: { createdAt: string }) => <When iso={lead.createdAt} />,
  className: styles.when,
})

const WAITLIST_COLUMNS: DataTableColumn<WaitlistLead>[] = [
  name,
  email,
  { header: 'Company', cell: (lead) => lead.company },
  { header: 'Role', cell: (lead) => roleLabel(lead.role) },
  { header: 'Use case', cell: (lead) => orDash(lead.useCase), className: styles.longText },
  { header: 'Heard via', cell: (lead) => orDash(sourceLabel(lead.source)) },
  at('Joined'),
]

const CONTACT_COLUMNS: DataTableColumn<ContactLead>[] = [
  name,
  email,
  { header: 'Company', cell: (lead) => orDash(lead.company) },
  { header: 'Subject', cell: (lead) => subjectLabel(lead.subject) },
  { header: 'Message', cell: (lead) => lead.message, className: styles.longText },
  at('Sent'),
]

const NEWSLETTER_COLUMNS: DataTableColumn<NewsletterLead>[] = [email, at('Subscribed')]

const idOf = (lead: { id: number }) => lead.id

/** One page of entries of one kind, with the columns that kind has. */
export const LeadTable = ({ leads, caption }: { leads: LeadPage; caption: string }) => {
  const table = { label: `${caption} (table)`, caption, rowKey: idOf }
  if (leads.kind === 'waitlist') return <DataTable {...table} columns={WAITLIST_COLUMNS} rows={leads.rows} />
  if (leads.kind === 'contact') return <DataTable {...table} columns={CONTACT_COLUMNS} rows={leads.rows} />
  return <DataTable {...table} columns={NEWSLETTER_COLUMNS} rows={leads.rows} />
}
