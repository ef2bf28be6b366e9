import { useSearchParams } from 'react-router-dom'
import { PRODUCT_NAME } from '@/shared/config'
import { usePageMeta } from '@/shared/lib/seo'
import { Faq, PageHeader, Reveal, Section, TitledItems } from '@/shared/ui'
import { WaitlistForm, waitlistPrefill } from '@/features/join-waitlist'
import { BENEFITS, TIMELINE, WAITLIST_FAQ } from '../model/content'
import styles from './WaitlistPage.module.scss'

/** /waitlist: the signup form (recording `?plan=` and `?product=`), benefits, timeline, FAQ. */
export const WaitlistPage = () => {
  usePageMeta({
    title: 'Join the Waitlist',
    description: `Early access to ${PRODUCT_NAME} opens in June 2025. Join the waitlist to reserve your place, with a beta in July–August and the full release in September 2025.`,
  })
  const [params] = useSearchParams()
  const prefill = waitlistPrefill(params)

  return (
    <>
      <PageHeader
        eyebrow="Early access opens June 2025"
        title="Join the Waitlist"
        lead={`Reserve your place among the first teams to build with ${PRODUCT_NAME}. Tell us what you want to build, and we will invite you as seats open.`}
      />

      <div className={styles.layout}>
        <section className={styles.formCard} aria-labelledby="waitlist-form-title">
          <h2 id="waitlist-form-title">Reserve your place</h2>
          {/* A link to another plan or product starts a fresh form. */}
          <WaitlistForm key={`${prefill.plan?.value}/${prefill.product?.value}`} prefill={prefill} />
        </section>

        <section className={styles.benefits} aria-labelledby="benefits-title">
          <h2 id="benefits-title">Why join early</h2>
          <TitledItems items={BENEFITS} />
        </section>
      </div>

      <Section
        title="Release timeline"
        headingId="timeline-title"
        className={styles.section}
        intro="Three steps from the first invitations to every plan being available."
        introClassName={styles.intro}
      >
        <ol className={styles.timeline}>
          {TIMELINE.map((milestone, index) => (
            <li key={milestone.title}>
              <Reveal delay={index * 100}>
                <p className={styles.when}>
                  <time dateTime={milestone.dateTime}>{milestone.when}</time>
                </p>
                <h3>{milestone.title}</h3>
                <p>{milestone.text}</p>
              </Reveal>
            </li>
          ))}
        </ol>
      </Section>

      <div className={styles.section}>
        <Reveal>
          <Faq items={WAITLIST_FAQ} />
        </Reveal>
      </div>
    </>
  )
}
