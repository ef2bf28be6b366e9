/**
 * The search index: title, description and plain text of every documentation page, without
 * their HTML. It loads in a chunk of its own the first time someone searches.
 */
import introduction from '../../../../docs/getting-started/introduction.md?search'
import quickstart from '../../../../docs/getting-started/quickstart.md?search'
import architecture from '../../../../docs/getting-started/architecture.md?search'
import overseerCore from '../../../../docs/core-modules/overseer-core.md?search'
import clarificationLoop from '../../../../docs/core-modules/clarification-loop.md?search'
import devloopMatrix from '../../../../docs/core-modules/devloop-matrix.md?search'
import fileStructurePlanner from '../../../../docs/core-modules/file-structure-planner.md?search'
import assemblyAgent from '../../../../docs/core-modules/assembly-agent.md?search'
import dashboard from '../../../../docs/architect-suite/dashboard.md?search'
import overseerInterface from '../../../../docs/architect-suite/overseer-interface.md?search'
import testingModule from '../../../../docs/architect-suite/testing-module.md?search'
import logsViewer from '../../../../docs/architect-suite/logs-viewer.md?search'
import approvals from '../../../../docs/architect-suite/approvals.md?search'
import authentication from '../../../../docs/api-reference/authentication.md?search'
import endpoints from '../../../../docs/api-reference/endpoints.md?search'
import rateLimits from '../../../../docs/api-reference/rate-limits.md?search'
import intentClarification from '../../../../docs/guides/intent-clarification.md?search'
import recursiveImprovement from '../../../../docs/guides/recursive-improvement.md?search'
import permissionControls from '../../../../docs/guides/permission-controls.md?search'
import type { DocSearchSource } from './types'

import THESAURUS from '@contracts/docsSearch/thesaurus.json'
import { searchDocs } from './rank'

/** Keyed by the page's path. */
export const SEARCH_SOURCES: Readonly<Record<string, DocSearchSource>> = {
  '/docs/getting-started/introduction': introduction,
  '/docs/getting-started/quickstart': quickstart,
  '/docs/getting-started/architecture': architecture,
  '/docs/core-modules/overseer-core': overseerCore,
  '/docs/core-modules/clarification-loop': clarificationLoop,
  '/docs/core-modules/devloop-matrix': devloopMatrix,
  '/docs/core-modules/file-structure-planner': fileStructurePlanner,
  '/docs/core-modules/assembly-agent': assemblyAgent,
  '/docs/architect-suite/dashboard': dashboard,
  '/docs/architect-suite/overseer-interface': overseerInterface,
  '/docs/architect-suite/testing-module': testingModule,
  '/docs/architect-suite/logs-viewer': logsViewer,
  '/docs/architect-suite/approvals': approvals,
  '/docs/api-reference/authentication': authentication,
  '/docs/api-reference/endpoints': endpoints,
  '/docs/api-reference/rate-limits': rateLimits,
  '/docs/guides/intent-clarification': intentClarification,
  '/docs/guides/recursive-improvement': recursiveImprovement,
  '/docs/guides/permission-controls': permissionControls,
}

/** Every page that answers `query`, best first, with the assistant's index and thesaurus. */
export const search = (query: string) => searchDocs(SEARCH_SOURCES, query, THESAURUS)
