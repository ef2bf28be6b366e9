import { DOCS_SECTIONS, DOCS_TOPICS, resolveDocLocation } from './navigation'
import { SEARCH_SOURCES } from './searchIndex'
import type { DocContent } from './types'

/** Pages outside the docs that the Markdown may link to (the browser tests follow them too). */
const SITE_PAGES = new Set(['/', '/assistant', '/contact', '/waitlist'])

const loadAll = async (): Promise<Map<string, DocContent>> =>
  new Map(await Promise.all(DOCS_TOPICS.map(async (topic) => [topic.path, (await topic.load()).default] as const)))

const linksOf = (html: string): string[] => [...html.matchAll(/<a href="([^"]+)"/g)].map((match) => match[1] as string)

describe('the documentation pages (docs/**/*.md)', () => {
  let docs: Map<string, DocContent>

  beforeAll(async () => {
    docs = await loadAll()
  })

  it('has the five sidebar groups with their topics, in order', () => {
    expect(DOCS_SECTIONS.map((section) => [section.id, section.topics.map((topic) => topic.id)])).toEqual([
      ['getting-started', ['introduction', 'quickstart', 'architecture']],
      ['core-modules', ['overseer-core', 'clarification-loop', 'devloop-matrix', 'file-structure-planner', 'assembly-agent']],
      ['architect-suite', ['dashboard', 'overseer-interface', 'testing-module', 'logs-viewer', 'approvals']],
      ['api-reference', ['authentication', 'endpoints', 'rate-limits']],
      ['guides', ['intent-clarification', 'recursive-improvement', 'permission-controls']],
    ])
  })

  it.each(DOCS_TOPICS.map((topic) => [topic.path, topic.title]))('%s is titled %s, with a description and real content', (path, title) => {
    const doc = docs.get(path)
    expect(doc?.title).toBe(title)
    expect(doc?.description.length).toBeGreaterThan(80)
    const text = doc?.html.replace(/<[^>]+>/g, ' ') ?? ''
    expect(text.split(/\s+/).filter(Boolean).length).toBeGreaterThan(500)
    expect(doc?.headings.filter((heading) => heading.level === 2).length).toBeGreaterThanOrEqual(3)
    expect(text).not.toMatch(/lorem ipsum/i)
    // Placeholder markers are written in capitals; "a todo web app" is content.
    expect(text).not.toMatch(/\bTODO\b|\bTBD\b/)
    // The Testing module's notice is the spec's own text; no other page may promise 'coming soon'.
    expect(text.replace('DevLoop Testing Module Coming Soon', '')).not.toMatch(/coming soon/i)
  })

  it('links only to pages that exist, and to anchors those pages have', () => {
    const broken: string[] = []
    for (const [path, doc] of docs) {
      for (const href of linksOf(doc.html)) {
        if (/^(https?:|mailto:)/.test(href)) continue
        const url = new URL(href, `http://localhost${path}`)
        if (url.origin !== 'http://localhost') continue
        if (!url.pathname.startsWith('/docs')) {
          if (!SITE_PAGES.has(url.pathname)) broken.push(`${path} → ${href}`)
          continue
        }
        const [, , section, topic, extra] = url.pathname.split('/')
        const location = resolveDocLocation(section, topic)
        if (location.kind !== 'topic' || extra !== undefined) {
          broken.push(`${path} → ${href}`)
          continue
        }
        const anchor = decodeURIComponent(url.hash.slice(1))
        if (anchor && !docs.get(location.topic.path)?.headings.some((heading) => heading.id === anchor)) {
          broken.push(`${path} → ${href} (no such heading)`)
        }
      }
    }
    expect(broken).toEqual([])
  })

  it('gives every heading a unique id', () => {
    for (const doc of docs.values()) {
      const ids = doc.headings.map((heading) => heading.id)
      expect(new Set(ids).size).toBe(ids.length)
      for (const id of ids) expect(doc.html).toContain(`id="${id}"`)
    }
  })

  it('indexes every page for search: its sections as plain text, with the ids its headings have on the page', () => {
    expect(Object.keys(SEARCH_SOURCES)).toEqual(DOCS_TOPICS.map((topic) => topic.path))
    for (const topic of DOCS_TOPICS) {
      const entry = SEARCH_SOURCES[topic.path]?.search
      expect(entry?.title).toBe(topic.title)
      const text = entry?.sections.map((section) => section.text).join(' ') ?? ''
      expect(text).not.toMatch(/<\/?(p|a|h[1-6]|code|pre|li|ul|ol|table|td|strong)\b/)
      expect(text.length).toBeGreaterThan(2000)
      const doc = docs.get(topic.path)
      const anchors = entry?.sections.flatMap((section) => (section.anchor === null ? [] : [section.anchor])) ?? []
      expect(anchors).toEqual(doc?.headings.map((heading) => heading.id))
    }
  })
})
