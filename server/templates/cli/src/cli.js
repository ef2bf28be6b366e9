'use strict'

const fs = require('node:fs/promises')
const { parseArgs } = require('node:util')
const { stats } = require('./stats')
const { version } = require('../package.json')

const USAGE = [
  'Usage: __PROJECT_SLUG__ [options] [file...]',
  '',
  'Counts the lines, words and characters of each file (or of standard input).',
  '',
  'Options:',
  '  --json       print JSON instead of a table',
  '  -h, --help   show this help',
  '  -v, --version  show the version',
].join('\n')

/**
 * The streams the command reads and writes: the process's own, or stand-ins in tests.
 * @typedef {object} Io
 * @property {AsyncIterable<string | Buffer>} stdin
 * @property {{ write(text: string): unknown }} stdout
 * @property {{ write(text: string): unknown }} stderr
 */

/**
 * @param {Io['stdin']} stdin
 * @returns {Promise<string>}
 */
async function readStdin(stdin) {
  /** @type {Buffer[]} */
  const chunks = []
  for await (const chunk of stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk)
  return Buffer.concat(chunks).toString('utf8')
}

/**
 * Runs the command with `argv` (without node and the script); returns the exit code.
 * @param {string[]} argv
 * @param {Io} [io]
 * @returns {Promise<number>}
 */
async function main(argv, io = { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr }) {
  let parsed
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' }, version: { type: 'boolean', short: 'v' } },
    })
  } catch (error) {
    io.stderr.write((error instanceof Error ? error.message : String(error)) + '\n\n' + USAGE + '\n')
    return 2
  }
  const { values, positionals } = parsed
  if (values.help) {
    io.stdout.write(USAGE + '\n')
    return 0
  }
  if (values.version) {
    io.stdout.write(version + '\n')
    return 0
  }
  const results = []
  try {
    if (positionals.length === 0) results.push({ file: '-', ...stats(await readStdin(io.stdin)) })
    for (const file of positionals) results.push({ file, ...stats(await fs.readFile(file, 'utf8')) })
  } catch (error) {
    io.stderr.write('__PROJECT_SLUG__: ' + (error instanceof Error ? error.message : String(error)) + '\n')
    return 1
  }
  if (values.json) io.stdout.write(JSON.stringify(results) + '\n')
  else for (const r of results) io.stdout.write([r.lines, r.words, r.characters, r.file].join('\t') + '\n')
  return 0
}

module.exports = { main, USAGE }
