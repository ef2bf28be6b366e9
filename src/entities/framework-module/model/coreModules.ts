import type { FrameworkModule } from './types'

/** The three core modules shown on the home page, each with its architecture page. */
export const CORE_MODULES: FrameworkModule[] = [
  {
    id: 'overseer-core',
    title: 'Overseer Core',
    description:
      'The orchestrator. It classifies each request, routes it through the agent loops and holds every significant change until you approve it.',
    link: '/architecture/overseer-core',
    icon: 'core',
    category: 'Orchestration',
  },
  {
    id: 'devloop-matrix',
    title: 'DevLoop Matrix',
    description:
      'A model agent working in a loop: it writes the code and its tests, runs them in a sandbox and fixes what fails, until every test passes.',
    link: '/architecture/devloop-matrix',
    icon: 'matrix',
    category: 'Development',
  },
  {
    id: 'analysis-loop',
    title: 'Analysis Loop',
    description:
      'Clarifies vague requirements with targeted questions and market analysis, so the build starts from what you actually need.',
    link: '/architecture/analysis-loop',
    icon: 'loop',
    category: 'Analysis',
  },
]
