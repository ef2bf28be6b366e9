/** One stage of the build pipeline, in the order the Overseer Core runs them. */
export interface PipelineStage {
  /** The stage's name in progress events and logs. */
  id: 'classification' | 'clarification' | 'market_analysis' | 'structuring' | 'development' | 'assembly' | 'delivery'
  label: string
  module: string
  text: string
}

export const PIPELINE_STAGES: readonly PipelineStage[] = [
  {
    id: 'classification',
    label: 'Classification',
    module: 'Overseer Core',
    text: 'Decides what kind of request this is (a question, a change to an existing project or a new build) and which loops it needs.',
  },
  {
    id: 'clarification',
    label: 'Clarification',
    module: 'Analysis Loop',
    text: 'Asks the few questions that remove ambiguity: users, constraints, scale, integrations and what "done" means.',
  },
  {
    id: 'market_analysis',
    label: 'Market analysis',
    module: 'Analysis Loop',
    text: 'Checks the brief against comparable products and common patterns, and flags gaps or risks before anything is planned.',
  },
  {
    id: 'structuring',
    label: 'Structuring',
    module: 'File Structure Planner',
    text: 'Turns the brief into a file tree with a purpose, an owner agent and acceptance tests for every file.',
  },
  {
    id: 'development',
    label: 'Development',
    module: 'DevLoop Matrix',
    text: 'The Development agent writes code, the QA agent tests it, and the pair iterates until every acceptance test passes.',
  },
  {
    id: 'assembly',
    label: 'Assembly',
    module: 'Assembly Agent',
    text: 'Packages the verified files with a README, scripts and tests into one consistent project.',
  },
  {
    id: 'delivery',
    label: 'Delivery',
    module: 'Overseer Core',
    text: 'Hands the result over as a downloadable archive, with the full log of what was done and what it cost.',
  },
]

export interface Principle {
  title: string
  summary: string
  detail: string
}

/** The four core principles, in the spec's order. */
export const PRINCIPLES: readonly Principle[] = [
  {
    title: 'Recursive improvement',
    summary: 'Every loop reviews its own output and tries again until it meets the bar.',
    detail:
      'Agents do not hand half-finished work downstream. The Analysis Loop refines the brief until no open question remains, and the DevLoop Matrix rewrites code until the QA agent has nothing left to report. Each pass is logged, and every loop has an iteration budget so that improvement never turns into an endless spin.',
  },
  {
    title: 'Permissioned autonomy',
    summary: 'Agents act freely inside their module; significant changes wait for you.',
    detail:
      'Inside a loop an agent can draft, test and revise without interrupting anyone. Whenever work would cross a gate (committing to a plan, accepting a significant code change, or letting anything leave the sandbox) the Overseer Core stops and asks a named person. The system never executes a significant change without explicit permission.',
  },
  {
    title: 'Containment-aware architecture',
    summary: 'Modules are isolated, so a failure stays inside the loop that caused it.',
    detail:
      'Generated code runs in a sandbox with no network access and no credentials. Each agent receives only the context its task needs, and modules exchange typed artefacts (a brief, a file plan, a change set) instead of sharing state. If an agent fails, the Overseer Core retries or escalates that one loop while the rest of the pipeline stays intact.',
  },
  {
    title: 'Algebraic logic',
    summary: 'Modules compose like functions, with explicit inputs and outputs.',
    detail:
      'Each module is defined by what it accepts and what it guarantees to return, so loops can be combined, nested and replaced without side effects. Because every step is a well-defined transformation of its input, the Overseer Core can reason about a pipeline before running it, replay any stage from its recorded input, and show you exactly which step produced which result.',
  },
]

export interface PermissionType {
  id: 'planning' | 'development' | 'deployment'
  title: string
  when: string
  covers: readonly string[]
  decision: string
}

