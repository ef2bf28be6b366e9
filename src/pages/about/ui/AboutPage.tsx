import { BRAND_NAME, PRODUCT_NAME } from '@/shared/config'
import { usePageMeta } from '@/shared/lib/seo'
import { CardGrid, PageHeader, Section } from '@/shared/ui'
import { TESTIMONIALS, TestimonialCard } from '@/entities/testimonial'
import { NewsletterSignup } from '@/features/subscribe-newsletter'
import { WaitlistCta } from '@/widgets/waitlist-cta'
import { CoreModules } from '@/widgets/core-modules'
import styles from './AboutPage.module.scss'

const PRINCIPLES = [
  {
    title: 'Recursive improvement',
    text: 'The development loop tests its own code in a sandbox and tries again until the tests pass, instead of handing a first draft downstream.',
  },
  {
    title: 'Permissioned autonomy',
    text: 'Agents act freely inside their module, but significant changes in planning, development and deployment wait for an explicit human decision.',
  },
  {
    title: 'Containment-aware architecture',
    text: 'Modules are isolated: code runs in sandboxes, each agent sees only what it needs, and a failure stays inside the loop that caused it.',
  },
  {
    title: 'Transparency by default',
    text: 'Every stage writes to an audit log and reports its token use, so you can see what was done, by which agent, and at what cost.',
  },
]

export const AboutPage = () => {
  usePageMeta({
    title: 'About',
    description: `${BRAND_NAME} builds ${PRODUCT_NAME}, an AI development-orchestration platform where recursive agents do the work and people keep the control.`,
  })

  return (
    <>
      <PageHeader
        title={<>About {BRAND_NAME}</>}
        lead={
          <>
            We build {PRODUCT_NAME}, a system of recursive AI agents that takes software from a rough idea to a tested,
            assembled project, and that never makes a significant change without explicit permission.
          </>
        }
      />

      <Section
        title="Our mission"
        headingId="mission-title"
        className={styles.section}
        opening={
          <>
            <p>
              AI can already write code. What it cannot do on its own is know when to stop, when to ask, and when a change
              is too important to make unsupervised. Our mission is to make autonomous development trustworthy: agents
              that clarify before they build, test before they ship, and wait for a person at every gate that matters.
            </p>
            <p>
              {PRODUCT_NAME} divides the work among specialised agents: an analysis loop that turns vague requirements
              into a clear brief, a planner that lays out the file structure, a DevLoop Matrix where development and QA
              agents iterate until the tests pass, and an assembly agent that packages the result. The Overseer Core
              coordinates them and holds each significant step for your approval.
            </p>
          </>
        }
      />

      <Section title="Our principles" headingId="principles-title" className={styles.section}>
        <CardGrid
          items={PRINCIPLES}
          itemKey={(principle) => principle.title}
          columns={2}
          list
          reveal="alternate"
          className={styles.principles}
          renderItem={(principle) => (
            <>
              <h3>{principle.title}</h3>
              <p>{principle.text}</p>
            </>
          )}
        />
      </Section>

      <Section
        title={`How ${PRODUCT_NAME} works`}
        headingId="how-title"
        className={styles.section}
        intro="Three core modules carry a request from intent to a delivered project."
      >
        <CoreModules />
      </Section>

      <Section title="What our early users say" headingId="about-testimonials-title" className={styles.section}>
        <CardGrid
          items={TESTIMONIALS}
          itemKey={(testimonial) => testimonial.name}
          columns={2}
          renderItem={(testimonial) => <TestimonialCard testimonial={testimonial} />}
        />
      </Section>

      <div className={styles.section}>
        <NewsletterSignup variant="card" layout="horizontal" />
      </div>

      <WaitlistCta title="Join us on the way to early access" />
    </>
  )
}
