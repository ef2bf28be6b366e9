import type { FaqItem } from '@/shared/ui'
import type { Integration } from '@/entities/integration'
import type { PricingTier } from '@/entities/pricing-tier'
import type { AppDocLink, AppFeature, AppTab } from '@/widgets/app-shell'

export const APP_NAME = 'Intelligence Platform'
export const BASE_PATH = '/apps/intelligence-platform'

export const TABS: AppTab[] = [
  { label: 'Overview', path: '' },
  { label: 'Features', path: 'features' },
  { label: 'Pricing', path: 'pricing' },
  { label: 'Integrations', path: 'integrations' },
  { label: 'Documentation', path: 'docs' },
]

/** The three ideas of the platform, each an anchor on the overview. */
export const PILLARS: (AppFeature & { id: string })[] = [
  {
    id: 'orchestration',
    title: 'Intelligent orchestration',
    text: 'Overseer Core reads every request, decides what kind of work it is and routes it through the right agent loops. It tracks each stage, streams progress to you, and is the only part of the system allowed to move work forward, so no step can skip a gate.',
    points: [
      'Requests classified as conversation, change or new build',
      'Live progress for all seven stages, from classification to delivery',
      'Every step and its token cost written to the audit log',
    ],
  },
  {
    id: 'modular',
    title: 'Modular architecture',
    text: 'The work is split among contained modules: the Clarification Loop, the File Structure Planner, the DevLoop Matrix and the Assembly Agent. Each sees only what it needs, runs code only in sandboxes, and hands its result on through a defined interface, so a failure stays where it happened.',
    points: [
      'Modules isolated from each other and from your machine',
      'Swap the model behind a module without touching the others',
      'An architecture canvas that shows how every module connects',
    ],
  },
  {
    id: 'recursive',
    title: 'Recursive improvement',
    text: 'Every module reviews its own output and tries again until it meets the bar: briefs are probed for gaps, plans are checked for overlaps, code is tested and debugged in loops. Work is handed on only when it is done, not when a first draft exists.',
    points: [
      'Development and QA agents iterate until the tests pass',
      'Iteration limits that stop and ask instead of lowering the bar',
      'Reviews that learn your project’s conventions',
    ],
  },
]

export const FEATURES: AppFeature[] = [
  {
    title: 'Approval gates you define',
    text: 'Choose which planning, development and deployment changes need a person. Significant changes wait in the queue with the evidence needed to decide; nothing is executed without explicit permission.',
  },
  {
    title: 'Requirement clarification',
    text: 'Before anything is built, the Clarification Loop asks the questions that matter and turns a rough request into a brief with acceptance criteria.',
  },
  {
    title: 'Planned file structure',
    text: 'The File Structure Planner lays out every file, its responsibility and its dependencies, so many agents can work at once without colliding.',
  },
  {
    title: 'Tested code, not drafts',
    text: 'In the DevLoop Matrix, development, QA and debugger agents loop in sandboxed containers until every test passes and the review accepts the result.',
  },
  {
    title: 'Assembled and packaged',
    text: 'The Assembly Agent integrates the pieces, runs the full suite in a clean container and delivers an archive or a branch with a README.',
  },
  {
    title: 'Architect Suite for your team',
    text: 'A dashboard of running builds, live orchestration, test results, agent logs and the approval queue, each behind its own permission.',
  },
  {
    title: 'Your choice of model',
    text: 'Pick the model for each session from the supported providers, with its capabilities and cost per thousand tokens shown before you start.',
  },
  {
    title: 'Cost you can see',
    text: 'Token use is reported per stage and per iteration, so you know what each build cost and where the effort went.',
  },
]

