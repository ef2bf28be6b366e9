import { execFile, spawnSync } from 'node:child_process'
import { Script } from 'node:vm'
import fc from 'fast-check'
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import ts from 'typescript'
import type { ProjectFile } from '../../src/generation/archive'
import { classify, PROJECT_KINDS, type ProjectKind } from '../../src/generation/classify'
import { TEMPLATES } from '../../src/generation/templates'
import { understand, type Understanding } from '../../src/generation/understand'

const run = promisify(execFile)
const ROOT = path.resolve(__dirname, '../../..')

interface Case {
  request: string
  kind: ProjectKind
  slug: string
  /** The collections of an API or a web app, each with the fields it must have. */
  collections?: Record<string, string[]>
  /** Files the project must have. */
  files?: string[]
  /** What the README must say first: what was asked for and not built. */
  unsupported?: string
  /** A run of the built command: its arguments, standard input, and what it prints. */
  command?: { args: string[]; input: string; output: string }
}

const CASES: Case[] = [
  { request: 'Build a REST API for a bookstore with books and authors', kind: 'http-api', slug: 'bookstore-api', collections: { books: ['title'], authors: ['name'] } },
  {
    request: 'Make an inventory API where products have a name, a SKU, a quantity and a price, and suppliers have a name and an email',
    kind: 'http-api',
    slug: 'inventory-api',
    collections: { products: ['name', 'sku', 'quantity', 'price'], suppliers: ['name', 'email'] },
  },
  { request: 'Create an API for a pet clinic with pets, owners and visits', kind: 'http-api', slug: 'pet-clinic-api', collections: { pets: ['name'], owners: ['name', 'email'], visits: ['name'] } },
  { request: 'build an api for people and their pets', kind: 'http-api', slug: 'people-api', collections: { people: ['name'], pets: ['name'] } },
  { request: 'Build a bookstore API in Go', kind: 'http-api', slug: 'bookstore-api', collections: { books: ['title'] }, unsupported: 'You asked for a Go API; Overseer\'s offline engine builds Node.js projects only, so this is a Node.js HTTP API instead.' },
  { request: 'an app to track expenses and categories', kind: 'web-app', slug: 'expense-tracker', collections: { expenses: ['description', 'amount', 'date'], categories: ['name'] } },
  {
    request: 'Create a REST API for a library with books, members and loans, where a loan has a due date',
    kind: 'http-api',
    slug: 'library-api',
    collections: { books: ['title', 'author'], members: ['name', 'email'], loans: ['bookId', 'memberId', 'dueDate', 'returnedAt'] },
  },
  {
    request: 'a project tracker web app where tasks belong to projects and each task has a title, a due date and a done flag',
    kind: 'web-app',
    slug: 'project-tracker',
    collections: { projects: ['name'], tasks: ['title', 'projectId', 'dueDate', 'done'] },
  },
  { request: 'Build a todo web app', kind: 'web-app', slug: 'todo-web-app', collections: { todos: ['title', 'done'] }, files: ['server.js', 'test/store.test.js', 'test/server.test.js'] },
  { request: 'a todo list app with due dates and priorities', kind: 'web-app', slug: 'todo-list', collections: { todos: ['title', 'done', 'dueDate', 'priority'] } },
  { request: 'A web app for a gym: members, trainers and classes', kind: 'web-app', slug: 'gym-web-app', collections: { members: ['name', 'email'], trainers: ['name'], classes: ['name'] } },
  { request: 'an iOS app in Swift for notes', kind: 'web-app', slug: 'notes-app', collections: { notes: ['title', 'body'] }, unsupported: 'You asked for an iOS app in Swift; Overseer\'s offline engine builds Node.js projects only, so this is a Node.js web app instead.' },
  { request: 'Make me a website', kind: 'web-app', slug: 'website', collections: { items: ['title', 'done'] } },
  {
    request: 'a CLI that converts CSV to JSON',
    kind: 'cli',
    slug: 'csv-to-json-converter',
    files: ['src/csvToJson.js', 'src/csv.js', 'test/csvToJson.test.js'],
    command: { args: ['--compact'], input: 'name,age\n"Hopper, Grace",85\n', output: '[{"name":"Hopper, Grace","age":"85"}]\n' },
  },
  { request: 'create a tool to convert json to csv', kind: 'cli', slug: 'json-to-csv-converter', files: ['src/jsonToCsv.js'], command: { args: [], input: '[{"a":1,"b":"x, y"}]', output: 'a,b\n1,"x, y"\n' } },
  { request: 'a command-line tool to find and replace text in files', kind: 'cli', slug: 'find-and-replace', files: ['src/replace.js'], command: { args: ['cat', 'dog'], input: 'cat and cat\n', output: 'dog and dog\n' } },
  { request: 'a grep-like tool to search files for a pattern', kind: 'cli', slug: 'text-search', files: ['src/search.js'], command: { args: ['b'], input: 'a\nb\n', output: '-:2: b\n' } },
  { request: 'a CLI that shows file sizes in a folder', kind: 'cli', slug: 'file-stats', files: ['src/fileStats.js', 'src/bytes.js'] },
  {
    request: 'Write a Rust CLI to rename photos',
    kind: 'cli',
    slug: 'photo-renamer',
    files: ['src/wordCount.js'],
    unsupported: "You asked for a Rust CLI; Overseer's offline engine builds Node.js projects only, so this is a Node.js command-line tool instead.",
  },
  { request: 'Build a library to format prices', kind: 'library', slug: 'price-formatter', files: ['src/prices.js', 'test/prices.test.js'] },
  { request: 'a library to slugify strings and validate emails', kind: 'library', slug: 'string-slugifier', files: ['src/slugify.js', 'src/emails.js'] },
  { request: 'make an npm package that parses CSV', kind: 'library', slug: 'csv-parser', files: ['src/csv.js'] },
  { request: 'a library for durations, byte sizes and camelCase names', kind: 'library', slug: 'durations-library', files: ['src/durations.js', 'src/bytes.js', 'src/case.js'] },
  {
    request: 'Build a Python library for parsing dates',
    kind: 'library',
    slug: 'date-parser',
    files: ['src/dates.js', 'index.d.ts'],
    unsupported: "You asked for a Python library; Overseer's offline engine builds Node.js projects only, so this is a Node.js library instead.",
  },
  { request: "a library for my team's internal tooling", kind: 'library', slug: 'team-internal-tooling-library', files: ['src/index.js', 'index.d.ts', 'test/index.test.js'] },
]

