export { PricingTiers } from './ui/PricingTiers'
export type { PricingTier } from './model/types'
