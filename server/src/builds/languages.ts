/** The highlight.js language of a project's file by its extension, where a reader highlights it (the chat's file view, the development gate's changes). */
const LANGUAGES: Record<string, string> = { js: 'javascript', cjs: 'javascript', mjs: 'javascript', ts: 'typescript', json: 'json', md: 'markdown', html: 'html', css: 'css' }

/** The highlight.js language of a file, by its extension; plaintext when unknown. */
export const languageOf = (filePath: string): string => LANGUAGES[filePath.split('.').at(-1)?.toLowerCase() ?? ''] ?? 'plaintext'
