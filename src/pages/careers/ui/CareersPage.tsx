import { useEffect, useState } from 'react'
import { useParams } from 'react-router-dom'
import { CONTACT_EMAIL } from '@/shared/config'
import { useInternalLinks } from '@/shared/lib/links'
import { prefersReducedMotion } from '@/shared/lib/motion'
import { usePageMeta } from '@/shared/lib/seo'
import { ButtonLink, PageHeader, Reveal, TitledItems } from '@/shared/ui'
import { CAREERS, careersSection, findJob, JOBS, type Job } from '../model/jobs'
import { JobPosting } from './JobPosting'
import styles from './CareersPage.module.scss'

/** The open roles; the one the address names starts open (remounted when the address changes). */
const JobList = ({ current }: { current: Job | undefined }) => {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(current ? [current.id] : []))

  // Bring the role the address names into view and put the focus on its heading.
  useEffect(() => {
    if (!current) return
    const heading = document.getElementById(`${current.id}-title`)
    heading?.focus({ preventScroll: true })
    document.getElementById(current.id)?.scrollIntoView?.({ block: 'start', behavior: prefersReducedMotion() ? 'auto' : 'smooth' })
  }, [current])

  const toggle = (id: string) =>
    setOpen((previous) => {
      const next = new Set(previous)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })

  return (
    <ul className={styles.jobs}>
      {JOBS.map((job) => (
        <li key={job.id}>
          <JobPosting job={job} open={open.has(job.id)} current={job.id === current?.id} onToggle={() => toggle(job.id)} />
        </li>
      ))}
    </ul>
  )
}

const why = careersSection('why')
const openApplication = careersSection('open-application')

/** /careers and /careers/:jobId: the open roles, with the addressed one opened; the copy is content/careers/. */
export const CareersPage = () => {
  const { jobId } = useParams()
  const job = findJob(jobId)
  usePageMeta(job ? { title: `${job.title} | Careers`, description: job.summary } : { title: 'Careers', description: CAREERS.meta.description })
  const followInternalLinks = useInternalLinks()

  return (
    <>
      <PageHeader title="Careers" lead={CAREERS.meta.lead}>
        <ButtonLink to="#open-roles" size="large">
          See open roles
        </ButtonLink>
        <ButtonLink to="#hiring-process" size="large" variant="secondary">
          How hiring works
        </ButtonLink>
      </PageHeader>

      <section id="open-roles" className={styles.section} aria-labelledby="open-roles-title">
        <h2 id="open-roles-title">Open roles</h2>
        {jobId !== undefined && !job && (
          <p role="status" className={styles.note}>
            Sorry, the role you followed a link to is no longer open. Have a look at the roles we are hiring for now, or{' '}
            <a href={`mailto:${CONTACT_EMAIL}?subject=${encodeURIComponent('Open application')}`}>send us an open application</a>.
          </p>
        )}
        <p className={styles.intro}>
          {JOBS.length} open roles. Most are remote within the time zones listed; everyone meets in San Francisco twice a year.
        </p>
        <JobList key={job?.id ?? ''} current={job} />
      </section>

      <section className={styles.section} aria-labelledby="why-title">
        <Reveal>
          <h2 id="why-title">{why.title}</h2>
          <div className={styles.prose} dangerouslySetInnerHTML={{ __html: why.html }} />
        </Reveal>
      </section>

      <section className={styles.section} aria-labelledby="benefits-title">
        <Reveal>
          <h2 id="benefits-title">Benefits</h2>
        </Reveal>
        <TitledItems items={CAREERS.meta.benefits} wrapItem={(body) => <Reveal>{body}</Reveal>} className={styles.benefits} />
      </section>

      <section id="hiring-process" className={styles.section} aria-labelledby="hiring-title">
        <Reveal>
          <h2 id="hiring-title">How hiring works</h2>
          <p className={styles.intro}>{CAREERS.meta.hiringIntro}</p>
          <TitledItems items={CAREERS.meta.hiringSteps} as="ol" className={styles.steps} />
        </Reveal>
      </section>

      <section className={`${styles.section} ${styles.open}`} aria-labelledby="open-application-title">
        <Reveal>
          <h2 id="open-application-title">{openApplication.title}</h2>
          {/* Links to pages of this site inside the text navigate in the app. */}
          <div onClick={followInternalLinks} dangerouslySetInnerHTML={{ __html: openApplication.html }} />
        </Reveal>
      </section>
    </>
  )
}
