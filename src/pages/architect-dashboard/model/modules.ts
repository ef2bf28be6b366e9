/** A module card of the dashboard's Overview (spec section 3: title, description, link, icon, category). */
export interface ArchitectModuleCard {
  title: string
  description: string
  link: string
  /** A decorative glyph; the title names the module. */
  icon: string
  category: string
}

export const ARCHITECT_MODULES: ArchitectModuleCard[] = [
  {
    title: 'Overseer Interface',
    description: 'Send commands to the Overseer Core, follow the builds running now and see token usage per pipeline iteration.',
    link: '/architect/overseer',
    icon: '◎',
    category: 'Orchestration',
  },
  {
    title: 'DevLoop Testing',
    description: 'The coming testing module: quality thresholds, simulations and the Development Agent / QA Agent loop.',
    link: '/architect/testing',
    icon: '⟳',
    category: 'Quality',
  },
  {
    title: 'Agent Logs',
    description: 'What every agent did, stage by stage: search and filter by module and level.',
    link: '/architect/logs',
    icon: '☰',
    category: 'Monitoring',
  },
  {
    title: 'Permission Controls',
    description: 'Approve or deny the planning, development and deployment steps that wait for a decision.',
    link: '/architect/approvals',
    icon: '✓',
    category: 'Governance',
  },
]

/** The dashboard's two tabs (spec section 4: overview or modularCanvas). */
export const DASHBOARD_TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'modularCanvas', label: 'Architecture Canvas' },
] as const

export type DashboardTab = (typeof DASHBOARD_TABS)[number]['id']

export const STATUS_TEXTS = {
  title: 'System Status',
  /** The spec's claim, kept when every check passes. */
  allOperational: 'All modules are operational.',
  degraded: 'Not all modules are operational.',
  loading: 'Checking system health...',
  failed: 'System health could not be checked.',
  checkNow: 'Check now',
  checking: 'Checking...',
} as const
