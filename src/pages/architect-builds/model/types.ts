import { BUILD_STATUSES, type BuildStatus } from '@contracts/builds'

export type { BuildSummary, OwnerKind } from '@contracts/architectBuilds'
export type { BuildStatus }

/** The status filter's choices, named as the page shows them. */
export const BUILD_STATUS_OPTIONS: readonly { id: BuildStatus; name: string }[] = [
  { id: 'running', name: 'Running' },
  { id: 'completed', name: 'Completed' },
  { id: 'error', name: 'Failed' },
  { id: 'stopped', name: 'Stopped' },
]

export const statusName = (status: BuildStatus): string => BUILD_STATUS_OPTIONS.find((option) => option.id === status)?.name ?? status

export const isBuildStatus = (value: string): value is BuildStatus => (BUILD_STATUSES as readonly string[]).includes(value)

/** What the table shows: the URL's filters and page. */
export interface BuildFilters {
  search: string
  status: BuildStatus | ''
}

export interface BuildQuery extends BuildFilters {
  page: number
}
