/** The build pipeline's vocabulary, as the API names it. */
export const STAGE_IDS = ['classification', 'clarification', 'market_analysis', 'structuring', 'development', 'assembly', 'delivery'] as const
export type StageId = (typeof STAGE_IDS)[number]

/** Each stage's name as people read it: the tracker's and the staff pages' label (lower-cased within a sentence). */
export const STAGE_LABELS: Readonly<Record<StageId, string>> = {
  classification: 'Classification',
  clarification: 'Clarification',
  market_analysis: 'Market analysis',
  structuring: 'Structuring',
  development: 'Development',
  assembly: 'Assembly',
  delivery: 'Delivery',
}

/** Where a build waits for a staff decision. */
export const GATE_KINDS = ['planning', 'development', 'deployment'] as const
export type GateKind = (typeof GATE_KINDS)[number]

export const PROJECT_KINDS = ['web-app', 'http-api', 'cli', 'library'] as const
export type ProjectKind = (typeof PROJECT_KINDS)[number]

export const BUILD_STATUSES = ['running', 'completed', 'error', 'stopped'] as const
export type BuildStatus = (typeof BUILD_STATUSES)[number]

const FILE_LANGUAGES: Record<string, string> = { js: 'javascript', cjs: 'javascript', mjs: 'javascript', ts: 'typescript', json: 'json', md: 'markdown', html: 'html', css: 'css' }

/** The highlight.js language of a project's file, by its extension: plaintext when none fits. */
export const languageOf = (filePath: string): string => FILE_LANGUAGES[filePath.split('.').at(-1)?.toLowerCase() ?? ''] ?? 'plaintext'
