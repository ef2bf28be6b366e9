import cookies from '@content/legal/cookies.md'
import { LegalDocument } from './LegalDocument'

/** /cookies: the Cookie Policy. */
export const CookiesPage = () => <LegalDocument document={cookies} />
