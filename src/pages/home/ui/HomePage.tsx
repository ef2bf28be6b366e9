import { Link } from 'react-router-dom'
import { PRODUCT_NAME } from '@/shared/config'
import { useSkeletonDelay } from '@/shared/lib/motion'
import { organizationData, usePageMeta, webSiteData } from '@/shared/lib/seo'
import { ButtonLink, Reveal } from '@/shared/ui'
import { CORE_MODULES, ModuleCard, ModuleCardSkeleton } from '@/entities/framework-module'
import { TESTIMONIALS, TestimonialCard } from '@/entities/testimonial'
import { NewsletterSignup } from '@/features/subscribe-newsletter'
import { WaitlistCta } from '@/widgets/waitlist-cta'
import styles from './HomePage.module.scss'

/** How long the Core Modules skeleton shows. */
export const CORE_MODULES_SKELETON_MS = 600

const CAPABILITIES = [
  'Clarifies vague requirements',
  'Plans the file structure',
  'Writes, tests and debugs code',
  'Assembles the finished project',
]

const DESCRIPTION = `${PRODUCT_NAME} is a modular, recursive system of GPT agents that clarifies requirements, plans, writes, tests and assembles software, and never makes a significant change without your permission.`

export const HomePage = () => {
  usePageMeta({
    title: 'AI Development Orchestration',
    description: DESCRIPTION,
    structuredData: process.env.PRERENDER === 'true' ? [organizationData(), webSiteData(DESCRIPTION)] : undefined,
  })
  const loadingModules = useSkeletonDelay(CORE_MODULES_SKELETON_MS)

  return (
    <>
      <section className={styles.hero} aria-labelledby="hero-title">
        <div className={styles.heroInner}>
          <p className={styles.eyebrow}>Early access June 2025</p>
          <h1 id="hero-title" className={styles.heroTitle}>
            Recursive AI agents that build software, <span>with your permission</span>
          </h1>
          <p className={styles.heroText}>
            {PRODUCT_NAME} is a modular, recursive system of GPT agents. It clarifies vague requirements, plans the file
            structure, writes, tests and debugs the code, and assembles the result. Permission-based approval gates apply
            throughout: {PRODUCT_NAME} never executes a significant change without your explicit permission.
          </p>
          <div className={styles.heroActions}>
            <ButtonLink to="/architecture" size="large">
              Explore the Architecture
            </ButtonLink>
            <ButtonLink to="/assistant" size="large" variant="secondary" className={styles.heroSecondary}>
              Talk to the Assistant
            </ButtonLink>
          </div>
          <ul className={styles.capabilities} aria-label="What it does">
            {CAPABILITIES.map((capability) => (
              <li key={capability}>{capability}</li>
            ))}
          </ul>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="core-modules-title">
        <Reveal>
          <h2 id="core-modules-title" className={styles.sectionTitle}>
            Core Modules
          </h2>
          <p className={styles.sectionIntro}>
            Three modules do the work. Each is a loop of specialised agents that improves its own output until it meets
            the bar.
          </p>
        </Reveal>
        <div className={styles.cards} aria-busy={loadingModules}>
          {loadingModules
            ? CORE_MODULES.map((module) => <ModuleCardSkeleton key={module.id} />)
            : CORE_MODULES.map((module) => <ModuleCard key={module.id} module={module} />)}
        </div>
      </section>

      <section className={`${styles.section} ${styles.about}`} aria-labelledby="about-title">
        <Reveal direction="right">
          <h2 id="about-title" className={styles.sectionTitle}>
            About {PRODUCT_NAME}
          </h2>
          <p>
            Software agents are powerful, and power needs oversight. {PRODUCT_NAME} breaks development into contained
            modules that check one another, improve recursively, and stop at the gates you define: planning,
            development and deployment.
          </p>
          <p>
            You describe what you need in plain language; the agents ask what they must, plan, build and test, and you
            stay in control of every significant step. <Link to="/about">Read our mission</Link>.
          </p>
        </Reveal>
      </section>

      <section className={styles.section} aria-labelledby="testimonials-title">
        <Reveal>
          <h2 id="testimonials-title" className={styles.sectionTitle}>
            What early users say
          </h2>
        </Reveal>
        <div className={styles.testimonials}>
          {TESTIMONIALS.slice(0, 2).map((testimonial, index) => (
            <Reveal key={testimonial.name} direction={index === 0 ? 'right' : 'left'}>
              <TestimonialCard testimonial={testimonial} />
            </Reveal>
          ))}
        </div>
      </section>

      <div className={styles.section}>
        <NewsletterSignup variant="card" />
      </div>

      <WaitlistCta />
    </>
  )
}
