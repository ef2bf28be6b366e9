import type { ProjectFile } from '../archive'
import { gitignore, readme, templateFile, type ProjectSpec, type Template } from './common'

const usage = (spec: ProjectSpec): string => `\`\`\`js
const { chunk, groupBy, unique } = require('${spec.slug}')

chunk([1, 2, 3, 4, 5], 2) // [[1, 2], [3, 4], [5]]
groupBy(['apple', 'banana'], (word) => word[0]) // Map { 'a' => ['apple'], 'b' => ['banana'] }
unique([3, 1, 3]) // [3, 1]
\`\`\`

Use it from another project with \`npm install ../${spec.slug}\` (or publish it).`

export const libraryTemplate: Template = {
  kind: 'library',
  summary: 'A Node.js library with documented, tested functions (`chunk`, `groupBy`, `unique`) and TypeScript declarations, without dependencies.',
  describe() {
    return this.summary
  },
  files(spec): ProjectFile[] {
    const summary = this.describe(spec)
    return [
      readme(spec, {
        summary,
        run: usage(spec),
        layout: [
          ['src/index.js', 'the library (documented with JSDoc)'],
          ['index.d.ts', 'its TypeScript declarations'],
          ['test/index.test.js', 'tests of every function'],
        ],
      }),
      templateFile(spec, 'package.json', { description: summary }),
      gitignore,
      templateFile(spec, 'src/index.js'),
      templateFile(spec, 'index.d.ts'),
      templateFile(spec, 'test/index.test.js'),
    ]
  },
}
