import { useSubPage } from '@/shared/lib/sub-page'
import { AppNotFound, AppShell } from '@/widgets/app-shell'
import { APP_NAME, BASE_PATH, TABS } from '../model/content'
import { Benchmarking, Documentation, Features, Overview, Sentiment, Themes, Trial, UseCases } from './ReviewsSubPages'

const NotFound = () => <AppNotFound appName={APP_NAME} basePath={BASE_PATH} />

const PAGES = {
  overview: Overview,
  features: Features,
  'use-cases': UseCases,
  sentiment: Sentiment,
  themes: Themes,
  benchmarking: Benchmarking,
  docs: Documentation,
  trial: Trial,
  'not-found': NotFound,
} as const

/** The Reviews Compass frame around the sub-page its matched child route names (src/app/routes). */
export const ReviewsCompassPage = () => {
  const Page = PAGES[useSubPage(PAGES, 'not-found')]
  return (
    <AppShell
      name={APP_NAME}
      tagline="Find out what your customers really think: sentiment per topic, the themes behind it and how you compare with your market."
      basePath={BASE_PATH}
      tabs={TABS}
    >
      <Page />
    </AppShell>
  )
}
