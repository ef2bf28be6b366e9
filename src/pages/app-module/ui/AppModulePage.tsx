import { Link, useParams } from 'react-router-dom'
import { PRODUCT_NAME } from '@/shared/config'
import { usePageMeta } from '@/shared/lib/seo'
import { ButtonLink, PageHeader, Reveal } from '@/shared/ui'
import { FRAMEWORK_MODULES, findFrameworkModule, ModuleIconGlyph, type FrameworkModule } from '@/entities/framework-module'
import { WaitlistCta } from '@/widgets/waitlist-cta'
import { MODULE_DETAILS, PIPELINE_STAGES, type ModuleDetails } from '../model/details'
import styles from './AppModulePage.module.scss'

/** 'market_analysis' → 'Market analysis'. */
const stageLabel = (stage: string) => {
  const words = stage.replace(/_/g, ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

const ModuleNotFound = ({ id }: { id: string }) => {
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
          {details.overview.map((paragraph) => (
            <p key={paragraph.slice(0, 40)} className={styles.prose}>
              {paragraph}
            </p>
          ))}
        </Reveal>
      </section>

      <section className={styles.section} aria-labelledby="pipeline-title">
        <Reveal>
          <h2 id="pipeline-title">How it works in the pipeline</h2>
          <p className={styles.prose}>
            Every build passes through seven stages. {module.title}{' '}
            {details.stages.length === PIPELINE_STAGES.length
              ? 'follows all of them.'
              : `is responsible for ${details.stages.map((stage) => stageLabel(stage).toLowerCase()).join(' and ')}.`}
          </p>
          <ol className={styles.stages} aria-label="Pipeline stages">
            {PIPELINE_STAGES.map((stage) => {
              const own = details.stages.includes(stage)
              return (
                <li key={stage} className={own ? styles.ownStage : undefined}>
                  {stageLabel(stage)}
                  {own && <span className="visually-hidden"> (this module)</span>}
                </li>
              )
            })}
          </ol>
        </Reveal>
        <ol className={styles.steps}>
          {details.steps.map((step) => (
            <li key={step.title}>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

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
          {details.approvals.map((paragraph) => (
            <p key={paragraph.slice(0, 40)} className={styles.prose}>
              {paragraph}
            </p>
          ))}
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
