import type { FaqItem } from '@/shared/ui'
import type { AppDocLink, AppFeature, AppTab } from '@/widgets/app-shell'

export const APP_NAME = 'Reviews Compass'
export const BASE_PATH = '/apps/Reviews_Compass'
export const TRIAL_LINK = '/waitlist?product=reviews-compass'

export const TABS: AppTab[] = [
  { label: 'Overview', path: '' },
  { label: 'Features', path: 'features' },
  { label: 'Use Cases', path: 'use-cases' },
  { label: 'Sentiment', path: 'sentiment' },
  { label: 'Themes', path: 'themes' },
  { label: 'Benchmarking', path: 'benchmarking' },
  { label: 'Documentation', path: 'docs' },
  { label: 'Free Trial', path: 'trial' },
]

export const STEPS: AppFeature[] = [
  {
    title: 'Collect',
    text: 'Bring in reviews from marketplaces, app stores, review sites, support tickets and surveys, or upload a CSV. Duplicates and spam are removed on the way in.',
  },
  {
    title: 'Understand',
    text: 'Each review is split into the topics it mentions, and each topic gets its own sentiment, so “great screen, awful battery” counts as one of each.',
  },
  {
    title: 'Act',
    text: 'See which categories are rising or falling, which themes drive them, and how you compare with your market, with alerts when something changes.',
  },
]

export const FEATURES: AppFeature[] = [
  {
    title: 'Every source in one place',
    text: 'Marketplaces, app stores, review sites, support tickets and survey answers, merged and de-duplicated, in over 20 languages.',
  },
  {
    title: 'Sentiment per topic, not per review',
    text: 'A review that praises the product and criticises the delivery counts for both categories, so averages do not hide what customers actually said.',
  },
  {
    title: 'Categories that fit your business',
    text: 'Start with ready-made categories for your industry, then rename, merge or add your own; past reviews are re-scored automatically.',
  },
  {
    title: 'Themes found for you',
    text: 'Recurring subjects inside each category are grouped into themes with example quotes, so you see why sentiment moved, not only that it did.',
  },
  {
    title: 'Benchmarks against your market',
    text: 'Compare each category with the industry average and with named competitors, using their public reviews.',
  },
  {
    title: 'Alerts that matter',
    text: 'Get a message when a category drops, a new theme appears or a review needs a reply, in e-mail or Slack.',
  },
  {
    title: 'Evidence with every number',
    text: 'Every percentage opens the reviews behind it, so a figure in a meeting can always be checked.',
  },
  {
    title: 'Exports and API',
    text: 'Download any view as CSV, or read the same figures through the API to put them in your own dashboards.',
  },
]

export interface UseCase {
  title: string
  challenge: string
  approach: string
  outcome: string
}

export const USE_CASES: UseCase[] = [
  {
    title: 'Online retailers',
    challenge: 'Thousands of product reviews across several marketplaces, and no way to tell a product problem from a delivery problem.',
    approach: 'Reviews Compass separates product quality from shipping, packaging and returns in every review, per product and per marketplace.',
    outcome: 'Merchandising sees which products need attention; operations sees which carriers and warehouses do.',
  },
  {
    title: 'Software and app teams',
    challenge: 'App-store reviews, support tickets and survey comments each tell part of the story, and release decisions are made on anecdotes.',
    approach: 'All three sources are merged, and sentiment is tracked per feature and per release, with themes showing what changed.',
    outcome: 'Product managers see within days whether a release improved what it set out to, and which bugs customers notice most.',
  },
  {
    title: 'Hotels and hospitality',
    challenge: 'Guests review cleanliness, staff, location and value in one paragraph, across booking sites with different rating scales.',
    approach: 'Each aspect gets its own sentiment, normalised across sources, and compared with nearby properties.',
    outcome: 'Managers know which property and which aspect to fix first, and can show the improvement to the owners.',
  },
  {
    title: 'Consumer-electronics brands',
    challenge: 'Sales channels are many, product lines are long, and competitors launch every month.',
    approach: 'Benchmarking compares each product line with its closest competitors, category by category, from public reviews.',
    outcome: 'Product and marketing teams agree on strengths to advertise and weaknesses to fix, with evidence for both.',
  },
]

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

export const IMPORT_COLUMNS: { name: string; required: boolean; description: string }[] = [
  { name: 'review_id', required: true, description: 'Your identifier for the review; used to skip duplicates.' },
  { name: 'date', required: true, description: 'When the review was written, as YYYY-MM-DD.' },
  { name: 'text', required: true, description: 'The review itself, in any supported language.' },
  { name: 'rating', required: false, description: 'The star rating, if the source has one (1 to 5).' },
  { name: 'source', required: false, description: 'Where it came from, e.g. marketplace, app store or survey.' },
  { name: 'product', required: false, description: 'The product or location the review is about.' },
]

export const DOCS: AppDocLink[] = [
  {
    label: 'Introduction',
    to: '/docs/getting-started/introduction',
    description: 'The platform Reviews Compass is built on, and how its agents work.',
  },
  {
    label: 'Quick Start',
    to: '/docs/getting-started/quickstart',
    description: 'Create an account, connect a first source and read your first dashboard.',
  },
  {
    label: 'API authentication',
    to: '/docs/api-reference/authentication',
    description: 'Sign in to the API before reading figures or uploading reviews.',
  },
  {
    label: 'API endpoints',
    to: '/docs/api-reference/endpoints',
    description: 'Every endpoint with its payloads, answers and errors.',
  },
  {
    label: 'Rate limits',
    to: '/docs/api-reference/rate-limits',
    description: 'How many requests you can make, and what happens beyond that.',
  },
  {
    label: 'Permission controls',
    to: '/docs/guides/permission-controls',
    description: 'Decide who may connect sources, change categories and export data.',
  },
]

export const TRIAL_FAQ: FaqItem[] = [
  {
    question: 'When does the free trial start?',
    answer:
      'Trials open with early access in June 2025. Request yours now and we will e-mail you when your workspace is ready; the 14 days start when you first sign in.',
  },
  {
    question: 'Do I need a credit card?',
    answer: 'No. The trial is free and ends on its own; you choose a plan only if you want to continue.',
  },
  {
    question: 'What happens to my data after the trial?',
    answer:
      'Your workspace is kept for 30 days after the trial, so you can pick up where you left off. After that it is deleted, unless you ask us to delete it sooner.',
  },
  {
    question: 'Can I try it with my own reviews?',
    answer:
      'Yes. Upload a CSV of up to 5,000 reviews or connect a source; the trial includes every feature, benchmarking included.',
  },
]
