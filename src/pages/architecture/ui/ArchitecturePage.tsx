import type { ReactNode } from 'react'
import { useInternalLinks } from '@/shared/lib/links'
import { usePageMeta } from '@/shared/lib/seo'
import { ButtonLink, Card, CardGrid, Cta, PageHeader, Reveal, Section } from '@/shared/ui'
import { ARCHITECTURE_PAGE as PAGE, pageSection } from '../model/content'
import { ArchitectureDiagram } from './ArchitectureDiagram'
import { CoreModules } from '@/widgets/core-modules'
import styles from './ArchitecturePage.module.scss'

/** Text compiled from the page's Markdown; its links to pages of this site navigate in the app. */
const Inline = ({ html }: { html: string }) => <span onClick={useInternalLinks()} dangerouslySetInnerHTML={{ __html: html }} />

/**
 * One of the page's sections, titled by its `## Title {#id}` in the Markdown: a one-paragraph
 * section is the intro under the heading, longer copy opens the section as prose.
 */
const PageSection = ({ id, opening, children }: { id: string; opening?: ReactNode; children?: ReactNode }) => {
  const followInternalLinks = useInternalLinks()
  const { title, html, inline } = pageSection(id)
  const prose = inline === undefined && html !== '' && (
    <div className={styles.prose} onClick={followInternalLinks} dangerouslySetInnerHTML={{ __html: html }} />
  )
  return (
    <Section
      title={title}
      headingId={`${id}-title`}
      className={styles.section}
      introClassName={styles.intro}
      intro={inline !== undefined && <Inline html={inline} />}
      opening={opening ?? prose}
    >
      {children}
    </Section>
  )
}

export const ArchitecturePage = () => {
  usePageMeta({ title: PAGE.title, description: PAGE.description })
  const cta = pageSection('request-access')

  return (
    <>
      <PageHeader eyebrow={PAGE.eyebrow} title={PAGE.title} lead={PAGE.lead}>
        <ButtonLink to="/waitlist" size="large">
          Request Access
        </ButtonLink>
        <ButtonLink to="/docs/getting-started/architecture" size="large" variant="secondary">
          Read the architecture docs
        </ButtonLink>
      </PageHeader>

      <PageSection id="overview">
        <Reveal>
          <h3 className={styles.subTitle}>The pipeline, stage by stage</h3>
          <ol className={styles.stages}>
            {PAGE.stages.map((stage) => (
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
      </PageSection>

      <PageSection id="diagram" opening={<ArchitectureDiagram />} />

      <PageSection id="principles">
        <CardGrid
          items={PAGE.principles}
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
      </PageSection>

      <PageSection id="permissions">
        <CardGrid
          items={PAGE.permissions}
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
      </PageSection>

      <PageSection id="modules">
        <CoreModules />
      </PageSection>

      <PageSection id="use-cases">
        <CardGrid
          items={PAGE.useCases}
          itemKey={(useCase) => useCase.title}
          columns={2}
          renderItem={(useCase) => (
            <Card title={useCase.title} className={styles.useCase}>
              <p className={styles.scenario}>{useCase.scenario}</p>
              <p>{useCase.flow}</p>
            </Card>
          )}
        />
      </PageSection>

      <Cta
        title={cta.title}
        text={<Inline html={cta.inline ?? ''} />}
        to="/waitlist"
        label="Request Access"
        headingId="request-access-title"
        className={styles.cta}
      />
    </>
  )
}
