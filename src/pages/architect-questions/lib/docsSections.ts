import type { AnsweredFrom, DocsSection } from '../model/types'

/** The address of a docs section: its page, and its anchor unless it is the page's introduction. */
export const sectionHref = ({ path, anchor }: Pick<AnsweredFrom, 'path' | 'anchor'>): string => (anchor ? `${path}#${anchor}` : path)

/** A section as people read it: 'Permission Controls: Approval gates', or the page's title for its introduction. */
export const sectionLabel = ({ title, heading }: Pick<AnsweredFrom, 'title' | 'heading'>): string => (heading ? `${title}: ${heading}` : title)

/** A section's value in a select: unique, as a page has each anchor once. */
export const sectionKey = ({ path, anchor }: Pick<AnsweredFrom, 'path' | 'anchor'>): string => JSON.stringify([path, anchor])

/** The page and anchor a select's value names; undefined for anything else. */
export const sectionOfKey = (key: string): Pick<AnsweredFrom, 'path' | 'anchor'> | undefined => {
  try {
    const value: unknown = JSON.parse(key)
    if (!Array.isArray(value) || value.length !== 2) return undefined
    const [path, anchor] = value as unknown[]
    return typeof path === 'string' && (typeof anchor === 'string' || anchor === null) ? { path, anchor } : undefined
  } catch {
    return undefined
  }
}

export interface DocsPageSections {
  path: string
  title: string
  sections: DocsSection[]
}

/** The sections by page, pages and sections in the docs' order. */
export const sectionsByPage = (sections: readonly DocsSection[]): DocsPageSections[] => {
  const pages = new Map<string, DocsPageSections>()
  for (const section of sections) {
    const page = pages.get(section.path) ?? { path: section.path, title: section.title, sections: [] }
    page.sections.push(section)
    pages.set(section.path, page)
  }
  return [...pages.values()]
}
