import { Link, useParams } from 'react-router-dom'
import { usePageMeta } from '@/shared/lib/seo'
import { ButtonLink, HeadedList, PageHeader, Reveal } from '@/shared/ui'
import { FRAMEWORK_MODULES, findFrameworkModule, ModuleIconGlyph, type FrameworkModule } from '@/entities/framework-module'
import { WaitlistCta } from '@/widgets/waitlist-cta'
import { MODULE_DETAILS, type ModuleDetails } from '../model/details'
import { ModuleNotFound } from './ModuleNotFound'
import { PipelineSection } from './PipelineSection'
import styles from './AppModulePage.module.scss'

/** A titled section of Markdown compiled to HTML, shown as it scrolls into view. */
const ProseSection = ({ id, title, html }: { id: string; title: string; html: string }) => (
  <section className={styles.section} aria-labelledby={`${id}-title`}>
    <Reveal>
      <h2 id={`${id}-title`}>{title}</h2>
      <div className={styles.prose} dangerouslySetInnerHTML={{ __html: html }} />
    </Reveal>
  </section>
)

/** The link to the module before or after this one in the pipeline, or back to all modules at either end. */
const NeighbourLink = ({ label, module }: { label: string; module: FrameworkModule | undefined }) => (
  <li>
    {module ? (
      <Link to={module.link}>
        <span className={styles.neighbourLabel}>{label}</span>
        {module.title}
      </Link>
    ) : (
      <Link to="/apps">
        <span className={styles.neighbourLabel}>Back to</span>
        All modules
      </Link>
    )}
  </li>
)

const ModuleArticle = ({ module, details }: { module: FrameworkModule; details: ModuleDetails }) => {
  usePageMeta({ title: `${module.title} · Framework Modules`, description: `${module.title}: ${details.tagline}` })
  const index = FRAMEWORK_MODULES.findIndex((candidate) => candidate.id === module.id)
  const previous = FRAMEWORK_MODULES[index - 1]
  const next = FRAMEWORK_MODULES[index + 1]
  const [primaryDoc] = details.docs

  return (
    <>
      <PageHeader
        eyebrow={
          <>
            <Link to="/apps" className={styles.back}>
              Framework Modules
            </Link>{' '}
            / {module.category}
          </>
        }
        title={
          <span className={styles.title}>
            <span className={styles.icon}>
              <ModuleIconGlyph icon={module.icon} />
            </span>
            {module.title}
          </span>
        }
        lead={details.tagline}
      >
        <ButtonLink to="/waitlist">Join the Waitlist</ButtonLink>
        {primaryDoc && (
          <ButtonLink to={primaryDoc.to} variant="secondary">
            Read the documentation
          </ButtonLink>
        )}
      </PageHeader>

      <ProseSection id="what" title="What it does" html={details.overviewHtml} />

      <PipelineSection module={module} details={details} />

      <section className={styles.section} aria-labelledby="io-title">
        <Reveal>
          <h2 id="io-title">Inputs and outputs</h2>
        </Reveal>
        <div className={styles.io}>
          <HeadedList title="What goes in" items={details.inputs} />
          <HeadedList title="What comes out" items={details.outputs} />
        </div>
      </section>

      <ProseSection id="approvals" title="Approvals and permissions" html={details.approvalsHtml} />

      <section className={styles.section} aria-labelledby="docs-title">
        <h2 id="docs-title">Related documentation</h2>
        <ul className={styles.linkList}>
          {details.docs.map((doc) => (
            <li key={doc.to}>
              <Link to={doc.to}>{doc.label}</Link>
            </li>
          ))}
        </ul>
      </section>

      <nav className={styles.section} aria-label="Other modules">
        <ul className={styles.neighbours}>
          <NeighbourLink label="Previous module" module={previous} />
          <NeighbourLink label="Next module" module={next} />
        </ul>
      </nav>

      <WaitlistCta
        title={`Try ${module.title} in early access`}
        text="Early access opens in June 2025. Join the waitlist and run the whole pipeline on your own project, with every significant change waiting for your approval."
      />
    </>
  )
}

export const AppModulePage = () => {
  const { module: id = '' } = useParams()
  const module = findFrameworkModule(id)
  const details = module && MODULE_DETAILS[module.id]
  return module && details ? <ModuleArticle key={module.id} module={module} details={details} /> : <ModuleNotFound id={id} />
}
