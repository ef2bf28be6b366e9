import introduction from '../../../../docs/getting-started/introduction.md'
import type { DocContent, DocSection, DocTopic } from './types'

type Loader = () => Promise<{ default: DocContent }>

const topic = (sectionId: string, id: string, title: string, load: Loader, content?: DocContent): DocTopic => ({
  id,
  title,
  path: `/docs/${sectionId}/${id}`,
  sectionId,
  load,
  ...(content && { content }),
})

const section = (id: string, title: string, topics: DocTopic[]): DocSection => ({ id, title, path: `/docs/${id}`, topics })

/**
 * The sidebar: five groups and every page, in reading order (Previous/Next follow it). Each
 * page's content is docs/<section>/<topic>.md, loaded in its own chunk when it is opened.
 */
export const DOCS_SECTIONS: readonly DocSection[] = [
  section('getting-started', 'Getting Started', [
    // /docs shows the introduction: it comes with the page (3 KiB gzip), so it renders at once.
    topic('getting-started', 'introduction', 'Introduction', () => Promise.resolve({ default: introduction }), introduction),
    topic('getting-started', 'quickstart', 'Quick Start', () =>
      import(/* webpackChunkName: "docs-quickstart" */ '../../../../docs/getting-started/quickstart.md'),
    ),
    topic('getting-started', 'architecture', 'Architecture', () =>
      import(/* webpackChunkName: "docs-architecture" */ '../../../../docs/getting-started/architecture.md'),
    ),
  ]),
  section('core-modules', 'Core Modules', [
    topic('core-modules', 'overseer-core', 'Overseer Core', () =>
      import(/* webpackChunkName: "docs-overseer-core" */ '../../../../docs/core-modules/overseer-core.md'),
    ),
    topic('core-modules', 'clarification-loop', 'Clarification Loop', () =>
      import(/* webpackChunkName: "docs-clarification-loop" */ '../../../../docs/core-modules/clarification-loop.md'),
    ),
    topic('core-modules', 'devloop-matrix', 'DevLoop Matrix', () =>
      import(/* webpackChunkName: "docs-devloop-matrix" */ '../../../../docs/core-modules/devloop-matrix.md'),
    ),
    topic('core-modules', 'file-structure-planner', 'File Structure Planner', () =>
      import(/* webpackChunkName: "docs-file-structure-planner" */ '../../../../docs/core-modules/file-structure-planner.md'),
    ),
    topic('core-modules', 'assembly-agent', 'Assembly Agent', () =>
      import(/* webpackChunkName: "docs-assembly-agent" */ '../../../../docs/core-modules/assembly-agent.md'),
    ),
  ]),
  section('architect-suite', 'Architect Suite', [
    topic('architect-suite', 'dashboard', 'Dashboard', () =>
      import(/* webpackChunkName: "docs-dashboard" */ '../../../../docs/architect-suite/dashboard.md'),
    ),
    topic('architect-suite', 'overseer-interface', 'Overseer Interface', () =>
      import(/* webpackChunkName: "docs-overseer-interface" */ '../../../../docs/architect-suite/overseer-interface.md'),
    ),
    topic('architect-suite', 'testing-module', 'Testing Module', () =>
      import(/* webpackChunkName: "docs-testing-module" */ '../../../../docs/architect-suite/testing-module.md'),
    ),
    topic('architect-suite', 'logs-viewer', 'Logs Viewer', () =>
      import(/* webpackChunkName: "docs-logs-viewer" */ '../../../../docs/architect-suite/logs-viewer.md'),
    ),
    topic('architect-suite', 'approvals', 'Approvals', () =>
      import(/* webpackChunkName: "docs-approvals" */ '../../../../docs/architect-suite/approvals.md'),
    ),
  ]),
  section('api-reference', 'API Reference', [
    topic('api-reference', 'authentication', 'Authentication', () =>
      import(/* webpackChunkName: "docs-authentication" */ '../../../../docs/api-reference/authentication.md'),
    ),
    topic('api-reference', 'endpoints', 'Endpoints', () =>
      import(/* webpackChunkName: "docs-endpoints" */ '../../../../docs/api-reference/endpoints.md'),
    ),
    topic('api-reference', 'rate-limits', 'Rate Limits', () =>
      import(/* webpackChunkName: "docs-rate-limits" */ '../../../../docs/api-reference/rate-limits.md'),
    ),
  ]),
  section('guides', 'Guides', [
    topic('guides', 'intent-clarification', 'Intent Clarification', () =>
      import(/* webpackChunkName: "docs-intent-clarification" */ '../../../../docs/guides/intent-clarification.md'),
    ),
    topic('guides', 'recursive-improvement', 'Recursive Improvement', () =>
      import(/* webpackChunkName: "docs-recursive-improvement" */ '../../../../docs/guides/recursive-improvement.md'),
    ),
    topic('guides', 'permission-controls', 'Permission Controls', () =>
      import(/* webpackChunkName: "docs-permission-controls" */ '../../../../docs/guides/permission-controls.md'),
    ),
  ]),
]

/** Every page in sidebar order. */
export const DOCS_TOPICS: readonly DocTopic[] = DOCS_SECTIONS.flatMap((group) => group.topics)

/** The page `/docs` shows. */
export const FIRST_TOPIC = DOCS_TOPICS[0] as DocTopic

export type DocLocation =
  | { kind: 'topic'; section: DocSection; topic: DocTopic }
  | { kind: 'not-found'; section: DocSection | undefined }

/**
 * What a docs URL shows: `/docs` the introduction, `/docs/<section>` that section's first page,
 * `/docs/<section>/<topic>` that page; anything else is not in the docs.
 */
export const resolveDocLocation = (sectionId: string | undefined, topicId: string | undefined): DocLocation => {
  const group = sectionId === undefined ? DOCS_SECTIONS[0] : DOCS_SECTIONS.find((candidate) => candidate.id === sectionId)
  if (!group) return { kind: 'not-found', section: undefined }
  const page = topicId === undefined ? group.topics[0] : group.topics.find((candidate) => candidate.id === topicId)
  return page ? { kind: 'topic', section: group, topic: page } : { kind: 'not-found', section: group }
}

export interface Neighbour {
  title: string
  path: string
}

/** Previous and Next in sidebar order; before the first page comes Home. */
export const neighboursOf = (current: DocTopic): { previous: Neighbour | undefined; next: Neighbour | undefined } => {
  const index = DOCS_TOPICS.findIndex((candidate) => candidate.path === current.path)
  const before = DOCS_TOPICS[index - 1]
  const after = DOCS_TOPICS[index + 1]
  return {
    previous: index === 0 ? { title: 'Home', path: '/' } : before && { title: before.title, path: before.path },
    next: after && { title: after.title, path: after.path },
  }
}

/** The section a page belongs to. */
export const sectionOf = (page: DocTopic): DocSection =>
  DOCS_SECTIONS.find((group) => group.id === page.sectionId) as DocSection
