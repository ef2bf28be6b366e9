import type { ReactNode } from 'react'
import { Link, useParams } from 'react-router-dom'
import { useInternalLinks } from '@/shared/lib/links'
import { usePageMeta } from '@/shared/lib/seo'
import { ButtonLink, HeadedList, PageHeader, Reveal, TermList, TitledItems } from '@/shared/ui'
import { CORE_MODULES, type FrameworkModule } from '@/entities/framework-module'
import { WaitlistCta } from '@/widgets/waitlist-cta'
import { isCoreModuleId, MODULE_DETAILS, type ModuleDetail } from '../model/moduleDetails'
import { Breadcrumbs, ModuleLinks } from './ModuleNav'
import { ModuleNotFound } from './ModuleNotFound'
import styles from './ArchitectureModulePage.module.scss'

/** A titled block of the deep dive, shown as it scrolls into view. */
const Block = ({ id, title, children }: { id: string; title: string; children: ReactNode }) => (
  <section aria-labelledby={`${id}-title`} className={styles.block}>
    <Reveal>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </Reveal>
  </section>
)

const ModuleDeepDive = ({ module, detail }: { module: FrameworkModule; detail: ModuleDetail }) => {
  usePageMeta({ title: `${module.title} | Architecture`, description: module.description })
  const related = CORE_MODULES.filter((other) => other.id !== module.id)
  const [reference] = detail.docs
  const followInternalLinks = useInternalLinks()

  return (
    <>
      <Breadcrumbs current={module.title} />
      <PageHeader eyebrow={`Core module · ${module.category}`} title={module.title} lead={detail.lead}>
        <ButtonLink to="/waitlist" size="large">
          Request Access
        </ButtonLink>
        {reference && (
          <ButtonLink to={reference.to} size="large" variant="secondary">
            Read the reference
          </ButtonLink>
        )}
      </PageHeader>

      <div className={styles.layout}>
        <div className={styles.main}>
          <Block id="role" title="Role in the system">
            <div onClick={followInternalLinks} dangerouslySetInnerHTML={{ __html: detail.roleHtml }} />
            <p className={styles.stages}>
              Pipeline {detail.stages.length === 1 ? 'stage' : 'stages'}:{' '}
              {detail.stages.map((stage, index) => (
                <span key={stage}>
                  {index > 0 && ', '}
                  <code>{stage}</code>
                </span>
              ))}
            </p>
          </Block>

          <Block id="agents" title="Agents inside">
            <TermList className={styles.agents} items={detail.agents.map((agent) => ({ term: agent.name, text: agent.text }))} />
          </Block>

          <Block id="io" title="Inputs and outputs">
            <div className={styles.io}>
              <HeadedList title="Inputs" items={detail.inputs} />
              <HeadedList title="Outputs" items={detail.outputs} />
            </div>
          </Block>

          <Block id="loop" title="How it loops">
            <ol className={styles.loop}>
              {detail.loop.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
            <p className={styles.exit}>
              <strong>When it stops.</strong> {detail.exit}
            </p>
          </Block>

          <Block id="permission" title="What it asks permission for">
            <TitledItems
              className={styles.gates}
              items={detail.permissions.map((permission) => ({ title: `${permission.gate} gate`, text: permission.text }))}
            />
          </Block>
        </div>

        <aside className={styles.aside} aria-labelledby="related-title">
          <h2 id="related-title">Related modules</h2>
          <ModuleLinks modules={related} className={styles.related} />
          <h2 id="docs-title">Documentation</h2>
          <ul className={styles.docs} aria-labelledby="docs-title">
            {detail.docs.map((doc) => (
              <li key={doc.to}>
                <Link to={doc.to}>{doc.label}</Link>
              </li>
            ))}
          </ul>
          <p>
            <Link to="/architecture" className={styles.back}>
              ← Back to the architecture overview
            </Link>
          </p>
        </aside>
      </div>

      <WaitlistCta title={`Put the ${module.title} to work`} />
    </>
  )
}

/** A deep dive into one of the three core modules linked from the home page. */
export const ArchitectureModulePage = () => {
  const { module: id = '' } = useParams()
  const module = CORE_MODULES.find((candidate) => candidate.id === id)
  if (!module || !isCoreModuleId(id)) return <ModuleNotFound id={id} />
  return <ModuleDeepDive key={id} module={module} detail={MODULE_DETAILS[id]} />
}
