import { PRODUCT_NAME } from '@/shared/config'
import { usePageMeta } from '@/shared/lib/seo'
import { ButtonLink, PageHeader } from '@/shared/ui'
import { CORE_MODULES } from '@/entities/framework-module'
import { Breadcrumbs, ModuleLinks } from './ModuleNav'
import styles from './ArchitectureModulePage.module.scss'

/** /architecture/:module for a module without a deep dive: the three that have one. */
export const ModuleNotFound = ({ id }: { id: string }) => {
  usePageMeta({
    title: 'Module Not Found',
    description: `There is no architecture module called ${id}. ${PRODUCT_NAME} has three core modules: Overseer Core, DevLoop Matrix and Analysis Loop.`,
  })
  return (
    <>
      <Breadcrumbs current="Module not found" />
      <PageHeader
        title="Module not found"
        lead={`We couldn't find an architecture module called “${id}”. It may have been renamed, or the link may be mistyped.`}
      >
        <ButtonLink to="/architecture" size="large">
          Back to the architecture overview
        </ButtonLink>
      </PageHeader>
      <section className={styles.section} aria-labelledby="known-modules-title">
        <h2 id="known-modules-title">The core modules</h2>
        <ModuleLinks modules={CORE_MODULES} className={styles.knownModules} />
      </section>
    </>
  )
}
