import { useInternalLinks } from '@/shared/lib/links'
import { usePageMeta } from '@/shared/lib/seo'
import { ButtonLink, Faq } from '@/shared/ui'
import { AnchorNav, AppBlock, AppCta, AppNotFound, AppSection, DocLinks, FeatureGrid } from '@/widgets/app-shell'
import type { AppArea } from '../model/types'
import { IntegrationList } from './IntegrationList'
import { PricingTiers } from './PricingTiers'
import styles from './AppAreaPages.module.scss'

/** Text compiled from the area's Markdown; its links to pages of this site navigate in the app. */
const Inline = ({ html }: { html: string }) => <span onClick={useInternalLinks()} dangerouslySetInnerHTML={{ __html: html }} />

interface PageProps {
  area: AppArea
}

/** The sub-page's title and description: the area's name after the tab's. */
const useSubPageMeta = (name: string, tab: string, description: string) => {
  usePageMeta({ title: tab ? `${tab} · ${name}` : name, description })
}

export const AppAreaOverview = ({ area }: PageProps) => {
  const { overview } = area
  useSubPageMeta(area.name, '', overview.description)
  const { closing } = overview
  return (
    <>
      <AppSection title={overview.title} intro={overview.intro}>
        <AnchorNav label={overview.anchorsLabel} anchors={overview.principles.map((item) => ({ id: item.id, label: item.title }))} />
      </AppSection>

      {overview.principles.map((item) => (
        <AppSection key={item.id} id={item.id} title={item.title} intro={item.text}>
          <ul className={styles.points}>
            {item.points?.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
        </AppSection>
      ))}

      <AppSection title={closing.title} intro={closing.intro}>
        {closing.steps && (
          <ol className={styles.session}>
            {closing.steps.map((entry) => (
              <li key={entry.step}>
                <h3>{entry.step}</h3>
                <p>{entry.text}</p>
              </li>
            ))}
          </ol>
        )}
        <div className={styles.actions}>
          {closing.actions.map((action, index) => (
            <ButtonLink key={action.to} to={`${area.basePath}/${action.to}`} variant={index === 0 ? undefined : 'secondary'}>
              {action.label}
            </ButtonLink>
          ))}
        </div>
      </AppSection>

      <AppCta {...area.cta} />
    </>
  )
}

export const AppAreaFeatures = ({ area }: PageProps) => {
  useSubPageMeta(area.name, 'Features', area.features.description)
  return (
    <>
      <AppSection title="Features" intro={<Inline html={area.text.features} />}>
        <FeatureGrid features={area.features.items} />
      </AppSection>
      <AppCta {...area.cta} />
    </>
  )
}

export const AppAreaPricing = ({ area: { name, pricing } }: PageProps) => {
  useSubPageMeta(name, 'Pricing', pricing.description)
  return (
    <>
      <AppSection title="Pricing" intro={pricing.intro}>
        <PricingTiers tiers={pricing.tiers} />
      </AppSection>
      <AppBlock>
        <Faq items={pricing.faq} title="Pricing questions" />
      </AppBlock>
    </>
  )
}

export const AppAreaIntegrations = ({ area }: PageProps) => {
  useSubPageMeta(area.name, 'Integrations', area.integrations.description)
  return (
    <>
      <AppSection title="Integrations" intro={area.integrations.intro}>
        <IntegrationList integrations={area.integrations.items} />
        <p className={styles.note}>
          <Inline html={area.text.integrations} />
        </p>
      </AppSection>
      <AppCta {...area.cta} />
    </>
  )
}

export const AppAreaDocs = ({ area }: PageProps) => {
  useSubPageMeta(area.name, 'Documentation', area.docs.description)
  return (
    <AppSection title="Documentation" intro={<Inline html={area.text.docs} />}>
      <DocLinks links={area.docs.links} />
    </AppSection>
  )
}

export const AppAreaNotFound = ({ area: { name, basePath } }: PageProps) => (
 <AppNotFound appName={name} basePath={basePath} />
)
