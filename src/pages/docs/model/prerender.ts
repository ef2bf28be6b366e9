import { DOCS_SECTIONS, DOCS_TOPICS, resolveDocLocation } from './navigation'
import { preloadDocContent } from './useDocContent'

/** Every address of the docs: each section's landing path and each page's own. */
export const docsPaths = (): string[] => [...DOCS_SECTIONS.map((section) => section.path), ...DOCS_TOPICS.map((topic) => topic.path)]

/** The content of the page a docs address shows, loaded so that it renders at once. */
export const preloadDocs = async (params: { section?: string; topic?: string }): Promise<void> => {
  const location = resolveDocLocation(params.section, params.topic)
  if (location.kind === 'topic') await preloadDocContent(location.topic)
}
