export interface CaseStudy {
  /** Stable id: the study's anchor on the page (/case-studies#{id}). */
  id: string
  customer: string
  /** Must match the company of the customer's testimonial, if any. */
  industry: string
  size: string
  pilot: string
  modules: readonly string[]
  headline: string
  challenge: readonly string[]
  approach: readonly string[]
  results: readonly { figure: string; label: string }[]
  outcome: string
}

export const CASE_STUDIES: readonly CaseStudy[] = [
  {
    id: 'northwind-analytics',
    customer: 'Northwind Analytics',
    industry: 'B2B analytics software',
    size: 'About 120 employees, 35 engineers',
    pilot: 'February to April 2025',
    modules: ['Analysis Loop', 'File Structure Planner', 'DevLoop Matrix'],
    headline: 'Data connectors from a one-paragraph request to a reviewed pull request in under two days',
    challenge: [
      'Northwind sells dashboards that pull data from dozens of third-party tools. Each new connector started as a one-paragraph request from sales and took a week or more of back-and-forth before an engineer could start: which endpoints, which fields, how to page, what to do on rate limits.',
      'The connector backlog had grown to more than forty requests, and the team that owned it was spending more time on specifications than on code.',
    ],
    approach: [
      'Northwind routed new connector requests through Overseer. The Analysis Loop turned each request into a brief, asking the requester only what could not be inferred from the vendor\'s API documentation, and the Market analysis agent flagged fields that comparable products expose by default.',
      'The product manager owned the planning gate; the engineering lead owned the development gate, so any new dependency or change outside the connector\'s folder needed her approval. The DevLoop Matrix built each connector against recorded API fixtures in the sandbox.',
    ],
    results: [
      { figure: '6 days → 1.5 days', label: 'median time from request to first reviewed pull request' },
      { figure: '14', label: 'connectors delivered during the pilot, 12 merged with minor edits only' },
      { figure: '83%', label: 'of the tests written by the QA agent kept in the final suites' },
    ],
    outcome: 'Northwind now uses Overseer for every new connector and plans to extend it to internal tooling during early access.',
  },
  {
    id: 'brightline-health',
    customer: 'Brightline Health',
    industry: 'Healthcare scheduling software',
    size: 'About 80 employees, 20 engineers',
    pilot: 'January to March 2025',
    modules: ['Overseer Core', 'DevLoop Matrix', 'Assembly Agent'],
    headline: 'Fewer regressions in a scheduling API, under strict change control',
    challenge: [
      'Brightline\'s appointment scheduling API serves clinics across three time zones. Small changes kept causing regressions (double bookings around daylight-saving transitions, reminders sent at the wrong hour) that reached staging before anyone noticed.',
      'Any tool touching the code base had to respect a strict change-control process: every change attributable to a named engineer, and no access to real patient data.',
    ],
    approach: [
      'Brightline used the DevLoop Matrix for bug fixes and small features. The QA agent was given the team\'s regression suite plus synthetic scheduling data, and added edge-case tests of its own around time zones and recurring appointments.',
      'All three gates were on. The deployment gate was mapped to Brightline\'s change advisory process, so an assembled change could only leave the sandbox after the on-call lead approved it. The sandbox never had network access or production credentials.',
    ],
    results: [
      { figure: '41%', label: 'fewer regressions reaching staging over the eight-week pilot' },
      { figure: '2.1 → 0.8 days', label: 'median cycle time for a bug fix, from report to approved change' },
      { figure: '100%', label: 'of changes with a named approver in the audit log' },
    ],
    outcome: 'Brightline\'s compliance lead reviewed the audit log rather than individual pull requests, and approved wider use for early access.',
  },
  {
    id: 'cobalt-logistics',
    customer: 'Cobalt Logistics',
    industry: 'Freight and logistics',
    size: 'About 400 employees, 12-person product team',
    pilot: 'March to May 2025',
    modules: ['Analysis Loop', 'File Structure Planner'],
    headline: 'Product discovery in weeks instead of a quarter, with no code for the ideas that did not hold up',
    challenge: [
      'Cobalt\'s product team had five candidate ideas for its carrier portal and capacity to build one or two. Turning each idea into something an engineering team could estimate usually took a quarter of workshops and documents.',
    ],
    approach: [
      'The team ran each idea through the Analysis Loop and the File Structure Planner only, stopping at the planning gate. The Clarification agent interviewed the product director asynchronously; the Market analysis agent compared each idea with what competing carrier portals already offered.',
      'Each run ended with a structured brief, a market summary, a file plan and an effort estimate, which the team reviewed together before deciding what to build.',
    ],
    results: [
      { figure: '2 weeks', label: 'to structure all five ideas, instead of a quarter' },
      { figure: '2 of 5', label: 'ideas dropped at the planning gate before any code was written' },
      { figure: '9 days', label: 'from approved plan to a working prototype of the chosen carrier portal feature' },
    ],
    outcome: 'Cobalt estimates that dropping two ideas early saved about ten engineer-weeks, and plans to use the same process for its next planning cycle.',
  },
  {
    id: 'harbor-financial',
    customer: 'Harbor Financial',
    industry: 'Financial services',
    size: 'About 900 employees, regulated by state and federal agencies',
    pilot: 'January to April 2025',
    modules: ['Overseer Core', 'Analysis Loop', 'DevLoop Matrix', 'Assembly Agent'],
    headline: 'Internal tools in days, with every deployment approved by a named person',
    challenge: [
      'Harbor\'s platform team receives a steady stream of requests for small internal tools: reconciliation reports, admin screens, data exports. Each one was low risk on its own but slow to deliver, because every change had to pass the same review and approval process as customer-facing software.',
    ],
    approach: [
      'Harbor ran Overseer on internal tooling only. Gates were assigned by role: team leads approved plans, senior engineers approved development changes, and only two named platform leads could approve deployments.',
      'Harbor\'s compliance team received read access to the Architect Suite\'s approvals and agent logs, so audit evidence came straight from the record of each build instead of being assembled after the fact.',
    ],
    results: [
      { figure: '3 weeks → 4 days', label: 'typical turnaround for an internal tool request' },
      { figure: '212', label: 'approval decisions recorded; no change was deployed without one' },
      { figure: '3 days → 4 hours', label: 'to prepare audit evidence for a quarterly review' },
    ],
    outcome: 'Harbor will extend its use to a second platform team during the beta in July and August 2025.',
  },
]
