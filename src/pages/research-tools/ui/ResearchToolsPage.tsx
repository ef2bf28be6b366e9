import { Link, Route, Routes } from 'react-router-dom'
import { PRODUCT_NAME } from '@/shared/config'
import { usePageMeta } from '@/shared/lib/seo'
import { ButtonLink, Faq } from '@/shared/ui'
import { IntegrationList } from '@/entities/integration'
import { PricingTiers } from '@/entities/pricing-tier'
import { AnchorNav, AppBlock, AppCta, AppNotFound, AppSection, AppShell, DocLinks, FeatureGrid } from '@/widgets/app-shell'
import { APP_NAME, BASE_PATH, DOCS, FEATURES, INTEGRATIONS, PRICING_FAQ, TABS, TIERS, TOOLS } from '../model/content'
import styles from './ResearchToolsPage.module.scss'

const WAITLIST_CTA = {
  title: 'Research before you build',
  text: 'Early access opens in June 2025. Join the waitlist and turn your next idea into a brief your team can build from.',
  to: '/waitlist?product=research-basic',
  label: 'Join the Waitlist',
}

/** One worked example of a research session, from request to brief. */
const SAMPLE_SESSION = [
  {
    step: 'Your request',
    text: '“We need a way for customers to book repair appointments online.”',
  },
  {
    step: 'Clarification',
    text: 'Which repairs and how long do they take? Can customers reschedule or cancel, and until when? Do technicians work from one location or several? Which calendar do they use today?',
  },
  {
    step: 'Prober findings',
    text: 'The request assumes every repair fits one time slot; diagnostics often do not. No one has said what happens when a technician is ill. Reminders are needed, but no consent for text messages has been mentioned.',
  },
  {
    step: 'Market context',
    text: 'Three comparable booking services charge per location per month; all offer reminders, only one handles multi-visit repairs, which reviews most often ask for.',
  },
  {
    step: 'The brief',
    text: 'Online booking for four repair types across two locations, with rescheduling until 24 hours before, diagnostic visits that can lead to a second booking, consented reminders and a Google Calendar sync, with acceptance criteria for each.',
  },
]

const Overview = () => {
  usePageMeta({
    title: APP_NAME,
    description: `${PRODUCT_NAME} Research Tools: requirement clarification, an assumption prober and market analysis that turn a rough idea into a brief you can build from.`,
  })
  return (
    <>
      <AppSection
        title="Know what to build before you build it"
        intro="Most projects that go wrong were unclear from the start. The Research Tools give you three agents that work on the question, not the code: one clarifies what you need, one challenges it, and one puts it in the context of the market."
      >
        <AnchorNav label="Research tools" anchors={TOOLS.map((tool) => ({ id: tool.id, label: tool.title }))} />
      </AppSection>

      {TOOLS.map((tool) => (
        <AppSection key={tool.id} id={tool.id} title={tool.title} intro={tool.text}>
          <ul className={styles.points}>
            {tool.points?.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
        </AppSection>
      ))}

      <AppSection title="A session, start to finish" intro="A shortened example of what one research session produces.">
        <ol className={styles.session}>
          {SAMPLE_SESSION.map((entry) => (
            <li key={entry.step}>
              <h3>{entry.step}</h3>
              <p>{entry.text}</p>
            </li>
          ))}
        </ol>
        <div className={styles.actions}>
          <ButtonLink to={`${BASE_PATH}/pricing`}>Compare plans</ButtonLink>
          <ButtonLink to={`${BASE_PATH}/features`} variant="secondary">
            See all features
          </ButtonLink>
        </div>
      </AppSection>

      <AppCta {...WAITLIST_CTA} />
    </>
  )
}

const Features = () => {
  usePageMeta({
    title: `Features · ${APP_NAME}`,
    description: 'What the Research Tools do: structured briefs, targeted questions, assumption probing, sourced market context, shared workspaces and exports.',
  })
  return (
    <>
      <AppSection
        title="Features"
        intro={
          <>
            Built around three agents: <Link to={`${BASE_PATH}#clarification`}>requirement clarification</Link>, the{' '}
            <Link to={`${BASE_PATH}#prober`}>assumption prober</Link> and{' '}
            <Link to={`${BASE_PATH}#market`}>market analysis</Link>. Here is everything around them.
          </>
        }
      >
        <FeatureGrid features={FEATURES} />
      </AppSection>
      <AppCta {...WAITLIST_CTA} />
    </>
  )
}

const Pricing = () => {
  usePageMeta({
    title: `Pricing · ${APP_NAME}`,
    description: 'Research Tools plans: Basic $49/month, Professional $149/month for up to 5 members, and Enterprise with custom pricing.',
  })
  return (
    <>
      <AppSection
        title="Pricing"
        intro="Every plan includes clarification and the assumption prober. Reserve a plan now for early access in June 2025; you pay nothing until you start."
      >
        <PricingTiers tiers={TIERS} />
      </AppSection>
      <AppBlock>
        <Faq items={PRICING_FAQ} title="Pricing questions" />
      </AppBlock>
    </>
  )
}

const Integrations = () => {
  usePageMeta({
    title: `Integrations · ${APP_NAME}`,
    description: 'Connect the Research Tools to Jira, Notion, Slack and Google Workspace.',
  })
  return (
    <>
      <AppSection
        title="Integrations"
        intro="Bring your notes in and send your briefs out: the Research Tools connect to where your team plans and decides. Nothing is posted anywhere until you approve it."
      >
        <IntegrationList integrations={INTEGRATIONS} />
        <p className={styles.note}>
          Using something else? <Link to="/contact?product=research-enterprise">Tell us which tools you need</Link>.
        </p>
      </AppSection>
      <AppCta {...WAITLIST_CTA} />
    </>
  )
}

const Documentation = () => {
  usePageMeta({
    title: `Documentation · ${APP_NAME}`,
    description: 'Where to read about the Research Tools: the Clarification Loop, intent clarification, permissions and the API.',
  })
  return (
    <AppSection
      title="Documentation"
      intro={
        <>
          The research agents are part of the Clarification Loop. These pages explain how they work; the{' '}
          <Link to="/docs">full documentation</Link> covers the whole platform.
        </>
      }
    >
      <DocLinks links={DOCS} />
    </AppSection>
  )
}

export const ResearchToolsPage = () => (
  <AppShell
    name={APP_NAME}
    tagline="Clarify the requirement, probe the assumptions and size up the market, so every build starts from a brief you trust."
    basePath={BASE_PATH}
    tabs={TABS}
  >
    <Routes>
      <Route index element={<Overview />} />
      <Route path="features" element={<Features />} />
      <Route path="pricing" element={<Pricing />} />
      <Route path="integrations" element={<Integrations />} />
      <Route path="docs" element={<Documentation />} />
      <Route path="*" element={<AppNotFound appName={APP_NAME} basePath={BASE_PATH} />} />
    </Routes>
  </AppShell>
)
