import { COOKIE_POLICY } from '../config/cookies'
import { LegalDocument } from './LegalDocument'

/** /cookies: the Cookie Policy. */
export const CookiesPage = () => <LegalDocument document={COOKIE_POLICY} />
