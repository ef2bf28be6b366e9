import { readdir, readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { frontMatter, plainText, splitPage } from '@contracts/docsSearch'

/** One page of the docs: `docs/<section>/<topic>.md`, shown at `/docs/<section>/<topic>`. */
export interface DocPage {
  /** The first `# Heading`, else the file name. */
  title: string
  /** The site path of the page, e.g. `/docs/getting-started/introduction`. */
  path: string
  /** The page's own terms, at most 12 (front matter `keywords:`), for search only. */
  keywords: string
}

/** A page cut at its `##`/`###` headings: the intro before the first one, then one per heading. */
export interface Passage {
  page: DocPage
  /** Null for the part before the page's first sub-heading. */
  heading: string | null
  /** The heading's id on the docs page; null for the intro. */
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

/** Splits one Markdown page into its title and passages. Pure: tests call it directly. */
export const parsePage = (source: string, relativeFile: string): { page: DocPage; passages: Passage[] } => {
  const front = frontMatter(source)
  const { title, sections } = splitPage(rewriteLinks(front.body, relativeFile))
  const page: DocPage = { title: title ?? front.title ?? titleFromName(relativeFile), path: sitePathOf(relativeFile), keywords: front.keywords }
  const passages = sections.map((section) => ({ page, ...section, text: plainText(section.markdown) }))
  return { page, passages }
}

/** Reads every `.md` file under `dir` (missing dir: none). Files that cannot be read are skipped. */
/**
 * What the docs in `dir` are now: each Markdown file's path, size and last change. Equal stamps,
 * the same docs (an index made from them can be used again).
 */
export const docsStamp = async (dir: string): Promise<string> => {
  const parts: string[] = []
  for (const file of await markdownFiles(dir)) {
    const info = await stat(path.join(dir, file)).catch(() => undefined)
    parts.push(`${file}:${info?.size ?? -1}:${info?.mtimeMs ?? -1}`)
  }
  return `${path.resolve(dir)}\n${parts.join('\n')}`
}

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
