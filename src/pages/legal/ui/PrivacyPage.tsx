import { PRIVACY_POLICY } from '../config/privacy'
import { LegalDocument } from './LegalDocument'

/** /privacy: the Privacy Policy. */
export const PrivacyPage = () => <LegalDocument document={PRIVACY_POLICY} />
