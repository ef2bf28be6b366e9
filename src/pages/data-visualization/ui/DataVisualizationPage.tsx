import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { PRODUCT_NAME } from '@/shared/config'
import { usePageMeta } from '@/shared/lib/seo'
import { AnchorNav, AppCta, AppSection, AppShell, FeatureGrid, type AppFeature } from '@/widgets/app-shell'
import { STAGE_TOKENS, TOKEN_USAGE, WEEKLY_RUNS } from '../model/sampleData'
import { RunsChart, StageTokensChart, TokenUsageChart } from './Charts'
import styles from './DataVisualizationPage.module.scss'

const VIEWS: AppFeature[] = [
  {
    title: 'Pipeline runs',
    text: 'Builds started, delivered and stopped at a gate, per day or week, per project and per person.',
  },
  {
    title: 'Token usage',
    text: 'Tokens and cost per build, per stage and per DevLoop iteration, with the model used for each.',
  },
  {
    title: 'Approval turnaround',
    text: 'How long significant changes wait for a decision, how many are approved or denied, and by whom.',
  },
  {
    title: 'Test results',
    text: 'Pass rates, iterations to green and the failures that took longest to fix, per module.',
  },
  {
    title: 'Review sentiment',
    text: 'Sentiment per category and its themes over time, straight from Reviews Compass.',
  },
  {
    title: 'Your own data',
    text: 'Any figure the API returns can be charted next to the built-in ones and shared as a dashboard.',
  },
]

/** The sample charts, each with its section and its entry in the page's anchor list. */
const CHARTS: { id: string; label: string; title: string; intro: string; chart: ReactNode }[] = [
  {
    id: 'pipeline-runs',
    label: 'Pipeline runs',
    title: 'Pipeline runs',
    intro:
      'Delivered builds rose steadily as the team moved more of its backlog through the pipeline. Dips show weeks with more work stopped at an approval gate for rework.',
    chart: <RunsChart data={WEEKLY_RUNS} />,
  },
  {
    id: 'token-usage',
    label: 'Token usage',
    title: 'Token usage per iteration',
    intro:
      'Recursive improvement is visible in the cost: each DevLoop iteration changes less code than the one before, so it needs fewer tokens, until the tests pass.',
    chart: <TokenUsageChart data={TOKEN_USAGE} />,
  },
  {
    id: 'stage-costs',
    label: 'Tokens by stage',
    title: 'Tokens by stage',
    intro:
      'More than half of a typical build’s tokens go to development. Time spent on clarification is cheap by comparison and saves iterations later.',
    chart: <StageTokensChart data={STAGE_TOKENS} />,
  },
]

export const DataVisualizationPage = () => {
  usePageMeta({
    title: 'Data Visualization',
    description: `See ${PRODUCT_NAME}’s work as it happens: pipeline runs, token usage per stage and per iteration, approval turnaround and review sentiment, in accessible charts.`,
  })
  return (
    <AppShell
      name="Data Visualization"
      tagline="Charts of everything the platform does: how many builds ran, what they cost, where the effort went and how customers feel about the result."
      basePath="/apps/data-visualization"
      eyebrow="Application"
      tabs={[]}
    >
      <AppSection
        title="Your pipeline at a glance"
        intro="Every stage of every build reports what it did and what it used. Data Visualization turns those reports into charts your team can read in a stand-up and your finance team can trust. The charts below use sample data from one team’s last eight weeks."
      >
        <AnchorNav label="Charts on this page" anchors={CHARTS.map(({ id, label }) => ({ id, label }))} />
      </AppSection>

      {CHARTS.map((chart) => (
        <AppSection key={chart.id} id={chart.id} title={chart.title} intro={chart.intro}>
          {chart.chart}
        </AppSection>
      ))}

      <AppSection title="What you can chart">
        <FeatureGrid features={VIEWS} />
        <p className={styles.note}>
          Staff see these charts in the Architect Suite dashboard; read how it works in the{' '}
          <Link to="/docs/architect-suite/dashboard">dashboard documentation</Link>, or see review sentiment in{' '}
          <Link to="/apps/Reviews_Compass/sentiment">Reviews Compass</Link>.
        </p>
      </AppSection>

      <AppCta
        title="See your own pipeline"
        text="Data Visualization comes with every plan of the Intelligence Platform. Early access opens in June 2025."
        to="/waitlist?product=data-visualization"
        label="Join the Waitlist"
      />
    </AppShell>
  )
}
