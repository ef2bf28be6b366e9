import { useSubPage } from '@/shared/lib/sub-page'
import { AppNotFound, AppShell } from '@/widgets/app-shell'
import { BASE_PATH } from '../model/content'
import { COPY } from '../model/copy'
import { Benchmarking, Themes } from './ReviewsDataPages'
import { Documentation, Trial } from './ReviewsHelpPages'
import { Features, Overview, Sentiment, UseCases } from './ReviewsStoryPages'

const NotFound = () => <AppNotFound appName={COPY.name} basePath={BASE_PATH} />

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
    <AppShell name={COPY.name} tagline={COPY.tagline} basePath={BASE_PATH} tabs={COPY.tabs}>
      <Page />
    </AppShell>
  )
}
