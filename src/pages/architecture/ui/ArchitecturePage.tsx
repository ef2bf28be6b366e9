import { Link } from 'react-router-dom'
import { PRODUCT_NAME } from '@/shared/config'
import { usePageMeta } from '@/shared/lib/seo'
import { ButtonLink, PageHeader, Reveal } from '@/shared/ui'
import { CORE_MODULES, ModuleCard } from '@/entities/framework-module'
import { PERMISSION_TYPES, PIPELINE_STAGES, PRINCIPLES, USE_CASES } from '../model/content'
import { ArchitectureDiagram } from './ArchitectureDiagram'
import styles from './ArchitecturePage.module.scss'

export const ArchitecturePage = () => {
  usePageMeta({
    title: 'Architecture',
    description: `How ${PRODUCT_NAME} works: an orchestrating core, recursive agent loops for analysis and development, and approval gates for planning, development and deployment.`,
  })

  return (
    <>
      <PageHeader
        eyebrow="System architecture"
        title="Architecture"
        lead={`${PRODUCT_NAME} is a modular, recursive system of GPT agents. Each module is a loop that improves its own work, the Overseer Core coordinates them, and every significant change waits for your explicit permission.`}
      >
        <ButtonLink to="/waitlist" size="large">
          Request Access
        </ButtonLink>
        <ButtonLink to="/docs/getting-started/architecture" size="large" variant="secondary">
          Read the architecture docs
        </ButtonLink>
      </PageHeader>

      <section className={styles.section} aria-labelledby="overview-title">
        <Reveal>
          <h2 id="overview-title">System overview</h2>
          <div className={styles.prose}>
            <p>
              A request to {PRODUCT_NAME} (anything from &ldquo;build me a time-tracking API&rdquo; to &ldquo;add CSV export to
              our reports&rdquo;) does not go to a single model that tries to do everything at once. The Overseer Core breaks
              the work into stages and hands each one to a specialised module: the Analysis Loop clarifies what is actually
              needed, the File Structure Planner lays out the project, the DevLoop Matrix writes and tests the code, and the
              Assembly Agent packages the result.
            </p>
            <p>
              Modules pass each other typed artefacts (a brief, a file plan, a change set) rather than sharing state, and
              each runs inside its own boundary. Between them sit three approval gates. The agents are free to draft, test
              and revise inside a module, but the system never executes a significant change without explicit permission.
            </p>
          </div>
        </Reveal>
        <Reveal>
          <h3 className={styles.subTitle}>The pipeline, stage by stage</h3>
          <ol className={styles.stages}>
            {PIPELINE_STAGES.map((stage) => (
              <li key={stage.id}>
                <p className={styles.stageName}>
                  {stage.label} <code>{stage.id}</code>
                </p>
                <p className={styles.stageModule}>{stage.module}</p>
                <p className={styles.stageText}>{stage.text}</p>
              </li>
            ))}
          </ol>
        </Reveal>
      </section>

      <section className={styles.section} aria-labelledby="diagram-title">
        <Reveal>
          <h2 id="diagram-title">Modular architecture diagram</h2>
          <p className={styles.intro}>
            The Overseer Core sits above every module. Work flows down through the loops, and at each approval gate the
            pipeline stops until a person with the matching permission decides.
          </p>
          <ArchitectureDiagram />
        </Reveal>
      </section>

      <section className={styles.section} aria-labelledby="principles-title">
        <Reveal>
          <h2 id="principles-title">Core principles</h2>
          <p className={styles.intro}>Four ideas shape every module, and every decision about what the agents may do.</p>
        </Reveal>
        <ul className={styles.principles}>
          {PRINCIPLES.map((principle, index) => (
            <li key={principle.title}>
              <Reveal direction={index % 2 === 0 ? 'right' : 'left'}>
                <h3>{principle.title}</h3>
                <p className={styles.principleSummary}>{principle.summary}</p>
                <p>{principle.detail}</p>
              </Reveal>
            </li>
          ))}
        </ul>
      </section>

      <section className={styles.section} aria-labelledby="permissions-title">
        <Reveal>
          <h2 id="permissions-title">Permission types</h2>
          <p className={styles.intro}>
            Approval gates come in three kinds. Each can be assigned to different people, and each decision is recorded
            with who made it and when. See the{' '}
            <Link to="/docs/guides/permission-controls">permission controls guide</Link> for how to configure them.
          </p>
        </Reveal>
        <div className={styles.permissions}>
          {PERMISSION_TYPES.map((permission) => (
            <Reveal key={permission.id}>
              <article className={styles.permission} aria-labelledby={`permission-${permission.id}`}>
                <h3 id={`permission-${permission.id}`}>{permission.title}</h3>
                <p className={styles.when}>{permission.when}</p>
                <h4>What it covers</h4>
                <ul>
                  {permission.covers.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
                <h4>Your decision</h4>
                <p>{permission.decision}</p>
              </article>
            </Reveal>
          ))}
        </div>
      </section>

      <section className={styles.section} aria-labelledby="modules-title">
        <Reveal>
          <h2 id="modules-title">The core modules in depth</h2>
          <p className={styles.intro}>Each core module has its own page: its role, inputs and outputs, how it loops and what it asks permission for.</p>
        </Reveal>
        <div className={styles.modules}>
          {CORE_MODULES.map((module) => (
            <ModuleCard key={module.id} module={module} />
          ))}
        </div>
      </section>

      <section className={styles.section} aria-labelledby="use-cases-title">
        <Reveal>
          <h2 id="use-cases-title">Example use cases</h2>
        </Reveal>
        <div className={styles.useCases}>
          {USE_CASES.map((useCase) => (
            <Reveal key={useCase.title}>
              <article className={styles.useCase}>
                <h3>{useCase.title}</h3>
                <p className={styles.scenario}>{useCase.scenario}</p>
                <p>{useCase.flow}</p>
              </article>
            </Reveal>
          ))}
        </div>
      </section>

      <section className={styles.cta} aria-labelledby="request-access-title">
        <h2 id="request-access-title">See it on your own project</h2>
        <p>
          Early access opens in June 2025, with a public beta in July and August and the full release in September 2025.
          Request access and we will invite you as seats open.
        </p>
        <ButtonLink to="/waitlist" size="large" className={styles.ctaButton}>
          Request Access
        </ButtonLink>
      </section>
    </>
  )
}
