import { useEffect, useState } from 'react'
import { Link, useParams } from 'react-router-dom'
import { BRAND_NAME, CONTACT_EMAIL, PRODUCT_NAME } from '@/shared/config'
import { prefersReducedMotion } from '@/shared/lib/motion'
import { usePageMeta } from '@/shared/lib/seo'
import { ButtonLink, PageHeader, Reveal } from '@/shared/ui'
import { BENEFITS, findJob, HIRING_STEPS, JOBS, type Job } from '../model/jobs'
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

/** /careers and /careers/:jobId: the open roles, with the addressed one opened. */
export const CareersPage = () => {
  const { jobId } = useParams()
  const job = findJob(jobId)
  usePageMeta(
    job
      ? { title: `${job.title} | Careers`, description: job.summary }
      : {
          title: 'Careers',
          description: `Join ${BRAND_NAME} and help build ${PRODUCT_NAME}: recursive AI agents that build software with human permission. Open roles in engineering, design, security and developer relations.`,
        },
  )

  return (
    <>
      <PageHeader
        title="Careers"
        lead={`We are a small team building ${PRODUCT_NAME}, AI agents that write software and know when to ask. We hire people who care about doing that carefully: clear thinkers, good writers and kind colleagues.`}
      >
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
          <h2 id="why-title">Why {BRAND_NAME}</h2>
          <div className={styles.prose}>
            <p>
              Autonomous agents are about to write a great deal of the world&apos;s software. We think that only works if
              people stay in control of what matters, so we build {PRODUCT_NAME} around approval gates, contained modules
              and a complete record of what every agent did. Early access opens in June 2025, with a beta over July and
              August and the full release in September 2025: you would join right as real teams start depending on it.
            </p>
            <p>
              We write things down, make decisions in the open, and keep meetings few and short. Everyone ships, everyone
              talks to customers, and nobody is expected to answer messages at night.
            </p>
          </div>
        </Reveal>
      </section>

      <section className={styles.section} aria-labelledby="benefits-title">
        <Reveal>
          <h2 id="benefits-title">Benefits</h2>
        </Reveal>
        <ul className={styles.benefits}>
          {BENEFITS.map((benefit) => (
            <li key={benefit.title}>
              <Reveal>
                <h3>{benefit.title}</h3>
                <p>{benefit.text}</p>
              </Reveal>
            </li>
          ))}
        </ul>
      </section>

      <section id="hiring-process" className={styles.section} aria-labelledby="hiring-title">
        <Reveal>
          <h2 id="hiring-title">How hiring works</h2>
          <p className={styles.intro}>
            The whole process usually takes three to four weeks. We tell you what each step involves before it starts, and
            we are happy to adjust it for accessibility needs or time zones; just ask.
          </p>
          <ol className={styles.steps}>
            {HIRING_STEPS.map((step) => (
              <li key={step.title}>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </Reveal>
      </section>

      <section className={`${styles.section} ${styles.open}`} aria-labelledby="open-application-title">
        <Reveal>
          <h2 id="open-application-title">Don&apos;t see your role?</h2>
          <p>
            We read open applications too. Tell us what you would like to work on and why, via the{' '}
            <Link to="/contact?subject=careers">contact form</Link> (choose the careers subject) or by e-mail to{' '}
            <a href={`mailto:${CONTACT_EMAIL}?subject=${encodeURIComponent('Open application')}`}>{CONTACT_EMAIL}</a>.
          </p>
          <p>
            {BRAND_NAME} is an equal-opportunity employer. We welcome applications from people of every background and do
            not discriminate on the basis of race, religion, gender, gender identity, sexual orientation, age, disability or
            any other protected characteristic.
          </p>
        </Reveal>
      </section>
    </>
  )
}
