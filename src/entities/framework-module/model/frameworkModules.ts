import type { FrameworkModule } from './types'

/**
 * The six modules of the framework, in pipeline order, as the apps listing shows them. Each card
 * opens the module's page at `/apps/{id}`.
 */
export const FRAMEWORK_MODULES: FrameworkModule[] = [
  {
    id: 'overseer-core',
    title: 'Overseer Core',
    description:
      'The orchestrator at the centre of every build. It classifies each request, dispatches it to the right agent loops and holds every significant change for your approval.',
    link: '/apps/overseer-core',
    icon: 'core',
    category: 'Orchestration',
  },
  {
    id: 'clarification-loop',
    title: 'Clarification Loop',
    description:
      'Turns a vague request into a precise brief. It asks targeted questions, probes assumptions and adds market context until the requirements are unambiguous.',
    link: '/apps/clarification-loop',
    icon: 'clarify',
    category: 'Planning',
  },
  {
    id: 'devloop-matrix',
    title: 'DevLoop Matrix',
    description:
      'A model agent working in a loop: it writes the code and its tests, runs them in a sandbox and fixes what fails, until every test passes or its budget is spent.',
    link: '/apps/devloop-matrix',
    icon: 'matrix',
    category: 'Development',
  },
  {
    id: 'file-planner',
    title: 'File Structure Planner',
    description:
      'Chooses the files a build starts from before a line of code is written: a runnable, tested project of the right kind, ready for your review.',
    link: '/apps/file-planner',
    icon: 'files',
    category: 'Planning',
  },
  {
    id: 'assembly-agent',
    title: 'Assembly Agent',
    description:
      'The last check before delivery. It runs the project\'s tests once more in the sandbox, on exactly the files you receive, and packages them as a downloadable archive.',
    link: '/apps/assembly-agent',
    icon: 'assembly',
    category: 'Development',
  },
  {
    id: 'architect-suite',
    title: 'Architect Suite',
    description:
      'The control room for your team: live orchestration status, agent logs, test results, the approval queue and an editable canvas of the whole architecture.',
    link: '/apps/architect-suite',
    icon: 'suite',
    category: 'Orchestration',
  },
]

/** The categories of the framework modules, in order of first appearance. */
export const FRAMEWORK_CATEGORIES: string[] = [...new Set(FRAMEWORK_MODULES.map((module) => module.category))]

/** The framework module with this id (as in `/apps/{id}`), if there is one. */
export const findFrameworkModule = (id: string | undefined): FrameworkModule | undefined =>
  FRAMEWORK_MODULES.find((module) => module.id === id)
