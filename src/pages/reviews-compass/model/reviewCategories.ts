/** Sample figures for one category of customer reviews. */
export interface ReviewCategoryStat {
  id: string
  category: string
  /** Reviews in the category over the last 30 days. */
  count: number
  /** Share of positive sentiment, 0 to 1. */
  sentiment: number
  /** Change in sentiment against the 30 days before, as a signed fraction (0.04 is up 4 points). */
  change: number
}

/** The demo dashboard's sample data: a consumer-electronics brand's reviews over 30 days. */
export const SAMPLE_REVIEW_CATEGORIES: ReviewCategoryStat[] = [
  { id: 'product-quality', category: 'Product Quality', count: 1284, sentiment: 0.82, change: 0.04 },
  { id: 'ease-of-use', category: 'Ease of Use', count: 947, sentiment: 0.874, change: 0.06 },
  { id: 'customer-service', category: 'Customer Service', count: 856, sentiment: 0.736, change: -0.02 },
  { id: 'price-value', category: 'Price & Value', count: 731, sentiment: 0.68, change: 0.03 },
  { id: 'shipping', category: 'Shipping & Delivery', count: 642, sentiment: 0.613, change: -0.05 },
  { id: 'returns', category: 'Returns & Refunds', count: 298, sentiment: 0.55, change: 0 },
]

/** How long the demo takes to "load" its data. */
export const SENTIMENT_DEMO_DELAY_MS = 800
