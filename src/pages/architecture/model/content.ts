import page from '@content/architecture/index.md'
import { sectionById, type ContentSection } from '@/shared/lib/content'

/** One stage of the build pipeline, in the order the Overseer Core runs them. */
export interface PipelineStage {
  /** The stage's name in progress events and logs. */
  id: 'classification' | 'clarification' | 'market_analysis' | 'structuring' | 'development' | 'assembly' | 'delivery'
  label: string
  module: string
  text: string
}

export interface Principle {
  title: string
  summary: string
  detail: string
}

export interface PermissionType {
  id: 'planning' | 'development' | 'deployment'
  title: string
  when: string
  covers: readonly string[]
  decision: string
}

export interface UseCase {
  title: string
  scenario: string
  flow: string
}

/** The architecture page as the Markdown loader compiles it (content/architecture/index.md). */
export interface ArchitecturePageFile {
  slug: string
  meta: {
    title: string
    eyebrow: string
    /** The page's meta description. */
    description: string
    lead: string
    /** The build pipeline's stages, in the order the Overseer Core runs them. */
    stages: readonly PipelineStage[]
    /** The four core principles, in the spec's order. */
    principles: readonly Principle[]
    /** The three approval gates, in the order a build meets them. */
    permissions: readonly PermissionType[]
    useCases: readonly UseCase[]
    diagram: {
      /** The diagram's boxes, also listed as its text alternative. */
      modules: readonly { name: string; role: string }[]
      /** The diagram's arrows, in order, as its text alternative. */
      flows: readonly string[]
    }
  }
  sections: readonly ContentSection[]
}

export const ARCHITECTURE_PAGE = page.meta

/** A `##` section of the page's copy, by its anchor. */
export const pageSection = (id: string): ContentSection => sectionById(page, id, 'content/architecture/index.md')
