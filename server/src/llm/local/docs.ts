import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { plainText, slugify } from './text'

/** One page of the docs: `docs/<section>/<topic>.md`, shown at `/docs/<section>/<topic>`. */
export interface DocPage {
  /** The first `# Heading`, else the file name. */
  title: string
  /** The site path of the page, e.g. `/docs/getting-started/introduction`. */
  path: string
}

/** A page cut at its `##`/`###` headings: the intro before the first one, then one per heading. */
export interface Passage {
  page: DocPage
  /** Null for the part before the page's first sub-heading. */
  heading: string | null
  /** The heading's id on the page (GitHub-style slug); null for the intro. */
  anchor: string | null
  /** The passage's Markdown, headings below `###` kept as bold lines. */
  markdown: string
  /** What a reader sees, for the index. */
  text: string
}

const MAX_FILES = 2000
const MAX_FILE_BYTES = 512 * 1024

const markdownFiles = async (dir: string, relative = ''): Promise<string[]> => {
  let entries
  try {
    entries = await readdir(path.join(dir, relative), { withFileTypes: true })
  } catch {
    return []
  }
  entries.sort((a, b) => a.name.localeCompare(b.name))
  const files: string[] = []
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue
    const child = path.posix.join(relative, entry.name)
    if (entry.isDirectory()) files.push(...(await markdownFiles(dir, child)))
    else if (entry.isFile() && entry.name.endsWith('.md')) files.push(child)
    if (files.length >= MAX_FILES) break
  }
  return files.slice(0, MAX_FILES)
}

/** `getting-started/introduction.md` → `/docs/getting-started/introduction`; `index.md`/`README.md` name their folder. */
export const sitePathOf = (relativeFile: string): string => {
  const parts = relativeFile.replace(/\.md$/, '').split('/')
  const last = parts.at(-1)?.toLowerCase()
  if (last === 'index' || last === 'readme') parts.pop()
  return ['/docs', ...parts].join('/')
}

const titleFromName = (relativeFile: string): string => {
  const name = relativeFile.replace(/\.md$/, '').split('/').filter((part) => !/^(index|readme)$/i.test(part)).at(-1) ?? 'Documentation'
  const spaced = name.replace(/[-_]+/g, ' ').trim()
  return spaced.charAt(0).toUpperCase() + spaced.slice(1)
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/

/** Rewrites links between docs files (`../guides/setup.md#x`) to site paths (`/docs/guides/setup#x`). */
const rewriteLinks = (markdown: string, relativeFile: string): string =>
  markdown
    // A link to a heading of the same page must keep working when quoted elsewhere.
    .replace(/\]\((#[^)\s]+)\)/g, (_whole, hash: string) => `](${sitePathOf(relativeFile)}${hash})`)
    .replace(/\]\(([^)\s]+\.md)(#[^)\s]*)?\)/g, (whole, target: string, hash: string | undefined) => {
      if (/^[a-z]+:/i.test(target) || target.startsWith('/')) return whole
      const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(relativeFile), target))
      if (resolved.startsWith('..')) return whole
      return `](${sitePathOf(resolved)}${hash ?? ''})`
    })

interface Section {
  heading: string | null
  lines: string[]
}

/** Splits one Markdown page into its title and passages. Pure: tests call it directly. */
export const parsePage = (source: string, relativeFile: string): { page: DocPage; passages: Passage[] } => {
  let body = source.replace(/^\uFEFF/, '')
  let frontTitle: string | undefined
  const front = FRONT_MATTER.exec(body)
  if (front) {
    frontTitle = /^title:\s*["']?(.+?)["']?\s*$/m.exec(front[1] ?? '')?.[1]
    body = body.slice(front[0].length)
  }
  body = rewriteLinks(body, relativeFile)

  let title: string | undefined
  const sections: Section[] = [{ heading: null, lines: [] }]
  let fence: string | undefined
  for (const line of body.split(/\r?\n/)) {
    const fenceMark = /^\s*(```|~~~)/.exec(line)?.[1]
    if (fenceMark) fence = fence === undefined ? fenceMark : fence === fenceMark ? undefined : fence
    const heading = fence === undefined && !fenceMark ? /^(#{1,6})\s+(.+?)\s*#*\s*$/.exec(line) : null
    const current = sections.at(-1) as Section
    if (heading) {
      const level = heading[1]?.length ?? 1
      const text = heading[2] ?? ''
      if (level === 1 && title === undefined) {
        title = plainText(text)
        continue
      }
      if (level <= 3) {
        sections.push({ heading: plainText(text), lines: [] })
        continue
      }
      current.lines.push(`**${text}**`)
      continue
    }
    current.lines.push(line)
  }

  const page: DocPage = { title: title ?? frontTitle ?? titleFromName(relativeFile), path: sitePathOf(relativeFile) }
  const passages: Passage[] = []
  for (const section of sections) {
    const markdown = section.lines.join('\n').trim()
    if (!markdown && section.heading === null) continue
    passages.push({
      page,
      heading: section.heading,
      anchor: section.heading === null ? null : slugify(section.heading),
      markdown,
      text: plainText(markdown),
    })
  }
  return { page, passages }
}

/** Reads every `.md` file under `dir` (missing dir: none). Files that cannot be read are skipped. */
export const loadDocs = async (dir: string): Promise<{ pages: DocPage[]; passages: Passage[] }> => {
  const pages: DocPage[] = []
  const passages: Passage[] = []
  for (const file of await markdownFiles(dir)) {
    let source: string
    try {
      const buffer = await readFile(path.join(dir, file))
      if (buffer.byteLength > MAX_FILE_BYTES) continue
      source = buffer.toString('utf8')
    } catch {
      continue
    }
    const parsed = parsePage(source, file)
    pages.push(parsed.page)
    passages.push(...parsed.passages)
  }
  return { pages, passages }
}
