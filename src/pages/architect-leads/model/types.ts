import type { ContactLead, NewsletterLead, WaitlistLead } from '@contracts/leads/staff'

export type { ContactLead, NewsletterLead, WaitlistLead } from '@contracts/leads/staff'

/** The three kinds of entries the public forms collect. */
export const LEAD_KINDS = [
  { id: 'waitlist', label: 'Waitlist' },
  { id: 'contact', label: 'Contact' },
  { id: 'newsletter', label: 'Newsletter' },
] as const
export type LeadKind = (typeof LEAD_KINDS)[number]['id']

export const isLeadKind = (value: unknown): value is LeadKind => LEAD_KINDS.some((kind) => kind.id === value)

/** A page of one kind's entries, newest first. */
export type LeadPage = { page: number; pages: number; total: number } & (
  | { kind: 'waitlist'; rows: WaitlistLead[] }
  | { kind: 'contact'; rows: ContactLead[] }
  | { kind: 'newsletter'; rows: NewsletterLead[] }
)

export interface LeadQuery {
  kind: LeadKind
  search: string
  page: number
}
