/** The three core modules with a deep-dive page; the ids of their home-page cards. */
export type CoreModuleId = 'overseer-core' | 'devloop-matrix' | 'analysis-loop'

export interface DocLink {
  label: string
  to: string
}

export interface ModuleDetail {
  /** One sentence under the title. */
  lead: string
  /** Pipeline stages the module runs, by their names in progress events. */
  stages: readonly string[]
  role: readonly string[]
  agents: readonly { name: string; text: string }[]
  inputs: readonly string[]
  outputs: readonly string[]
  /** One pass of the module's loop, in order. */
  loop: readonly string[]
  /** When the loop stops. */
  exit: string
  permissions: readonly { gate: 'Planning' | 'Development' | 'Deployment'; text: string }[]
  docs: readonly DocLink[]
}

export const MODULE_DETAILS: Record<CoreModuleId, ModuleDetail> = {
  'overseer-core': {
    lead: 'The orchestrator at the centre of every request: it decides what has to happen, hands each stage to the right module, and stops at every gate that needs a person.',
    stages: ['classification', 'delivery'],
    role: [
      'The Overseer Core is the only module that sees a request from start to finish. It classifies what arrives (a question, a change to an existing project or a new build), composes the pipeline of modules that request needs, and routes the typed artefact each module produces on to the next.',
      'It does no creative work itself. Instead it keeps the rules: which agent may see which context, how many iterations and tokens each loop may spend, and which steps must wait for approval. When a loop fails or runs out of budget, the Core decides whether to retry it, send it back a stage, or escalate to you.',
      'Every decision it makes is written to the agent log with the stage, the module and the token use, so a finished build comes with a complete account of how it was made.',
    ],
    agents: [
      { name: 'Classifier', text: 'Reads the request and labels it: question, change or build, plus the kind of project (web app, API, CLI or library).' },
      { name: 'Router', text: 'Composes the pipeline for that label and passes each artefact to the next module with only the context it needs.' },
      { name: 'Gatekeeper', text: 'Holds the pipeline at each approval gate, raises the approval request and resumes only on a recorded decision.' },
    ],
    inputs: [
      'Your request in natural language, with any files or repository you attach',
      'Your gate configuration: which gates are on and who may approve them',
      'Budgets: maximum iterations and tokens per loop',
    ],
    outputs: [
      'A pipeline plan: which modules run, in which order',
      'Approval requests at the planning, development and deployment gates',
      'Progress events for every stage (classification through delivery)',
      'The delivered project archive and its audit log',
    ],
    loop: [
      'Classify the request and compose the pipeline.',
      'Hand the current artefact to the next module and watch its progress.',
      'Check the module\'s output against its contract; if it falls short, send it back with the reason.',
      'At a gate, pause and wait for a recorded decision.',
      'Continue until delivery, or stop and report if a decision or a budget says so.',
    ],
    exit: 'The pipeline ends when the project is delivered, when an approver denies a gate and asks to stop, or when a loop exhausts its budget and you choose not to extend it.',
    permissions: [
      { gate: 'Planning', text: 'Presents the clarified brief, the file plan and the proposed budget, and starts development only after approval.' },
      { gate: 'Development', text: 'Raises a request whenever the DevLoop Matrix proposes a significant change: a new dependency, a change outside the plan, a deletion or a schema migration.' },
      { gate: 'Deployment', text: 'Holds the assembled project inside the sandbox until someone with deployment permission approves its release.' },
    ],
    docs: [
      { label: 'Overseer Core reference', to: '/docs/core-modules/overseer-core' },
      { label: 'Guide: permission controls', to: '/docs/guides/permission-controls' },
      { label: 'Architect Suite: approvals', to: '/docs/architect-suite/approvals' },
      { label: 'Overseer Core in the module catalogue', to: '/apps/overseer-core' },
    ],
  },
  'devloop-matrix': {
    lead: 'Where code gets written: a Development agent and a QA agent working in a loop until every acceptance test passes.',
    stages: ['development'],
    role: [
      'The DevLoop Matrix receives the approved file plan and builds it. It is called a matrix because it runs one development loop per unit of work (a file or a small group of related files), side by side, each in its own sandbox.',
      'In each loop the Development agent writes the code and the QA agent tries to break it: it runs the acceptance tests from the plan, adds tests of its own for edge cases, and reports failures with the exact output. The Development agent fixes what was reported, and the pair goes round again.',
      'Because QA is a separate agent with its own instructions, the code is never judged only by the agent that wrote it. A loop that stops improving is flagged to the Overseer Core rather than left to spin.',
    ],
    agents: [
      { name: 'Development agent', text: 'Writes and revises the code for its unit of work, following the file plan and the project conventions.' },
      { name: 'QA agent', text: 'Runs the acceptance tests, writes additional tests, and reports failures with their output and a suspected cause.' },
      { name: 'Debugger', text: 'Called in when the same failure survives two passes; it isolates the cause and proposes a targeted fix.' },
    ],
    inputs: [
      'The approved file plan, with a purpose and acceptance tests for every file',
      'The clarified brief and project conventions (language, framework, style)',
      'Existing code, when the request changes a project you already have',
    ],
    outputs: [
      'Source files that pass their acceptance tests',
      'The test suite, including the tests the QA agent added',
      'A change set with a diff and test results for each significant change',
      'Iteration and token counts for every loop',
    ],
    loop: [
      'The Development agent writes or revises the code for its unit of work.',
      'The QA agent runs the tests in the sandbox and reviews the code.',
      'Failures go back to the Development agent with the test output.',
      'After two passes with the same failure, the Debugger isolates the cause.',
      'The loop repeats until every test passes or the iteration budget is spent.',
    ],
    exit: 'A unit of work is done when all its tests pass and the QA agent has no open findings. If the budget runs out first, the Overseer Core asks you whether to extend it, change the plan or stop.',
    permissions: [
      { gate: 'Development', text: 'Asks before adding a third-party dependency, touching files outside the approved plan, deleting anything, changing a database schema, or exceeding its iteration or token budget.' },
      { gate: 'Planning', text: 'If the plan turns out to be wrong (a file it needs is missing, or two files conflict), it sends the plan back through the planning gate instead of improvising.' },
    ],
    docs: [
      { label: 'DevLoop Matrix reference', to: '/docs/core-modules/devloop-matrix' },
      { label: 'Guide: recursive improvement', to: '/docs/guides/recursive-improvement' },
      { label: 'Architect Suite: testing module', to: '/docs/architect-suite/testing-module' },
      { label: 'DevLoop Matrix in the module catalogue', to: '/apps/devloop-matrix' },
    ],
  },
  'analysis-loop': {
    lead: 'Clarifies what you actually need before anything is planned: targeted questions, market analysis, and a brief you can approve.',
    stages: ['clarification', 'market_analysis'],
    role: [
      'Most failed software projects fail at the brief, not the code. The Analysis Loop exists so that the rest of the pipeline starts from a clear, agreed description of the problem rather than a guess.',
      'The Clarification agent reads your request, finds what is ambiguous or missing (who the users are, what data is involved, what must integrate with what, and what "done" means) and asks you only the questions whose answers would change the result. The Market analysis agent compares the emerging brief with comparable products and common patterns, and points out gaps, risks and features you may have taken for granted.',
      'The two agents take turns until neither has anything material to add. The result is a structured brief that the File Structure Planner turns into a plan.',
    ],
    agents: [
      { name: 'Clarification agent', text: 'Finds ambiguity in the request and asks short, targeted questions, a few at a time, never more than it needs.' },
      { name: 'Market analysis agent', text: 'Checks the brief against comparable products and patterns, and flags gaps, risks and missing expectations.' },
    ],
    inputs: [
      'Your request, however rough',
      'Your answers to the clarifying questions',
      'Context you choose to share: existing documents, a repository, constraints',
    ],
    outputs: [
      'A structured brief: goals, users, scope, out of scope, constraints and acceptance criteria',
      'A market summary: comparable products, expected features and open risks',
      'The list of assumptions the agents made, for you to confirm at the planning gate',
    ],
    loop: [
      'The Clarification agent drafts the brief and lists what is unclear.',
      'You answer the questions that matter; the rest become stated assumptions.',
      'The Market analysis agent reviews the draft and raises gaps and risks.',
      'The Clarification agent folds the findings in, asking a follow-up if needed.',
      'The loop repeats until neither agent has a material question left.',
    ],
    exit: 'The loop ends when the brief has no open questions, or when you tell it to proceed with the current assumptions. The brief then goes to the File Structure Planner.',
    permissions: [
      { gate: 'Planning', text: 'The finished brief, the market findings and every assumption are part of the planning approval. You can approve them, edit them, or send them back for another pass.' },
    ],
    docs: [
      { label: 'Clarification Loop reference', to: '/docs/core-modules/clarification-loop' },
      { label: 'Guide: intent clarification', to: '/docs/guides/intent-clarification' },
      { label: 'File Structure Planner reference', to: '/docs/core-modules/file-structure-planner' },
      { label: 'Clarification Loop in the module catalogue', to: '/apps/clarification-loop' },
    ],
  },
}

export const isCoreModuleId = (id: string | undefined): id is CoreModuleId =>
  id !== undefined && Object.prototype.hasOwnProperty.call(MODULE_DETAILS, id)
