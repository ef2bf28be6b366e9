/** A link to a page of the documentation (every path is a real docs route). */
export interface DocLink {
  label: string
  to: string
}

/** What a framework module's page says beyond its card. */
export interface ModuleDetails {
  /** One sentence under the title. */
  tagline: string
  /** What the module does, a paragraph each. */
  overview: string[]
  /** The build stages (in the progress tracker's words) this module is responsible for. */
  stages: string[]
  /** How a request passes through the module, in order. */
  steps: { title: string; text: string }[]
  inputs: string[]
  outputs: string[]
  /** How the module meets the approval gates, a paragraph each. */
  approvals: string[]
  docs: DocLink[]
}

/** The build pipeline's stages, in order, as the progress tracker reports them. */
export const PIPELINE_STAGES = [
  'classification',
  'clarification',
  'market_analysis',
  'structuring',
  'development',
  'assembly',
  'delivery',
] as const

/** Details of each framework module, keyed by the module's id. */
export const MODULE_DETAILS: Record<string, ModuleDetails> = {
  'overseer-core': {
    tagline: 'The orchestrator that routes every request and keeps every significant change behind your approval.',
    overview: [
      'Overseer Core is the first thing a request meets and the last thing a delivered project leaves. It reads what you asked for, decides what kind of work it is, and dispatches it to the modules that can do it: a question goes straight to an answer, a feature request goes through clarification, planning, development and assembly.',
      'While the other modules work, the core keeps the state of the whole build: which stage is running, what each agent has produced, how many tokens have been spent and which decisions are waiting for a person. It is the only module allowed to move work from one stage to the next, so nothing skips a gate.',
    ],
    stages: ['classification', 'delivery'],
    steps: [
      {
        title: 'Classify',
        text: 'The request is classified as a conversation, a change to an existing project or a new build, and given a session id that every later event carries.',
      },
      {
        title: 'Route',
        text: 'Build work is handed to the Clarification Loop first; the core then passes the brief to the File Structure Planner, the plan to the DevLoop Matrix and the tested code to the Assembly Agent.',
      },
      {
        title: 'Track',
        text: 'Each module reports its progress back to the core, which streams stage, message and percentage to your screen and writes every step to the audit log.',
      },
      {
        title: 'Gate',
        text: 'Before any significant change, the core raises an approval request with the evidence the reviewing agents gathered, and waits.',
      },
      {
        title: 'Deliver',
        text: 'When the last gate is passed, the core hands over the assembled project and closes the session with a summary of what was done and what it cost.',
      },
    ],
    inputs: [
      'Your request in plain language, with any files or repository you attach',
      'Your project’s approval policy: which planning, development and deployment changes need a person',
      'The model selected for the session',
    ],
    outputs: [
      'A classified, routed job with a session id',
      'Live progress events for every stage, from classification to delivery',
      'Approval requests with the evidence needed to decide',
      'The delivered project and an audit trail of every step',
    ],
    approvals: [
      'Overseer Core owns the approval gates. Agents inside a module work freely, but anything that changes the plan, writes to your codebase or deploys waits in the approval queue until someone with the right permission approves or denies it.',
      'A denied request is never retried silently: the core sends the decision back to the module that asked, together with your reason, and the module revises its proposal.',
    ],
    docs: [
      { label: 'Overseer Core reference', to: '/docs/core-modules/overseer-core' },
      { label: 'Permission controls guide', to: '/docs/guides/permission-controls' },
      { label: 'Architecture overview', to: '/docs/getting-started/architecture' },
    ],
  },
  'clarification-loop': {
    tagline: 'Turns a vague request into a brief that is specific enough to build from.',
    overview: [
      'Most failed builds start with an unclear request. The Clarification Loop reads what you asked for, finds what is missing or ambiguous, and asks you targeted questions, a few at a time, until the requirements leave nothing important to guess.',
      'A prober agent tests the draft brief for hidden assumptions and edge cases, and a market agent adds context about comparable products and what users of them expect. The loop ends when its own review finds no open questions.',
    ],
    stages: ['clarification', 'market_analysis'],
    steps: [
      {
        title: 'Read the intent',
        text: 'The request is broken into goals, constraints and unknowns; anything the agents would otherwise have to guess becomes a question.',
      },
      {
        title: 'Ask',
        text: 'You get a short list of questions, each with the reason it matters and a sensible default you can accept with one click.',
      },
      {
        title: 'Probe',
        text: 'The prober agent challenges the updated brief: missing error cases, conflicting requirements, scale, security and accessibility expectations.',
      },
      {
        title: 'Add market context',
        text: 'The market agent summarises how similar products solve the problem, so the brief reflects what users will expect.',
      },
      {
        title: 'Settle the brief',
        text: 'The loop repeats until its review passes, then hands a structured brief to the File Structure Planner.',
      },
    ],
    inputs: [
      'The classified request from Overseer Core',
      'Your answers to the loop’s questions',
      'Existing code or documents you attach, when the request changes a project',
    ],
    outputs: [
      'A structured brief: goals, scope, constraints, acceptance criteria',
      'A list of the assumptions made, each one confirmed or marked as a default',
      'A short market analysis of comparable products',
    ],
    approvals: [
      'The brief is a planning artefact, so it passes the planning gate: you see the final brief, the assumptions and the market notes, and approve it before any planning of files begins.',
      'You can edit the brief directly at the gate; your edits go back into the loop for one more review, so changes never leave the brief inconsistent.',
    ],
    docs: [
      { label: 'Clarification Loop reference', to: '/docs/core-modules/clarification-loop' },
      { label: 'Intent clarification guide', to: '/docs/guides/intent-clarification' },
    ],
  },
  'devloop-matrix': {
    tagline: 'Development and QA agents that write, test, debug and rewrite until the code meets the bar.',
    overview: [
      'The DevLoop Matrix is where code gets written. For each file in the approved plan, a development agent writes the code and a QA agent writes and runs the tests in an isolated sandbox. Failures go to a debugger agent, and the fix goes back through the same tests.',
      'The matrix runs these loops in parallel across the plan and in sequence where files depend on each other. A loop only ends when its tests pass and the review agent accepts the result, or when it reaches the iteration limit and asks you for a decision.',
    ],
    stages: ['development'],
    steps: [
      {
        title: 'Write',
        text: 'A development agent writes one file or component from the plan, with the brief and the interfaces of its neighbours in view.',
      },
      {
        title: 'Test',
        text: 'A QA agent writes tests from the acceptance criteria and runs them in a sandboxed container; nothing touches your machine or your repository.',
      },
      {
        title: 'Debug',
        text: 'Failures go to a debugger agent with the full test output. It proposes a fix, which is applied and tested again.',
      },
      {
        title: 'Review',
        text: 'A review agent checks the passing code against the brief and the house conventions of your project; it can send the file back for another round.',
      },
      {
        title: 'Report',
        text: 'Each loop reports iterations, test results and token use to Overseer Core, which you can follow live in the Architect Suite.',
      },
    ],
    inputs: [
      'The approved file plan from the File Structure Planner',
      'The brief and its acceptance criteria',
      'Your project’s conventions, linters and existing tests, if any',
    ],
    outputs: [
      'Source files that pass their tests',
      'The tests themselves, kept with the project',
      'Per-loop reports: iterations, failures fixed, token use',
    ],
    approvals: [
      'Writing code inside the sandbox needs no approval; applying it to your codebase does. Each batch of finished files reaches the development gate with its diff and test results attached.',
      'If a loop hits its iteration limit, the matrix stops and asks: raise the limit, change the approach, or drop the file from scope. It never lowers the quality bar on its own.',
    ],
    docs: [
      { label: 'DevLoop Matrix reference', to: '/docs/core-modules/devloop-matrix' },
      { label: 'Recursive improvement guide', to: '/docs/guides/recursive-improvement' },
      { label: 'Testing module in the Architect Suite', to: '/docs/architect-suite/testing-module' },
    ],
  },
  'file-planner': {
    tagline: 'Plans the project’s structure before any code is written, so every agent builds to the same map.',
    overview: [
      'The File Structure Planner turns an approved brief into a concrete layout: the directories, the files, what each file is responsible for and which files depend on which. The plan is what lets many development agents work at once without stepping on each other.',
      'For changes to an existing project, the planner reads the current structure first and proposes the smallest set of new and changed files that satisfies the brief, keeping your conventions.',
    ],
    stages: ['structuring'],
    steps: [
      {
        title: 'Read the brief',
        text: 'The planner extracts the components, data and interfaces the brief implies, and the technology choices it fixes.',
      },
      {
        title: 'Lay out',
        text: 'It proposes a directory tree with a one-line responsibility for every file and the public interface each one exposes.',
      },
      {
        title: 'Order the work',
        text: 'Dependencies between files become a build order, so the DevLoop Matrix knows what can run in parallel and what must wait.',
      },
      {
        title: 'Check',
        text: 'A review pass looks for files with overlapping responsibilities, missing tests and circular dependencies, and revises the plan.',
      },
    ],
    inputs: [
      'The approved brief from the Clarification Loop',
      'The existing file tree and conventions, when changing a project',
    ],
    outputs: [
      'A file tree with each file’s responsibility and interface',
      'A dependency graph and build order for the DevLoop Matrix',
      'A test plan: which behaviour each test file covers',
    ],
    approvals: [
      'The file plan passes the planning gate. You see the tree, the responsibilities and the build order, and can rename, merge or remove files before approving.',
      'Once approved, the plan is the contract for development: an agent that needs a file outside the plan must ask, and that request comes back to you.',
    ],
    docs: [
      { label: 'File Structure Planner reference', to: '/docs/core-modules/file-structure-planner' },
      { label: 'Quickstart', to: '/docs/getting-started/quickstart' },
    ],
  },
  'assembly-agent': {
    tagline: 'Puts the tested pieces together into a project that builds, runs and ships.',
    overview: [
      'When the DevLoop Matrix has finished, the Assembly Agent takes the tested files and makes them one project: it resolves imports, writes the configuration and the build scripts, adds a README with run instructions, and runs the whole test suite together.',
      'The result is packaged as a downloadable archive, or prepared as a branch for your repository. Whatever fails only when the pieces meet goes back to the DevLoop Matrix with the evidence.',
    ],
    stages: ['assembly', 'delivery'],
    steps: [
      {
        title: 'Collect',
        text: 'The agent gathers the accepted files, their tests and the plan’s build order.',
      },
      {
        title: 'Integrate',
        text: 'Imports, configuration, dependencies and environment variables are resolved so the project builds from a clean checkout.',
      },
      {
        title: 'Verify',
        text: 'The full suite runs in a fresh container; integration failures go back to the DevLoop Matrix with the failing output.',
      },
      {
        title: 'Package',
        text: 'The project is packaged with a README, run instructions and a change summary, as an archive or a branch.',
      },
    ],
    inputs: [
      'Tested source files and tests from the DevLoop Matrix',
      'The file plan and its build order',
      'Your target: downloadable archive or repository branch',
    ],
    outputs: [
      'A project that builds and passes its full test suite',
      'A README with setup and run instructions',
      'A downloadable archive or a branch ready for review',
    ],
    approvals: [
      'Delivery is a deployment decision, so it passes the deployment gate: you see the final test results and the change summary before the archive is released or the branch is pushed.',
      'Assembly never merges into your main branch or deploys anywhere by itself; those remain your actions.',
    ],
    docs: [
      { label: 'Assembly Agent reference', to: '/docs/core-modules/assembly-agent' },
      { label: 'Permission controls guide', to: '/docs/guides/permission-controls' },
    ],
  },
  'architect-suite': {
    tagline: 'The control room where your team watches the agents, reads the logs and makes the decisions.',
    overview: [
      'The Architect Suite is the staff side of the platform. Its dashboard shows every running build and what it has cost; the orchestration page shows Overseer Core’s decisions as they happen; the testing page shows each DevLoop’s results; and the agent logs show every step at the level of detail you need.',
      'The approvals page is where the gates live: each pending request shows what an agent wants to do, why, and the evidence, and the people with the right permission approve or deny it. An architecture canvas lets you see and edit how the modules connect.',
    ],
    stages: [...PIPELINE_STAGES],
    steps: [
      {
        title: 'Watch',
        text: 'The dashboard lists active builds with their stage, progress and token use, updated live.',
      },
      {
        title: 'Inspect',
        text: 'Agent logs and test results show exactly what happened, filtered by level and source.',
      },
      {
        title: 'Decide',
        text: 'The approval queue collects every pending gate across all builds, ordered by priority, for the people allowed to decide.',
      },
      {
        title: 'Shape',
        text: 'The architecture canvas shows the modules and their connections, and lets architects plan changes to the pipeline itself.',
      },
    ],
    inputs: [
      'Progress events, logs and approval requests from every module',
      'Your team’s accounts and their permissions',
    ],
    outputs: [
      'Approval and denial decisions, with who made them and when',
      'A live view of cost, progress and quality across builds',
      'A saved architecture of your pipeline',
    ],
    approvals: [
      'Each part of the suite is guarded by its own permission, so a reviewer can decide on approvals without seeing system internals, and an engineer can read logs without being able to approve.',
      'Every decision made in the suite is recorded with the person, the time and the reason, and travels back to the module that asked.',
    ],
    docs: [
      { label: 'Architect Suite dashboard', to: '/docs/architect-suite/dashboard' },
      { label: 'Approvals', to: '/docs/architect-suite/approvals' },
      { label: 'Logs viewer', to: '/docs/architect-suite/logs-viewer' },
      { label: 'Permission controls guide', to: '/docs/guides/permission-controls' },
    ],
  },
}