/** The three approval gates, in the order a build meets them. */
export const PERMISSION_TYPES: readonly PermissionType[] = [
  {
    id: 'planning',
    title: 'Planning',
    when: 'After clarification, market analysis and structuring; before any code is written.',
    covers: [
      'The clarified brief and the assumptions the agents made',
      'Findings from market analysis that change the scope',
      'The file structure plan and the acceptance tests for each file',
      'The iteration and token budget for the build',
    ],
    decision: 'Approve to start development, or send the plan back with comments for another pass of the Analysis Loop.',
  },
  {
    id: 'development',
    title: 'Development',
    when: 'When the DevLoop Matrix proposes a significant change; before it is accepted into the project.',
    covers: [
      'New third-party dependencies and their licences',
      'Changes to files outside the approved plan, and any deletion',
      'Database schema changes and data migrations',
      'Exceeding the approved iteration or token budget',
    ],
    decision: 'Approve the change set with its diff and test results, deny it, or ask the loop to try a different approach.',
  },
  {
    id: 'deployment',
    title: 'Deployment',
    when: 'After assembly; before anything leaves the sandbox.',
    covers: [
      'Delivering the assembled archive',
      'Pushing to a repository or opening a pull request',
      'Deploying to any environment, including staging',
      'Any use of secrets or network access outside the sandbox',
    ],
    decision: 'Approve the release to the named target, or hold it: nothing ships until a person with deployment permission says so.',
  },
]

export interface UseCase {
  title: string
  scenario: string
  flow: string
}

export const USE_CASES: readonly UseCase[] = [
  {
    title: 'From a one-line idea to a working internal tool',
    scenario:
      'An operations lead asks for "a tool to track which vendors have signed our new data agreement".',
    flow:
      'The Analysis Loop asks who uses it, where the vendor list lives and what a reminder should look like. The planner proposes a small web app with an import script; after the planning approval the DevLoop Matrix builds and tests it, and the deployment gate holds the archive until the lead signs off.',
  },
  {
    title: 'Adding a feature to an existing service',
    scenario: 'A team wants CSV export added to the reporting API of a service they already run.',
    flow:
      'Classification marks it as a change, not a new build. The plan touches three files and adds one test suite; when the Development agent wants a new CSV library, the development gate asks the team to approve the dependency and its licence first.',
  },
  {
    title: 'Regulated environments',
    scenario: 'A healthcare or finance team needs automation, but every change must be attributable to a person.',
    flow:
      'Gates are assigned to named approvers, every decision lands in the audit log with who approved what and when, and generated code never reaches a network or a credential inside the sandbox. Compliance reviews the log, not a promise.',
  },
  {
    title: 'Validating a product idea before building it',
    scenario: 'A founder wants to know whether a browser extension for meeting notes is worth building.',
    flow:
      'Clarification and market analysis run on their own: the founder receives a structured brief, comparable products and open risks at the planning gate, and can stop there without a single line of code written.',
  },
]

/** The diagram's boxes, also listed as its text alternative. */
export const DIAGRAM_MODULES: readonly { name: string; role: string }[] = [
  { name: 'Overseer Core', role: 'orchestrates every module, runs classification and delivery, and enforces the approval gates.' },
  { name: 'Analysis Loop', role: 'a loop of the Clarification agent and the Market analysis agent that turns a request into a clear brief.' },
  { name: 'File Structure Planner', role: 'turns the brief into a file plan with acceptance tests.' },
  { name: 'DevLoop Matrix', role: 'a loop of the Development agent and the QA agent that writes and tests code until it passes.' },
  { name: 'Assembly Agent', role: 'packages the verified files into a finished project.' },
]

/** The diagram's arrows, in order, as its text alternative. */
export const DIAGRAM_FLOWS: readonly string[] = [
  'Your request enters the Overseer Core, which classifies it.',
  'The Overseer Core sends it to the Analysis Loop, where the Clarification and Market analysis agents refine the brief in turns.',
  'The brief goes to the File Structure Planner.',
  'Planning gate: the brief and the file plan wait for your approval.',
  'The DevLoop Matrix builds the plan: the Development agent writes code, the QA agent tests it and sends failures back.',
  'Development gate: significant changes wait for your approval.',
  'The Assembly Agent packages the result.',
  'Deployment gate: nothing leaves the sandbox without your approval.',
  'The Overseer Core delivers the project to you.',
]
