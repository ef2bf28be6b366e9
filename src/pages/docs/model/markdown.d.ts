/**
 * Documentation pages (docs/<section>/<topic>.md), compiled at build time by scripts/markdown
 * (the webpack loader; jest's transform in tests). The shapes match DocContent and
 * DocSearchSource in ./types.
 */
declare module '*.md' {
  const doc: {
    title: string
    description: string
    headings: { level: 2 | 3; id: string; text: string }[]
    html: string
  }
  export default doc
}

declare module '*.md?search' {
  import type { DocsPageEntry } from '@contracts/docsSearch'
  const entry: { search: DocsPageEntry }
  export default entry
}
