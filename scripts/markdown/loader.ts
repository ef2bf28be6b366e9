import type { LoaderContext } from 'webpack'
import { compileMarkdown, pageModule, searchModule } from './compile'

/**
 * Webpack loader for the documentation pages (docs/<section>/<topic>.md). `import doc from
 * './x.md'` gives `{ title, description, headings, html }`; `import entry from './x.md?search'`
 * gives `{ title, description, text }` for the search index, which loads apart from the pages.
 */
export default function markdownLoader(this: LoaderContext<Record<string, never>>, source: string): string {
  const doc = compileMarkdown(source, this.resourcePath)
  const forSearch = new URLSearchParams(this.resourceQuery.replace(/^\?/, '')).has('search')
  return `export default ${JSON.stringify(forSearch ? searchModule(doc) : pageModule(doc))};\n`
}
