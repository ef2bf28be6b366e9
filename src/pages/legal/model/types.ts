/** One numbered part of a legal document: its anchor, heading and full text (HTML compiled from Markdown). */
export interface LegalSection {
  /** The anchor (`/privacy#cookies`), unique within the document. */
  id: string
  title: string
  html: string
}

/** A link to another document or page, shown under the text. */
export interface RelatedLink {
  to: string
  label: string
  description: string
}

/** A legal document's front matter (content/legal/<name>.md). */
export interface LegalMeta {
  /** The page's `h1` and document title. */
  title: string
  /** The meta description. */
  description: string
  /** One or two sentences under the title. */
  lead: string
  /** When the document last changed, as an ISO date. */
  updated: string
  related: readonly RelatedLink[]
  /** The closing call to action, a button to the contact page. */
  contactPrompt: string
}

/** A legal document as the Markdown loader compiles it. */
export interface LegalDocumentData {
  meta: LegalMeta
  sections: readonly LegalSection[]
}
