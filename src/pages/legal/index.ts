// Each document is a chunk of its own: a visitor reading the privacy policy downloads only its text.
export const loadPrivacyPage = async () => (await import(/* webpackChunkName: "page-privacy" */ './ui/PrivacyPage')).PrivacyPage
export const loadTermsPage = async () => (await import(/* webpackChunkName: "page-terms" */ './ui/TermsPage')).TermsPage
export const loadDataProcessingPage = async () =>
  (await import(/* webpackChunkName: "page-data-processing" */ './ui/DataProcessingPage')).DataProcessingPage
export const loadCookiesPage = async () => (await import(/* webpackChunkName: "page-cookies" */ './ui/CookiesPage')).CookiesPage
