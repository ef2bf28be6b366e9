import { Link, Route, Routes } from 'react-router-dom'
import { PRODUCT_NAME } from '@/shared/config'
import { usePageMeta } from '@/shared/lib/seo'
import { ButtonLink, Faq } from '@/shared/ui'
import { IntegrationList } from '@/entities/integration'
import { PricingTiers } from '@/entities/pricing-tier'
import { AnchorNav, AppBlock, AppCta, AppNotFound, AppSection, AppShell, DocLinks, FeatureGrid } from '@/widgets/app-shell'
import { APP_NAME, BASE_PATH, DOCS, FEATURES, INTEGRATIONS, PILLARS, PRICING_FAQ, TABS, TIERS } from '../model/content'
import styles from './IntelligencePlatformPage.module.scss'

const WAITLIST_CTA = {
  title: 'Build with the Intelligence Platform',
  text: 'Early access opens in June 2025. Join the waitlist and be among the first teams to run the full pipeline on real projects.',
  to: '/waitlist',
  label: 'Join the Waitlist',
}

const Overview = () => {
  usePageMeta({
    title: APP_NAME,
    description: `The ${PRODUCT_NAME} Intelligence Platform: orchestrated, modular, recursively improving AI agents that take software from a request to a tested project, with your approval at every significant step.`,
  })
  return (
    <>
      <AppSection
        title="From a request to a tested project"
        intro={`The Intelligence Platform is ${PRODUCT_NAME} as your team uses it: you describe what you need, specialised agents clarify, plan, write, test and assemble it, and every significant change waits for your permission.`}
      >
        <AnchorNav
          label="Platform principles"
          anchors={PILLARS.map((pillar) => ({ id: pillar.id, label: pillar.title }))}
        />
      </AppSection>

      {PILLARS.map((pillar) => (
        <AppSection key={pillar.id} id={pillar.id} title={pillar.title} intro={pillar.text}>
          <ul className={styles.points}>
            {pillar.points?.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
        </AppSection>
      ))}

      <AppSection title="Where to go next">
        <div className={styles.actions}>
          <ButtonLink to={`${BASE_PATH}/features`}>See all features</ButtonLink>
          <ButtonLink to={`${BASE_PATH}/pricing`} variant="secondary">
            Compare plans
          </ButtonLink>
          <ButtonLink to={`${BASE_PATH}/integrations`} variant="secondary">
            Browse integrations
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
    description: `What the ${PRODUCT_NAME} Intelligence Platform does: approval gates, requirement clarification, planned structure, tested code, assembly and the Architect Suite.`,
  })
  return (
    <>
      <AppSection
        title="Features"
        intro={
          <>
            Everything the platform does rests on three ideas:{' '}
            <Link to={`${BASE_PATH}#orchestration`}>intelligent orchestration</Link>,{' '}
            <Link to={`${BASE_PATH}#modular`}>a modular architecture</Link> and{' '}
            <Link to={`${BASE_PATH}#recursive`}>recursive improvement</Link>. Here is what they give you.
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
    description: 'Intelligence Platform plans: Developer $99/month for one user, Team $299/month for up to 5 members, and Enterprise with custom pricing.',
  })
  return (
    <>
      <AppSection
        title="Pricing"
        intro="One price per month, the full pipeline on every plan. Choose a plan now to reserve your place for early access in June 2025; you pay nothing until you start."
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
    description: 'Connect the Intelligence Platform to GitHub, VS Code, Slack and Jira.',
  })
  return (
    <>
      <AppSection
        title="Integrations"
        intro="The platform works where your team already works: code in your repository and editor, decisions in your chat, requests from your issue tracker."
      >
        <IntegrationList integrations={INTEGRATIONS} />
        <p className={styles.note}>
          Need another tool connected? <Link to="/contact?product=enterprise">Tell us what you use</Link>; Enterprise
          plans include custom integrations.
        </p>
      </AppSection>
      <AppCta {...WAITLIST_CTA} />
    </>
  )
}

const Documentation = () => {
  usePageMeta({
    title: `Documentation · ${APP_NAME}`,
    description: 'Where to read about the Intelligence Platform: getting started, core modules, permission controls and the API reference.',
  })
  return (
    <AppSection
      title="Documentation"
      intro={
        <>
          Start with the introduction, or go straight to the part you need. The <Link to="/docs">full documentation</Link>{' '}
          covers every module, the Architect Suite and the API.
        </>
      }
    >
      <DocLinks links={DOCS} />
    </AppSection>
  )
}

export const IntelligencePlatformPage = () => (
  <AppShell
    name={APP_NAME}
    tagline="Orchestrated AI agents that clarify, plan, build, test and assemble your software, with a person at every gate that matters."
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
