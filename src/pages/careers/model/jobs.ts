export interface Job {
  /** Stable id: the role's address is /careers/{id}. */
  id: string
  title: string
  team: string
  location: string
  type: 'Full-time' | 'Part-time' | 'Contract'
  summary: string
  responsibilities: readonly string[]
  requirements: readonly string[]
  niceToHave: readonly string[]
}

export const JOBS: readonly Job[] = [
  {
    id: 'senior-agent-systems-engineer',
    title: 'Senior Agent Systems Engineer',
    team: 'Overseer Core',
    location: 'San Francisco or remote (US and Canada)',
    type: 'Full-time',
    summary:
      'Build the orchestrator that classifies every request, composes the agent pipeline and enforces the approval gates. You will own how work moves between modules and how the system recovers when a loop fails.',
    responsibilities: [
      'Design and build the Overseer Core\'s pipeline engine: stage scheduling, budgets, retries and escalation',
      'Make every approval gate airtight, so no significant change can bypass a recorded human decision',
      'Define the typed contracts (brief, file plan, change set) that modules exchange',
      'Instrument every stage with progress events, agent logs and token accounting',
      'Work with the DevLoop and Analysis teams on the interfaces between their loops and the Core',
    ],
    requirements: [
      '6+ years building backend or distributed systems in production',
      'Strong TypeScript or another typed language, and a habit of modelling state explicitly',
      'Experience with job queues, workflow engines or schedulers, and their failure modes',
      'Hands-on work with LLM APIs, including prompt design and evaluating output quality',
      'Clear written communication: you will write design docs that others build from',
    ],
    niceToHave: [
      'Experience with socket.io or other realtime transports at scale',
      'Background in formal methods, type theory or functional programming',
      'Familiarity with PostgreSQL internals and Redis-backed queues',
    ],
  },
  {
    id: 'ml-engineer-evaluation',
    title: 'Machine Learning Engineer, Evaluation',
    team: 'DevLoop Matrix',
    location: 'Remote (Americas or Europe)',
    type: 'Full-time',
    summary:
      'Measure and improve how well the Development and QA agents work together. You will build the evaluation harness that tells us whether a change to a prompt, model or loop actually makes delivered code better.',
    responsibilities: [
      'Build and maintain benchmark suites of real-world build requests with verified reference outcomes',
      'Measure pass rates, iteration counts, token cost and regressions for every agent change',
      'Design the QA agent\'s strategies for generating edge-case tests and reporting failures',
      'Run experiments comparing models and providers behind the same agent interface',
      'Publish internal reports that turn results into clear decisions',
    ],
    requirements: [
      '3+ years in applied machine learning, with a focus on evaluation or experimentation',
      'Fluent Python and solid statistics: you know when a difference is noise',
      'Experience evaluating code generation or other LLM output at scale',
      'Comfort reading and writing production code in at least one other language',
    ],
    niceToHave: [
      'Contributions to public code-generation benchmarks',
      'Experience with sandboxed code execution',
      'Background in software testing or property-based testing',
    ],
  },
  {
    id: 'senior-frontend-engineer-architect-suite',
    title: 'Senior Frontend Engineer, Architect Suite',
    team: 'Architect Suite',
    location: 'Remote (US or Europe)',
    type: 'Full-time',
    summary:
      'Build the staff console where teams watch their agents work, approve gates, read the logs and design their pipelines on the architecture canvas.',
    responsibilities: [
      'Own the approvals, logs and orchestration screens of the Architect Suite end to end',
      'Build the architecture canvas: an editable, keyboard-accessible diagram of modules and connections',
      'Stream live progress and token-usage data into clear, fast interfaces',
      'Keep the product accessible (WCAG 2.1 AA) and fast on modest hardware',
      'Shape our frontend architecture and review the code of others',
    ],
    requirements: [
      '5+ years building complex web applications with React and TypeScript',
      'Deep knowledge of state management (Redux Toolkit or similar) and data fetching',
      'A track record of accessible, keyboard-friendly interfaces',
      'Experience with realtime data in the browser (WebSockets or server-sent events)',
    ],
    niceToHave: [
      'Experience with React Flow, D3 or other diagramming libraries',
      'Feature-Sliced Design or another explicit frontend architecture',
      'An eye for interaction design and information density',
    ],
  },
  {
    id: 'security-engineer-sandboxing',
    title: 'Security Engineer, Sandboxing and Containment',
    team: 'Platform',
    location: 'San Francisco (hybrid, three days in office)',
    type: 'Full-time',
    summary:
      'Make sure generated code can never reach what it should not. You will design the sandboxes the DevLoop Matrix runs in and the controls around secrets, network access and deployment.',
    responsibilities: [
      'Design and harden the isolated environments where generated code is built and tested',
      'Enforce least privilege for every agent: which context, files and tools each may use',
      'Own the security of the deployment gate: secrets handling, release targets and audit trails',
      'Run threat models and red-team exercises against the agent pipeline, including prompt injection',
      'Help enterprise customers through security reviews',
    ],
    requirements: [
      '5+ years in security engineering, with hands-on work on containers, VMs or other isolation technology',
      'Strong Linux fundamentals: namespaces, cgroups, seccomp, networking',
      'Experience with threat modelling and incident response',
      'Ability to explain risk clearly to engineers and customers alike',
    ],
    niceToHave: [
      'Experience with gVisor, Firecracker or similar sandboxes',
      'Knowledge of LLM-specific attacks such as prompt injection and data exfiltration',
      'SOC 2 or ISO 27001 audit experience',
    ],
  },
  {
    id: 'product-designer-oversight',
    title: 'Product Designer, Oversight and Approvals',
    team: 'Design',
    location: 'Remote (US or Europe)',
    type: 'Full-time',
    summary:
      'Design how people stay in control of autonomous agents: what an approval request shows, how a decision is made in seconds, and how a team understands what happened afterwards.',
    responsibilities: [
      'Own the design of approval requests, the approvals queue and the audit views',
      'Run research with design partners on how teams review and approve AI-made changes',
      'Turn complex agent activity (loops, diffs, test results, costs) into clear interfaces',
      'Maintain and extend our design system with engineering',
    ],
    requirements: [
      '4+ years of product design for complex tools used by professionals',
      'A portfolio that shows research, interaction design and shipped results',
      'Comfort working directly in code-adjacent tools and with engineers every day',
      'A working knowledge of accessibility standards',
    ],
    niceToHave: [
      'Experience designing developer tools, code review or CI interfaces',
      'Familiarity with React and CSS',
    ],
  },
  {
    id: 'developer-advocate',
    title: 'Developer Advocate',
    team: 'Developer Relations',
    location: 'Remote (US or Europe)',
    type: 'Full-time',
    summary:
      'Help developers succeed with Overseer from the first request onwards, starting with our early-access cohort in June 2025. You will write, build, speak and bring what you hear back to the product team.',
    responsibilities: [
      'Onboard early-access teams and run office hours through the beta in July and August 2025',
      'Write guides, sample projects and the occasional deep-dive post for our blog',
      'Collect and prioritise developer feedback with product and engineering',
      'Speak at meetups and conferences about permissioned AI development',
    ],
    requirements: [
      '3+ years as a software engineer, with at least one year in a developer-facing role',
      'Excellent writing: you can explain a complex system simply and accurately',
      'Hands-on experience building with LLM APIs or AI coding tools',
    ],
    niceToHave: [
      'An existing body of technical writing, talks or open-source work',
      'Experience running a developer community or beta programme',
    ],
  },
  {
    id: 'technical-writer',
    title: 'Technical Writer (contract)',
    team: 'Documentation',
    location: 'Remote (worldwide, overlapping US Pacific mornings)',
    type: 'Contract',
    summary:
      'A six-month contract to bring our documentation up to the standard of the full release in September 2025: module references, guides and the API reference.',
    responsibilities: [
      'Audit and extend the documentation for every core module and the Architect Suite',
      'Write task-based guides, such as configuring approval gates and reading agent logs',
      'Keep the API reference accurate against the server\'s published OpenAPI description',
      'Set up a style guide and review process that engineers can follow after the contract',
    ],
    requirements: [
      '3+ years writing documentation for developer products or APIs',
      'Comfort reading TypeScript and HTTP API specifications',
      'Experience with docs-as-code: Markdown, Git and pull-request reviews',
    ],
    niceToHave: [
      'Experience documenting AI or machine-learning products',
      'Familiarity with OpenAPI tooling',
    ],
  },
]

