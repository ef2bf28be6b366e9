/** Where Reviews Compass lives; its sub-pages are child routes of it (src/app/routes). */
export const BASE_PATH = '/apps/Reviews_Compass'

export interface Theme {
  theme: string
  category: string
  mentions: number
  sentiment: number
  change: number
  quote: string
}

/** Sample themes found in the demo brand's reviews. */
export const SAMPLE_THEMES: Theme[] = [
  {
    theme: 'Battery life',
    category: 'Product Quality',
    mentions: 412,
    sentiment: 0.71,
    change: 0.09,
    quote: 'After the update the battery easily lasts two days, which it never did before.',
  },
  {
    theme: 'Setup in minutes',
    category: 'Ease of Use',
    mentions: 366,
    sentiment: 0.93,
    change: 0.03,
    quote: 'Out of the box and connected to my phone in under five minutes, no manual needed.',
  },
  {
    theme: 'Late deliveries',
    category: 'Shipping & Delivery',
    mentions: 281,
    sentiment: 0.22,
    change: -0.11,
    quote: 'Promised in two days, arrived in six, and tracking showed nothing for most of it.',
  },
  {
    theme: 'Helpful chat support',
    category: 'Customer Service',
    mentions: 254,
    sentiment: 0.84,
    change: 0.02,
    quote: 'The agent on chat solved my pairing issue in one go and followed up the next day.',
  },
  {
    theme: 'Worth the price',
    category: 'Price & Value',
    mentions: 233,
    sentiment: 0.79,
    change: 0.05,
    quote: 'Not the cheapest, but it does more than the ones that cost twice as much.',
  },
  {
    theme: 'Slow refunds',
    category: 'Returns & Refunds',
    mentions: 118,
    sentiment: 0.31,
    change: -0.04,
    quote: 'The return was accepted quickly, but the refund took three weeks to reach my card.',
  },
]

export interface BenchmarkRow {
  category: string
  you: number
  industry: number
  leader: number
}

/** The demo brand against the category average and the best-rated competitor. */
export const SAMPLE_BENCHMARK: BenchmarkRow[] = [
  { category: 'Product Quality', you: 0.82, industry: 0.76, leader: 0.85 },
  { category: 'Ease of Use', you: 0.87, industry: 0.74, leader: 0.81 },
  { category: 'Customer Service', you: 0.74, industry: 0.69, leader: 0.79 },
  { category: 'Price & Value', you: 0.68, industry: 0.71, leader: 0.73 },
  { category: 'Shipping & Delivery', you: 0.61, industry: 0.7, leader: 0.78 },
  { category: 'Returns & Refunds', you: 0.55, industry: 0.62, leader: 0.71 },
]
