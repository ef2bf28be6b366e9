'use strict'

/**
 * The lines of `text` that match `pattern` (plain text unless `regex`), with their numbers.
 * @param {string} text
 * @param {string} pattern
 * @param {{ regex?: boolean, ignoreCase?: boolean, invert?: boolean }} [options]
 * @returns {{ line: number, text: string }[]}
 */
function searchLines(text, pattern, { regex = false, ignoreCase = false, invert = false } = {}) {
  if (pattern === '') throw new RangeError('The pattern is empty')
  let matcher
  try {
    matcher = new RegExp(regex ? pattern : pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), ignoreCase ? 'i' : '')
  } catch (error) {
    throw new SyntaxError('Not a valid regular expression: ' + (error instanceof Error ? error.message : String(error)))
  }
  const lines = text.split(/\r?\n/)
  if (text.endsWith('\n')) lines.pop()
  return lines.map((line, index) => ({ line: index + 1, text: line })).filter((entry) => matcher.test(entry.text) !== invert)
}

/** @type {import('./cli').Command} */
const command = {
  usage: '[options] <pattern> [file...]',
  about: 'Prints the lines of each file (or of standard input) that contain <pattern>, like grep, with the file and line number.',
  options: {
    regex: { type: 'boolean', short: 'r', description: 'read <pattern> as a regular expression' },
    'ignore-case': { type: 'boolean', short: 'i', description: 'match whatever the case' },
    invert: { type: 'boolean', description: 'print the lines that do not match' },
    count: { type: 'boolean', short: 'c', description: 'print how many lines match in each file' },
    json: { type: 'boolean', description: 'print JSON: [{ file, line, text }]' },
  },
  minArguments: 1,
  async run({ values, args, io, read }) {
    const [pattern = '', ...files] = args
    const options = { regex: values.regex === true, ignoreCase: values['ignore-case'] === true, invert: values.invert === true }
    const found = (await read(files)).flatMap(({ file, text }) => searchLines(text, pattern, options).map((match) => ({ file, ...match })))
    if (values.json) io.stdout.write(JSON.stringify(found) + '\n')
    else if (values.count) {
      for (const file of files.length > 0 ? files : ['-']) io.stdout.write(file + ': ' + found.filter((match) => match.file === file).length + '\n')
    } else for (const match of found) io.stdout.write(match.file + ':' + match.line + ': ' + match.text + '\n')
    return 0
  },
}

module.exports = { command, searchLines }
