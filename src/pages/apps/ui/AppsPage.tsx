import { PRODUCT_NAME } from '@/shared/config'
import { useSkeletonDelay } from '@/shared/lib/motion'
import { usePageMeta } from '@/shared/lib/seo'
import { PageHeader, Reveal } from '@/shared/ui'
import { FRAMEWORK_CATEGORIES, FRAMEWORK_MODULES } from '@/entities/framework-module'
import { NewsletterSignup } from '@/features/subscribe-newsletter'
import { WaitlistCta } from '@/widgets/waitlist-cta'
import { ModuleCatalog } from './ModuleCatalog'
import styles from './AppsPage.module.scss'

/** How long the card skeletons show when the listing first appears. */
export const APPS_SKELETON_MS = 800

export const AppsPage = () => {
  usePageMeta({
    title: 'Intelligence Applications',
    description: `The framework modules of ${PRODUCT_NAME}: orchestration, requirement clarification, file planning, the DevLoop Matrix, assembly and the Architect Suite. Filter and search them, then open any module to see how it works.`,
  })
  const loading = useSkeletonDelay(APPS_SKELETON_MS)

  return (
    <>
      <PageHeader
        eyebrow="Framework Modules"
        title="Intelligence Applications"
        lead={`${PRODUCT_NAME} is built from six modules that carry a request from a rough idea to a tested, assembled project. Each one is a contained loop of specialised agents, and each one stops at your approval gates.`}
      />

      <section className={styles.section} aria-labelledby="framework-modules-title">
        <Reveal>
          <h2 id="framework-modules-title">Framework Modules</h2>
          <p className={styles.intro}>
            Filter by where a module sits in the pipeline, or search for what you need. Every card opens the module’s
            page: what it does, what goes in and out, and where it asks for your permission.
          </p>
        </Reveal>
        <ModuleCatalog modules={FRAMEWORK_MODULES} categories={FRAMEWORK_CATEGORIES} loading={loading} />
      </section>

      <div className={styles.section}>
        <NewsletterSignup variant="card" layout="horizontal" />
      </div>

      <WaitlistCta
        title="Put the modules to work"
        text="Early access opens in June 2025. Join the waitlist to run the full pipeline on your own projects, with every significant change waiting for your approval."
      />
    </>
  )
}
