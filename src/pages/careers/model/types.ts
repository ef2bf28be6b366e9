import type { ContentSection } from '@/shared/lib/content'

/** An open role's front matter (content/careers/jobs/<id>.md). */
export interface JobMeta {
  title: string
  team: string
  location: string
  type: 'Full-time' | 'Part-time' | 'Contract'
  summary: string
  responsibilities: readonly string[]
  requirements: readonly string[]
  niceToHave: readonly string[]
}

/** An open role as the Markdown loader compiles it. */
export interface JobFile {
  slug: string
  meta: JobMeta
}

interface Item {
  title: string
  text: string
}

/** The careers page's copy (content/careers/index.md): front matter and the `##` sections. */
export interface CareersContent {
  meta: {
    description: string
    lead: string
    benefits: readonly Item[]
    hiringIntro: string
    hiringSteps: readonly Item[]
  }
  sections: readonly ContentSection[]
}
