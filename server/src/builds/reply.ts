import type { ProjectFile } from './archive'
import { KIND_LABELS, type ProjectKind } from './classify'
import type { TestSummary } from './engine'
import { TEMPLATES } from './templates'

/** What the QA run found, as the reply says it. */
const testsLine = (tests: TestSummary | undefined): string => {
  if (!tests) return '**Tests:** not run.'
  if (!tests.ran) return `**Tests:** ${tests.reason}.`
  return `**Tests:** ${tests.passed} of ${tests.passed + tests.failed} passed, run in the sandbox before delivery.`
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
): string => {
  const template = TEMPLATES[project.kind]
  const provenance = planner
    ? `\n\nThe code comes from Overseer's tested templates; the classification and the planning notes are by ${planner.replace(/[^\w.:/@+-]/g, '')} (see "Notes from the planning stages" in the README).`
    : ''
  const testFiles = files.filter((file) => file.path.startsWith('test/')).length
  return `## ${project.title}

I built a **${KIND_LABELS[project.kind]}** starter project for your request. ${template.summary}${provenance}

**Files** (${files.length}, in the folder \`${project.slug}/\`):

${files.map((file) => `- \`${file.path}\``).join('\n')}

${testsLine(tests)}

**Run its tests** (Node.js 18 or later; nothing to install, and they run offline): ${testFiles} test file${testFiles === 1 ? '' : 's'}.

\`\`\`sh
unzip ${project.slug}.zip
cd ${project.slug}
npm test
\`\`\`

The README restates your request, explains how to run the project and where to take it next.

[Download ${project.slug}.zip](${zipUrl})`
}
