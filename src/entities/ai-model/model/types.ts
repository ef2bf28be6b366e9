/** A model the assistant can use (spec section 3), with its name. */
export interface ModelInfo {
  name: string
  description: string
  /** US dollars per 1,000 tokens; null when unknown. */
  costPer1kTokens: number | null
  capabilities: string[]
  provider: string
  source: string
  /** The provider's public pricing page, when the server knows it. */
  pricingUrl?: string
}

export interface ModelCatalog {
  models: ModelInfo[]
  /** The server's default model. */
  currentModel: string | null
}
