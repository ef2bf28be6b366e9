/** The entries the public forms collect, as staff list and export them. Not for the public pages: it loads the schema builder. */
import type { Static, TSchema } from 'typebox'
import * as Type from 'typebox/type'

/** What staff can list and export. */
export const LEAD_KINDS = ['waitlist', 'contact', 'newsletter'] as const
export type LeadKind = (typeof LEAD_KINDS)[number]

export const LEADS_PAGE_SIZE = 20
export const LEADS_MAX_PAGE_SIZE = 100

const kind = Type.Unsafe<LeadKind>({ type: 'string', enum: [...LEAD_KINDS], description: 'Which entries' })
const search = Type.String({
  maxLength: 200,
  default: '',
  description: 'Matches anywhere in the name, e-mail or company (newsletter: e-mail), ignoring case',
})

export const LeadListQuery = Type.Object({
  kind,
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1, description: 'From 1' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: LEADS_MAX_PAGE_SIZE, default: LEADS_PAGE_SIZE, description: 'Entries per page' })),
  search: Type.Optional(search),
})

export const LeadExportQuery = Type.Object({ kind, search: Type.Optional(search) })

const timestamp = (description: string) => Type.String({ format: 'date-time', description })
const nullableText = (description: string) => Type.Union([Type.String(), Type.Null()], { description })

export const WaitlistLead = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    email: Type.String({ description: 'Lower-case' }),
    company: Type.String({ description: 'Company or project name' }),
    role: Type.String(),
    useCase: Type.String({ description: 'Empty when not given' }),
    source: nullableText("Answer to 'How did you hear about us?'"),
    plan: nullableText('From the `?plan=` of the link to the form'),
    product: nullableText('From the `?product=` of the link to the form'),
    consentedAt: timestamp('When the person agreed to the privacy policy and early-access e-mails'),
    createdAt: timestamp('When they joined'),
  },
  { title: 'Waitlist signup', additionalProperties: false },
)
export type WaitlistLead = Static<typeof WaitlistLead>

export const ContactLead = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    email: Type.String({ description: 'Lower-case' }),
    company: Type.String({ description: 'Empty when not given' }),
    subject: Type.String(),
    message: Type.String(),
    product: nullableText('From the `?product=` of the link to the form'),
    createdAt: timestamp('When it was sent'),
  },
  { title: 'Contact message', additionalProperties: false },
)
export type ContactLead = Static<typeof ContactLead>

export const NewsletterLead = Type.Object(
  {
    id: Type.Integer(),
    email: Type.String({ description: 'Lower-case' }),
    createdAt: timestamp('When the address subscribed'),
  },
  { title: 'Newsletter subscription', additionalProperties: false },
)
export type NewsletterLead = Static<typeof NewsletterLead>

export type Lead = WaitlistLead | ContactLead | NewsletterLead

const leadPageOf = <T extends TSchema>(lead: T) =>
  Type.Object(
    {
      success: Type.Literal(true),
      data: Type.Array(lead, { description: 'Entries of the kind asked for' }),
      pagination: Type.Object({
        page: Type.Integer(),
        pages: Type.Integer({ description: 'At least 1' }),
        total: Type.Integer({ description: 'Entries matching the search' }),
        limit: Type.Integer(),
      }),
    },
    { description: 'One page of entries, newest first' },
  )

export const LeadPage = leadPageOf(Type.Union([WaitlistLead, ContactLead, NewsletterLead]))

/** A page of one kind's entries, as the SPA checks it for the kind it asked for. */
export const LEAD_PAGES = {
  waitlist: leadPageOf(WaitlistLead),
  contact: leadPageOf(ContactLead),
  newsletter: leadPageOf(NewsletterLead),
} as const
