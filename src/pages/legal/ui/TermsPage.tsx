import terms from '@content/legal/terms.md'
import { LegalDocument } from './LegalDocument'

/** /terms: the Terms of Service. */
export const TermsPage = () => <LegalDocument document={terms} />
