import type { ContentSection } from '@/shared/lib/content'

/** A press release's front matter (content/press/releases/<id>.md). */
export interface PressReleaseMeta {
  /** ISO date of the release. */
  date: string
  title: string
  subtitle: string
  quote: { text: string; name: string; role: string }
}

/** A press release as the Markdown loader compiles it. */
export interface PressReleaseFile {
  slug: string
  meta: PressReleaseMeta
  html: string
}

/** The press page's copy (content/press/index.md): front matter and the media kit's `##` sections. */
export interface PressContent {
  meta: {
    description: string
    lead: string
    /** "About the company", under every release. */
    boilerplate: string
    facts: readonly { term: string; value: string }[]
    colours: readonly { name: string; hex: string; use: string }[]
  }
  sections: readonly ContentSection[]
}
