import { Link } from 'react-router-dom'
import { PRODUCT_NAME } from '@/shared/config'
import { usePageMeta } from '@/shared/lib/seo'
import { ButtonLink, Card, CardGrid, Cta, PageHeader, Reveal, Section } from '@/shared/ui'
import { PERMISSION_TYPES, PIPELINE_STAGES, PRINCIPLES, USE_CASES } from '../model/content'
import { ArchitectureDiagram } from './ArchitectureDiagram'
import { CoreModules } from '@/widgets/core-modules'
import styles from './ArchitecturePage.module.scss'

/** The look of the page's sections and of their intros. */
const SECTION_LOOK = { className: styles.section, introClassName: styles.intro }

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

      <Section
        title="System overview"
        headingId="overview-title"
        {...SECTION_LOOK}
        opening={
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
        }
      >
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
      </Section>

      <Section
        title="Modular architecture diagram"
        headingId="diagram-title"
        {...SECTION_LOOK}
        intro="The Overseer Core sits above every module. Work flows down through the loops, and at each approval gate the pipeline stops until a person with the matching permission decides."
        opening={<ArchitectureDiagram />}
      />

      <Section
        title="Core principles"
        headingId="principles-title"
        {...SECTION_LOOK}
        intro="Four ideas shape every module, and every decision about what the agents may do."
      >
        <CardGrid
          items={PRINCIPLES}
          itemKey={(principle) => principle.title}
          columns={2}
          list
          reveal="alternate"
          className={styles.principles}
          renderItem={(principle) => (
            <>
              <h3>{principle.title}</h3>
              <p className={styles.principleSummary}>{principle.summary}</p>
              <p>{principle.detail}</p>
            </>
          )}
        />
      </Section>

      <Section
        title="Permission types"
        headingId="permissions-title"
        {...SECTION_LOOK}
        intro={
          <>
            Approval gates come in three kinds. Each can be assigned to different people, and each decision is recorded
            with who made it and when. See the{' '}
            <Link to="/docs/guides/permission-controls">permission controls guide</Link> for how to configure them.
          </>
        }
      >
        <CardGrid
          items={PERMISSION_TYPES}
          itemKey={(permission) => permission.id}
          columns={3}
          className={styles.permissions}
          renderItem={(permission) => (
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
          )}
        />
      </Section>

      <Section
        title="The core modules in depth"
        headingId="modules-title"
        {...SECTION_LOOK}
        intro="Each core module has its own page: its role, inputs and outputs, how it loops and what it asks permission for."
      >
        <CoreModules />
      </Section>

      <Section title="Example use cases" headingId="use-cases-title" {...SECTION_LOOK}>
        <CardGrid
          items={USE_CASES}
          itemKey={(useCase) => useCase.title}
          columns={2}
          renderItem={(useCase) => (
            <Card title={useCase.title} className={styles.useCase}>
              <p className={styles.scenario}>{useCase.scenario}</p>
              <p>{useCase.flow}</p>
            </Card>
          )}
        />
      </Section>

      <Cta
        title="See it on your own project"
        text="Early access opens in June 2025, with a public beta in July and August and the full release in September 2025. Request access and we will invite you as seats open."
        to="/waitlist"
        label="Request Access"
        headingId="request-access-title"
        className={styles.cta}
      />
    </>
  )
}