/** Runs `work` on each item, at most `limit` at once (the machine has few cores). */
const eachLimited = async <T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> => {
  const results: R[] = []
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const index = next++
      results[index] = await work(items[index] as T)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}

interface Generated {
  case: Case
  understanding: Understanding
  files: ProjectFile[]
  dir: string
  output: string
}

describe('projects generated for requests', () => {
  let workDir: string
  let generated: Generated[]

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(os.tmpdir(), 'overseer-generated-'))
    generated = await eachLimited(CASES, 3, async (item) => {
      const kind = classify(item.request).kind
      const understanding = understand(item.request, kind)
      const files = TEMPLATES[kind].files({ kind, slug: understanding.slug, title: understanding.name, request: item.request, understanding })
      const dir = path.join(workDir, `${CASES.indexOf(item)}-${understanding.slug}`)
      for (const file of files) {
        const target = path.join(dir, file.path)
        await mkdir(path.dirname(target), { recursive: true })
        await writeFile(target, file.content)
        if (file.executable) await chmod(target, 0o755)
      }
      // The project's own command, offline, with nothing installed.
      const { stdout } = await run('npm', ['test'], {
        cwd: dir,
        env: { PATH: process.env.PATH, HOME: workDir, npm_config_offline: 'true', npm_config_update_notifier: 'false', NODE_OPTIONS: '' },
        timeout: 60_000,
      })
      return { case: item, understanding, files, dir, output: stdout }
    })
  }, 180_000)

  afterAll(async () => {
    await rm(workDir, { recursive: true, force: true })
  })

  const each = (test: (project: Generated) => void | Promise<void>) => async () => {
    for (const project of generated) {
      try {
        await test(project)
      } catch (error) {
        throw new Error(`${project.case.request}: ${error instanceof Error ? error.message : String(error)}`, { cause: error })
      }
    }
  }

  it(
    'are of the kind and name the request calls for, with the files it needs',
    each(({ case: item, understanding, files }) => {
      expect([classify(item.request).kind, understanding.slug]).toEqual([item.kind, item.slug])
      const paths = files.map((file) => file.path)
      expect(paths).toEqual(expect.arrayContaining(['README.md', 'package.json', '.gitignore', ...(item.files ?? [])]))
      const pkg = JSON.parse(files.find((file) => file.path === 'package.json')?.content ?? '{}') as { name: string; scripts: Record<string, string>; dependencies?: unknown; description: string }
      expect(pkg).toMatchObject({ name: item.slug, scripts: { test: 'node --test' } })
      expect(pkg.dependencies).toBeUndefined()
      expect(pkg.description).not.toMatch(/__PROJECT_/)
      for (const file of files) expect(file.content).not.toMatch(/__PROJECT_(SLUG|TITLE|DESCRIPTION)__/)
    }),
  )

  it(
    'pass their own tests, offline, with nothing installed',
    each(({ output }) => {
      expect(output).toMatch(/# fail 0/)
      expect(Number(/# pass (\d+)/.exec(output)?.[1])).toBeGreaterThan(2)
    }),
  )

  it(
    'give each collection its routes, storage, fields, screen and tests',
    each(({ case: item, files, output, understanding }) => {
      if (!item.collections) return
      const file = (name: string) => files.find((candidate) => candidate.path === name)?.content ?? ''
      const prefix = item.kind === 'web-app' ? '/api' : ''
      const resources = file('src/resources.js')
      const readme = file('README.md')
      expect([...resources.matchAll(/^ {4}name: '(\w+)',$/gm)].map((match) => match[1])).toEqual(Object.keys(item.collections))
      for (const [plural, fields] of Object.entries(item.collections)) {
        for (const field of fields) expect(resources).toMatch(new RegExp(`^ {6}${field}: \\{ type: '`, 'm'))
        for (const field of fields) expect(readme).toContain(`| \`${field}\` |`)
        for (const route of [`GET ${prefix}/${plural}`, `POST ${prefix}/${plural}`, `GET ${prefix}/${plural}/:id`, `PUT ${prefix}/${plural}/:id`, `PATCH ${prefix}/${plural}/:id`, `DELETE ${prefix}/${plural}/:id`]) {
          expect(readme).toContain(`\`${route}\``)
        }
        const tests = file(`test/${plural}.test.js`)
        expect(tests).toContain(`'${prefix}/${plural}'`)
        if (item.kind === 'web-app') {
          const page = file('public/index.html')
          expect(page).toContain(`data-collection="${plural}"`)
          for (const field of fields) expect(page).toContain(`name="${field}"`)
        }
        // Its own tests ran and passed: create, list, get, update, delete, 400 and 404.
        const singular = understanding.resources.find((resource) => resource.plural === plural)?.singular ?? ''
        const one = `${/^[aeiou]/.test(singular) ? 'an' : 'a'} ${singular}`
        const passed = [...output.matchAll(/^ok \d+ - (.*)$/gm)].map((match) => match[1])
        expect(passed).toEqual(
          expect.arrayContaining([
            `creates ${one}`,
            `lists the ${plural}`,
            `gets ${one} by its id`,
            `updates ${one}: PUT replaces its fields, PATCH changes those sent`,
            `deletes ${one}`,
            `refuses an invalid ${singular} with 400, saying why`,
            `answers 404 for ${one} that does not exist`,
          ]),
        )
        // A record of nothing is refused, and a record referred to is kept, by each reference.
        for (const field of understanding.resources.find((resource) => resource.plural === plural)?.fields ?? []) {
          const target = understanding.resources.find((resource) => resource.plural === field.references)
          if (!target) continue
          const aTarget = `${/^[aeiou]/.test(target.singular) ? 'an' : 'a'} ${target.singular}`
          expect(passed).toContain(`refuses ${one} whose ${field.label} does not exist, and keeps ${aTarget} ${one} refers to`)
          expect(tests).toContain(`there is no ${target.singular} with the id 999999`)
        }
      }
    }),
  )

  it(
    'do what a command-line request asks, not something else',
    each(({ case: item, dir }) => {
      if (!item.command) return
      const result = spawnSync(process.execPath, [path.join(dir, 'bin', `${item.slug}.js`), ...item.command.args], { input: item.command.input, encoding: 'utf8' })
      expect(result.stderr).toBe('')
      expect([result.status, result.stdout]).toEqual([0, item.command.output])
    }),
  )

  it(
    'say first, in the README, what was asked for and not built, and restate the request',
    each(({ case: item, files }) => {
      const readme = files.find((file) => file.path === 'README.md')?.content ?? ''
      expect(readme).toContain(`> ${item.request}`)
      const [title, , first] = readme.split('\n')
      expect(title).toMatch(/^# /)
      if (item.unsupported) expect(first).toBe(`**${item.unsupported}**`)
      else expect(readme).not.toContain('You asked for')
    }),
  )

  it(
    'name the library functions after what was asked',
    each(async ({ case: item, dir, understanding }) => {
      if (item.kind !== 'library') return
      const { stdout } = await run(process.execPath, ['-e', "console.log(Object.keys(require('./src/index')).join(','))"], { cwd: dir })
      const functions = stdout.trim().split(',')
      const expected: Record<string, string> = {
        'format-prices': 'formatPrice',
        slugify: 'slugify',
        'validate-emails': 'isEmail',
        'parse-csv': 'parseCsv',
        'parse-durations': 'parseDuration',
        'format-bytes': 'formatBytes',
        'change-case': 'camelCase',
        dates: 'parseDate',
      }
      const wanted = understanding.libraryTasks.length > 0 ? understanding.libraryTasks.map((task) => expected[task]) : ['chunk', 'groupBy', 'unique']
      expect(functions).toEqual(expect.arrayContaining(wanted))
      const types = await readFile(path.join(dir, 'index.d.ts'), 'utf8')
      for (const name of functions) expect(types).toContain(`function ${name}`)
    }),
  )

  it('type-check as strictly as the templates they come from', () => {
    const roots = generated.flatMap(({ dir, files }) => files.filter((file) => /\.(js|d\.ts)$/.test(file.path)).map((file) => path.join(dir, file.path)))
    const program = ts.createProgram(roots, {
      allowJs: true,
      checkJs: true,
      noEmit: true,
      strict: true,
      resolveJsonModule: true,
      skipLibCheck: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
      types: ['node'],
      typeRoots: [path.join(ROOT, 'node_modules/@types')],
    })
    const problems = ts.getPreEmitDiagnostics(program).map((diagnostic) => {
      const where = diagnostic.file ? `${path.relative(workDir, diagnostic.file.fileName)}:${diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1}` : ''
      return `${where} ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`
    })
    expect(problems).toEqual([])
  }, 120_000)
})

describe('projects generated for any request', () => {
  /** Requests of any text, and of words the engine reads as collections, fields and tasks, in any order. */
  const requests = fc.oneof(
    fc.string({ maxLength: 300 }),
    fc
      .array(
        fc.constantFrom(
          'a', 'api', 'app', 'cli', 'library', 'with', 'and', ',', 'each', 'has', 'track', 'books', 'classes', 'people', 'sheep', 'valid',
          'server', 'call', 'title', 'price', 'due', 'date', 'done', 'email', 'is', 'public', 'unknown', 'field', 'constructor', 'csv',
          'json', 'slug', 'prices', 'durations', 'grep', 'replace', '(', ')', ':', "it's", 'x'.repeat(30),
        ),
        { maxLength: 50 },
      )
      .map((words) => words.join(' ')),
  )

  it('are valid JavaScript and JSON, with a test file for each collection', () => {
    fc.assert(
      fc.property(requests, fc.constantFrom(...PROJECT_KINDS), (request, kind) => {
        const understanding = understand(request, kind)
        const files = TEMPLATES[kind].files({ kind, slug: understanding.slug, title: understanding.name, request, understanding })
        for (const file of files) {
          // Compiled as the development stage checks them, never run.
          if (file.path.endsWith('.js')) new Script(`(function (exports, require, module, __filename, __dirname) {\n${file.content.replace(/^#!/, '//')}\n})`, { filename: file.path })
          if (file.path.endsWith('.json')) JSON.parse(file.content)
        }
        if (kind === 'web-app' || kind === 'http-api') {
          const paths = files.map((file) => file.path)
          for (const resource of understanding.resources) expect(paths).toContain(`test/${resource.plural}.test.js`)
        }
      }),
      { numRuns: 300 },
    )
  })
})
