import type { ProjectFile } from '../archive'
import { gitignore, packageJson, readme, type ProjectSpec, type Template } from './common'

const stats = `'use strict'

/** Counts lines, words and characters of a text, like wc. */
function stats(text) {
  const lines = text === '' ? 0 : text.split(/\\r?\\n/).length - (text.endsWith('\\n') ? 1 : 0)
  const words = (text.match(/\\S+/g) || []).length
  return { lines, words, characters: [...text].length }
}

module.exports = { stats }
`

const cli = (spec: ProjectSpec): string => `'use strict'

const fs = require('node:fs/promises')
const { parseArgs } = require('node:util')
const { stats } = require('./stats')
const { version } = require('../package.json')

const USAGE = [
  'Usage: ${spec.slug} [options] [file...]',
  '',
  'Counts the lines, words and characters of each file (or of standard input).',
  '',
  'Options:',
  '  --json       print JSON instead of a table',
  '  -h, --help   show this help',
  '  -v, --version  show the version',
].join('\\n')

async function readStdin(stdin) {
  const chunks = []
  for await (const chunk of stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk)
  return Buffer.concat(chunks).toString('utf8')
}

/** Runs the command with \`argv\` (without node and the script); returns the exit code. */
async function main(argv, io = { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr }) {
  let parsed
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' }, version: { type: 'boolean', short: 'v' } },
    })
  } catch (error) {
    io.stderr.write(error.message + '\\n\\n' + USAGE + '\\n')
    return 2
  }
  const { values, positionals } = parsed
  if (values.help) {
    io.stdout.write(USAGE + '\\n')
    return 0
  }
  if (values.version) {
    io.stdout.write(version + '\\n')
    return 0
  }
  const results = []
  try {
    if (positionals.length === 0) results.push({ file: '-', ...stats(await readStdin(io.stdin)) })
    for (const file of positionals) results.push({ file, ...stats(await fs.readFile(file, 'utf8')) })
  } catch (error) {
    io.stderr.write('${spec.slug}: ' + error.message + '\\n')
    return 1
  }
  if (values.json) io.stdout.write(JSON.stringify(results) + '\\n')
  else for (const r of results) io.stdout.write([r.lines, r.words, r.characters, r.file].join('\\t') + '\\n')
  return 0
}

module.exports = { main, USAGE }
`

const bin = `#!/usr/bin/env node
'use strict'

require('../src/cli')
  .main(process.argv.slice(2))
  .then((code) => {
    process.exitCode = code
  })
`

const test = (spec: ProjectSpec): string => `'use strict'

const test = require('node:test')
const assert = require('node:assert/strict')
const path = require('node:path')
const { spawnSync } = require('node:child_process')
const { Readable } = require('node:stream')
const { stats } = require('../src/stats')
const { main } = require('../src/cli')

function capture(input = '') {
  const out = { stdout: '', stderr: '' }
  const io = {
    stdin: Readable.from([input]),
    stdout: { write: (text) => (out.stdout += text) },
    stderr: { write: (text) => (out.stderr += text) },
  }
  return { io, out }
}

test('counts lines, words and characters', () => {
  assert.deepEqual(stats(''), { lines: 0, words: 0, characters: 0 })
  assert.deepEqual(stats('one two\\nthree\\n'), { lines: 2, words: 3, characters: 14 })
  assert.deepEqual(stats('no newline'), { lines: 1, words: 2, characters: 10 })
})

test('reads standard input and prints JSON', async () => {
  const { io, out } = capture('a b c\\n')
  assert.equal(await main(['--json'], io), 0)
  assert.deepEqual(JSON.parse(out.stdout), [{ file: '-', lines: 1, words: 3, characters: 6 }])
})

test('reads files and reports a missing one', async () => {
  const { io, out } = capture()
  assert.equal(await main([path.join(__dirname, '..', 'package.json')], io), 0)
  assert.match(out.stdout, /package\\.json/)
  const failed = capture()
  assert.equal(await main(['does-not-exist.txt'], failed.io), 1)
  assert.match(failed.out.stderr, /ENOENT/)
})

test('prints help, and refuses unknown options', async () => {
  const help = capture()
  assert.equal(await main(['--help'], help.io), 0)
  assert.match(help.out.stdout, /Usage: ${spec.slug}/)
  const bad = capture()
  assert.equal(await main(['--nope'], bad.io), 2)
})

test('runs as a command', () => {
  const result = spawnSync(process.execPath, [path.join(__dirname, '..', 'bin', '${spec.slug}.js'), '--json'], { input: 'hello world\\n', encoding: 'utf8' })
  assert.equal(result.status, 0)
  assert.deepEqual(JSON.parse(result.stdout)[0].words, 2)
})
`

export const cliTemplate: Template = {
  kind: 'cli',
  summary: 'A command-line tool that counts the lines, words and characters of files or standard input, with `--json`, `--help` and `--version`, on Node.js without dependencies.',
  run: '```sh\nnode bin/<name>.js README.md\necho "hello world" | node bin/<name>.js --json\nnpm link   # installs the command on your PATH\n```',
  files(spec): ProjectFile[] {
    const template = { ...this, run: this.run.replaceAll('<name>', spec.slug) }
    return [
      readme(spec, template, [
        [`bin/${spec.slug}.js`, 'the command'],
        ['src/cli.js', 'argument parsing, input and output'],
        ['src/stats.js', 'the counting itself'],
        ['test/cli.test.js', 'tests of the counting, the options and the command'],
      ]),
      packageJson(spec, this.summary, { bin: { [spec.slug]: `bin/${spec.slug}.js` } }, {}),
      gitignore,
      { path: `bin/${spec.slug}.js`, content: bin, executable: true },
      { path: 'src/cli.js', content: cli(spec) },
      { path: 'src/stats.js', content: stats },
      { path: 'test/cli.test.js', content: test(spec) },
    ]
  },
}
