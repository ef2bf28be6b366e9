import privacy from '@content/legal/privacy.md'
import { LegalDocument } from './LegalDocument'

/** /privacy: the Privacy Policy. */
export const PrivacyPage = () => <LegalDocument document={privacy} />