export const TIERS: PricingTier[] = [
  {
    name: 'Developer',
    price: '$99',
    period: '/month',
    description: 'For an individual developer building with the full pipeline.',
    features: [
      '1 user',
      'The full pipeline: clarification, planning, DevLoop Matrix and assembly',
      'Planning, development and deployment approval gates',
      'Downloadable project archives',
      'Email support',
    ],
    buttonText: 'Join the Developer waitlist',
    buttonLink: '/waitlist?plan=developer',
    isPopular: false,
  },
  {
    name: 'Team',
    price: '$299',
    period: '/month',
    description: 'For a team that shares builds, reviews and approvals.',
    features: [
      'Up to 5 team members',
      'Everything in Developer',
      'Shared approval queue with per-person permissions',
      'Architect Suite: dashboard, logs, testing and approvals',
      'GitHub, VS Code, Slack and Jira integrations',
      'Priority support',
    ],
    buttonText: 'Join the Team waitlist',
    buttonLink: '/waitlist?plan=team',
    isPopular: true,
  },
  {
    name: 'Enterprise',
    price: 'Custom',
    description: 'For organisations with their own security, compliance and scale needs.',
    features: [
      'Unlimited team members',
      'Single sign-on and custom permission roles',
      'Private cloud or self-hosted deployment',
      'Your own models and data-retention rules',
      'Dedicated success engineer and an SLA',
    ],
    buttonText: 'Contact Sales',
    buttonLink: '/contact?product=enterprise',
    isPopular: false,
  },
]

export const PRICING_FAQ: FaqItem[] = [
  {
    question: 'When can I start using the platform?',
    answer:
      'Early access opens in June 2025, a beta follows in July and August, and the full release is planned for September 2025. Joining the waitlist with a plan reserves your place for that plan.',
  },
  {
    question: 'Do I pay anything while I am on the waitlist?',
    answer: 'No. You are not charged until you start using the platform, and you can change or cancel your plan before then.',
  },
  {
    question: 'What counts as a team member?',
    answer:
      'Anyone who signs in to your workspace: people who start builds, review code or decide on approvals. The Team plan includes up to five.',
  },
  {
    question: 'Are model costs included?',
    answer:
      'Plans include a monthly allowance of model usage that covers typical builds. Token use is shown per stage, so you always see what a build used before you reach the allowance.',
  },
]

export const INTEGRATIONS: Integration[] = [
  {
    id: 'github',
    name: 'GitHub',
    description:
      'Connect a repository so agents read your existing code and conventions, and deliver finished work as a branch with a pull request, never a direct push to your main branch.',
    link: 'https://github.com',
  },
  {
    id: 'vscode',
    name: 'VS Code',
    description:
      'Start builds, answer clarification questions and review diffs without leaving your editor. Approvals you make in the extension land in the same queue as the Architect Suite.',
    link: 'https://code.visualstudio.com',
  },
  {
    id: 'slack',
    name: 'Slack',
    description:
      'Get a message when a build needs a decision, with the summary and evidence attached, and follow progress in a channel per project.',
    link: 'https://slack.com',
  },
  {
    id: 'jira',
    name: 'Jira',
    description:
      'Turn an issue into a build request with its description and acceptance criteria, and have the result, its tests and its approvals linked back to the issue.',
    link: 'https://www.atlassian.com/software/jira',
  },
]

export const DOCS: AppDocLink[] = [
  {
    label: 'Introduction',
    to: '/docs/getting-started/introduction',
    description: 'What the platform is, the modules it is made of and how a request becomes a project.',
  },
  {
    label: 'Quick Start',
    to: '/docs/getting-started/quickstart',
    description: 'From sign-in to your first approved build, step by step.',
  },
  {
    label: 'Architecture',
    to: '/docs/getting-started/architecture',
    description: 'How Overseer Core, the loops and the approval gates fit together.',
  },
  {
    label: 'Overseer Core',
    to: '/docs/core-modules/overseer-core',
    description: 'Classification, routing, progress events and the gates the core enforces.',
  },
  {
    label: 'Permission controls',
    to: '/docs/guides/permission-controls',
    description: 'Choose which changes need a person, and who may decide them.',
  },
  {
    label: 'API authentication',
    to: '/docs/api-reference/authentication',
    description: 'Sign in to the API and keep your session secure.',
  },
  {
    label: 'API endpoints',
    to: '/docs/api-reference/endpoints',
    description: 'Every endpoint, its payload, its answers and its errors.',
  },
  {
    label: 'Rate limits',
    to: '/docs/api-reference/rate-limits',
    description: 'How many requests each endpoint accepts, and what happens beyond that.',
  },
]
