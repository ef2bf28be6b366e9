import { headingIds, plainText } from './text'

/** One part of a docs page: the intro before its first `##`/`###` heading, then one per heading. */
export interface PageSection {
  /** Null for the part before the page's first sub-heading. */
  heading: string | null
  /** The heading's id on the page, as the docs page renders it; null for the intro. */
  anchor: string | null
  /** The section's Markdown; headings below `###` kept as bold lines. */
  markdown: string
}

export interface SplitPage {
  /** The first `# Heading`, if any. */
  title: string | undefined
  sections: PageSection[]
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/

export interface FrontMatter {
  /** `title:`, if given. */
  title: string | undefined
  /** `keywords:`: the page's own terms, at most 12, for search only (never shown). */
  keywords: string
  /** The Markdown after the front matter. */
  body: string
}

/** A page's front matter (`title:` and `keywords:`) and the Markdown after it. */
export const frontMatter = (source: string): FrontMatter => {
  const body = source.replace(/^\uFEFF/, '')
  const front = FRONT_MATTER.exec(body)
  if (!front) return { title: undefined, keywords: '', body }
  const field = (name: string): string | undefined => new RegExp(`^${name}:\\s*["']?(.+?)["']?\\s*$`, 'm').exec(front[1] ?? '')?.[1]
  return { title: field('title'), keywords: field('keywords') ?? '', body: body.slice(front[0].length) }
}

/**
 * Cuts a docs page's Markdown at its `##` and `###` headings. Anchors are the ids the docs page
 * gives its headings (scripts/markdown/compile.ts): the heading's slug, `-2`, `-3`… when repeated.
 * Pure and shared: the assistant's passages and the docs page's search are the same sections.
 */
export const splitPage = (markdown: string): SplitPage => {
  let title: string | undefined
  const sections: PageSection[] = []
  let current: { heading: string | null; anchor: string | null; lines: string[] } = { heading: null, anchor: null, lines: [] }
  const all = [current]
  const uniqueId = headingIds()
  let fence: string | undefined
  for (const line of markdown.split(/\r?\n/)) {
    const fenceMark = /^\s*(```|~~~)/.exec(line)?.[1]
    if (fenceMark) fence = fence === undefined ? fenceMark : fence === fenceMark ? undefined : fence
    const heading = fence === undefined && !fenceMark ? /^(#{1,6})\s+(.+?)\s*#*\s*$/.exec(line) : null
    if (!heading) {
      current.lines.push(line)
      continue
    }
    const level = heading[1]?.length ?? 1
    const text = heading[2] ?? ''
    if (level === 1 && title === undefined) {
      title = plainText(text)
      continue
    }
    const anchor = uniqueId(plainText(text))
    if (level <= 3) {
      current = { heading: plainText(text), anchor, lines: [] }
      all.push(current)
      continue
    }
    current.lines.push(`**${text}**`)
  }
  for (const section of all) {
    const body = section.lines.join('\n').trim()
    if (!body && section.heading === null) continue
    sections.push({ heading: section.heading, anchor: section.anchor, markdown: body })
  }
  return { title, sections }
}
