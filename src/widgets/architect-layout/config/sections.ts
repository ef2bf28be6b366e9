export interface ArchitectSection {
  label: string
  to: string
  /** Shown in the nav only to staff with this permission. */
  permission?: string
}

export const ARCHITECT_SECTIONS: ArchitectSection[] = [
  { label: 'Dashboard', to: '/architect' },
  { label: 'Overseer', to: '/architect/overseer' },
  // Every build and each one's trace; the page checks architect.overseer, as the Overseer page does.
  { label: 'Builds', to: '/architect/builds' },
  { label: 'Testing', to: '/architect/testing' },
  { label: 'Logs', to: '/architect/logs' },
  { label: 'Approvals', to: '/architect/approvals' },
  // Waitlist, contact and newsletter entries; admins only by default.
  { label: 'Leads', to: '/architect/leads', permission: 'architect.leads' },
  // What visitors asked the assistant, and staff's corrections; admins and operators by default.
  { label: 'Questions', to: '/architect/questions', permission: 'architect.questions' },
]

/** The section a path belongs to, for the breadcrumbs. */
export const sectionOf = (pathname: string): ArchitectSection =>
  ARCHITECT_SECTIONS.slice(1).find((section) => pathname === section.to || pathname.startsWith(`${section.to}/`)) ??
  ARCHITECT_SECTIONS[0]!
