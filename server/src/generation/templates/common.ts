import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { ProjectFile } from '../archive'
import { KIND_LABELS, type ProjectKind } from '../classify'
import { understand, type Understanding } from '../understand'

/** What a template is given: everything derived from the request, already checked. */
export interface ProjectSpec {
  kind: ProjectKind
  /** Package and folder name: lower-case ASCII words joined by `-`. */
  slug: string
  title: string
  /** The request as the user wrote it (only ever written into the README, quoted). */
  request: string
  /** What the offline engine understood of the request; understood from `request` when absent. */
  understanding?: Understanding
}

export interface Template {
  kind: ProjectKind
  /** What a project of this kind is, one sentence, whatever the request. */
  summary: string
  /** What this project is, one sentence, for the README and the reply. */
  describe(spec: ProjectSpec): string
  files(spec: ProjectSpec): ProjectFile[]
}

/** The spec's understanding of its request. */
export const understood = (spec: ProjectSpec): Understanding => spec.understanding ?? understand(spec.request, spec.kind)

/** The article before a noun: 'a' web app, 'an' HTTP API. */
export const articleOf = (noun: string): 'a' | 'an' => (/^[aeiou]|^HTTP/i.test(noun) ? 'an' : 'a')

/** 'a web app', 'an HTTP API'. */
export const withArticle = (noun: string): string => `${articleOf(noun)} ${noun}`

/** 'books', 'books and authors', 'books, authors and tags'. */
export const listed = (words: readonly string[]): string =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1) as string}`

/**
 * What the project says when the request asked for a language or platform the engine does not
 * build: plainly, what was asked and what was built instead.
 */
export const unsupportedNote = (requested: string, kind: ProjectKind, engine: 'offline' | 'model' = 'offline'): string =>
  `You asked for ${requested}; ${engine === 'offline' ? "Overseer's offline engine builds" : 'Overseer builds'} Node.js projects only, so this is a Node.js ${KIND_LABELS[kind]} instead.`

/** The request as a Markdown block quote, each line quoted, at most 2,000 characters. */
export const quoted = (request: string): string => {
  const text = request.length > 2000 ? `${request.slice(0, 1999)}…` : request
  return text
    .replaceAll('\r', '')
    .split('\n')
    .map((line) => `> ${line}`.trimEnd())
    .join('\n')
}

/** The generated projects' files, each kind in its folder, as real files that lint like any other. */
export const TEMPLATES_DIR = path.resolve(__dirname, '../../../templates')

/** What a template file may say that depends on the request: the package name, the title and the description (in JSON). */
const PLACEHOLDERS = /__PROJECT_(SLUG|TITLE|DESCRIPTION)__/g
const sources = new Map<string, string>()

/**
 * The file `source` of the project's kind (under `TEMPLATES_DIR/<kind>/`), its placeholders
 * filled in from `spec`, at `path` in the project (default: where it is in the template).
 */
export const templateFile = (
  spec: ProjectSpec,
  source: string,
  { path: target = source, executable = false, description = '' }: { path?: string; executable?: boolean; description?: string } = {},
): ProjectFile => {
  const file = path.join(TEMPLATES_DIR, spec.kind, source)
  let text = sources.get(file)
  if (text === undefined) {
    text = readFileSync(file, 'utf8')
    sources.set(file, text)
  }
  const values: Record<string, string> = {
    SLUG: spec.slug,
    TITLE: spec.title,
    // Only ever inside a JSON string (package.json's description).
    DESCRIPTION: JSON.stringify(description).slice(1, -1),
  }
  const content = text.replace(PLACEHOLDERS, (_match, name: string) => values[name] as string)
  return { path: target, content, ...(executable && { executable }) }
}

export const gitignore: ProjectFile = { path: '.gitignore', content: 'node_modules/\ncoverage/\n*.log\n.env\n' }

/** What the README says of a project besides what every project's README says. */
export interface ReadmeParts {
  /** What the project is, one sentence. */
  summary: string
  /** How to start it, or use it (Markdown). */
  run: string
  /** The heading of `run` (default 'Run it'). */
  runHeading?: string
  /** Each file or folder and what it holds. */
  layout: readonly (readonly [string, string])[]
  /** Sections on what it does, after the summary (Markdown, each with its heading). */
  sections?: readonly string[]
  /** Where to take it next, instead of the usual words. */
  next?: string
}

export const readme = (spec: ProjectSpec, { summary, run, runHeading = 'Run it', layout, sections = [], next }: ReadmeParts): ProjectFile => {
  const { unsupported } = understood(spec)
  const note = unsupported ? `**${unsupportedNote(unsupported.requested, spec.kind)}**\n\n` : ''
  return {
    path: 'README.md',
    content: `# ${spec.title}

${note}${capitalize(withArticle(KIND_LABELS[spec.kind]))} generated by Overseer from this request:

${quoted(spec.request)}

${summary}
${sections.map((section) => `\n${section}\n`).join('')}
## Requirements

Node.js 18 or later. There are no dependencies: nothing to install, and the tests run offline.

## Run the tests

\`\`\`sh
npm test
\`\`\`

The tests use Node's built-in test runner (\`node --test\`).

## ${runHeading}

${run}

## Layout

${layout.map(([file, purpose]) => `- \`${file}\`: ${purpose}`).join('\n')}

## Next steps

${next ?? `This is a working starting point, not the finished product: extend the code in \`src/\` towards
the request above, and add a test in \`test/\` for each behaviour you add.`}
`,
  }
}

const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1)
