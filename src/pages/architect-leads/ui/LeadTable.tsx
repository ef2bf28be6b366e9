import { CONTACT_SUBJECTS, labelOf, WAITLIST_ROLES, WAITLIST_SOURCES } from '@/shared/lib/validation'
import { DataTable } from '@/shared/ui'
import type { LeadPage } from '../model/types'
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

/** One page of entries of one kind, with the columns that kind has. */
export const LeadTable = ({ leads, caption }: { leads: LeadPage; caption: string }) => (
  <DataTable label={`${caption} (table)`} caption={caption}>
    {leads.kind === 'waitlist' ? (
      <>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">E-mail</th>
            <th scope="col">Company</th>
            <th scope="col">Role</th>
            <th scope="col">Use case</th>
            <th scope="col">Heard via</th>
            <th scope="col">Joined</th>
          </tr>
        </thead>
        <tbody>
          {leads.rows.map((lead) => (
            <tr key={lead.id}>
              <td>{lead.name}</td>
              <td>{lead.email}</td>
              <td>{lead.company}</td>
              <td>{roleLabel(lead.role)}</td>
              <td className={styles.longText}>{orDash(lead.useCase)}</td>
              <td>{orDash(sourceLabel(lead.source))}</td>
              <td className={styles.when}>
                <When iso={lead.createdAt} />
              </td>
            </tr>
          ))}
        </tbody>
      </>
    ) : leads.kind === 'contact' ? (
      <>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">E-mail</th>
            <th scope="col">Company</th>
            <th scope="col">Subject</th>
            <th scope="col">Message</th>
            <th scope="col">Sent</th>
          </tr>
        </thead>
        <tbody>
          {leads.rows.map((lead) => (
            <tr key={lead.id}>
              <td>{lead.name}</td>
              <td>{lead.email}</td>
              <td>{orDash(lead.company)}</td>
              <td>{subjectLabel(lead.subject)}</td>
              <td className={styles.longText}>{lead.message}</td>
              <td className={styles.when}>
                <When iso={lead.createdAt} />
              </td>
            </tr>
          ))}
        </tbody>
      </>
    ) : (
      <>
        <thead>
          <tr>
            <th scope="col">E-mail</th>
            <th scope="col">Subscribed</th>
          </tr>
        </thead>
        <tbody>
          {leads.rows.map((lead) => (
            <tr key={lead.id}>
              <td>{lead.email}</td>
              <td className={styles.when}>
                <When iso={lead.createdAt} />
              </td>
            </tr>
          ))}
        </tbody>
      </>
    )}
  </DataTable>
)
