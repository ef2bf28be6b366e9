import type { ContentSection } from '@/shared/lib/content'

/** A case study's front matter (content/case-studies/studies/<id>.md). */
export interface CaseStudyMeta {
  customer: string
  /** Must match the company of the customer's testimonial, if any. */
  industry: string
  size: string
  pilot: string
  modules: readonly string[]
  headline: string
  results: readonly { figure: string; label: string }[]
  outcome: string
}

/** A case study as the Markdown loader compiles it: its `##` sections are the challenge and the approach. */
export interface CaseStudyFile {
  slug: string
  meta: CaseStudyMeta
  sections: readonly ContentSection[]
}

/** The case studies page's copy (content/case-studies/index.md). */
export interface CaseStudiesContent {
  meta: {
    description: string
    lead: string
    note: string
    cta: { title: string; text: string }
  }
  sections: readonly ContentSection[]
}
