import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { usePageMeta } from '@/shared/lib/seo'
import { ButtonLink, Cta, Section } from '@/shared/ui'
import styles from './AppContent.module.scss'

interface AppSectionProps {
  title: string
  /** The section's anchor, e.g. `orchestration` for `#orchestration`. */
  id?: string
  /** A paragraph under the heading. */
  intro?: ReactNode
  children?: ReactNode
}

/** A titled section of an app's sub-page. */
export const AppSection = ({ title, id, intro, children }: AppSectionProps) => (
  <Section title={title} id={id} intro={intro} introClassName={styles.intro} className={styles.section}>
    {children}
  </Section>
)

/** A block of an app's sub-page with the page's width and spacing, for content with its own heading. */
export const AppBlock = ({ children }: { children: ReactNode }) => <div className={styles.section}>{children}</div>

interface AnchorNavProps {
  /** The navigation's accessible name. */
  label: string
  /** The anchors, e.g. `{ id: 'orchestration', label: 'Intelligent orchestration' }`. */
  anchors: readonly { id: string; label: string }[]
  /** The page the anchors are on, when not this one. */
  path?: string
}

/** Links to anchors of a sub-page. */
export const AnchorNav = ({ label, anchors, path = '' }: AnchorNavProps) => (
  <nav className={styles.anchors} aria-label={label}>
    <ul>
      {anchors.map((anchor) => (
        <li key={anchor.id}>
          <Link to={`${path}#${anchor.id}`}>{anchor.label}</Link>
        </li>
      ))}
    </ul>
  </nav>
)

export interface AppFeature {
  title: string
  text: string
  /** Optional anchor of the feature's card. */
  id?: string
  /** Short points under the text. */
  points?: readonly string[]
}

/** Feature cards, each with its heading (`h3`). */
export const FeatureGrid = ({ features }: { features: readonly AppFeature[] }) => (
  <ul className={styles.features}>
    {features.map((feature) => (
      <li key={feature.title} id={feature.id} className={styles.feature}>
        <h3>{feature.title}</h3>
        <p>{feature.text}</p>
        {feature.points && (
          <ul className={styles.points}>
            {feature.points.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
        )}
      </li>
    ))}
  </ul>
)

export interface AppDocLink {
  label: string
  /** A docs route, e.g. `/docs/getting-started/quickstart`. */
  to: string
  description: string
}

/** Links into the documentation, each with what the reader finds there. */
export const DocLinks = ({ links }: { links: readonly AppDocLink[] }) => (
  <ul className={styles.docs}>
    {links.map((link) => (
      <li key={link.to}>
        <Link to={link.to}>{link.label}</Link>
        <p>{link.description}</p>
      </li>
    ))}
  </ul>
)

interface AppCtaProps {
  title: string
  text: string
  to: string
  label: string
}

/** The call to action closing an app's sub-page. */
export const AppCta = (props: AppCtaProps) => <Cta {...props} className={styles.cta} />

interface AppNotFoundProps {
  appName: string
  /** The app's overview, e.g. `/apps/research-tools`. */
  basePath: string
}

/** What an app shows at a sub-path it does not have. */
export const AppNotFound = ({ appName, basePath }: AppNotFoundProps) => {
  usePageMeta({
    title: `Page Not Found · ${appName}`,
    description: `This page of ${appName} does not exist. Go back to the ${appName} overview.`,
  })
  return (
    <section className={styles.section} aria-labelledby="app-not-found-title">
      <h2 id="app-not-found-title">This page doesn’t exist</h2>
      <p className={styles.intro}>
        {appName} has no page at this address. The tabs above list everything there is, or start from the overview.
      </p>
      <ButtonLink to={basePath}>Go to the {appName} overview</ButtonLink>
    </section>
  )
}
