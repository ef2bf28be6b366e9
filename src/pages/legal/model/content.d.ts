/** The legal documents (content/legal/<name>.md), compiled at build time by scripts/markdown. */
declare module '@content/legal/*' {
  import type { LegalDocumentData } from '@/pages/legal/model/types'

  const document: LegalDocumentData
  export default document
}
