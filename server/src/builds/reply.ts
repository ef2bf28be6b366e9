import type { ProjectFile } from './archive'
import { KIND_LABELS, type ProjectKind } from './classify'
import type { TestSummary } from './engine'
import { TEMPLATES } from './templates'

/** What the QA run found, as the reply says it. */
const testsLine = (tests: TestSummary | undefined, iterations: number | undefined): string => {
  if (!tests) return '**Tests:** not run.'
  if (!tests.ran) return `**Tests:** ${tests.reason}.`
  const loop = iterations ? ` after ${iterations} iteration${iterations === 1 ? '' : 's'}` : ''
  return `**Tests:** ${tests.passed} of ${tests.passed + tests.failed} passed${loop}, run in the sandbox before delivery.`
}

/**
 * The assistant's reply to a completed build, in Markdown: what was built, its files, how to run
 * its tests. The client adds the note that the files were saved, and shows the download.
 */
export const buildReply = (
  project: { kind: ProjectKind; slug: string; title: string },
  files: readonly ProjectFile[],
  zipUrl: string,
  /** The model that classified the request and wrote the planning notes, when one did. */
  planner?: string,
  /** The QA run of its tests before delivery. */
  tests?: TestSummary,
  /** Who wrote the code: a model's development loop (its iterations and summary), else the template. */
  development?: { model: string; iterations: number; summary?: string },
): string => {
  const template = TEMPLATES[project.kind]
  const name = (model: string) => model.replace(/[^\w.:/@+-]/g, '')
  const iterations = (count: number) => `${count} iteration${count === 1 ? '' : 's'}`
  const origin = development
    ? `${name(development.model)} wrote the code for your request in ${iterations(development.iterations)} of writing and testing, starting from Overseer's ${KIND_LABELS[project.kind]} template.${development.summary ? `\n\n${development.summary}` : ''}`
    : `I built a **${KIND_LABELS[project.kind]}** starter project for your request. ${template.summary}`
  const provenance = planner && !development ? `\n\nThe code comes from Overseer's tested templates; the classification and the planning notes are by ${name(planner)} (see "Notes from the planning stages" in the README).` : ''
  const testFiles = files.filter((file) => file.path.startsWith('test/')).length
  return `## ${project.title}

${development ? `**${KIND_LABELS[project.kind]}**: ${origin}` : origin}${provenance}

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
