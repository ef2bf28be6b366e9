import { useMatches } from 'react-router-dom'
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

/** Which sub-page a child route of an app area shows: its route's `handle` (src/app/routes). */
export type AppAreaPageId = keyof typeof PAGES
export interface AppAreaHandle {
  appAreaPage: AppAreaPageId
}

const isAppAreaHandle = (handle: unknown): handle is AppAreaHandle =>
  typeof handle === 'object' && handle !== null && 'appAreaPage' in handle && typeof handle.appAreaPage === 'string' && handle.appAreaPage in PAGES

/**
 * The frame of an app area (name, tagline, tabs) around the sub-page its matched child route
 * names. The sub-pages ship with the frame, so moving between tabs loads nothing.
 */
export const AppAreaLayout = ({ area }: { area: AppArea }) => {
  const handle = useMatches()
    .map((match) => match.handle)
    .filter(isAppAreaHandle)
    .at(-1)
  const Page = PAGES[handle?.appAreaPage ?? 'not-found']
  return (
    <AppShell name={area.name} tagline={area.tagline} basePath={area.basePath} tabs={area.tabs}>
      <Page area={area} />
    </AppShell>
  )
}
