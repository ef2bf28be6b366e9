import type { ProjectFile } from '../archive'
import { LIBRARY_TASKS, type LibraryTask } from '../understand'
import { js } from './collections'
import { gitignore, listed, readme, templateFile, understood, type ProjectSpec, type Template } from './common'

/** Each library task: its module (src/<module>.js, types/<module>.d.ts, test/<module>.test.js), what it does, and an example. */
const TASKS: Record<LibraryTask, { module: string; functions: readonly string[]; does: string; example: string }> = {
  slugify: {
    module: 'slugify',
    functions: ['slugify', 'uniqueSlug'],
    does: 'URL-friendly slugs of any text',
    example: "slugify('Crème brûlée & café') // 'creme-brulee-and-cafe'\nuniqueSlug('My Post', ['my-post']) // 'my-post-2'",
  },
  'format-prices': {
    module: 'prices',
    functions: ['formatPrice', 'parsePrice', 'sumPrices'],
    does: 'prices written for people in any currency and locale, read back, and added without drift',
    example: "formatPrice(1234.5) // '$1,234.50'\nformatPrice(9.99, { currency: 'EUR', locale: 'de-DE' }) // '9,99 €'\nparsePrice('1.234,50 €') // 1234.5\nsumPrices([0.1, 0.2]) // 0.3",
  },
  'validate-emails': {
    module: 'emails',
    functions: ['isEmail', 'normalizeEmail', 'validateEmails'],
    does: 'email addresses checked and normalized',
    example: "isEmail('ada@example.com') // true\nnormalizeEmail(' Ada@Example.COM ') // 'Ada@example.com'\nvalidateEmails(['a@example.com', 'nope']) // { valid: ['a@example.com'], invalid: ['nope'] }",
  },
  'parse-durations': {
    module: 'durations',
    functions: ['parseDuration', 'formatDuration'],
    does: "durations as people write them ('1h 30m', '2 days', '1:30:00') in milliseconds, and back",
    example: "parseDuration('1h 30m') // 5400000\nformatDuration(5400000) // '1h 30m'",
  },
  'parse-csv': {
    module: 'csv',
    functions: ['parseCsv', 'csvToObjects', 'stringifyCsv', 'objectsToCsv'],
    does: 'CSV (RFC 4180) read into rows or objects, and written back',
    example: "parseCsv('a,b\\n1,\"x, y\"\\n') // [['a', 'b'], ['1', 'x, y']]\ncsvToObjects('name,age\\nAda,36\\n') // [{ name: 'Ada', age: '36' }]\nobjectsToCsv([{ name: 'Ada', age: 36 }]) // 'name,age\\nAda,36\\n'",
  },
  'change-case': {
    module: 'case',
    functions: ['camelCase', 'pascalCase', 'kebabCase', 'snakeCase', 'constantCase', 'titleCase', 'wordsOf'],
    does: 'names converted between camelCase, PascalCase, kebab-case, snake_case, CONSTANT_CASE and Title Case',
    example: "camelCase('hello world') // 'helloWorld'\nkebabCase('helloWorld') // 'hello-world'\nsnakeCase('Hello World') // 'hello_world'",
  },
  dates: {
    module: 'dates',
    functions: ['parseDate', 'formatDate', 'addDays', 'daysBetween', 'isWeekend'],
    does: 'dates read from ISO text, written with patterns, and counted in days (in UTC, the same everywhere)',
    example: "parseDate('2024-03-09') // 2024-03-09T00:00:00.000Z\nformatDate(parseDate('2024-03-09'), 'MMM D, YYYY') // 'Mar 9, 2024'\naddDays(parseDate('2024-02-28'), 1) // 2024-02-29\ndaysBetween(parseDate('2024-01-01'), parseDate('2025-01-01')) // 366",
  },
  'format-bytes': {
    module: 'bytes',
    functions: ['formatBytes', 'parseBytes'],
    does: "sizes in bytes written for people ('1.5 KB'), and read back",
    example: "formatBytes(1536) // '1.5 KB'\nparseBytes('2 MB') // 2097152",
  },
}

const GENERIC = {
  functions: ['chunk', 'groupBy', 'unique'],
  example: "chunk([1, 2, 3, 4, 5], 2) // [[1, 2], [3, 4], [5]]\ngroupBy(['apple', 'banana'], (word) => word[0]) // Map { 'a' => ['apple'], 'b' => ['banana'] }\nunique([3, 1, 3]) // [3, 1]",
}

const usage = (spec: ProjectSpec, functions: readonly string[], example: string): string => `\`\`\`js
const { ${functions.join(', ')} } = require('${spec.slug}')

${example}
\`\`\`

Use it from another project with \`npm install ../${spec.slug}\` (or publish it).`

