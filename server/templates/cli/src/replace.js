'use strict'

const fs = require('node:fs/promises')

/**
 * `text` with every match of `search` replaced by `replacement`, and how many there were. The
 * search is plain text unless `regex` (then `replacement` may use $1, $2… for its groups).
 * @param {string} text
 * @param {string} search
 * @param {string} replacement
 * @param {{ regex?: boolean, ignoreCase?: boolean }} [options]
 * @returns {{ text: string, count: number }}
 */
function replaceAll(text, search, replacement, { regex = false, ignoreCase = false } = {}) {
  if (search === '') throw new RangeError('The text to search for is empty')
  let pattern
  try {
    pattern = new RegExp(regex ? search : search.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), ignoreCase ? 'gi' : 'g')
  } catch (error) {
    throw new SyntaxError('Not a valid regular expression: ' + (error instanceof Error ? error.message : String(error)))
  }
  const count = (text.match(pattern) || []).length
  // A regular expression's replacement may name its groups ($1…); plain text replaces as it is, '$' and all.
  return { text: regex ? text.replace(pattern, replacement) : text.replace(pattern, () => replacement), count }
}

/** @type {import('./cli').Command} */
const command = {
  usage: '[options] <search> <replacement> [file...]',
  about: 'Replaces every match of <search> with <replacement> in each file (or standard input) and prints the result, or changes the files with --in-place.',
  options: {
    regex: { type: 'boolean', short: 'r', description: 'read <search> as a regular expression ($1… in <replacement>)' },
    'ignore-case': { type: 'boolean', short: 'i', description: 'match whatever the case' },
    'in-place': { type: 'boolean', description: 'write the changes back to the files, and print how many' },
  },
  minArguments: 2,
  async run({ values, args, io, read }) {
    const [search = '', replacement = '', ...files] = args
    if (values['in-place'] && files.length === 0) throw new Error('--in-place needs files to change')
    const options = { regex: values.regex === true, ignoreCase: values['ignore-case'] === true }
    for (const { file, text } of await read(files)) {
      const result = replaceAll(text, search, replacement, options)
      if (values['in-place']) {
        if (result.count > 0) await fs.writeFile(file, result.text)
        io.stdout.write(file + ': ' + result.count + ' replaced\n')
      } else io.stdout.write(result.text)
    }
    return 0
  },
}

module.exports = { command, replaceAll }
