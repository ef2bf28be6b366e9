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
      'Development and QA agents working in a loop: code is written, tested in a sandbox, debugged and rewritten until every test passes and the quality bar is met.',
    link: '/apps/devloop-matrix',
    icon: 'matrix',
    category: 'Development',
  },
  {
    id: 'file-planner',
    title: 'File Structure Planner',
    description:
      'Lays out the project before a line of code is written: directories, files, their responsibilities and the dependencies between them, ready for your review.',
    link: '/apps/file-planner',
    icon: 'files',
    category: 'Planning',
  },
  {
    id: 'assembly-agent',
    title: 'Assembly Agent',
    description:
      'Puts the verified pieces together. It resolves imports, writes the build and run instructions, runs the final checks and packages the project as a downloadable archive.',
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
