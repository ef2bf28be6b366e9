import { Link } from 'react-router-dom'
import { CONTACT_EMAIL } from '@/shared/config'
import { ButtonLink, TermList } from '@/shared/ui'
import type { Job } from '../model/jobs'
import styles from './JobPosting.module.scss'

interface JobPostingProps {
  job: Job
  open: boolean
  /** The role the address points at (/careers/{id}). */
  current: boolean
  onToggle: () => void
}

const applyByEmail = (job: Job) => `mailto:${CONTACT_EMAIL}?subject=${encodeURIComponent(`Application: ${job.title}`)}`

/** One open role: its summary always, the full description behind a disclosure button. */
export const JobPosting = ({ job, open, current, onToggle }: JobPostingProps) => {
  const titleId = `${job.id}-title`
  const detailsId = `${job.id}-details`
  return (
    <article id={job.id} className={`${styles.job} ${current ? styles.current : ''}`} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.title} tabIndex={-1}>
        {job.title}
      </h3>
      <TermList
        className={styles.facts}
        items={[
          { term: 'Team', text: job.team },
          { term: 'Location', text: job.location },
          { term: 'Type', text: job.type },
        ]}
      />
      <p className={styles.summary}>{job.summary}</p>
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={detailsId}
        aria-label={`Role details: ${job.title}`}
        onClick={onToggle}
      >
        <span className={styles.chevron} aria-hidden="true" />
        Role details
      </button>
      <div id={detailsId} className={styles.details} hidden={!open}>
        <h4>What you will do</h4>
        <ul>
          {job.responsibilities.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <h4>What you bring</h4>
        <ul>
          {job.requirements.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <h4>Nice to have</h4>
        <ul>
          {job.niceToHave.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <div className={styles.apply}>
          <ButtonLink to="/contact?subject=careers" aria-label={`Apply for this role: ${job.title}`}>
            Apply for this role
          </ButtonLink>
          <a href={applyByEmail(job)}>
            Or e-mail {CONTACT_EMAIL}
          </a>
          {!current && (
            <Link
              to={`/careers/${job.id}`}
              preventScrollReset
              className={styles.permalink}
              aria-label={`Link to this role: ${job.title}`}
            >
              Link to this role
            </Link>
          )}
        </div>
      </div>
    </article>
  )
}
