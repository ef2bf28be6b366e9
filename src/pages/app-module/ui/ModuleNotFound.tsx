import { Link } from 'react-router-dom'
import { PRODUCT_NAME } from '@/shared/config'
import { usePageMeta } from '@/shared/lib/seo'
import { ButtonLink, PageHeader } from '@/shared/ui'
import { FRAMEWORK_MODULES } from '@/entities/framework-module'
import styles from './AppModulePage.module.scss'

/** /apps/:module for a module that does not exist: the six that do. */
export const ModuleNotFound = ({ id }: { id: string }) => {
  usePageMeta({
    title: 'Module Not Found',
    description: `There is no ${PRODUCT_NAME} framework module at this address. Browse the six modules instead.`,
  })
  return (
    <>
      <PageHeader
        eyebrow="Framework Modules"
        title="Module not found"
        lead={`There is no framework module called “${id}”. It may have been renamed; these are the six modules of ${PRODUCT_NAME}.`}
      >
        <ButtonLink to="/apps">Browse all modules</ButtonLink>
      </PageHeader>
      <section className={styles.section} aria-labelledby="all-modules-title">
        <h2 id="all-modules-title">All modules</h2>
        <ul className={styles.linkList}>
          {FRAMEWORK_MODULES.map((module) => (
            <li key={module.id}>
              <Link to={module.link}>{module.title}</Link> — {module.category}
            </li>
          ))}
        </ul>
      </section>
    </>
  )
}