/** The library's tasks, each once, in the order the request names them. */
const tasksOf = (spec: ProjectSpec): LibraryTask[] => [...new Set(understood(spec).libraryTasks)].filter((task) => LIBRARY_TASKS.includes(task))

/** src/index.js of a library of tasks: every task module's functions, from one place. */
const indexFile = (tasks: readonly LibraryTask[]): ProjectFile => ({
  path: 'src/index.js',
  content: `'use strict'

// The library's functions, a module for each of its tasks.
module.exports = {
${tasks.map((task) => `  ...require('./${TASKS[task].module}'),`).join('\n')}
}
`,
})

/** test/index.test.js of a library of tasks: everything it documents is exported from one place. */
const indexTest = (tasks: readonly LibraryTask[]): ProjectFile => ({
  path: 'test/index.test.js',
  content: `'use strict'

const test = require('node:test')
const assert = require('node:assert/strict')
const library = require('../src/index')

test('exports every function from one place', () => {
  assert.deepEqual(Object.keys(library).sort(), ${js(tasks.flatMap((task) => TASKS[task].functions).sort())})
  for (const value of Object.values(library)) assert.equal(typeof value, 'function')
})
`,
})

export const libraryTemplate: Template = {
  kind: 'library',
  summary: 'A Node.js library with documented, tested functions and TypeScript declarations, without dependencies.',
  describe(spec) {
    const tasks = tasksOf(spec)
    if (tasks.length === 0) {
      // General helpers are what a request for array or list helpers asks for; for another, a start to build on.
      const asked = /\b(?:arrays?|lists?|collections?|iterables?)\b/i.test(spec.request)
      return `A Node.js library ${asked ? 'with' : 'to build on, with general'} documented, tested functions (\`chunk\`, \`groupBy\`, \`unique\`) and TypeScript declarations, without dependencies.`
    }
    const functions = tasks.flatMap((task) => TASKS[task].functions.map((name) => `\`${name}\``))
    return `A Node.js library for ${listed(tasks.map((task) => TASKS[task].does))}: documented, tested functions (${functions.join(', ')}) with TypeScript declarations, without dependencies.`
  },
  files(spec): ProjectFile[] {
    const tasks = tasksOf(spec)
    const summary = this.describe(spec)
    if (tasks.length === 0) {
      return [
        readme(spec, {
          summary,
          run: usage(spec, GENERIC.functions, GENERIC.example),
          runHeading: 'Use it',
          layout: [
            ['src/index.js', 'the library (documented with JSDoc)'],
            ['index.d.ts', 'its TypeScript declarations'],
            ['test/index.test.js', 'tests of every function'],
          ],
          next: `The offline engine writes a few libraries for real (slugs, prices, email addresses, durations, CSV,
names' cases, byte sizes, dates); when a request is none of them, the library starts with general helpers.
Replace them in \`src/index.js\` with the functions you need, and add a test in \`test/\` for each.`,
        }),
        templateFile(spec, 'package.json', { description: summary }),
        gitignore,
        templateFile(spec, 'src/index.js'),
        templateFile(spec, 'index.d.ts'),
        templateFile(spec, 'test/index.test.js'),
      ]
    }
    const functions = tasks.flatMap((task) => TASKS[task].functions)
    return [
      readme(spec, {
        summary,
        run: usage(spec, functions, tasks.map((task) => TASKS[task].example).join('\n\n')),
        runHeading: 'Use it',
        sections: [
          `## Functions\n\n${tasks.map((task) => `- ${TASKS[task].functions.map((name) => `\`${name}\``).join(', ')}: ${TASKS[task].does} (\`src/${TASKS[task].module}.js\`)`).join('\n')}`,
        ],
        layout: [
          ['src/index.js', 'the library: every function, from one place'],
          ...tasks.map((task): [string, string] => [`src/${TASKS[task].module}.js`, `${TASKS[task].does} (documented with JSDoc)`]),
          ['index.d.ts', 'its TypeScript declarations'],
          ['test/', 'tests of every function, a file per module'],
        ],
      }),
      templateFile(spec, 'package.json', { description: summary }),
      gitignore,
      indexFile(tasks),
      ...tasks.map((task) => templateFile(spec, `src/${TASKS[task].module}.js`)),
      {
        path: 'index.d.ts',
        content: tasks.map((task) => templateFile(spec, `types/${TASKS[task].module}.d.ts`).content).join('\n'),
      },
      indexTest(tasks),
      ...tasks.map((task) => templateFile(spec, `test/${TASKS[task].module}.test.js`)),
    ]
  },
}
