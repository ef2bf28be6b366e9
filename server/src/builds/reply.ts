import { answeredLines } from '../pipeline/clarify'
import type { Clarification } from '../pipeline/state'
import { sharedArchiveUrl, type SharedMessage } from '@contracts/conversationTools'
import type { SharedSnapshot } from '../chat/conversationToolsRepository'
import type { ProjectFile } from '../generation/archive'
import { KIND_LABELS, type ProjectKind } from '../generation/classify'
import type { ProjectChanges, TestSummary } from '../pipeline/state'
import { TEMPLATES } from '../generation/templates'
import { articleOf, unsupportedNote } from '../generation/templates/common'
import type { Unsupported } from '../generation/understand'

const DOWNLOADS_PATH = '/api/overseer/downloads/'

/** The address the archive is downloaded from (its owner only). */
export const zipUrlOf = (buildId: string): string => `${DOWNLOADS_PATH}${buildId}`

/** A Markdown link to an owner's download, `[label](/api/overseer/downloads/{id})`, as a build's reply ends. */
const DOWNLOAD_LINK = new RegExp(`\\[([^\\]\\n]*)\\]\\(${DOWNLOADS_PATH.replace(/\//g, '\\/')}([^)\\s]*)\\)`, 'g')
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The builds whose archives `markdown` links to for download, in order, each once (lower-case ids). */
export const downloadLinksIn = (markdown: string): string[] => [
  ...new Set([...markdown.matchAll(DOWNLOAD_LINK)].map(([, , id = '']) => id.toLowerCase()).filter((id) => UUID.test(id))),
]

/**
 * `markdown` with each download link of a build's archive sent to `target(buildId)`; where that is
 * undefined, the link's label stays, as text, with `unlinked` after it.
 */
export const relinkDownloads = (markdown: string, target: (buildId: string) => string | undefined, unlinked: string): string =>
  markdown.replace(DOWNLOAD_LINK, (_link, label: string, id: string) => {
    const url = UUID.test(id) ? target(id.toLowerCase()) : undefined
    return url ? `[${label}](${url})` : `${label}${unlinked}`
  })

/** What a share link shows of a build its snapshot delivered. */
export interface SharedBuild {
  id: string
  /** The project's folder (and archive's) name. */
  name: string
  files: { path: string; bytes: number }[]
  /** Whether its archive can be downloaded. */
  archive: boolean
}

/** What follows a download link's label where the link grants no download. */
export const NOT_DOWNLOADABLE = ' (no longer available)'

/** The builds whose download links the replies of a snapshot carry: the only builds it can show. */
export const linkedBuilds = (snapshot: SharedSnapshot): string[] => [
  ...new Set(snapshot.messages.flatMap((message) => (message.role === 'assistant' ? downloadLinksIn(message.content) : []))),
]

/**
 * The snapshot's messages as a reader of link `token` sees them: a reply's download link leads to
 * the archive through the link, or is only text where the link grants none (the owner's own
 * address never shows); the reply that delivered a build shown carries it, with its files.
 */
export const sharedMessages = (snapshot: SharedSnapshot, shown: ReadonlyMap<string, SharedBuild>, token: string): SharedMessage[] => {
  const archiveUrl = (id: string): string | undefined => (shown.get(id)?.archive ? sharedArchiveUrl(token, id) : undefined)
  const placed = new Set<string>()
  return snapshot.messages.map(({ role, content }) => {
    if (role !== 'assistant') return { role, content }
    const build = downloadLinksIn(content)
      .map((id) => shown.get(id))
      .find((candidate) => candidate !== undefined && !placed.has(candidate.id))
    if (!build) return { role, content: relinkDownloads(content, archiveUrl, NOT_DOWNLOADABLE) }
    placed.add(build.id)
    const url = archiveUrl(build.id)
    return {
      role,
      content: relinkDownloads(content, archiveUrl, NOT_DOWNLOADABLE),
      build: { id: build.id, name: build.name, files: build.files, ...(url !== undefined && { archiveUrl: url }) },
    }
  })
}

/** What the QA run found, as the reply says it. */
const testsLine = (tests: TestSummary | undefined, iterations: number | undefined): string => {
  if (!tests) return '**Tests:** not run.'
  if (!tests.ran) return `**Tests:** ${tests.reason}${/[.!?]$/.test(tests.reason) ? '' : '.'}`
  const loop = iterations ? ` after ${iterations} iteration${iterations === 1 ? '' : 's'}` : ''
  return `**Tests:** ${tests.passed} of ${tests.passed + tests.failed} passed${loop}, run in the sandbox before delivery.`
}

