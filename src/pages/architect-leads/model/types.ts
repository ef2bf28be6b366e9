/** The three kinds of entries the public forms collect (D11). */
export const LEAD_KINDS = [
  { id: 'waitlist', label: 'Waitlist' },
  { id: 'contact', label: 'Contact' },
  { id: 'newsletter', label: 'Newsletter' },
] as const
export type LeadKind = (typeof LEAD_KINDS)[number]['id']

export const isLeadKind = (value: unknown): value is LeadKind => LEAD_KINDS.some((kind) => kind.id === value)

export interface WaitlistLead {
  id: number
  name: string
  email: string
  company: string
  role: string
  useCase: string
  source: string | null
  plan: string | null
  product: string | null
  createdAt: string
}

export interface ContactLead {
  id: number
  name: string
  email: string
  company: string
  subject: string
  message: string
  product: string | null
  createdAt: string
}

export interface NewsletterLead {
  id: number
  email: string
  createdAt: string
}

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
