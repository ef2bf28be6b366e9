import architectSuite from '@content/apps/modules/architect-suite.md'
import assemblyAgent from '@content/apps/modules/assembly-agent.md'
import clarificationLoop from '@content/apps/modules/clarification-loop.md'
import devloopMatrix from '@content/apps/modules/devloop-matrix.md'
import filePlanner from '@content/apps/modules/file-planner.md'
import overseerCore from '@content/apps/modules/overseer-core.md'
import { sectionById, type ContentSection } from '@/shared/lib/content'
import { STAGE_IDS } from '@contracts/builds'

/** A link to a page of the documentation (every path is a real docs route). */
export interface DocLink {
  label: string
  to: string
}

/** What a framework module's page says beyond its card (content/apps/modules/<id>.md). */
export interface ModuleDetails {
  /** One sentence under the title. */
  tagline: string
  /** What the module does, as HTML compiled from the `## What it does` section. */
  overviewHtml: string
  /** The build stages (in the progress tracker's words) this module is responsible for. */
  stages: string[]
  /** How a request passes through the module, in order. */
  steps: { title: string; text: string }[]
  inputs: string[]
  outputs: string[]
  /** How the module meets the approval gates, as HTML compiled from the `## Approvals and permissions` section. */
  approvalsHtml: string
  docs: DocLink[]
}

/** A module's page as the Markdown loader compiles it. */
export interface ModuleFile {
  slug: string
  meta: Omit<ModuleDetails, 'overviewHtml' | 'approvalsHtml'>
  sections: readonly ContentSection[]
}

/** The build pipeline's stages, in order, as the progress tracker reports them (contracts/builds). */
export const PIPELINE_STAGES = STAGE_IDS

const detailsOf = (file: ModuleFile): ModuleDetails => ({
  ...file.meta,
  overviewHtml: sectionById(file, 'overview', `content/apps/modules/${file.slug}.md`).html,
  approvalsHtml: sectionById(file, 'approvals', `content/apps/modules/${file.slug}.md`).html,
})

/** Details of each framework module (content/apps/modules/<id>.md), keyed by the module's id. */
export const MODULE_DETAILS: Record<string, ModuleDetails> = Object.fromEntries(
  [overseerCore, clarificationLoop, devloopMatrix, filePlanner, assemblyAgent, architectSuite].map((file) => [file.slug, detailsOf(file)]),
)

/** Every module page's address under /apps. */
export const appModulePaths = (): string[] => Object.keys(MODULE_DETAILS).map((id) => `/apps/${id}`)
