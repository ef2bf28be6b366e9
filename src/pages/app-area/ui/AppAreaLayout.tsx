import { useSubPage } from '@/shared/lib/sub-page'
import { AppShell } from '@/widgets/app-shell'
import type { AppArea } from '../model/types'
import { AppAreaDocs, AppAreaFeatures, AppAreaIntegrations, AppAreaNotFound, AppAreaOverview, AppAreaPricing } from './AppAreaPages'

const PAGES = {
  overview: AppAreaOverview,
  features: AppAreaFeatures,
  pricing: AppAreaPricing,
  integrations: AppAreaIntegrations,
  docs: AppAreaDocs,
  'not-found': AppAreaNotFound,
} as const

/**
 * The frame of an app area (name, tagline, tabs) around the sub-page its matched child route
 * names (src/app/routes). The sub-pages ship with the frame, so moving between tabs loads nothing.
 */
export const AppAreaLayout = ({ area }: { area: AppArea }) => {
  const Page = PAGES[useSubPage(PAGES, 'not-found')]
  return (
    <AppShell name={area.name} tagline={area.tagline} basePath={area.basePath} tabs={area.tabs}>
      <Page area={area} />
    </AppShell>
  )
}