const paths = (list: readonly string[]): string => list.map((path) => `\`${path}\``).join(', ')

/** A follow-up's changes to the project it continued, as the reply opens. */
const changesText = ({ added, changed, removed }: ProjectChanges): string => {
  const parts = [added.length > 0 && `added ${paths(added)}`, changed.length > 0 && `changed ${paths(changed)}`, removed.length > 0 && `removed ${paths(removed)}`].filter(
    (part): part is string => typeof part === 'string',
  )
  return parts.length > 0
    ? `I continued the project of your last build: ${parts.join('; ')}.`
    : 'I continued the project of your last build, but found nothing in this request to change: its files are as before. Name what to add (a new collection, a field, a command) and send it again.'
}

/** What was asked before the build and how it was answered, for the reply (and the README, which restates the request with the answers). */
const clarifiedText = (clarified: Clarification): string =>
  clarified.skipped
    ? `**Built without answers** ('Just build it'): on the assumptions listed in the README.`
    : `**Built on your answers:**\n\n${answeredLines(clarified.questions, clarified.answers).map((line) => `- ${line}`).join('\n')}`

/**
 * The assistant's reply to a completed build, in Markdown: what was built, its files, how to run
 * its tests. The client adds the note that the files were saved, and shows the download.
 */
export const buildReply = (
  /** The project; its `summary` says what it is (else the kind's own words), `unsupported` what was asked for and not built. */
  project: { kind: ProjectKind; slug: string; title: string; summary?: string; unsupported?: Unsupported },
  files: readonly ProjectFile[],
  zipUrl: string,
  /** The model that classified the request and wrote the planning notes, when one did. */
  planner?: string,
  /** The QA run of its tests before delivery. */
  tests?: TestSummary,
  /** Who wrote the code: a model's development loop (its iterations and summary), else the template. */
  development?: { model: string; iterations: number; summary?: string },
  /** A follow-up: what it changed in the project of the conversation's last build. */
  changes?: ProjectChanges,
  /** The questions the build asked, and what its requester answered (or that they skipped them). */
  clarified?: Clarification,
): string => {
  const template = TEMPLATES[project.kind]
  const name = (model: string) => model.replace(/[^\w.:/@+-]/g, '')
  const iterations = (count: number) => `${count} iteration${count === 1 ? '' : 's'}`
  const summary = development?.summary ? `\n\n${development.summary}` : ''
  const origin = development
    ? changes
      ? `${name(development.model)} made the changes in ${iterations(development.iterations)} of writing and testing.${summary}`
      : `${name(development.model)} wrote the code for your request in ${iterations(development.iterations)} of writing and testing, starting from Overseer's ${KIND_LABELS[project.kind]} template.${summary}`
    : `I built ${articleOf(KIND_LABELS[project.kind])} **${KIND_LABELS[project.kind]}** starter project for your request. ${project.summary ?? template.summary}`
  // Said first and plainly: what was asked for is not what was built.
  const honesty = project.unsupported ? `**${unsupportedNote(project.unsupported.requested, project.kind, development ? 'model' : 'offline')}**\n\n` : ''
  const provenance = planner && !development ? `\n\nThe code comes from Overseer's tested templates; the classification and the planning notes are by ${name(planner)} (see "Notes from the planning stages" in the README).` : ''
  const testFiles = files.filter((file) => file.path.startsWith('test/')).length
  const opening = changes ? `${changesText(changes)}${development ? `\n\n${origin}` : ''}` : development ? `**${KIND_LABELS[project.kind]}**: ${origin}` : origin
  const answered = clarified ? `\n\n${clarifiedText(clarified)}` : ''
  return `## ${project.title}

${honesty}${opening}${provenance}${answered}

**Files** (${files.length}, in the folder \`${project.slug}/\`):

${files.map((file) => `- \`${file.path}\``).join('\n')}

${testsLine(tests, development?.iterations)}

**Run its tests** (Node.js 18 or later; nothing to install, and they run offline): ${testFiles} test file${testFiles === 1 ? '' : 's'}.

\`\`\`sh
unzip ${project.slug}.zip
cd ${project.slug}
npm test
\`\`\`

The README restates your request, explains how to run the project and where to take it next.

[Download ${project.slug}.zip](${zipUrl})`
}
