import type { ProjectFile } from './archive'
import { KIND_LABELS, type ProjectKind } from './classify'
import type { ProjectChanges, TestSummary } from './engine'
import { TEMPLATES } from './templates'
import { articleOf, unsupportedNote } from './templates/common'
import type { Unsupported } from './understand'

/** What the QA run found, as the reply says it. */
const testsLine = (tests: TestSummary | undefined, iterations: number | undefined): string => {
  if (!tests) return '**Tests:** not run.'
  if (!tests.ran) return `**Tests:** ${tests.reason}.`
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
  return `## ${project.title}

${honesty}${opening}${provenance}

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
