export type NewsletterLayout = 'horizontal' | 'vertical'
export type NewsletterVariant = 'default' | 'card' | 'minimal'

export interface NewsletterOptions {
  title?: string
  description?: string
  buttonText?: string
  placeholder?: string
  layout?: NewsletterLayout
  variant?: NewsletterVariant
  className?: string
  /** Called with the subscribed address after a success. */
  onSuccess?: (email: string) => void
  /** Called after a failure. */
  onError?: (error: unknown) => void
}

export const NEWSLETTER_DEFAULTS = {
  title: 'Stay Updated',
  description: 'Subscribe to our newsletter for the latest insights and updates.',
  buttonText: 'Subscribe',
  placeholder: 'Your email address',
} as const

export const NEWSLETTER_TEXTS = {
  submitting: 'Subscribing...',
  success: 'Thank you for subscribing!',
  successDetail: "We'll send the latest insights and updates to your inbox.",
  again: 'Subscribe another email',
  failure: 'Failed to subscribe. Please try again later.',
} as const
