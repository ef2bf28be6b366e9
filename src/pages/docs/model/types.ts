import type { DocsPageEntry } from '@contracts/docsSearch'

/** A heading of a documentation page, as the Markdown build step lists it. */
export interface DocHeading {
  level: 2 | 3
  id: string
  text: string
}

/** A documentation page, compiled from docs/<section>/<topic>.md at build time. */
export interface DocContent {
  title: string
  description: string
  headings: DocHeading[]
  /** The page without its title. */
  html: string
}

/** A page as the search index holds it (`x.md?search`): its sections as text, no HTML. */
export interface DocSearchSource {
  search: DocsPageEntry
}

/** A page of the documentation, in sidebar order. */
export interface DocTopic {
  id: string
  title: string
  /** `/docs/<section>/<topic>` */
  path: string
  sectionId: string
  /** Loads the page's content (its own chunk). */
  load: () => Promise<{ default: DocContent }>
  /** The content itself, for a page that comes with the docs page's own code. */
  content?: DocContent
}

/** A group of the sidebar. */
export interface DocSection {
  id: string
  title: string
  /** The section's landing path, `/docs/<section>` (shows its first topic). */
  path: string
  topics: DocTopic[]
}

/** A search hit: the page's title, path and section, and an excerpt of its best passage. */
export interface DocSearchResult {
  title: string
  path: string
  sectionTitle: string
  excerpt: string
  /** The words of the excerpt that matched, to mark. */
  marks: string[]
}
