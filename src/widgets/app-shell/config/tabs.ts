/** A tab of an app area: its label and its sub-path under the app ('' for the overview). */
export interface AppTab {
  label: string
  path: string
}

/** The tabs every app area has unless it says otherwise. */
export const DEFAULT_APP_TABS: AppTab[] = [
  { label: 'Overview', path: '' },
  { label: 'Features', path: 'features' },
  { label: 'Documentation', path: 'docs' },
]
