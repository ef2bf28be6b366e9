import analysisLoop from '@content/architecture/modules/analysis-loop.md'
import devloopMatrix from '@content/architecture/modules/devloop-matrix.md'
import overseerCore from '@content/architecture/modules/overseer-core.md'
import { sectionById, type ContentSection } from '@/shared/lib/content'

/** The three core modules with a deep-dive page; the ids of their home-page cards. */
export type CoreModuleId = 'overseer-core' | 'devloop-matrix' | 'analysis-loop'

export interface DocLink {
  label: string
  to: string
}

/** What a core module's deep dive says (content/architecture/modules/<id>.md). */
export interface ModuleDetail {
  /** One sentence under the title. */
  lead: string
  /** Pipeline stages the module runs, by their names in progress events. */
  stages: readonly string[]
  /** The module's role, as HTML compiled from the `## Role in the system` section. */
  roleHtml: string
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

/** A module's deep dive as the Markdown loader compiles it. */
export interface ModuleDetailFile {
  slug: string
  meta: Omit<ModuleDetail, 'roleHtml'>
  sections: readonly ContentSection[]
}

const detailOf = (file: ModuleDetailFile): ModuleDetail => ({
  ...file.meta,
  roleHtml: sectionById(file, 'role', `content/architecture/modules/${file.slug}.md`).html,
})

export const MODULE_DETAILS: Record<CoreModuleId, ModuleDetail> = {
  'overseer-core': detailOf(overseerCore),
  'devloop-matrix': detailOf(devloopMatrix),
  'analysis-loop': detailOf(analysisLoop),
}

export const isCoreModuleId = (id: string | undefined): id is CoreModuleId =>
  id !== undefined && Object.prototype.hasOwnProperty.call(MODULE_DETAILS, id)

/** Every module page's address. */
export const architectureModulePaths = (): string[] => Object.keys(MODULE_DETAILS).map((id) => `/architecture/${id}`)
