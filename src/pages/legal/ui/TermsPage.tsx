import { TERMS_OF_SERVICE } from '../config/terms'
import { LegalDocument } from './LegalDocument'

/** /terms: the Terms of Service. */
export const TermsPage = () => <LegalDocument document={TERMS_OF_SERVICE} />