export const findJob = (id: string | undefined): Job | undefined => JOBS.find((job) => job.id === id)

export const BENEFITS: readonly { title: string; text: string }[] = [
  { title: 'Competitive salary and equity', text: 'Published salary bands for every level, and meaningful early-stage equity with a ten-year exercise window.' },
  { title: 'Health, dental and vision', text: 'Fully paid premiums for you and 80% for your dependants (US); equivalent private cover elsewhere.' },
  { title: 'Remote-first, with a home base', text: 'Work from where you do your best work, with a San Francisco office and a yearly budget for coworking space.' },
  { title: 'Time off that gets used', text: '25 days of paid leave plus public holidays, and a company-wide week off at the end of December.' },
  { title: 'Learning budget', text: '$2,000 a year for courses, books and conferences, plus time to speak at them.' },
  { title: 'Parental leave', text: '16 weeks of fully paid leave for every new parent, with a gradual return if you want one.' },
]

export const HIRING_STEPS: readonly { title: string; text: string }[] = [
  { title: 'Application', text: 'Send us your CV or LinkedIn profile and a few lines on why the role interests you. A person reads every application and replies within ten working days.' },
  { title: 'Introductory call', text: '30 minutes with the hiring manager about the role, the team and what you are looking for. Bring your questions.' },
  { title: 'Practical exercise', text: 'A paid, time-boxed exercise (at most four hours) close to the real work, or a walkthrough of something you have already built, if you prefer.' },
  { title: 'Team conversations', text: 'Two or three conversations with future colleagues: one to discuss your exercise, one on collaboration, one with a founder.' },
  { title: 'Decision and offer', text: 'We decide within a week of the last conversation and explain why either way. Offers include salary, equity and start date in writing.' },
]
