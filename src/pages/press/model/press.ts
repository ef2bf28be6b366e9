import { BRAND_NAME, CONTACT_EMAIL, POSTAL_ADDRESS, PRODUCT_NAME } from '@/shared/config'

/** The press desk: the contact address's mailbox `press` at the same domain. */
export const PRESS_EMAIL = `press@${CONTACT_EMAIL.slice(CONTACT_EMAIL.indexOf('@') + 1)}`

export interface PressRelease {
  /** Stable id: the release's anchor on the page (/press#{id}). */
  id: string
  date: string
  title: string
  subtitle: string
  body: readonly string[]
  quote: { text: string; name: string; role: string }
}

export const BOILERPLATE = `${BRAND_NAME} builds ${PRODUCT_NAME}, a modular, recursive system of AI agents that clarifies requirements, plans, writes, tests and assembles software, and never executes a significant change without explicit human permission. Founded in 2024 and based in San Francisco, ${BRAND_NAME} works with teams that want the speed of autonomous development with the control that real software demands.`

/** Newest first. */
export const PRESS_RELEASES: readonly PressRelease[] = [
  {
    id: 'early-access-dates',
    date: '2025-05-06',
    title: `${BRAND_NAME} sets dates for ${PRODUCT_NAME} early access, public beta and full release`,
    subtitle: 'Early access opens in June 2025, a public beta follows in July and August, and the full release is planned for September 2025.',
    body: [
      `SAN FRANCISCO, May 6, 2025. ${BRAND_NAME} today announced the release timeline for ${PRODUCT_NAME}, its permission-first system of recursive AI agents for software development. Early access opens in June 2025 for teams on the waitlist, invited in weekly groups. A public beta open to everyone on the waitlist runs through July and August 2025, and the full release, with published pricing and service levels, is planned for September 2025.`,
      `Early-access teams receive the complete pipeline: the Overseer Core orchestrator, the Analysis Loop for requirement clarification and market analysis, the File Structure Planner, the DevLoop Matrix in which development and QA agents iterate until tests pass, and the Assembly Agent. Approval gates for planning, development and deployment are on by default, and staff can review approvals, agent logs and token usage in the Architect Suite.`,
      `The announcement follows a private design-partner programme that began in January 2025, in which companies in analytics, healthcare, logistics and financial services used ${PRODUCT_NAME} on production work.`,
    ],
    quote: {
      text: 'Our design partners proved that teams will hand real work to agents, as long as nothing significant happens without a person saying yes. Early access is about doing that at a larger scale, carefully.',
      name: 'Elena Vasquez',
      role: `Co-founder and CEO, ${BRAND_NAME}`,
    },
  },
  {
    id: 'architecture-published',
    date: '2025-03-18',
    title: `${BRAND_NAME} publishes the ${PRODUCT_NAME} architecture and its three approval gates`,
    subtitle: 'A public description of how the system orchestrates agents, contains generated code and asks for permission.',
    body: [
      `SAN FRANCISCO, March 18, 2025. ${BRAND_NAME} today published a detailed description of the ${PRODUCT_NAME} architecture, including the four principles that govern it: recursive improvement, permissioned autonomy, containment-aware architecture and algebraic logic.`,
      `The architecture defines three kinds of approval gate. The planning gate holds a build until a person approves the clarified brief and the file plan; the development gate holds significant code changes such as new dependencies, schema changes or deletions; and the deployment gate holds anything that would leave the sandbox, from delivering a project archive to deploying it. Every decision is recorded with the approver and the time.`,
      `Generated code runs in sandboxes without network access or credentials, and each agent receives only the context its task requires, so that a failing agent cannot affect the rest of the pipeline.`,
    ],
    quote: {
      text: 'Permission is not a setting you can forget to turn on. In Overseer it is part of the architecture: the only way out of the sandbox runs through a human decision.',
      name: 'Rahul Mehta',
      role: `Co-founder and CTO, ${BRAND_NAME}`,
    },
  },
  {
    id: 'company-launch',
    date: '2025-01-14',
    title: `${BRAND_NAME} launches to make autonomous software development trustworthy`,
    subtitle: `The company introduces ${PRODUCT_NAME} and opens a design-partner programme for teams that want AI agents with human approval built in.`,
    body: [
      `SAN FRANCISCO, January 14, 2025. ${BRAND_NAME} today emerged from stealth and introduced ${PRODUCT_NAME}, a modular, recursive system of AI agents that clarifies vague requirements, plans a project's file structure, writes, tests and debugs the code, and assembles the result, while holding every significant change for explicit human approval.`,
      `Rather than relying on a single model, ${PRODUCT_NAME} divides the work among specialised agents that check one another: one agent writes the code and a separate QA agent tries to break it, and both loop until the tests pass. An orchestrator, the Overseer Core, coordinates the agents and enforces approval gates.`,
      `${BRAND_NAME} also opened applications for a design-partner programme running through spring 2025. Partners use ${PRODUCT_NAME} on real projects with direct support from the team, and shape the product ahead of early access.`,
    ],
    quote: {
      text: 'AI can already write code. What it cannot do on its own is know when to stop and ask. That is the problem we started this company to solve.',
      name: 'Elena Vasquez',
      role: `Co-founder and CEO, ${BRAND_NAME}`,
    },
  },
]

export const BRAND_FACTS: readonly { term: string; value: string }[] = [
  { term: 'Company', value: BRAND_NAME },
  { term: 'Product', value: PRODUCT_NAME },
  { term: 'Founded', value: '2024' },
  { term: 'Headquarters', value: `${POSTAL_ADDRESS.street}, ${POSTAL_ADDRESS.city}, ${POSTAL_ADDRESS.country}` },
  { term: 'Founders', value: 'Elena Vasquez (CEO) and Rahul Mehta (CTO)' },
  { term: 'What it does', value: 'AI development orchestration: recursive agents that build software, with human approval gates for planning, development and deployment' },
  { term: 'Availability', value: 'Early access June 2025; public beta July to August 2025; full release September 2025' },
]

export const BRAND_COLOURS: readonly { name: string; hex: string; use: string }[] = [
  { name: 'Midnight', hex: '#0F172A', use: 'Backgrounds, the logo tile, body text' },
  { name: 'Indigo', hex: '#6366F1', use: 'Accents, links and highlights' },
  { name: 'Lavender', hex: '#818CF8', use: 'The logo ring, accents on dark backgrounds' },
  { name: 'Snow', hex: '#F8FAFC', use: 'Text and the logo core on dark backgrounds' },
]
