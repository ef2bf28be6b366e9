import type { FaqItem } from '@/shared/ui'
import type { Integration } from '@/entities/integration'
import type { PricingTier } from '@/entities/pricing-tier'
import type { AppDocLink, AppFeature, AppTab } from '@/widgets/app-shell'

export const APP_NAME = 'Research Tools'
export const BASE_PATH = '/apps/research-tools'

export const TABS: AppTab[] = [
  { label: 'Overview', path: '' },
  { label: 'Features', path: 'features' },
  { label: 'Pricing', path: 'pricing' },
  { label: 'Integrations', path: 'integrations' },
  { label: 'Documentation', path: 'docs' },
]

/** The three research agents, each an anchor on the overview. */
export const TOOLS: (AppFeature & { id: string })[] = [
  {
    id: 'clarification',
    title: 'Requirement clarification',
    text: 'Start from a sentence, a meeting note or a customer request. The clarification agent separates goals from constraints and unknowns, and asks you the few questions that decide the outcome, each with the reason it matters and a sensible default.',
    points: [
      'Goals, constraints and open questions pulled apart',
      'Questions ranked by how much the answer changes the result',
      'A structured brief with acceptance criteria at the end',
    ],
  },
  {
    id: 'prober',
    title: 'Assumption prober',
    text: 'The prober agent reads your brief the way a sceptical reviewer would. It lists the assumptions you are making, the edge cases nobody has mentioned and the requirements that contradict each other, so they are settled before anyone builds.',
    points: [
      'Hidden assumptions listed and marked confirmed or open',
      'Edge cases for errors, scale, security and accessibility',
      'Conflicting requirements flagged with both sources quoted',
    ],
  },
  {
    id: 'market',
    title: 'Market analysis',
    text: 'The market agent puts your idea in context: comparable products, how they price, what their users praise and complain about, and where the gap is. Every claim comes with its source, so you can check it.',
    points: [
      'Comparable products and their positioning',
      'Pricing models and typical price points',
      'Gaps and opportunities, with sources for every claim',
    ],
  },
]

export const FEATURES: AppFeature[] = [
  {
    title: 'Briefs that builders can use',
    text: 'Every research session ends in a brief: goals, scope, constraints, acceptance criteria and the decisions taken, ready to hand to a team or to the Intelligence Platform.',
  },
  {
    title: 'Questions worth answering',
    text: 'The clarification agent asks only what changes the result, a few questions at a time, and accepts “use the default” as an answer.',
  },
  {
    title: 'A reviewer that never tires',
    text: 'The prober checks every version of the brief again, so a change made late in the session cannot quietly break an earlier decision.',
  },
  {
    title: 'Sourced market context',
    text: 'Competitor features, pricing and user sentiment, each linked to where it was found, with the date it was checked.',
  },
  {
    title: 'Shared workspaces',
    text: 'Work on a brief together: comments, suggested answers and a history of every decision and who made it.',
  },
  {
    title: 'Exports that fit your tools',
    text: 'Send the finished brief to Jira as issues, to Notion or Google Docs as a document, or download it as Markdown.',
  },
  {
    title: 'Your approval before anything leaves',
    text: 'Nothing is posted to another tool or shared outside the workspace until you approve it, the same permission model as the rest of the platform.',
  },
  {
    title: 'Straight into a build',
    text: 'When the brief is ready, the Intelligence Platform can take it from there: planning, development, testing and assembly, with your gates in place.',
  },
]

export const TIERS: PricingTier[] = [
  {
    name: 'Basic',
    price: '$49',
    period: '/month',
    description: 'For one person turning ideas into clear, checked briefs.',
    features: [
      '1 user',
      'Requirement clarification and assumption probing',
      '20 research briefs a month',
      'Markdown and PDF export',
      'Email support',
    ],
    buttonText: 'Join the Basic waitlist',
    buttonLink: '/waitlist?product=research-basic',
    isPopular: false,
  },
  {
    name: 'Professional',
    price: '$149',
    period: '/month',
    description: 'For product teams who research, decide and hand over together.',
    features: [
      'Up to 5 team members',
      'Everything in Basic',
      'Market analysis with sourced competitor research',
      'Unlimited research briefs',
      'Jira, Notion, Slack and Google integrations',
      'Shared workspace with decision history',
    ],
    buttonText: 'Join the Professional waitlist',
    buttonLink: '/waitlist?product=research-pro',
    isPopular: true,
  },
  {
    name: 'Enterprise',
    price: 'Custom',
    description: 'For research and product organisations with their own data and compliance needs.',
    features: [
      'Unlimited team members',
      'Single sign-on and custom roles',
      'Your own market data sources',
      'Data residency and retention controls',
      'Dedicated research success manager',
    ],
    buttonText: 'Contact Sales',
    buttonLink: '/contact?product=research-enterprise',
    isPopular: false,
  },
]

export const PRICING_FAQ: FaqItem[] = [
  {
    question: 'What is a research brief?',
    answer:
      'One research session from a starting request to a finished brief, however many rounds of questions it takes. Drafts you abandon do not count.',
  },
  {
    question: 'When do the plans start?',
    answer:
      'Early access opens in June 2025. Joining the waitlist with a plan reserves your place; you are not charged until you start using the tools.',
  },
  {
    question: 'Can I move a brief to the Intelligence Platform?',
    answer:
      'Yes. A finished brief can be handed to the Intelligence Platform as the start of a build, with the clarification already done.',
  },
  {
    question: 'Where does market data come from?',
    answer:
      'From public sources: product sites, pricing pages, documentation, reviews and press. Each claim links to its source. Enterprise plans can add their own data sources.',
  },
]

export const INTEGRATIONS: Integration[] = [
  {
    id: 'jira',
    name: 'Jira',
    description:
      'Start a session from an issue and send the finished brief back as an epic with stories and acceptance criteria, linked to the research that produced them.',
    link: 'https://www.atlassian.com/software/jira',
  },
  {
    id: 'notion',
    name: 'Notion',
    description:
      'Import notes and specs as starting material, and publish finished briefs and market analyses to a Notion page your team already reads.',
    link: 'https://www.notion.so',
  },
  {
    id: 'slack',
    name: 'Slack',
    description:
      'Answer clarification questions from a thread, get notified when the prober finds a conflict, and share a brief’s summary with a channel.',
    link: 'https://slack.com',
  },
  {
    id: 'google',
    name: 'Google Workspace',
    description:
      'Read source material from Google Docs and Drive, and export briefs to Docs and market comparisons to Sheets.',
    link: 'https://workspace.google.com',
  },
]

export const DOCS: AppDocLink[] = [
  {
    label: 'Introduction',
    to: '/docs/getting-started/introduction',
    description: 'The platform, its modules and where the research tools fit.',
  },
  {
    label: 'Clarification Loop',
    to: '/docs/core-modules/clarification-loop',
    description: 'How questions are chosen, how the prober reviews a brief and when the loop ends.',
  },
  {
    label: 'Intent clarification guide',
    to: '/docs/guides/intent-clarification',
    description: 'Write requests that need fewer questions, and answer questions well.',
  },
  {
    label: 'Quick Start',
    to: '/docs/getting-started/quickstart',
    description: 'Your first research session, from request to brief.',
  },
  {
    label: 'Permission controls',
    to: '/docs/guides/permission-controls',
    description: 'Decide what may be shared or exported, and who approves it.',
  },
  {
    label: 'API endpoints',
    to: '/docs/api-reference/endpoints',
    description: 'Every endpoint of the API, with payloads, answers and errors.',
  },
]
