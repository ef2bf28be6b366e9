import type { ReactNode } from 'react'

/** One numbered part of a legal document: its anchor, heading and full text. */
export interface LegalSection {
  /** The anchor (`/privacy#cookies`), unique within the document. */
  id: string
  title: string
  body: ReactNode
}

/** A link to another document or page, shown under the text. */
export interface RelatedLink {
  to: string
  label: string
  description: string
}

export interface LegalDocumentData {
  /** The page's `h1` and document title. */
  title: string
  /** The meta description. */
  description: string
  /** One or two sentences under the title. */
  lead: string
  sections: readonly LegalSection[]
  related: readonly RelatedLink[]
  /** The closing call to action, a button to the contact page. */
  contactPrompt: string
}

/** A cookie or browser storage entry the product sets (Cookie Policy). */
export interface StoredItem {
  name: string
  /** The name it takes over HTTPS, if different (the `__Host-` prefix). */
  secureName?: string
  purpose: string
  type: string
  lifetime: string
}
