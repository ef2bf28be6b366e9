import type { ModelInfo } from '@/entities/ai-model'

/** Public pricing pages of providers the server may name without a `pricingUrl`. */
const KNOWN_PRICING: Record<string, string> = {
  openai: 'https://openai.com/api/pricing/',
  anthropic: 'https://www.anthropic.com/pricing',
  mistral: 'https://mistral.ai/pricing',
  'overseer labs': '/apps/intelligence-platform/pricing',
}

/** The provider's public pricing page: the server's `pricingUrl` (http(s) only), else a known one. */
export const pricingUrlOf = (model: ModelInfo): string | undefined => {
  if (model.pricingUrl && /^https?:\/\//i.test(model.pricingUrl)) return model.pricingUrl
  return KNOWN_PRICING[model.provider.trim().toLowerCase()]
}

export const formatCost = (cost: number | null): string =>
  cost === null ? 'Not published' : cost === 0 ? 'Free ($0 per 1,000 tokens)' : `$${cost.toFixed(4).replace(/0{1,2}$/, '')} per 1,000 tokens`
