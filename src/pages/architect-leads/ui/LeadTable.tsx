import { DataTable } from '@/shared/ui'
import type { LeadPage } from '../model/types'
import styles from './ArchitectLeadsPage.module.scss'

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })

const When = ({ iso }: { iso: string }) => {
  const date = new Date(iso)
  return <time dateTime={iso}>{Number.isNaN(date.getTime()) ? iso : dateFormat.format(date)}</time>
}

const orDash = (text: string | null) => (text ? text : '—')

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
              <td>{lead.role}</td>
              <td className={styles.longText}>{orDash(lead.useCase)}</td>
              <td>{orDash(lead.source)}</td>
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
              <td>{lead.subject}</td>
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
