export { NewsletterSignup } from './ui/NewsletterSignup'
export { NEWSLETTER_DEFAULTS, NEWSLETTER_TEXTS } from './model/options'
export type { NewsletterOptions, NewsletterLayout, NewsletterVariant } from './model/options'
