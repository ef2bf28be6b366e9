import { BRAND_NAME, PRODUCT_NAME } from '@/shared/config'
import { usePageMeta } from '@/shared/lib/seo'
import { Reveal } from '@/shared/ui'
import { CORE_MODULES, ModuleCard } from '@/entities/framework-module'
import { TESTIMONIALS, TestimonialCard } from '@/entities/testimonial'
import { NewsletterSignup } from '@/features/subscribe-newsletter'
import { WaitlistCta } from '@/widgets/waitlist-cta'
import styles from './AboutPage.module.scss'

const PRINCIPLES = [
  {
    title: 'Recursive improvement',
    text: 'Every agent loop reviews its own output and tries again until it meets the quality bar, instead of handing half-finished work downstream.',
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
      <header className={styles.header}>
        <div className={styles.inner}>
          <h1>About {BRAND_NAME}</h1>
          <p className={styles.lead}>
            We build {PRODUCT_NAME}, a system of recursive AI agents that takes software from a rough idea to a tested,
            assembled project, and that never makes a significant change without explicit permission.
          </p>
        </div>
      </header>

      <section className={styles.section} aria-labelledby="mission-title">
        <Reveal>
          <h2 id="mission-title">Our mission</h2>
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
        </Reveal>
      </section>

      <section className={styles.section} aria-labelledby="principles-title">
        <Reveal>
          <h2 id="principles-title">Our principles</h2>
        </Reveal>
        <ul className={styles.principles}>
          {PRINCIPLES.map((principle, index) => (
            <li key={principle.title}>
              <Reveal direction={index % 2 === 0 ? 'right' : 'left'}>
                <h3>{principle.title}</h3>
                <p>{principle.text}</p>
              </Reveal>
            </li>
          ))}
        </ul>
      </section>

      <section className={styles.section} aria-labelledby="how-title">
        <Reveal>
          <h2 id="how-title">How {PRODUCT_NAME} works</h2>
          <p>Three core modules carry a request from intent to a delivered project.</p>
        </Reveal>
        <div className={styles.modules}>
          {CORE_MODULES.map((module) => (
            <ModuleCard key={module.id} module={module} />
          ))}
        </div>
      </section>

      <section className={styles.section} aria-labelledby="about-testimonials-title">
        <Reveal>
          <h2 id="about-testimonials-title">What our early users say</h2>
        </Reveal>
        <div className={styles.testimonials}>
          {TESTIMONIALS.map((testimonial) => (
            <Reveal key={testimonial.name}>
              <TestimonialCard testimonial={testimonial} />
            </Reveal>
          ))}
        </div>
      </section>

      <div className={styles.section}>
        <NewsletterSignup variant="card" layout="horizontal" />
      </div>

      <WaitlistCta title="Join us on the way to early access" />
    </>
  )
}
