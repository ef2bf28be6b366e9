import type { ProjectFile } from '../archive'
import type { CliTask } from '../understand'
import { gitignore, readme, templateFile, understood, type ProjectSpec, type Template } from './common'

/** Each command-line task: its module (src/<module>.js and test/<module>.test.js), the modules it uses, what it does, and how to call it. */
const TASKS: Record<CliTask, { module: string; uses?: readonly string[]; does: string; examples: readonly string[] }> = {
  'csv-to-json': {
    module: 'csvToJson',
    uses: ['csv'],
    does: 'converts CSV (a file, or standard input) to JSON: an array of objects keyed by the header row, quoted fields and all; `--types` turns numbers, true/false and empty fields into JSON numbers, booleans and null, `--delimiter` reads other separators',
    examples: ['<name> data.csv > data.json', 'cat data.csv | <name> --types --compact', "<name> --delimiter ';' export.csv"],
  },
  'json-to-csv': {
    module: 'jsonToCsv',
    uses: ['csv'],
    does: 'converts JSON (an array of objects, from a file or standard input) to CSV with a header row of every key, quoting what needs quoting',
    examples: ['<name> data.json > data.csv', "echo '[{\"id\":1,\"name\":\"Ada\"}]' | <name>"],
  },
  'word-count': {
    module: 'wordCount',
    does: 'counts the lines, words and characters of files or standard input, with `--json`',
    examples: ['<name> README.md', 'echo "hello world" | <name> --json'],
  },
  'find-replace': {
    module: 'replace',
    does: 'replaces every match of a text (or, with `--regex`, a regular expression) in files or standard input, printing the result or, with `--in-place`, changing the files',
    examples: ["<name> 'colour' 'color' notes.txt", "<name> --regex '(\\d+)-(\\d+)' '$2/$1' dates.txt", '<name> --in-place TODO DONE *.md'],
  },
  search: {
    module: 'search',
    does: 'prints the lines of files or standard input that contain a text (or match a regular expression with `--regex`), with the file and line number, like grep; `--count` and `--json` too',
    examples: ['<name> TODO src/*.js', "<name> --regex -i '^error' app.log", 'cat notes.txt | <name> --count idea'],
  },
  'file-stats': {
    module: 'fileStats',
    uses: ['bytes'],
    does: 'prints the size, number of files, lines and last change of files and directories (all their folders counted), with `--json`',
    examples: ['<name>', '<name> src README.md', '<name> --json .'],
  },
  generic: {
    module: 'wordCount',
    does: 'counts the lines, words and characters of files or standard input, with `--json`',
    examples: ['<name> README.md', 'echo "hello world" | <name> --json'],
  },
}

/** What the README says first when the request is none of the tasks the engine writes. */
const GENERIC_NOTE = `The offline engine writes a few command-line tools for real (CSV to JSON and back, word counts, find and
replace, search, file stats); the request above is none of them, so this is a working command to build on:
its options, input, output, exit codes and tests are in place, and for now `

/** src/cli.js, wired to the task's module: the template's word count is its default. */
const cliFile = (spec: ProjectSpec, module: string): ProjectFile => {
  const file = templateFile(spec, 'src/cli.js')
  const wired = file.content.replace("require('./wordCount')", `require('./${module}')`)
  if (module !== 'wordCount' && wired === file.content) throw new Error("src/cli.js no longer requires './wordCount': the command cannot be wired")
  return { ...file, content: wired }
}

export const cliTemplate: Template = {
  kind: 'cli',
  summary: 'A command-line tool with `--help` and `--version`, reading files or standard input, on Node.js without dependencies.',
  describe(spec) {
    const { cliTask } = understood(spec)
    const does = TASKS[cliTask].does.split(';')[0] as string
    // A request for another task gets a working command to build on, and is told so.
    if (cliTask === 'generic') return `A working command-line tool to build on, which for now ${does}; with \`--help\` and \`--version\`, on Node.js without dependencies.`
    return `A command-line tool that ${does}; with \`--help\` and \`--version\`, on Node.js without dependencies.`
  },
  files(spec): ProjectFile[] {
    const { cliTask } = understood(spec)
    const task = TASKS[cliTask]
    const summary = this.describe(spec)
    const examples = task.examples.map((example) => example.replaceAll('<name>', `node bin/${spec.slug}.js`))
    return [
      readme(spec, {
        summary,
        sections: [`## What it does\n\n${cliTask === 'generic' ? `${GENERIC_NOTE}it` : 'It'} ${task.does}. Run \`node bin/${spec.slug}.js --help\` for every option. Exit codes: 0 when done, 1 when an input cannot be read or used, 2 when it is called wrongly.`],
        run: `\`\`\`sh\n${examples.join('\n')}\nnpm link   # installs the command \`${spec.slug}\` on your PATH\n\`\`\``,
        layout: [
          [`bin/${spec.slug}.js`, 'the command'],
          ['src/cli.js', 'options, help, input and output, exit codes'],
          [`src/${task.module}.js`, 'what the command does'],
          ...(task.uses ?? []).map((module): [string, string] => [`src/${module}.js`, module === 'csv' ? 'CSV read and written (RFC 4180)' : 'sizes for people to read']),
          ['test/', `tests of the options (\`cli.test.js\`) and of what it does (\`${task.module}.test.js\`)`],
        ],
        ...(cliTask === 'generic' && {
          next: `Write what your command does in a module like \`src/wordCount.js\` (its \`command\`: usage, options and
\`run\`), point \`src/cli.js\` at it, and add a test in \`test/\` for each behaviour.`,
        }),
      }),
      templateFile(spec, 'package.json', { description: summary }),
      gitignore,
      templateFile(spec, 'bin/command.js', { path: `bin/${spec.slug}.js`, executable: true }),
      cliFile(spec, task.module),
      templateFile(spec, `src/${task.module}.js`),
      ...(task.uses ?? []).map((module) => templateFile(spec, `src/${module}.js`)),
      templateFile(spec, 'test/cli.test.js'),
      templateFile(spec, `test/${task.module}.test.js`),
    ]
  },
}
