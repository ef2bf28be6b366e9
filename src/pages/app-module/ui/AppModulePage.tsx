import { Link, useParams } from 'react-router-dom'
import { usePageMeta } from '@/shared/lib/seo'
import { ButtonLink, PageHeader, Reveal } from '@/shared/ui'
import { FRAMEWORK_MODULES, findFrameworkModule, ModuleIconGlyph, type FrameworkModule } from '@/entities/framework-module'
import { WaitlistCta } from '@/widgets/waitlist-cta'
import { MODULE_DETAILS, type ModuleDetails } from '../model/details'
import { ModuleNotFound } from './ModuleNotFound'
import { PipelineSection } from './PipelineSection'
import styles from './AppModulePage.module.scss'

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

      <section className={styles.section} aria-labelledby="what-title">
        <Reveal>
          <h2 id="what-title">What it does</h2>
          <div className={styles.prose} dangerouslySetInnerHTML={{ __html: details.overviewHtml }} />
        </Reveal>
      </section>

      <PipelineSection module={module} details={details} />

      <section className={styles.section} aria-labelledby="io-title">
        <Reveal>
          <h2 id="io-title">Inputs and outputs</h2>
        </Reveal>
        <div className={styles.io}>
          <div>
            <h3>What goes in</h3>
            <ul>
              {details.inputs.map((input) => (
                <li key={input}>{input}</li>
              ))}
            </ul>
          </div>
          <div>
            <h3>What comes out</h3>
            <ul>
              {details.outputs.map((output) => (
                <li key={output}>{output}</li>
              ))}
            </ul>
          </div>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="approvals-title">
        <Reveal>
          <h2 id="approvals-title">Approvals and permissions</h2>
          <div className={styles.prose} dangerouslySetInnerHTML={{ __html: details.approvalsHtml }} />
        </Reveal>
      </section>

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
          <li>
            {previous ? (
              <Link to={previous.link}>
                <span className={styles.neighbourLabel}>Previous module</span>
                {previous.title}
              </Link>
            ) : (
              <Link to="/apps">
                <span className={styles.neighbourLabel}>Back to</span>
                All modules
              </Link>
            )}
          </li>
          <li>
            {next ? (
              <Link to={next.link}>
                <span className={styles.neighbourLabel}>Next module</span>
                {next.title}
              </Link>
            ) : (
              <Link to="/apps">
                <span className={styles.neighbourLabel}>Back to</span>
                All modules
              </Link>
            )}
          </li>
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
