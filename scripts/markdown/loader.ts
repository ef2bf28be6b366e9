import type { LoaderContext } from 'webpack'
import { compileMarkdown, pageModule, searchModule } from './compile'
import { compileContent, isContentFile } from './content'

/**
 * Webpack loader for the Markdown the site ships. A documentation page (docs/<section>/<topic>.md):
 * `import doc from './x.md'` gives `{ title, description, headings, html }`; `import entry from
 * './x.md?search'` gives `{ title, description, text }` for the search index, which loads apart
 * from the pages. A page of the site's copy (content/<family>/<name>.md, imported as
 * `@content/<family>/<name>.md`) gives `{ meta, html, sections }` (scripts/markdown/content.ts).
 */
export default function markdownLoader(this: LoaderContext<Record<string, never>>, source: string): string {
  if (isContentFile(this.resourcePath, this.rootContext)) {
    return `export default ${JSON.stringify(compileContent(source, this.resourcePath))};\n`
  }
  const doc = compileMarkdown(source, this.resourcePath)
  const forSearch = new URLSearchParams(this.resourceQuery.replace(/^\?/, '')).has('search')
  return `export default ${JSON.stringify(forSearch ? searchModule(doc) : pageModule(doc))};\n`
}
