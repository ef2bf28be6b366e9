/** A plan on a pricing page. */
export interface PricingTier {
  name: string
  /** The amount, e.g. '$99', or 'Custom'. */
  price: string
  /** What the amount is per, e.g. '/month'; none for a custom price. */
  period?: string
  description: string
  features: string[]
  buttonText: string
  /** Where the plan's button leads, e.g. '/waitlist?plan=team'. */
  buttonLink: string
  isPopular: boolean
}
