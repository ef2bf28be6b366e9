'use strict'

const fs = require('node:fs/promises')
const { parseArgs } = require('node:util')
const { name: commandName, version } = require('../package.json')
const { command } = require('./wordCount')

/**
 * The streams the command reads and writes: the process's own, or stand-ins in tests.
 * @typedef {object} Io
 * @property {AsyncIterable<string | Buffer>} stdin
 * @property {{ write(text: string): unknown }} stdout
 * @property {{ write(text: string): unknown }} stderr
 */

/**
 * An input of the command: a file it was given, or standard input ('-').
 * @typedef {{ file: string, text: string }} Input
 */

/**
 * What a command is: how it is called, what it does, its options, and the work itself, which
 * answers the exit code (0 when done).
 * @typedef {object} Command
 * @property {string} usage the arguments after the command's name: '[options] [file...]'
 * @property {string} about what it does, one sentence
 * @property {Record<string, { type: 'boolean' | 'string', short?: string, description: string }>} options
 * @property {number} [minArguments] how many arguments it needs (default 0)
 * @property {number} [maxArguments] how many it takes at most (default: any number)
 * @property {(call: Call) => Promise<number>} run
 *
 * @typedef {object} Call
 * @property {Record<string, string | boolean | undefined>} values the options given
 * @property {string[]} args the arguments given
 * @property {Io} io
 * @property {(files: string[]) => Promise<Input[]>} read the files' text, or standard input's when there are none
 */

/** The options of every command, and the command's own. @type {Command['options']} */
const OPTIONS = {
  ...command.options,
  help: { type: 'boolean', short: 'h', description: 'show this help' },
  version: { type: 'boolean', short: 'v', description: 'show the version' },
}

/** The help text: how to call the command, what it does, and its options. */
function usage() {
  const options = Object.entries(OPTIONS).map(([option, { type, short, description }]) => {
    const flag = (short ? '-' + short + ', ' : '    ') + '--' + option + (type === 'string' ? ' <value>' : '')
    return '  ' + flag.padEnd(26) + description
  })
  return ['Usage: ' + commandName + ' ' + command.usage, '', command.about, '', 'Options:', ...options].join('\n')
}

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
 * Runs the command with `argv` (without node and the script); returns the exit code: 0 when
 * done, 1 when it could not be (a file that cannot be read, input it cannot use), 2 when it
 * was called wrongly.
 * @param {string[]} argv
 * @param {Io} [io]
 * @returns {Promise<number>}
 */
async function main(argv, io = { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr }) {
  /** @type {{ values: Record<string, string | boolean | undefined>, positionals: string[] }} */
  let parsed
  try {
    const options = Object.fromEntries(Object.entries(OPTIONS).map(([option, { type, short }]) => [option, short ? { type, short } : { type }]))
    parsed = parseArgs({ args: argv, options, allowPositionals: true })
  } catch (error) {
    io.stderr.write((error instanceof Error ? error.message : String(error)) + '\n\n' + usage() + '\n')
    return 2
  }
  const { values, positionals } = parsed
  if (values.help) {
    io.stdout.write(usage() + '\n')
    return 0
  }
  if (values.version) {
    io.stdout.write(version + '\n')
    return 0
  }
  const min = command.minArguments ?? 0
  const max = command.maxArguments ?? Number.POSITIVE_INFINITY
  if (positionals.length < min || positionals.length > max) {
    io.stderr.write(commandName + ': expected ' + (min === max ? min : positionals.length < min ? 'at least ' + min : 'at most ' + max) + ' argument(s)\n\n' + usage() + '\n')
    return 2
  }
  /** @param {string[]} files */
  const read = async (files) =>
    files.length === 0 ? [{ file: '-', text: await readStdin(io.stdin) }] : Promise.all(files.map(async (file) => ({ file, text: file === '-' ? await readStdin(io.stdin) : await fs.readFile(file, 'utf8') })))
  try {
    return await command.run({ values, args: positionals, io, read })
  } catch (error) {
    io.stderr.write(commandName + ': ' + (error instanceof Error ? error.message : String(error)) + '\n')
    return 1
  }
}

module.exports = { main, usage }
